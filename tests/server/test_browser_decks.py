"""In Chromium (issue 25 item 8): a deck built in the Gatálogo while signed in is kept on the
account: another browser that signs in finds it in the lobby's table form, and the table made
with it deals from it; a guest's browser deck moves to the account at sign-in."""

from __future__ import annotations

from playwright.sync_api import Browser, Page

from .test_browser import new_page, no_errors, server

FIXTURES = (server,)  # test_browser.py's fixture: the session's shared browser server
PASSWORD = "a long enough password"


def sign_up(page: Page, base: str, name: str) -> None:
    page.goto(base + "/account")
    page.fill("#signup-name", name)
    page.fill("#signup-password", PASSWORD)
    page.locator("#signup button[type=submit]").click()
    page.locator("#signed-in-as").wait_for()


def sign_in(page: Page, base: str, name: str) -> None:
    page.goto(base + "/account")
    page.fill("#signin-name", name)
    page.fill("#signin-password", PASSWORD)
    page.locator("#signin button[type=submit]").click()
    page.locator("#signed-in-as").wait_for()


def test_a_deck_built_signed_in_is_found_on_another_browser(server: str, browser: Browser) -> None:
    page = new_page(browser, "pt-BR")
    sign_up(page, server, "Deca")
    page.goto(server + "/gatalogo")
    page.wait_for_selector("#gallery button")
    assert "na sua conta" in page.inner_text("#deck-where")
    page.select_option("#filter-set", "despertar")
    # 25 cards picked in one round trip (25 of Playwright's clicks, each waiting for the button
    # to hold still, cost seconds): building a deck by clicks is test_browser_help's gatalogo
    # test; this one is about where the deck is kept
    page.evaluate(
        """() => {
        const pick = (i) => document.querySelectorAll('#gallery button')[i].click();
        for (let i = 0; i < 12; i++) { pick(i); pick(i); }
        pick(12);
      }"""
    )
    assert page.inner_text("#deck-count") == "25 de 25 cartas"
    page.fill("#deck-name", "Baralho da conta")
    page.click("#deck-save")
    page.wait_for_selector("#deck-note:has-text('salvo na sua conta')")
    deck = page.evaluate(
        "async () => (await (await fetch('/api/account/decks')).json()).decks[0].cards"
    )
    assert sum(deck.values()) == 25
    # renamed in place, from the list of saved decks
    page.click("#saved-decks button:has-text('Renomear')")
    page.fill("#saved-decks input", "Meu baralho")
    page.click("#saved-decks button:has-text('Salvar nome')")
    page.wait_for_selector("#saved-decks li:has-text('Meu baralho')")
    no_errors(page)
    page.context.close()

    # another browser: a guest's deck in its localStorage moves to the account at sign-in
    other = new_page(browser, "pt-BR")
    other.goto(server + "/")
    other.evaluate(
        "cards => localStorage.setItem('ludoteca.sala.decks', JSON.stringify({'De convidado': cards}))",
        deck,
    )
    sign_in(other, server, "Deca")
    other.goto(server + "/")
    other.wait_for_selector("#create")
    other.select_option("#game", "sala-de-miaula")
    other.wait_for_selector("#saved-deck")
    offered = other.locator("#saved-deck option").all_inner_texts()
    assert offered == ["—", "De convidado", "Meu baralho"]
    assert other.evaluate("localStorage.getItem('ludoteca.sala.decks')") == "{}"
    other.select_option("#saved-deck", label="Meu baralho")
    other.fill("#creator-name", "Deca")
    other.click("#create")
    other.wait_for_selector("#board [data-pick^='hand:']")
    hand = other.locator("#board [data-pick^='hand:']").evaluate_all(
        "els => els.map(e => e.dataset.pick.slice(5))"
    )
    assert hand and set(hand) <= set(deck)
    no_errors(other)
    other.context.close()
