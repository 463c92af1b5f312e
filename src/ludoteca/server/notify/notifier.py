"""The notifier: a part beside the others that tells a person "your turn" when one of their
seats gets a decision, by Web Push at once and by email in batches.

It listens to the table manager's ``on_turn`` (:mod:`..turn_hook`, the one place that says
who has a new decision: a people's seat that owes a turn's decision it did not owe before a
change this process made, or owes again after its own move; never a reaction window, a few
seconds and no turn). A seat is told only if

- an account claimed it (a guest's seat has no one to reach: their page tells them);
- the person is not at that table now (no open WebSocket of that seat on this process: they
  see it there, with the page's title, badge and sound).

What is sent names the game and the table only (:mod:`.payload`, :mod:`.mail`): never a card,
a hand or another seat's anything. Push goes at once; an email lists the tables still waiting
for the person when it goes, one email per person per ``mail_period`` at most, for tables
that waited ``mail_after`` at least. Everything runs off the move's path (the registry's
background tasks), and a failure loses a notification, never a move.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from datetime import timedelta
from typing import Any

from ..config import Settings
from ..errors import ApiError
from ..live import LiveTable
from ..registry import TableRegistry
from ..turn_hook import deciders
from .keys import VAPID, new_vapid_key, signer
from .mail import Mailer, SmtpSettings, compose
from .models import MailWaitingRow
from .payload import push_payload
from .push import PushSender, Sent
from .store import NotifyStore, Waiting

log = logging.getLogger("ludoteca.server")

# a seat's account is looked up again after this long (a guest who signs up and claims the
# seat is told from then on), and no more than this many are remembered
OWNER_SECONDS = 60.0
OWNERS_KEPT = 50_000


def online(table: LiveTable, seat: int) -> bool:
    return any(c.seat == seat and not c.closed for c in table.connections)


class Notifier:
    """Takes the registry (the database thread, the tables, background tasks), its store and
    the settings; the push sender and mailer are made at :meth:`start` (the key is in the
    database)."""

    def __init__(self, registry: TableRegistry, store: NotifyStore, settings: Settings) -> None:
        self.registry = registry
        self.store = store
        self.settings = settings
        self.public_key: str | None = None
        self.push: PushSender | None = None
        smtp = SmtpSettings.of(settings)
        self.mailer: Mailer | None = Mailer(smtp) if smtp is not None else None
        # (table, seat) -> (its account or None, until when that is believed)
        self.owners: dict[tuple[str, int], tuple[str | None, float]] = {}
        self._mail_task: asyncio.Task[None] | None = None

    # -- start and stop ---------------------------------------------------------------------
    async def start(self) -> None:
        """The VAPID key: the one kept, or a new one on the first start."""
        r = self.registry
        row = await r.db(self.store.key, VAPID)
        if row is None:
            row = await r.db(self.store.keep_key, new_vapid_key())
        self.public_key = row.public_key
        if self.settings.push:
            self.push = PushSender(signer(row), self.settings.push_contact)
        if self.mailer is not None:
            self._mail_task = asyncio.create_task(self._mail_loop())

    async def stop(self) -> None:
        if self._mail_task is not None:
            self._mail_task.cancel()
            with contextlib.suppress(BaseException):
                await self._mail_task

    # -- after every new decision -----------------------------------------------------------
    def turn(self, table_id: str, seats: tuple[int, ...]) -> None:
        """The table manager's ``on_turn`` (turn_hook.py decides who is new: people's seats,
        no reaction window, only in the process that made the change); the seats whose
        person is away from the table are told."""
        if self.push is None and self.mailer is None:  # no way to reach anybody
            return
        table = self.registry.tables.get(table_id)
        if table is None:
            return
        for seat in seats:
            if not online(table, seat):
                self.registry.spawn(self.tell(table, seat))

    def forget_table(self, table: LiveTable) -> None:
        for key in [k for k in self.owners if k[0] == table.id]:
            del self.owners[key]

    async def owner(self, table_id: str, seat: int) -> str | None:
        """The account that claimed the seat, remembered for OWNER_SECONDS (most seats are
        guests' or AI's: their turns cost no database read each)."""
        t = time.monotonic()
        known = self.owners.get((table_id, seat))
        if known is not None and known[1] > t:
            return known[0]
        account = await self.registry.db(self.store.account_of_seat, table_id, seat)
        if len(self.owners) >= OWNERS_KEPT:
            self.owners.clear()
        self.owners[(table_id, seat)] = (account, t + OWNER_SECONDS)
        return account

    async def tell(self, table: LiveTable, seat: int) -> None:
        """A new turn for a seat: push now, and list it for the person's next email."""
        r = self.registry
        try:
            account = await self.owner(table.id, seat)
            if account is None:
                return
            if self.push is not None:
                payload = push_payload(table.game, table.id)
                for sub in await r.db(self.store.subscriptions, account):
                    if await self.push.send(sub, payload) is Sent.GONE:
                        await r.db(self.store.drop_subscription, sub.endpoint_hash)
            if self.mailer is not None:
                row = MailWaitingRow(
                    account_id=account,
                    table_id=table.id,
                    seat=seat,
                    move=table.move_count,
                    game=table.game.id,
                    since=self.settings.clock.now(),
                )
                await r.db(self.store.wait_for, row)
        except Exception as e:  # a notification lost, never a move
            log.warning("notify: table %s seat %d not told (%s)", table.id, seat, type(e).__name__)

    # -- the emails -------------------------------------------------------------------------
    async def _mail_loop(self) -> None:
        while True:
            await asyncio.sleep(self.settings.mail_check_seconds)
            try:
                await self.mail_round()
            except Exception as e:
                log.warning("notify: emails not sent this round (%s)", type(e).__name__)

    async def still_waiting(self, w: Waiting) -> bool:
        """The table still waits for that seat's decision, and the person is not at it."""
        try:
            table = await self.registry.get(w.table_id)
        except ApiError:
            return False
        return w.seat in deciders(table) and not online(table, w.seat)

    async def mail_round(self) -> int:
        """Send the emails due now; how many went."""
        if self.mailer is None:
            return 0
        r, s = self.registry, self.settings
        # the server's clock (turn-based deadlines' too): a simulated day batches as a real one
        t = s.clock.now()
        sent_before = t - timedelta(seconds=s.mail_period)
        due = await r.db(self.store.due, t - timedelta(seconds=s.mail_after), sent_before)
        sent = 0
        for account in due:
            waiting = await r.db(self.store.waiting_of, account)
            until = max((w.since for w in waiting), default=t)
            still = [w for w in waiting if await self.still_waiting(w)]
            if not still:
                await r.db(self.store.clear_waiting, account, until)
                continue
            choice = await r.db(self.store.claim_mail, account, sent_before, t)
            if choice is None:
                continue
            try:
                await self.mailer.send(compose(choice, still, s))
            except Exception as e:  # the address is not logged; the next period tries again
                log.warning("notify: email to account %s not sent (%s)", account, type(e).__name__)
                continue
            await r.db(self.store.clear_waiting, account, until)
            sent += 1
        return sent

    # -- the account's own data -------------------------------------------------------------
    async def export(self, account_id: str) -> dict[str, Any]:
        r = self.registry
        choice = await r.db(self.store.mail_choice, account_id)
        subs = await r.db(self.store.subscriptions, account_id)
        return {
            "email": None
            if choice is None
            else {"address": choice.address, "enabled": choice.enabled, "lang": choice.lang},
            "push_subscriptions": [
                {"endpoint": p.endpoint, "created_at": p.created_at.isoformat()} for p in subs
            ],
        }
