"""Issue 21, item 1 in Chromium: a guest plays, signs up, and finds that table on the account;
the account page (sign up, sign in, my account) has no serious axe violation, in both
languages and at 1366x768 and 390x844 (screenshots in artifacts/screenshots/)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page

from .test_browser import SHOTS, check_axe, new_page, no_errors


@pytest.fixture
def server(browser_server: str) -> str:
    return browser_server  # the session's (conftest.py)


def guest_table(page: Page) -> str:
    """A table made from the page as the lobby makes one, its seat token kept by the client's
    own api.js (what a guest's browser holds)."""
    table_id: str = page.evaluate(
        """async () => {
          const { api, saveToken } = await import("/static/api.js");
          const t = await api("/tables", { method: "POST", body: {
            game: "nine-domains", seats: [{ kind: "human" }, { kind: "ai", agent: "easy" }],
            join: { name: "Convidada" } } });
          saveToken(t.id, t.joined.token);
          return t.id;
        }"""
    )
    return table_id


@pytest.mark.parametrize(("lang", "phone", "name"), [("pt-BR", False, "Ana"), ("en", True, "Bea")])
def test_a_guest_signs_up_and_finds_the_earlier_table_on_the_account(
    browser: Browser, server: str, lang: str, phone: bool, name: str
) -> None:
    page = new_page(browser, lang, phone)
    page.goto(server + "/")
    table_id = guest_table(page)
    page.goto(f"{server}/t/{table_id}")
    page.locator("#account-link").click()
    page.locator("#signup-name").wait_for()
    size = "390x844" if phone else "1366x768"
    page.screenshot(path=str(SHOTS / f"account-signup-{lang}-{size}.png"), full_page=True)
    check_axe(page, "sign up and sign in")
    page.fill("#signup-name", name)
    page.fill("#signup-password", "a long enough password")
    page.locator("#signup button[type=submit]").click()
    page.locator("#signed-in-as").wait_for()
    link = page.locator(f'a[data-table="{table_id}"]')
    link.wait_for()
    assert name in page.locator("#signed-in-as").inner_text()
    page.screenshot(path=str(SHOTS / f"account-mine-{lang}-{size}.png"), full_page=True)
    check_axe(page, "my account")
    # the session survives a reload (a cookie, not the page's memory), and signs out
    page.reload()
    page.locator(f'a[data-table="{table_id}"]').wait_for()
    page.locator("#sign-out").click()
    page.locator("#signin-name").wait_for()
    page.fill("#signin-name", name)
    page.fill("#signin-password", "a long enough password")
    page.locator("#signin button[type=submit]").click()
    page.locator(f'a[data-table="{table_id}"]').wait_for()
    no_errors(page)
    page.context.close()
