"""Issue 21, item 5 in Chromium: when another player's move makes it your move, the page's
title says "(1) Sua vez — …" and the favicon gets a badge; the sound can be switched off and
the choice is kept (web/notify.js)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser

from .helpers import free_port, start_server, stop_server
from .test_browser import browser, new_page, no_errors

__all__ = ["browser"]  # the module's Chromium (a fixture of test_browser)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = free_port()
    proc = start_server(tmp_path_factory.mktemp("notify") / "e2e.sqlite3", port, plugins=False)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        stop_server(proc)


def seat_state(server: str, tid: str, token: str) -> dict[str, Any]:
    r = httpx.get(f"{server}/api/tables/{tid}/state", headers={"Authorization": f"Bearer {token}"})
    return dict(r.json())


def play_first(server: str, tid: str, token: str) -> None:
    st = seat_state(server, tid, token)
    r = httpx.post(
        f"{server}/api/tables/{tid}/moves",
        json={"move": st["move"], "action": st["legal"][0]["action"]},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert r.status_code == 200, r.text


def test_the_title_and_the_favicon_say_it_is_your_move(browser: Browser, server: str) -> None:
    page = new_page(browser, "pt-BR", False)
    page.goto(server + "/")
    # the page's seat (its token kept by its own api.js); the other seat another client's
    tid, mine = page.evaluate(
        """async () => {
          const { api, saveToken } = await import("/static/api.js");
          const t = await api("/tables", { method: "POST", body: {
            game: "nine-domains", seats: [{ kind: "human" }, { kind: "human" }],
            join: { name: "Ana" } } });
          saveToken(t.id, t.joined.token);
          return [t.id, t.joined.token];
        }"""
    )
    r = httpx.post(f"{server}/api/tables/{tid}/join", json={"name": "Bia"})
    theirs = r.json()["token"]
    page.goto(f"{server}/t/{tid}")
    page.locator("#status").wait_for()
    # play until it is the other seat's move (the title has no count then)
    me = seat_state(server, tid, mine)["seat"]
    while me in seat_state(server, tid, mine)["actors"]:
        play_first(server, tid, mine)
    page.wait_for_function("() => !document.title.startsWith('(')")
    assert page.evaluate("document.documentElement.dataset.waiting") == "0"
    # the other client moves until it is this page's move again: the page says so
    while me not in seat_state(server, tid, mine)["actors"]:
        play_first(server, tid, theirs)
    page.wait_for_function("() => document.title.startsWith('(1) Sua vez — ')")
    assert page.title().endswith(" · ludoteca")  # then the table's own title
    page.wait_for_function(
        """() => { const l = document.querySelector('link[rel="icon"]');
                   return l.dataset.badge === '1' && l.href.startsWith('data:image/png'); }"""
    )
    # the sound's switch: on by default, off once clicked, and kept after a reload
    toggle = page.locator("#sound-toggle")
    assert toggle.get_attribute("aria-pressed") == "true"
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "false"
    page.reload()
    page.locator("#status").wait_for()
    assert page.locator("#sound-toggle").get_attribute("aria-pressed") == "false"
    page.wait_for_function("() => document.title.startsWith('(1) Sua vez — ')")
    no_errors(page)
    page.context.close()
