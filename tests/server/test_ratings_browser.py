"""Issue 21, items 2 and 3 in Chromium: two accounts finish a rated game; the end screen shows
each person's change and why, and the profile shows the rating, its history (plot and table)
and the game; the profile and the leaderboard have no serious axe violation."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from .test_browser import SHOTS, check_axe, new_page, no_errors


@pytest.fixture
def server(browser_server: str) -> str:
    return browser_server  # the session's (conftest.py)


def call(page: Page, path: str, body: Any = None) -> Any:
    """The client's own api.js from the page (its cookie: the signed-in session)."""
    return page.evaluate(
        """async ([path, body]) => {
          const { api, saveToken } = await import("/static/api.js");
          const out = await api(path, body === null ? {} : { method: "POST", body });
          if (out.joined) saveToken(out.id, out.joined.token);
          if (out.token && out.table) saveToken(out.table.id, out.token);
          return out;
        }""",
        [path, body],
    )


def play_my_moves(page: Page, table: str) -> bool:
    """The seat's first legal move, if it has one; whether the game is over."""
    over: bool = page.evaluate(
        """async (table) => {
          const { api, tokenFor } = await import("/static/api.js");
          const token = tokenFor(table);
          const st = await api(`/tables/${table}/state`, { token });
          if (st.result) return true;
          if (st.legal.length) {
            await api(`/tables/${table}/moves`, { method: "POST", token,
              body: { move: st.move, action: st.legal[0].action } });
          }
          return false;
        }""",
        table,
    )
    return over


def test_a_rated_game_shows_the_change_on_the_end_screen_and_the_profile(
    browser: Browser, server: str
) -> None:
    ana, bia = new_page(browser, "pt-BR"), new_page(browser, "en")
    for page, name in ((ana, "Rita"), (bia, "Rui")):
        page.goto(server + "/")
        call(page, "/account/signup", {"name": name, "password": "a long enough password"})
    table = call(ana, "/tables", {"game": "toy", "seats": [{}, {}], "join": {"name": "Rita"}})
    tid = table["id"]
    assert table["settings"]["rated"] is True
    call(bia, f"/tables/{tid}/join", {"name": "Rui"})
    for _ in range(40):
        if play_my_moves(ana, tid) | play_my_moves(bia, tid):
            break
    ana.goto(f"{server}/t/{tid}")
    change = ana.locator("#rating-changes li").first
    change.wait_for(timeout=15_000)
    text = ana.locator("#rating-changes").inner_text()
    assert "Rita" in text and "Rui" in text
    assert "à frente de" in text or "atrás de" in text or "empatou com" in text
    ana.screenshot(path=str(SHOTS / "ratings-end-pt-BR.png"), full_page=True)
    # the profile: the rating with its uncertainty, the history's plot and table, the game
    ana.locator("#rating-changes a", has_text="Rita").click()
    ana.locator("#profile-name").wait_for()
    assert ana.locator("#profile-name").inner_text() == "Rita"
    ana.locator(".rating-plot").wait_for()
    rows = ana.locator("table.rating-history tbody tr")
    assert rows.count() == 1
    assert "μ" in ana.locator(".profile-rating").inner_text()
    assert ana.locator(f'#recent a[href="/r/{tid}"]').count() == 1
    ana.screenshot(path=str(SHOTS / "ratings-profile-pt-BR.png"), full_page=True)
    check_axe(ana, "profile")
    # the leaderboard, in English for Bia: both people, ranked
    bia.goto(f"{server}/ratings/toy")
    bia.locator("#leaders tbody tr").nth(1).wait_for()
    assert {bia.locator("#leaders tbody tr th").nth(i).inner_text() for i in (0, 1)} == {
        "Rita",
        "Rui",
    }
    check_axe(bia, "leaderboard")
    # my tables: the finished game, on the lobby's panel's page
    bia.goto(f"{server}/me/tables")
    bia.locator(f'#my-tables-page li[data-table="{tid}"]').wait_for()
    no_errors(ana)
    no_errors(bia)
    ana.context.close()
    bia.context.close()
