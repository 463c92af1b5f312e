"""The "your turn" email: one per person per period, listing the tables that wait for them,
with a link to each and a link that stops the emails. Nothing of any game's state is in it:
the game's name and the table's link only.

Sent over SMTP (``aiosmtplib``) with the operator's settings (docs/server.md,
"Notifications"). The address is personal data: it is never logged (a failure logs the
account's id at most).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from email.message import EmailMessage
from email.policy import SMTP
from email.utils import formatdate, make_msgid

import aiosmtplib

from ...engine import LudotecaError, get_game
from ...engine.i18n import Catalog
from ..config import Settings
from .models import MailChoiceRow
from .payload import table_path
from .store import Waiting

WORDS = Catalog.from_package("ludoteca.server.notify")
USER_ENV = "LUDOTECA_SMTP_USER"
PASSWORD_ENV = "LUDOTECA_SMTP_PASSWORD"
SEND_SECONDS = 30.0
# lines end in CRLF; a header line may be as long as SMTP allows (998), so that the
# unsubscribe link stays one plain URL (folding would encode it, and mail programs misread it)
HEADERS = SMTP.clone(max_line_length=998)


def period_words(seconds: float, lang: str) -> str:
    if seconds >= 3600 and seconds % 3600 == 0:
        return WORDS.text("hours", lang, count=int(seconds // 3600))
    return WORDS.text("minutes", lang, count=max(1, round(seconds / 60)))


def game_name(game_id: str, lang: str) -> str:
    try:
        return get_game(game_id).display_name(lang)
    except LudotecaError:
        return game_id


def unsubscribe_url(base: str, key: str) -> str:
    return f"{base}/api/notify/unsubscribe?key={key}"


def compose(choice: MailChoiceRow, waiting: Sequence[Waiting], settings: Settings) -> EmailMessage:
    """The email to one person: the tables that wait for them, in their language."""
    lang, base = choice.lang, settings.public_url.rstrip("/")
    n = len(waiting)
    stop = unsubscribe_url(base, choice.unsubscribe_key)
    lines = [WORDS.text("intro", lang, count=n), ""]
    lines += [
        WORDS.text("line", lang, game=game_name(w.game, lang), url=base + table_path(w.table_id))
        for w in waiting
    ]
    lines += [
        "",
        WORDS.text("period", lang, period=period_words(settings.mail_period, lang)),
        WORDS.text("unsubscribe", lang, url=stop),
        WORDS.text("settings", lang, url=f"{base}/account"),
    ]
    msg = EmailMessage(policy=HEADERS)
    msg["From"] = settings.smtp_from
    msg["To"] = choice.address
    msg["Subject"] = WORDS.text("subject", lang, count=n)
    msg["Date"] = formatdate(localtime=False)
    msg["Message-ID"] = make_msgid(domain="ludoteca")
    # one click in the mail program stops them (RFC 8058)
    msg["List-Unsubscribe"] = f"<{stop}>"
    msg["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    msg["Auto-Submitted"] = "auto-generated"
    msg.set_content("\n".join(lines) + "\n")
    return msg


@dataclass(frozen=True)
class SmtpSettings:
    host: str
    port: int
    tls: str  # "starttls" | "tls" | "none"
    user: str | None
    password: str | None

    @classmethod
    def of(cls, settings: Settings) -> SmtpSettings | None:
        """The operator's SMTP server (None: no email is sent); the user and password come
        from the environment only (never from a command line, never logged)."""
        if not settings.smtp_host:
            return None
        return cls(
            host=settings.smtp_host,
            port=settings.smtp_port,
            tls=settings.smtp_tls,
            user=os.environ.get(USER_ENV) or None,
            password=os.environ.get(PASSWORD_ENV) or None,
        )


class Mailer:
    def __init__(self, smtp: SmtpSettings) -> None:
        if smtp.tls not in ("starttls", "tls", "none"):
            raise ValueError(f"smtp_tls must be starttls, tls or none, not {smtp.tls!r}")
        self.smtp = smtp

    async def send(self, msg: EmailMessage) -> None:
        s = self.smtp
        await aiosmtplib.send(
            msg.as_bytes(policy=HEADERS),  # flattened here: with the long header lines
            sender=str(msg["From"]),
            recipients=[str(msg["To"])],
            hostname=s.host,
            port=s.port,
            username=s.user,
            password=s.password,
            use_tls=s.tls == "tls",
            start_tls=s.tls == "starttls",
            timeout=SEND_SECONDS,
        )
