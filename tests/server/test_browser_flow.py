"""The table's flow in Debian's Chromium (issue 25): the waiting room for two people in two
browser contexts (an Exploding Kittens table showed its creator a blank page until the second
person sat), ...

The module starts its own server (as test_browser.py does) and reuses its page helpers.
Screenshots go to artifacts/screenshots/ (``flow-*.png``).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, sync_playwright

from .helpers import free_port, start_server, stop_server
from .test_browser import CHROMIUM, SHOTS, check_axe, new_page, no_errors


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = free_port()
    proc = start_server(tmp_path_factory.mktemp("flow") / "flow.sqlite3", port, plugins=False)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        stop_server(proc)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    assert shutil.which(CHROMIUM) or Path(CHROMIUM).exists(), "scripts/test installs chromium"
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        yield b
        b.close()


def test_the_waiting_room_for_two_people(server: str, browser: Browser) -> None:
    """Ana opens an Exploding Kittens table for three people: she sees her waiting room (the
    game, her name as host, the seats, the invitation with its QR code); Bia arrives by the link
    and reads what she joins before sitting; both see the seats fill, then the game starts."""
    ana, bia = new_page(browser, "pt-BR"), new_page(browser, "en", phone=True)
    r = httpx.post(
        f"{server}/api/tables",
        json={
            "game": "exploding-kittens",
            "num_players": 3,
            "seats": [{"kind": "human"}] * 3,
            "join": {"name": "Ana"},
        },
    )
    assert r.status_code == 201, r.text
    tid, token = r.json()["id"], r.json()["joined"]["token"]
    ana.goto(server + "/")
    ana.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"ludoteca.token.{tid}", token])
    ana.goto(f"{server}/t/{tid}")
    # today: "Cannot read properties of null (reading 'phase')" and an empty page
    ana.wait_for_selector("#waiting", timeout=5000)
    no_errors(ana)
    title = ana.inner_text("#wait-title")
    assert "Gatinhos Explosivos" in title and "Ana" in title
    assert "1 de 3" in ana.inner_text("#wait-count")
    link = f"{server}/t/{tid}"
    assert ana.locator("#invite-copy").bounding_box()["height"] >= 60  # type: ignore[index]
    assert link.removeprefix("http://") in ana.inner_text("#invite-copy")
    # the QR code is the server's SVG, drawn (not a broken image)
    ana.wait_for_function("() => document.querySelector('#invite-qr').naturalWidth > 0")
    qr = httpx.get(f"{server}/api/tables/{tid}/invite.svg")
    assert qr.status_code == 200 and qr.headers["content-type"].startswith("image/svg+xml")
    assert "Nada a decidir" not in ana.inner_text("#app")
    ana.screenshot(path=str(SHOTS / "flow-waiting-1366.png"), full_page=True)
    check_axe(ana, "waiting room")
    # Bia, on a phone, opens the link: she reads the game and the host before she sits
    bia.goto(link)
    bia.wait_for_selector("#join-form")
    intro = bia.inner_text("#wait-intro")
    assert "Exploding Kittens" in intro and "Ana" in intro
    bia.wait_for_selector("#waiting")
    bia.screenshot(path=str(SHOTS / "flow-waiting-guest-390.png"), full_page=True)
    check_axe(bia, "waiting room, guest")
    bia.fill("#join-name", "Bia")
    bia.click("#join")
    # the seats fill live on Ana's page, and on Bia's once she sits
    ana.wait_for_function("() => document.querySelector('#wait-seats').textContent.includes('Bia')")
    assert "2 de 3" in ana.inner_text("#wait-count")
    bia.wait_for_function("() => document.querySelector('#wait-seats li.me')")
    assert "(you)" in bia.inner_text("#wait-seats li.me") and "Bia" in bia.inner_text(".wait-seats")
    # the third seat taken (over HTTP): the game starts on both pages
    j = httpx.post(f"{server}/api/tables/{tid}/join", json={"name": "Caio"})
    assert j.status_code == 200, j.text
    for p in (ana, bia):
        p.wait_for_selector("#board .ek-hand, #board [data-pick]")
        assert p.locator("#waiting").count() == 0
        no_errors(p)


def test_the_invitation_qr_code_is_refused_for_no_table(server: str) -> None:
    r = httpx.get(f"{server}/api/tables/nosuchtable/invite.svg")
    assert r.status_code == 404
    summary: Any = r.json()
    assert summary["error"]["code"] == "not_found"
