"""In Chromium: the help a table offers (issue 25, items 1, 2 and 7).

Each game's tutorial is finished on the board, in both languages and at both sizes, and can be
started over; finishing it stops the lobby from offering it first. A component explains itself
on hover, on keyboard focus and on a long press (which makes no move); the rules open beside
the board from the table (the board stays in view on a desktop) and close with Esc; clicking
what the board does not offer says why (the engine's explain_illegal). axe finds nothing serious
or critical on the tutorial, the help and the rules panel. Screenshots go to
artifacts/screenshots/.
"""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from .test_browser import (
    SHOTS,
    check_axe,
    click_on,
    new_page,
    no_errors,
    seat_at,
    server,
)

__all__ = ["server"]  # test_browser.py's: the session's server (conftest.py)

LIT = "#tutorial-board [data-pick].lit:not(option), #tutorial-bar [data-pick].lit"


# the tutorial as the test needs it, once a step is on screen (data-busy="0", data-step says
# which): null while the next step is on its way
TUTORIAL_JS = """(lit) => {
  const t = document.querySelector('#tutorial');
  if (!t || t.dataset.busy !== '0') return null;
  return {step: t.dataset.step, done: !!document.querySelector('#tutorial-play'),
          next: !!document.querySelector('#tutorial-next'), confirm: !!document.querySelector('#confirm'),
          lit: document.querySelectorAll(lit).length};
}"""


def finish_tutorial(page: Page, base: str, game: str, shot: str) -> int:
    """Walk the tutorial to its end as the lesson asks: Continue, Confirm, or the lit component.
    Returns the number of moves the learner made. A person's clicks (click_on), the page read
    in one round trip a step: some sixty steps cost seconds more each round trip."""
    page.goto(f"{base}/learn/{game}")
    page.wait_for_selector("#tutorial-say")
    moves = 0
    # a budget, not a measure: the longest tutorial (Exploding Kittens) has some sixty steps
    end = time.monotonic() + 240
    shots = 0
    while time.monotonic() < end:
        # a click starts the next step's load at once (data-busy="1"): waiting for a step on
        # screen is waiting for the step after the click
        now = page.wait_for_function(TUTORIAL_JS, arg=LIT, polling="raf").json_value()
        if now["done"]:
            return moves
        if now["next"] or now["confirm"]:
            click_on(page, "#tutorial-next" if now["next"] else "#confirm")
            continue
        if not now["lit"]:
            page.wait_for_timeout(50)  # another seat's move is being played
            continue
        if shots == 0 and moves >= 2:
            page.screenshot(path=str(SHOTS / f"{shot}.png"))
            shots += 1
        if not click_on(page, LIT, 0):
            continue  # covered at that moment (a repaint): look again
        # a move of several picks (or one to confirm) is not made yet: the step stays
        if not page.evaluate(
            "s => { const t = document.querySelector('#tutorial');"
            " return t.dataset.busy === '0' && t.dataset.step === s; }",
            now["step"],
        ):
            moves += 1
    raise AssertionError(
        f"{game}: the tutorial did not end; it says {page.inner_text('#tutorial-say')!r}"
    )


@pytest.mark.parametrize(
    ("game", "lang", "phone"),
    [
        ("exploding-kittens", "pt-BR", True),
        ("coatl", "en", False),
        ("nine-domains", "pt-BR", False),
        ("sala-de-miaula", "en", True),
    ],
)
def test_each_tutorial_is_finished_on_the_board(
    server: str, browser: Browser, game: str, lang: str, phone: bool
) -> None:
    page = new_page(browser, lang, phone=phone)
    page.add_init_script("window.LUDOTECA_AUTO_MS = 60")  # the other seats' moves, quickly
    page.goto(server + "/")
    page.wait_for_selector("#create")
    page.select_option("#game", game)
    # offered first to someone who has not played it
    assert page.locator("#learn-new").count() == 1
    size = "phone" if phone else "desktop"
    moves = finish_tutorial(page, server, game, f"tutorial-{game}-{lang}-{size}")
    assert moves >= 5
    done = {"pt-BR": "Tutorial concluído", "en": "Tutorial finished"}[lang]
    assert done in page.inner_text("#tutorial-say")
    if game == "coatl":
        check_axe(page, "tutorial")
    # started over: the first step again
    page.click("#tutorial-restart")
    page.wait_for_function(
        "() => /^(Passo|Step) 1 /.test(document.querySelector('#tutorial-hint')?.textContent || '')"
    )
    # left: back in the lobby, which no longer offers it first
    page.click("#tutorial-leave")
    page.wait_for_selector("#create")
    page.select_option("#game", game)
    page.wait_for_selector("#learn")
    assert page.locator("#learn-new").count() == 0
    no_errors(page)


def test_components_explain_themselves_and_the_rules_open_beside_the_board(
    server: str, browser: Browser
) -> None:
    page = new_page(browser, "pt-BR")
    seat_at(page, server, "exploding-kittens", [{"kind": "human"}, {"kind": "ai", "agent": "easy"}])
    # a card of one's own hand: the AI's moves change the discard pile under the pointer
    card = page.locator("#board [data-pick^='hand:'][data-help^='card.']").first
    card.wait_for()
    key = card.get_attribute("data-help") or ""
    tip = page.locator("#help-tip")
    # the table keeps moving (the AI plays, focus follows the turn): a person whose tooltip
    # went away with a repaint points again, and so does the test, a few times
    for _ in range(8):
        page.mouse.move(0, 0)
        page.locator(f"#board [data-pick^='hand:'][data-help='{key}']").first.hover()
        try:
            tip.wait_for(state="visible", timeout=3000)
            break
        except PlaywrightTimeoutError:
            continue
    tip.wait_for(state="visible")
    help_words = page.evaluate(
        "k => fetch('/api/games/exploding-kittens/help?lang=pt-BR').then(r => r.json()).then(d => d[k])",
        key,
    )
    assert tip.inner_text() == help_words
    # the player badges' "×N" is explained by the player's help
    page.locator("#board [data-pick^='player:']").first.focus()
    assert "×N" in tip.inner_text()
    # the rules, one click from the table, beside the board
    page.click("#rules-open")
    panel = page.locator("#rules-panel")
    panel.wait_for()
    page.wait_for_selector("#rules-panel h3")
    assert "Escolhas da ludoteca" in panel.inner_text()
    board = page.locator("#board").bounding_box()
    side = panel.bounding_box()
    assert board and side and board["x"] + board["width"] <= side["x"] + 1, (
        "the panel hides the board"
    )
    page.screenshot(path=str(SHOTS / "rules-panel-desktop.png"))
    check_axe(page, "table with the rules panel")
    page.keyboard.press("Escape")
    panel.wait_for(state="detached")
    # no developer fields without ?dev=1
    assert page.locator("#dev-toggle").count() == 0
    no_errors(page)


def test_a_long_press_explains_and_makes_no_move(server: str, browser: Browser) -> None:
    ctx = browser.new_context(
        viewport={"width": 390, "height": 844},
        locale="en",
        has_touch=True,
        is_mobile=True,
        bypass_csp=True,
    )
    page = ctx.new_page()
    seat_at(page, server, "nine-domains", [{"kind": "human"}, {"kind": "ai", "agent": "easy"}])
    card = page.locator("#board [data-pick^='card:'].lit").first
    card.wait_for()
    card.scroll_into_view_if_needed()
    box = card.bounding_box()
    assert box
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    cdp = ctx.new_cdp_session(page)
    point = [{"x": x, "y": y}]
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point})
    page.wait_for_timeout(700)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    tip = page.locator("#help-tip")
    tip.wait_for(state="visible")
    assert "strength" in tip.inner_text()
    page.wait_for_timeout(300)
    # the press only explained: nothing is picked
    assert page.locator("#board .picked").count() == 0 and page.locator("#building").count() == 0
    page.screenshot(path=str(SHOTS / "help-long-press-phone.png"))
    page.click("#rules-open")
    page.wait_for_selector("#rules-panel h3")
    page.screenshot(path=str(SHOTS / "rules-panel-phone.png"))
    check_axe(page, "phone rules sheet")
    page.click("#rules-close")


def test_a_refused_pick_says_why(server: str, browser: Browser) -> None:
    page = new_page(browser, "pt-BR")
    seat_at(page, server, "coatl", [{"kind": "human"}, {"kind": "ai", "agent": "easy"}])
    # the first decision is which starting Prophecies to keep: the supply is not offered
    page.wait_for_selector("#bar [data-pick='keep_starting']")
    page.locator("#board [data-pick^='space:']").first.click(force=True)
    flash = page.locator(".flash")
    flash.wait_for()
    assert flash.inner_text().startswith("Não é possível:")
    no_errors(page)


def test_the_lobby_speaks_to_players(server: str, browser: Browser) -> None:
    page = new_page(browser, "pt-BR")
    page.goto(server + "/")
    page.wait_for_selector("#create")
    page.click("#new-table details > summary")  # the table's options
    page.select_option("#game", "coatl")
    assert page.locator("#window-settings").is_hidden()  # Coatl has no reaction window
    page.select_option("#game", "exploding-kittens")
    assert not page.locator("#window-settings").is_hidden()
    text = page.inner_text("#new-table")
    for jargon in ("regra impressa", "ao pé da letra"):
        assert jargon not in text
    # the rules from the lobby, in one click
    page.click("#lobby-rules")
    page.wait_for_selector("#rules-panel h3")
    page.keyboard.press("Escape")
    no_errors(page)


def test_a_deck_built_in_the_gatalogo_is_played(server: str, browser: Browser) -> None:
    """Sala de Miaula's Gatálogo: every card of the data (base set and both expansions), filters,
    a deck kept to 25 cards and 2 copies with a message for each refusal, saved in the browser and
    offered when sitting at a table, where the server takes it."""
    import httpx

    page = new_page(browser, "pt-BR")
    page.goto(server + "/gatalogo")
    page.wait_for_selector("#gallery button")
    cat = httpx.get(server + "/api/games/sala-de-miaula/catalog").json()
    assert page.locator("#gallery button").count() == len(cat["cards"])
    assert {c["set"] for c in cat["cards"]} == {"despertar", "eclipse", "bugingangas"}
    page.select_option("#filter-set", "despertar")
    base = [c["id"] for c in cat["cards"] if c["set"] == "despertar"]
    assert page.locator("#gallery button").count() == len(base)
    # a person's clicks (click_on: one round trip and the mouse; Playwright's click waits for
    # each button to hold still, and 27 of them cost seconds)
    gallery = "#gallery button"
    for i in range(12):
        assert click_on(page, gallery, i) and click_on(page, gallery, i)
    assert click_on(page, gallery, 12)
    assert page.inner_text("#deck-count") == "25 de 25 cartas"
    assert click_on(page, gallery, 0)  # a third copy
    assert "No máximo 2 cópias" in page.inner_text("#deck-note")
    assert click_on(page, gallery, 20)  # a 26th card
    assert "O baralho já tem 25 cartas" in page.inner_text("#deck-note")
    page.locator("#deck-list button").first.click()  # one out: 24
    assert "Falta 1 carta" in page.inner_text("#deck-problems")
    page.fill("#deck-name", "Meu deck")
    page.click("#deck-save")  # refused: 24 cards
    assert "Falta 1 carta" in page.inner_text("#deck-note")
    assert click_on(page, gallery, 12)
    page.fill("#deck-name", "Meu deck")
    page.click("#deck-save")
    # a guest's deck is saved in this browser (decks.js: on the account once signed in)
    page.wait_for_selector("#deck-note:has-text('salvo neste navegador')")
    page.screenshot(path=str(SHOTS / "gatalogo-desktop.png"))
    check_axe(page, "gatalogo")
    # sitting at a table: the saved deck is offered and the server takes it
    r = httpx.post(
        f"{server}/api/tables",
        json={
            "game": "sala-de-miaula",
            "seats": [{"kind": "human"}, {"kind": "ai", "agent": "easy"}],
        },
    )
    tid = r.json()["id"]
    page.goto(f"{server}/t/{tid}")
    page.wait_for_selector("#saved-deck")
    page.select_option("#saved-deck", "Meu deck")
    text = page.input_value("#join-deck")
    assert sum(int(line.split()[0]) for line in text.splitlines()) == 25
    page.fill("#join-name", "Ana")
    page.click("#join")
    page.wait_for_selector("#board .sala")
    # the hand's cards are pickable once the seat has a decision (the AI may open the game)
    page.wait_for_selector("#board [data-pick^='hand:']")
    mine = {c for line in text.splitlines() for c in [line.split()[1]]}
    hand = page.locator("#board [data-pick^='hand:']").evaluate_all(
        "els => els.map(e => e.dataset.pick.slice(5))"
    )
    assert hand and set(hand) <= mine
    no_errors(page)
    # and when making a table in the lobby, for the creator's own seat
    page.goto(server + "/")
    page.wait_for_selector("#create")
    page.select_option("#game", "sala-de-miaula")
    page.select_option("#saved-deck", "Meu deck")
    page.fill("#creator-name", "Ana")
    page.click("#create")
    page.wait_for_selector("#board .sala")
    # the hand's cards are pickable once the seat has a decision (the AI may open the game)
    page.wait_for_selector("#board [data-pick^='hand:']")
    hand = page.locator("#board [data-pick^='hand:']").evaluate_all(
        "els => els.map(e => e.dataset.pick.slice(5))"
    )
    assert hand and set(hand) <= mine
    no_errors(page)
