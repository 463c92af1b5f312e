"""Server settings: where the database is, the timings of AI seats, and the caps per client."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

DATABASE_ENV = "LUDOTECA_DATABASE_URL"
REDIS_ENV = "LUDOTECA_REDIS_URL"
REVIEW_SAMPLES_ENV = "LUDOTECA_REVIEW_SAMPLES"


def review_samples_from_env() -> int | None:
    """LUDOTECA_REVIEW_SAMPLES: the worlds per decision of the site's reviews (none: the
    game's own budget, review/budgets.toml); the browser tests make them tiny."""
    text = os.environ.get(REVIEW_SAMPLES_ENV, "").strip()
    return int(text) if text else None


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


@dataclass
class Settings:
    database_url: str = field(default_factory=lambda: resolve_database_url(None))
    # seconds an AI seat waits before its move shows, so people can follow; 0 in tests
    ai_delay: float = 0.6
    # worker processes that run AI agents (server/ai_pool.py), and each move's wall-time cap
    # after which the seat plays its default
    ai_workers: int = 2
    ai_move_seconds: float = 10.0
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
    # -- game reviews and practice hints (server/review_api.py) ---------------------------------
    # worlds per decision of a review (None: the game's budget, review/budgets.toml)
    review_samples: int | None = field(default_factory=review_samples_from_env)
    # reviews computed at once in the AI workers (the others wait their turn); at most one
    # worker less than there are, so AI seats always have one to think in
    reviews_at_once: int = 1
