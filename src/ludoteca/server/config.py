"""Server settings: where the database is, the timings of AI seats, and the caps per client."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from .clock import Clock

DATABASE_ENV = "LUDOTECA_DATABASE_URL"
REDIS_ENV = "LUDOTECA_REDIS_URL"
REVIEW_SAMPLES_ENV = "LUDOTECA_REVIEW_SAMPLES"
AI_NICE_ENV = "LUDOTECA_AI_NICE"


def review_samples_from_env() -> int | None:
    """LUDOTECA_REVIEW_SAMPLES: the worlds per decision of the site's reviews, and the search
    judge's iterations where a game's budget searches (none: the game's own budget,
    review/budgets.toml); the browser tests make them tiny."""
    text = os.environ.get(REVIEW_SAMPLES_ENV, "").strip()
    return int(text) if text else None


def ai_nice_from_env() -> int:
    """LUDOTECA_AI_NICE: how much lower the AI workers' priority is than the server's (10
    unless set). The tests set 0: on a machine their own processes keep busy, workers 10
    lower starved behind them (a hint waited 54 s, AI games ran past their deadlines)."""
    text = os.environ.get(AI_NICE_ENV, "").strip()
    if not text:
        return 10
    try:
        value = int(text)
    except ValueError:
        raise ValueError(f"{AI_NICE_ENV} must be a whole number, not {text!r}") from None
    if not 0 <= value <= 19:
        raise ValueError(f"{AI_NICE_ENV} must be from 0 to 19")
    return value


def default_database_url() -> str:
    """An SQLite file in the user's data folder (XDG), or ./ludoteca.sqlite3 if that fails."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    folder = Path(base) / "ludoteca"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / "ludoteca.sqlite3"
    except OSError:
        path = Path("ludoteca.sqlite3").resolve()
    return f"sqlite:///{path}"


def resolve_database_url(url: str | None) -> str:
    """``--database`` wins, then LUDOTECA_DATABASE_URL, then the default SQLite file.

    Plain ``postgresql://`` URLs are given the psycopg (v3) driver, the one we install.
    """
    url = url or os.environ.get(DATABASE_ENV) or default_database_url()
    if url.startswith("postgres://"):
        url = "postgresql://" + url[len("postgres://") :]
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://") :]
    return url


def resolve_redis_url(url: str | None) -> str | None:
    """``--redis`` wins, then LUDOTECA_REDIS_URL; none: one process, no fan-out."""
    return url or os.environ.get(REDIS_ENV) or None


def _seconds(env: str, default: float) -> float:
    """A number of seconds from the environment (the operator's), else the default."""
    text = os.environ.get(env)
    if not text:
        return default
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"{env} must be a number of seconds, not {text!r}") from None
    if value < 0:
        raise ValueError(f"{env} must be 0 or more seconds")
    return value


@dataclass
class Settings:
    database_url: str = field(default_factory=lambda: resolve_database_url(None))
    # seconds an AI seat waits before its move shows, so people can follow; 0 in tests
    ai_delay: float = 0.6
    # worker processes that run AI agents (server/ai_pool.py), and each move's wall-time cap
    # after which the seat plays its default
    ai_workers: int = 2
    # the workers start with the server, so that the first AI move does not wait for them;
    # False: at the first job that needs them (the tests' servers, most of which seat no AI)
    ai_workers_at_start: bool = True
    ai_move_seconds: float = 10.0
    # how much lower the workers' priority is (os.nice): the server's event loop first
    ai_nice: int = field(default_factory=ai_nice_from_env)
    # the newest events a (re)connecting client gets with the current view
    log_events: int = 200
    # PostgreSQL connect args (tests use a private schema through ``options``)
    connect_args: dict[str, object] = field(default_factory=dict)
    # modules imported at start that register more games (plugins, the tests' toy games)
    plugins: tuple[str, ...] = ()
    # Redis (redis://host:port/db) to fan table changes out over several server processes
    redis_url: str | None = None
    # Redis keys and the channel start with this (tests use one of their own)
    redis_prefix: str = "ludoteca"
    # tables created plus seats joined, per client address and minute (0: no limit)
    rate_limit: float = 60.0
    # an open table nobody joined or left for this long is deleted (0: never)
    open_table_ttl: float = 24 * 3600.0
    # a running table with people's seats that none of them has open and that has not changed
    # for this long shows as abandoned in the lobby, not in play (abandoned.py; 0: never)
    abandoned_after: float = 3600.0
    # -- caps: what one client may hold (docs/server.md, "Security"); 0 turns a cap off --------
    # proxies (addresses or networks) whose X-Forwarded-For names the client; none by default:
    # the socket's peer is the client, whatever a header says
    trusted_proxies: tuple[str, ...] = ()
    # origins (scheme://host[:port]) besides the server's own that may open a WebSocket
    allowed_origins: tuple[str, ...] = ()
    # open tables (nobody seated yet, or still missing people) one address may have made
    max_open_tables_per_address: int = 20
    # open tables in all (this process)
    max_open_tables: int = 2000
    # WebSockets one address may hold open at once (this process)
    max_sockets_per_address: int = 64
    # spectators (WebSockets with no seat) of one table
    max_spectators: int = 64
    # AI seats may take raw agent specs (capped), not only the named levels (srv-rooms)
    allow_agent_specs: bool = False
    # on start, only tables changed this recently are rebuilt; the others when first asked
    # for (0: every open and running table at once)
    resume_hours: float = 1.0
    # -- accounts (docs/server.md, "Security": people's data) --------------------------------
    # session cookies carry Secure always (behind TLS that a proxy ends without saying so);
    # else only on requests that came over https (or a trusted proxy's X-Forwarded-Proto)
    https_only: bool = False
    # a signed-in session lasts this long from sign-in
    session_days: float = 30.0
    # failed sign-ins per name typed (known or not) and per address, each a token bucket
    # refilled over 15 minutes; over it 429 for that name or address (0: off)
    signin_failures_per_name: int = 10
    signin_failures_per_address: int = 50
    # -- passkeys (server/passkeys.py) -------------------------------------------------------
    # the WebAuthn relying party's id (a domain: ludoteca.example); empty: the host name the
    # browser used (fine for one name; set it behind a proxy or with several names)
    passkey_rp_id: str = ""
    # the page origins (https://ludoteca.example) a passkey's answer may come from; empty:
    # the request's own origin (its scheme and Host)
    passkey_origins: tuple[str, ...] = ()
    # how long a challenge handed out waits for its answer (it is good once)
    passkey_challenge_seconds: float = 300.0
    # challenges handed out per client address and minute (token bucket; 0: no limit)
    passkey_challenges_per_minute: float = 30.0
    # -- turn-based tables (docs/server.md, "Turn-based tables") -----------------------------
    # the time turn-based deadlines are measured by; its offset moves only under dev_clock
    clock: Clock = field(default_factory=Clock)
    # POST /api/dev/clock moves the clock on (tests, demonstrations): never on a real server
    dev_clock: bool = False
    # how often this process looks for due turn-based timers (at once when the clock moves)
    turn_poll_seconds: float = 2.0
    # a turn-based table nobody watches and nothing runs for is let go from memory after this
    # long (it is loaded again when asked for, or when one of its timers is due)
    turn_evict_seconds: float = 60.0
    # -- notifications (docs/server.md, "Notifications") ---------------------------------------
    # the address people reach this server at, for the links in emails
    public_url: str = field(
        default_factory=lambda: os.environ.get("LUDOTECA_PUBLIC_URL", "http://localhost:8000")
    )
    # Web Push "your turn" messages to the browsers that subscribed (LUDOTECA_PUSH=0: none)
    push: bool = field(default_factory=lambda: os.environ.get("LUDOTECA_PUSH", "1") != "0")
    # the operator's contact in every push request (VAPID "sub": mailto: or https:)
    push_contact: str = field(
        default_factory=lambda: os.environ.get("LUDOTECA_PUSH_CONTACT", "mailto:admin@localhost")
    )
    # push endpoints over plain http (a local test endpoint only; real push services are https)
    push_allow_http: bool = False
    # the SMTP server for "your turn" emails (none: no email); user and password from the
    # environment only (LUDOTECA_SMTP_USER, LUDOTECA_SMTP_PASSWORD)
    smtp_host: str | None = field(default_factory=lambda: os.environ.get("LUDOTECA_SMTP_HOST"))
    smtp_port: int = field(default_factory=lambda: int(os.environ.get("LUDOTECA_SMTP_PORT", "587")))
    smtp_from: str = field(
        default_factory=lambda: os.environ.get("LUDOTECA_SMTP_FROM", "ludoteca@localhost")
    )
    # "starttls" (port 587), "tls" (implicit TLS, port 465) or "none" (a local relay only)
    smtp_tls: str = field(default_factory=lambda: os.environ.get("LUDOTECA_SMTP_TLS", "starttls"))
    # at most one email per person per this many seconds, listing every table waiting
    mail_period: float = field(default_factory=lambda: _seconds("LUDOTECA_MAIL_PERIOD", 3600.0))
    # a table is in an email only once it has waited this long for the person (seconds)
    mail_after: float = field(default_factory=lambda: _seconds("LUDOTECA_MAIL_AFTER", 600.0))
    # how often the server looks for emails due (seconds)
    mail_check_seconds: float = 60.0
    # -- game reviews and practice hints (server/review_api.py) ---------------------------------
    # worlds per decision of a review (None: the game's budget, review/budgets.toml)
    review_samples: int | None = field(default_factory=review_samples_from_env)
    # reviews computed at once in the AI workers (the others wait their turn); at most one
    # worker less than there are, so AI seats always have one to think in
    reviews_at_once: int = 1
