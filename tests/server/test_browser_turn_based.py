"""In Chromium: the lobby's form makes a turn-based table with the limit and bank chosen in
the person's words (pt-BR and English), and the lobby lists it with its pace."""

from __future__ import annotations

import re
from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, expect

from .helpers import free_port, start_server, stop_server
from .test_browser import browser, new_page, no_errors

__all__ = ["browser"]  # the module's Chromium, shared with test_browser.py's fixture


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = free_port()
    proc = start_server(tmp_path_factory.mktemp("turn") / "db.sqlite3", port, plugins=False)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        stop_server(proc)


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
