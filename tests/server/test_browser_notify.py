"""Issue 21, item 5 in Chromium: when another player's move makes it your move, the page's
title says "(1) Sua vez — …" and the favicon gets a badge; the sound can be switched off and
the choice is kept (web/notify.js)."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser

from .test_browser import new_page, no_errors


@pytest.fixture
def server(browser_server: str) -> str:
    return browser_server  # the session's (conftest.py)


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


def test_the_service_worker_shows_a_push_in_the_pages_language(
    browser: Browser, server: str
) -> None:
    """A push delivered to the service worker (through Chromium's DevTools, since no push
    service is reachable here) is shown as a notification that names the game only."""
    page = new_page(browser, "en", False)
    page.context.grant_permissions(["notifications"], origin=server)
    page.goto(server + "/")
    page.evaluate(
        """async () => {
          await navigator.serviceWorker.register("/sw.js", { scope: "/", type: "module" });
          await navigator.serviceWorker.ready;
        }"""
    )
    cdp = page.context.new_cdp_session(page)
    registrations: list[dict[str, Any]] = []
    cdp.on(
        "ServiceWorker.workerRegistrationUpdated",
        lambda e: registrations.extend(e["registrations"]),
    )
    cdp.send("ServiceWorker.enable")
    page.wait_for_timeout(200)
    reg = next(r for r in registrations if r["scopeURL"] == server + "/")
    payload = {
        "kind": "your_turn",
        "table": "abc123",
        "game": "nine-domains",
        "names": {"pt-BR": "Os Nove Domínios", "en": "The Nine Domains"},
        "url": "/t/abc123",
    }
    cdp.send(
        "ServiceWorker.deliverPushMessage",
        {"origin": server, "registrationId": reg["registrationId"], "data": json.dumps(payload)},
    )
    shown = page.wait_for_function(
        """async () => {
          const reg = await navigator.serviceWorker.getRegistration("/");
          const [n] = await reg.getNotifications();
          return n ? { title: n.title, body: n.body, tag: n.tag } : null;
        }"""
    ).json_value()
    assert shown["tag"] == "turn-abc123"
    assert shown["title"] == "Your move — ludoteca"
    assert shown["body"] == "The Nine Domains: the table is waiting for your move."
    no_errors(page)
    page.context.close()
