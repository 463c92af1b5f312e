"""Issue 21, item 5: "your turn" by email, batched (one email per person per period, listing
the tables still waiting), to a local SMTP server (aiosmtpd); the address is the person's:
exported, deleted with the account, never logged (server/notify)."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from email.message import Message
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from ludoteca.server import create_app
from ludoteca.server.notify import Notifier

from .conftest import sqlite_settings
from .helpers import create, join, move, state, wait_for
from .notify_endpoints import Inbox
from .test_notify_push import claim, person

ADDRESS = "ana.lima@example.org"


@pytest.fixture
def inbox() -> Iterator[Inbox]:
    box = Inbox()
    try:
        yield box
    finally:
        box.close()


@pytest.fixture
def client(tmp_path: Path, inbox: Inbox) -> Iterator[TestClient]:
    settings = sqlite_settings(
        tmp_path / "db.sqlite3",
        smtp_host="127.0.0.1",
        smtp_port=inbox.port,
        smtp_tls="none",
        smtp_from="ludoteca@example.org",
        public_url="https://ludoteca.example.org",
        mail_after=0.0,
        mail_period=3600.0,
        mail_check_seconds=3600.0,  # the rounds are run by the tests
    )
    with TestClient(create_app(settings)) as c:
        yield c


def notifier(client: TestClient) -> Notifier:
    n: Notifier = client.app.state.manager.notifier  # type: ignore[attr-defined]
    return n


def mail_round(client: TestClient) -> int:
    assert client.portal is not None
    sent: int = client.portal.call(notifier(client).mail_round)
    return sent


def started_table(client: TestClient, ana: TestClient) -> tuple[str, str, str]:
    tid = create(client, "toy", [{"kind": "human"}, {"kind": "human"}])
    _, tok_a = join(client, tid, "Ana")
    claim(ana, tid, tok_a)
    _, tok_b = join(client, tid, "Bia")
    return tid, tok_a, tok_b


def opt_in(ana: TestClient, lang: str = "en") -> None:
    r = ana.post("/api/notify/email", json={"address": ADDRESS, "enabled": True, "lang": lang})
    assert r.status_code == 200, r.text


def body(m: Message) -> str:
    part = m.get_payload(decode=True)
    assert isinstance(part, bytes)
    return part.decode("utf-8")


def wait_listed(client: TestClient, account_id: str, n: int) -> None:
    wait_for(lambda: len(notifier(client).store.waiting_of(account_id)) == n, 10)


def account_id(c: TestClient) -> str:
    return str(c.get("/api/account").json()["account"]["id"])


def test_one_email_per_period_lists_every_table_waiting(client: TestClient, inbox: Inbox) -> None:
    ana = person(client.app, "Ana")
    opt_in(ana)
    t1, _, _ = started_table(client, ana)
    t2, _, _ = started_table(client, ana)
    wait_listed(client, account_id(ana), 2)
    assert mail_round(client) == 1
    [m] = inbox.messages
    assert m["To"] == ADDRESS and m["From"] == "ludoteca@example.org"
    assert m["Subject"] == "ludoteca: your move at 2 tables"
    text = body(m)
    for tid in (t1, t2):
        assert f"- Toy: https://ludoteca.example.org/t/{tid}" in text
    unsubscribe = m["List-Unsubscribe"].strip("<>")
    assert unsubscribe.startswith("https://ludoteca.example.org/api/notify/unsubscribe?key=")
    assert m["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    # a third table waits within the same period: no second email now
    started_table(client, ana)
    wait_listed(client, account_id(ana), 1)
    assert mail_round(client) == 0
    assert len(inbox.messages) == 1
    # a period later it goes, alone, in Portuguese once the person chose it
    opt_in(ana, "pt-BR")
    n = notifier(client)
    n.settings.mail_period = 0.0
    assert mail_round(client) == 1
    assert inbox.messages[1]["Subject"] == "ludoteca: sua vez em 1 mesa"


def test_a_table_that_moved_on_is_not_in_the_email(client: TestClient, inbox: Inbox) -> None:
    ana = person(client.app, "Ana")
    opt_in(ana)
    tid, tok_a, _ = started_table(client, ana)
    wait_listed(client, account_id(ana), 1)
    st = state(client, tid, tok_a)
    assert move(client, tid, tok_a, st["legal"][0]["action"], st["move"]).status_code == 200
    assert mail_round(client) == 0
    assert inbox.messages == []
    assert notifier(client).store.waiting_of(account_id(ana)) == []


def test_no_email_without_opting_in_and_after_the_unsubscribe_link(
    client: TestClient, inbox: Inbox
) -> None:
    ana = person(client.app, "Ana")
    started_table(client, ana)
    assert mail_round(client) == 0
    opt_in(ana)
    started_table(client, ana)
    wait_listed(client, account_id(ana), 1)
    assert mail_round(client) == 1
    link = inbox.messages[0]["List-Unsubscribe"].strip("<>")
    path = httpx.URL(link).raw_path.decode()
    anon = TestClient(client.app)  # the mail program: no session, no origin
    r = anon.post(path)  # the one-click POST (RFC 8058), in the default language
    assert r.status_code == 200 and r.text.startswith("Pronto")
    r = anon.get(path + "&lang=en")  # the link clicked again
    assert r.status_code == 200 and r.text.startswith("Done")
    assert ana.get("/api/notify").json()["email"]["enabled"] is False
    notifier(client).settings.mail_period = 0.0
    started_table(client, ana)
    assert mail_round(client) == 0
    assert len(inbox.messages) == 1
    r = anon.get("/api/notify/unsubscribe?key=wrong")
    assert r.status_code == 404 and r.json()["error"]["code"] == "unknown_link"


def test_the_address_is_the_persons_exported_deleted_and_never_logged(
    client: TestClient, inbox: Inbox, caplog: pytest.LogCaptureFixture
) -> None:
    ana = person(client.app, "Ana")
    opt_in(ana)
    aid = account_id(ana)
    data = ana.get("/api/account/export").json()
    assert data["notifications"]["email"] == {"address": ADDRESS, "enabled": True, "lang": "en"}
    # another person sees nothing of it
    bia = person(client.app, "Bia")
    assert bia.get("/api/notify").json()["email"] is None
    assert ADDRESS not in bia.get("/api/account/export").text
    # the mail server is away: the failure is logged without the address
    started_table(client, ana)
    wait_listed(client, aid, 1)
    inbox.close()
    with caplog.at_level(logging.DEBUG):
        assert mail_round(client) == 0
    assert "not sent" in caplog.text and ADDRESS not in caplog.text
    assert ana.post("/api/account/delete").status_code == 200
    store = notifier(client).store
    assert store.mail_choice(aid) is None and store.waiting_of(aid) == []


@pytest.mark.parametrize(
    "address",
    ["ana@example.org\r\nBcc: x@evil.example", "no-at-sign", "a b@example.org", "a@b", "x" * 255],
)
def test_a_bad_address_is_refused_and_nothing_changes(client: TestClient, address: Any) -> None:
    ana = person(client.app, "Ana")
    r = ana.post("/api/notify/email", json={"address": address, "enabled": True})
    assert r.status_code == 422
    assert ana.get("/api/notify").json()["email"] is None


def test_forgetting_the_address(client: TestClient) -> None:
    ana = person(client.app, "Ana")
    opt_in(ana)
    assert ana.post("/api/notify/email", json={"address": None}).status_code == 200
    assert ana.get("/api/notify").json()["email"] is None
    # a waiting row of earlier (as if listed) is gone with it
    assert notifier(client).store.waiting_of(account_id(ana)) == []


def test_the_seat_that_closes_a_round_is_told_of_the_next(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Who is new comes from one place (turn_hook.py): a person away from the table whose own
    move closed a round of The Nine Domains owes the next round's placement and is told. (The
    notifier's own bookkeeping, before, counted that seat as still owing the old decision and
    told only the other.)"""
    told: list[tuple[str, int]] = []

    async def spy(table: Any, seat: int) -> None:
        told.append((table.id, seat))

    monkeypatch.setattr(notifier(client), "tell", spy)
    ana = person(client.app, "Ana")
    opt_in(ana)
    tid = create(client, "nine-domains", [{"kind": "human"}, {"kind": "human"}])
    seat_a, tok_a = join(client, tid, "Ana")
    claim(ana, tid, tok_a)
    seat_b, tok_b = join(client, tid, "Bia")
    wait_for(lambda: sorted(told) == sorted([(tid, seat_a), (tid, seat_b)]), 10)
    for tok in (tok_b, tok_a):  # Bia places first, Ana's placement closes the round
        st = state(client, tid, tok)
        assert move(client, tid, tok, st["legal"][0]["action"], st["move"]).status_code == 200
    wait_for(lambda: len(told) == 4, 10)
    assert sorted(told[2:]) == sorted([(tid, seat_a), (tid, seat_b)])
