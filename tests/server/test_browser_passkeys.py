"""Issue 21, item 1 (passkeys) in Chromium: a guest plays, signs up with a passkey (Chromium's
virtual authenticator, through the DevTools protocol), finds the guest's table on the account,
signs out and back in with the passkey; the account page's new parts pass axe."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page

from .test_browser import SHOTS, check_axe, new_page, no_errors
from .test_browser_account import guest_table


@pytest.fixture
def server(browser_server: str) -> str:
    # the session's (conftest.py), as "localhost", not 127.0.0.1: a passkey's site (relying
    # party id) is a domain name
    return browser_server.replace("://127.0.0.1:", "://localhost:")


def virtual_authenticator(page: Page) -> str:
    """A platform authenticator that keeps passkeys (resident keys) and verifies its person."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    made = cdp.send(
        "WebAuthn.addVirtualAuthenticator",
        {
            "options": {
                "protocol": "ctap2",
                "transport": "internal",
                "hasResidentKey": True,
                "hasUserVerification": True,
                "isUserVerified": True,
                "automaticPresenceSimulation": True,
            }
        },
    )
    page._ludoteca_cdp = cdp  # type: ignore[attr-defined]  # kept alive with the page
    return str(made["authenticatorId"])


@pytest.mark.parametrize(
    ("lang", "phone", "name"), [("pt-BR", False, "Chave"), ("en", True, "Key")]
)
def test_a_guest_signs_up_with_a_passkey_and_signs_in_with_it(
    browser: Browser, server: str, lang: str, phone: bool, name: str
) -> None:
    page = new_page(browser, lang, phone)
    virtual_authenticator(page)
    page.goto(server + "/")
    table_id = guest_table(page)
    page.goto(f"{server}/t/{table_id}")
    page.locator("#account-link").click()
    page.locator("#signup-name").wait_for()
    page.fill("#signup-name", name)
    page.locator("#signup-passkey").click()  # no password typed
    page.locator("#signed-in-as").wait_for()
    page.locator(f'a[data-table="{table_id}"]').wait_for()  # the guest's table is the account's
    assert name in page.locator("#signed-in-as").inner_text()
    assert page.locator("#passkey-list li").count() == 1
    size = "390x844" if phone else "1366x768"
    page.screenshot(path=str(SHOTS / f"account-passkeys-{lang}-{size}.png"), full_page=True)
    check_axe(page, "my account with passkeys, invitations and blocks")
    # signed out, then in again with the passkey alone (the device offers it: no name typed)
    page.locator("#sign-out").click()
    page.locator("#signin-passkey").click()
    page.locator("#signed-in-as").wait_for()
    page.locator(f'a[data-table="{table_id}"]').wait_for()
    assert name in page.locator("#signed-in-as").inner_text()
    assert "—" not in page.locator("#passkey-list li").inner_text()  # used just now
    # a table by invitation, from the lobby's form: it opens, and the lobby does not list it
    page.goto(server + "/")
    page.fill("#creator-name", name)
    page.locator("#invitation-only").check()
    page.locator("#create").click()
    page.wait_for_url("**/t/*")
    private = page.url.rsplit("/", 1)[1]
    listed = [row["id"] for row in page.request.get(f"{server}/api/tables").json()]
    assert private not in listed and table_id in listed
    no_errors(page)
    page.context.close()
