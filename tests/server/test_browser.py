"""End to end in Debian's Chromium (Playwright): people play whole games in the page.

Two people play The Nine Domains in two browser contexts; one person plays each other title
against AI seats to the end. Screenshots go to artifacts/screenshots/.
"""

from __future__ import annotations

import contextlib
import random
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from .helpers import ROOT, free_port, start_server

CHROMIUM = "/usr/bin/chromium"
SHOTS = ROOT / "artifacts" / "screenshots"
GAME_SECONDS = 240


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("browser") / "e2e.sqlite3"
    port = free_port()
    proc = start_server(db, port, plugins=False)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.kill()
        proc.wait(10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    assert shutil.which(CHROMIUM) or Path(CHROMIUM).exists(), "scripts/test installs chromium"
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()


def new_page(browser: Browser, lang: str = "pt-BR", phone: bool = False) -> Page:
    ctx = browser.new_context(
        viewport={"width": 390, "height": 844} if phone else {"width": 1280, "height": 860},
        locale=lang,
    )
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page._ludoteca_errors = errors  # type: ignore[attr-defined]
    return page


def create_in_lobby(
    page: Page, base: str, game: str, name: str, seats: list[str], window: str = "0.3"
) -> str:
    page.goto(base + "/")
    page.wait_for_selector("#create")
    page.select_option("#game", game)
    page.fill("#creator-name", name)
    kinds = page.locator(".seat-kind")
    for i, kind in enumerate(seats):
        kinds.nth(i).select_option(kind)
    page.click("details > summary")
    page.fill("#window", window)
    page.screenshot(path=str(SHOTS / "lobby.png"), full_page=True)
    page.click("#create")
    page.wait_for_function("location.pathname.startsWith('/t/')")
    return page.url.rsplit("/", 1)[1]


def play_turn(page: Page, rng: random.Random) -> bool:
    """Click one of the offered moves if there is any; True when the game is over."""
    if page.locator("#result").count():
        return True
    buttons = page.locator("#actions button.action:enabled")
    n = buttons.count()
    if n:
        # the table may move on under the click (an AI seat, the window): then look again
        with contextlib.suppress(Exception):
            buttons.nth(rng.randrange(n)).click(timeout=2000)
    page.wait_for_timeout(30)
    return False


def play_to_the_end(pages: list[Page], rng: random.Random, label: str) -> None:
    import time

    end = time.monotonic() + GAME_SECONDS
    shot_mid = False
    clicks = 0
    while time.monotonic() < end:
        done = [play_turn(p, rng) for p in pages]
        clicks += 1
        if not shot_mid and clicks == 8:
            pages[0].screenshot(path=str(SHOTS / f"{label}-midgame.png"), full_page=True)
            shot_mid = True
        if all(done):
            for i, p in enumerate(pages):
                p.screenshot(path=str(SHOTS / f"{label}-end-{i}.png"), full_page=True)
                assert not p._ludoteca_errors, p._ludoteca_errors  # type: ignore[attr-defined]
            return
    pages[0].screenshot(path=str(SHOTS / f"{label}-timeout.png"), full_page=True)
    raise AssertionError(f"{label}: the game did not end in {GAME_SECONDS} s")


def test_two_people_play_the_nine_domains(server: str, browser: Browser) -> None:
    ana, bia = new_page(browser, "pt-BR"), new_page(browser, "en")
    tid = create_in_lobby(ana, server, "nine-domains", "Ana", ["human", "human"])
    ana.screenshot(path=str(SHOTS / "nine-domains-waiting.png"), full_page=True)
    # Bia opens the invitation link and sits down
    bia.goto(f"{server}/t/{tid}")
    bia.fill("#join-name", "Bia")
    bia.click("#join")
    bia.wait_for_selector("#actions button.action")
    ana.wait_for_selector("#actions button.action")
    assert "Bia" in ana.inner_text(".seats-bar") and "Ana" in bia.inner_text(".seats-bar")
    # Bia's seat link opens her seat on another device (a fresh browser context)
    link = bia.text_content("#seat-link") or ""
    other = new_page(browser, "en", phone=True)
    other.goto(link)
    other.wait_for_selector(".seat.me")
    assert "Bia" in other.inner_text(".seat.me") and "#seat=" not in other.url
    other.screenshot(path=str(SHOTS / "nine-domains-phone.png"), full_page=True)
    other.context.close()
    # a click on a card of the hand narrows the moves to that card's: one per pile
    ana.locator(".nd-player.me .card.clickable").first.click()
    ana.wait_for_selector("#all-moves")
    assert ana.locator("#actions button.action").count() == 3
    ana.locator("#actions button.action").first.click()
    ana.wait_for_function("document.querySelectorAll('#actions button.action').length > 3")
    play_to_the_end([ana, bia], random.Random(1), "nine-domains")
    assert "Vencedores" in ana.inner_text("#result") or "Fim" in ana.inner_text("#result")
    assert "Winners" in bia.inner_text("#result")
    # the replay page, from Ana's seat
    ana.click("#result a")
    ana.wait_for_selector("#step")
    ana.click("#next")
    ana.screenshot(path=str(SHOTS / "nine-domains-replay.png"), full_page=True)
    summary: Any = httpx.get(f"{server}/api/tables/{tid}").json()
    assert summary["status"] == "finished"


@pytest.mark.parametrize("game", ["exploding-kittens", "coatl", "sala-de-miaula"])
def test_one_person_plays_against_ai_seats(server: str, browser: Browser, game: str) -> None:
    page = new_page(browser, "pt-BR", phone=game == "coatl")
    seats = ["human", "ai", "ai"] if game == "exploding-kittens" else ["human", "ai"]
    if game == "exploding-kittens":
        page.goto(server + "/")
        page.wait_for_selector("#create")
        page.select_option("#game", game)
        page.select_option("#players", "3")
    tid = create_in_lobby_keep(page, server, game, "Ana", seats)
    page.wait_for_selector("#actions button.action, #result", timeout=30000)
    page.screenshot(path=str(SHOTS / f"{game}-start.png"), full_page=True)
    play_to_the_end([page], random.Random(2), game)
    summary: Any = httpx.get(f"{server}/api/tables/{tid}").json()
    assert summary["status"] == "finished"


def create_in_lobby_keep(page: Page, base: str, game: str, name: str, seats: list[str]) -> str:
    """Like create_in_lobby, but keeps the player count already chosen on the page."""
    if not page.url.startswith(base):
        page.goto(base + "/")
    page.wait_for_selector("#create")
    if page.input_value("#game") != game:
        page.select_option("#game", game)
    page.fill("#creator-name", name)
    kinds = page.locator(".seat-kind")
    for i, kind in enumerate(seats):
        kinds.nth(i).select_option(kind)
        agents = page.locator(".seat-agent")
        if kind == "ai":
            agents.nth(i).select_option("easy")  # easy is random in every game
    page.click("details > summary")
    page.fill("#window", "0.3")
    page.click("#create")
    page.wait_for_function("location.pathname.startsWith('/t/')")
    return page.url.rsplit("/", 1)[1]


def test_the_page_reconnects_after_the_server_is_killed(
    browser: Browser, tmp_path_factory: pytest.TempPathFactory
) -> None:
    import signal

    db = tmp_path_factory.mktemp("restart") / "restart.sqlite3"
    port = free_port()
    proc = start_server(db, port, plugins=False)
    base = f"http://127.0.0.1:{port}"
    try:
        page = new_page(browser, "pt-BR")
        tid = create_in_lobby(page, base, "nine-domains", "Ana", ["human", "ai"])
        rng = random.Random(3)
        page.wait_for_selector("#actions button.action")
        for _ in range(3):
            play_turn(page, rng)
            page.wait_for_timeout(300)
        before = httpx.get(f"{base}/api/tables/{tid}").json()["move"]
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        page.wait_for_timeout(500)
        proc = start_server(db, port, plugins=False)
        # the page reconnects by itself, with its seat, at the same move
        page.wait_for_function(
            "n => Number((document.querySelector('.table-head .muted')?.textContent || '')"
            ".replace(/\\D+/g, '')) >= n",
            arg=before,
        )
        page.wait_for_selector("#actions button.action, #result")
        play_to_the_end([page], rng, "nine-domains-after-restart")
        assert httpx.get(f"{base}/api/tables/{tid}").json()["status"] == "finished"
    finally:
        proc.kill()
        proc.wait(10)


def test_errors_and_option_menus_read_in_the_page_language(server: str, browser: Browser) -> None:
    """A pt-BR reader gets the server's errors and the options' choices in Portuguese; an
    English reader gets the server's own sentence."""
    pt = new_page(browser, "pt-BR")
    pt.goto(f"{server}/t/nosuchtable")
    pt.wait_for_selector(".error")
    assert "Isto não existe (mais)." in pt.inner_text(".error")
    pt.goto(server + "/")
    pt.wait_for_selector("#create")
    pt.select_option("#game", "nine-domains")
    menu = pt.locator("select[data-option=vp_tie] option").evaluate_all(
        "os => os.map(o => o.textContent)"
    )
    assert menu == ["Empate", "Mais domínios vence"]
    en = new_page(browser, "en")
    en.goto(f"{server}/t/nosuchtable")
    en.wait_for_selector(".error")
    assert "this table does not exist" in en.inner_text(".error")
    assert not pt._ludoteca_errors and not en._ludoteca_errors  # type: ignore[attr-defined]
