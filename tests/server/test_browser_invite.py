"""In Chromium, two signed-in people: one invites the other by name from the waiting room of
the table where she sits (web/waiting.js); the other finds the invitation in the lobby
(web/invitations.js), goes to the table with its button and sits, and the game starts."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from .test_browser import new_page, no_errors


@pytest.fixture
def server(browser_server: str) -> str:
    return browser_server  # the session's (conftest.py)


def signed_up(browser: Browser, server: str, name: str, lang: str) -> Page:
    page = new_page(browser, lang)
    r = page.context.request.post(
        f"{server}/api/account/signup",
        data={"name": name, "password": "a long enough password"},
        headers={"Origin": server},
    )
    assert r.status == 201, r.text()
    return page


@pytest.mark.parametrize(("lang", "sent", "sit"), [("pt-BR", "Convite enviado", "Sentar")])
def test_an_invitation_by_name_reaches_the_lobby_and_seats_the_guest(
    browser: Browser, server: str, lang: str, sent: str, sit: str
) -> None:
    ana, bia = signed_up(browser, server, "Iara", lang), signed_up(browser, server, "Ivo", lang)
    r = ana.context.request.post(
        f"{server}/api/tables",
        data={"game": "nine-domains", "seats": [{"kind": "human"}] * 2, "join": {"name": "Iara"}},
        headers={"Origin": server},
    )
    assert r.status == 201, r.text()
    tid, token = r.json()["id"], r.json()["joined"]["token"]
    ana.goto(f"{server}/t/{tid}#seat={token}")
    ana.fill("#invite-name", "Ivo")
    ana.click("#invite-send")
    expect(ana.locator("#invite-note")).to_contain_text(sent)
    expect(ana.locator("#invite-note")).to_contain_text("Ivo")
    # a name nobody has: said so, nothing sent
    ana.fill("#invite-name", "Ninguém Aqui")
    ana.click("#invite-send")
    expect(ana.locator("#invite-note")).not_to_contain_text(sent)

    bia.goto(server + "/")
    offer = bia.locator(f'#invitations li[data-table="{tid}"]')
    expect(offer).to_contain_text("Iara")
    expect(offer.locator("button")).to_contain_text(sit)
    offer.locator("button").click()
    bia.wait_for_url(re.compile(rf"/t/{tid}$"))
    expect(bia.locator("#join")).to_be_visible()
    bia.fill("#join-name", "Ivo")
    bia.click("#join")
    # both seats taken: the game starts on both pages (the waiting room gives way to the board)
    for page in (ana, bia):
        expect(page.locator("#waiting")).to_have_count(0)
    for page in (ana, bia):
        no_errors(page)
        page.context.close()
