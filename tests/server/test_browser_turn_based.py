"""In Chromium: the lobby's form makes a turn-based table with the limit and bank chosen in
the person's words (pt-BR and English), and the lobby lists it with its pace."""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import Browser, expect

from .test_browser import new_page, no_errors


@pytest.fixture
def server(browser_server: str) -> str:
    return browser_server  # the session's (conftest.py)


@pytest.mark.parametrize(
    ("lang", "pace", "limit", "bank"),
    [("pt-BR", "Por turnos", "12 horas", "Sem reserva"), ("en", "Turn-based", "3 days", "1 hour")],
)
def test_the_lobby_makes_a_turn_based_table(
    browser: Browser, server: str, lang: str, pace: str, limit: str, bank: str
) -> None:
    page = new_page(browser, lang)
    page.goto(server + "/")
    page.select_option("#game", "nine-domains")
    page.fill("#creator-name", "Ana")
    expect(page.locator("#turn-settings")).to_be_hidden()
    expect(page.locator('#pace option[value="turn_based"]')).to_contain_text(pace)
    page.select_option("#pace", "turn_based")
    expect(page.locator("#turn-settings")).to_be_visible()
    expect(page.locator("#clock-settings")).to_be_hidden()
    page.select_option("#turn-limit", label=limit)
    page.select_option("#time-bank", label=bank)
    page.click("#create")
    page.wait_for_url(re.compile(r"/t/\w+"))
    tid = page.url.rsplit("/", 1)[-1]
    settings = httpx.get(f"{server}/api/tables/{tid}/state").json()["table"]["settings"]
    seconds = {"12 horas": 43200, "3 days": 259200, "Sem reserva": 0, "1 hour": 3600}
    assert settings["mode"] == "turn_based"
    assert (settings["turn_seconds"], settings["bank_seconds"]) == (seconds[limit], seconds[bank])
    page.goto(server + "/")
    expect(page.locator(f'[data-table="{tid}"] .pace')).to_contain_text(limit)
    no_errors(page)
    page.context.close()


@pytest.mark.parametrize(
    ("lang", "left", "bank"),
    [("pt-BR", "faltam 12 horas", "reserva: 1 hora"), ("en", "12 hours", "bank: 1 hour")],
)
def test_the_table_page_shows_each_seats_deadline_and_bank(
    browser: Browser, server: str, lang: str, left: str, bank: str
) -> None:
    body = {
        "game": "nine-domains",
        "seats": [{"kind": "human"}] * 2,
        "mode": "turn_based",
        "turn_seconds": 43200,
        "bank_seconds": 3600,
    }
    tid = httpx.post(f"{server}/api/tables", json=body).json()["id"]
    tokens = [
        httpx.post(f"{server}/api/tables/{tid}/join", json={"name": n}).json()["token"]
        for n in ("Ana", "Bia")
    ]
    page = new_page(browser, lang)
    page.goto(f"{server}/t/{tid}#seat={tokens[0]}")
    owing = [
        s["seat"]
        for s in httpx.get(f"{server}/api/tables/{tid}/pace").json()["seats"]
        if s["due_at"]
    ]
    assert owing
    for p in owing:  # limit + bank = 13 hours, a little less by now: "12 hours 59 minutes"
        expect(page.locator(f'.pace[data-seat="{p}"] .pace-left')).to_contain_text(left)
    expect(page.locator('.pace[data-seat="0"] .pace-bank')).to_contain_text(bank)
    # a move elsewhere: the page asks again, without a reload
    p = owing[0]
    st = httpx.get(
        f"{server}/api/tables/{tid}/state", headers={"Authorization": f"Bearer {tokens[p]}"}
    ).json()
    r = httpx.post(
        f"{server}/api/tables/{tid}/moves",
        json={"move": st["move"], "action": st["legal"][0]["action"]},
        headers={"Authorization": f"Bearer {tokens[p]}"},
    )
    assert r.status_code == 200, r.text
    expect(page.locator("#move-no")).to_contain_text("1")
    after = httpx.get(f"{server}/api/tables/{tid}/pace").json()
    for s in after["seats"]:
        expect(page.locator(f'.pace[data-seat="{s["seat"]}"] .pace-left')).to_have_count(
            1 if s["due_at"] else 0
        )
    no_errors(page)
    page.context.close()
