"""In Chromium on a phone (390x844, touch; issue 25): a component's help, opened by a long press
on a card of your own hand (and on the places around it), sits above or below it inside the
screen and covers neither what it explains nor your hand nor your name (help.js,
tip-place.js); a tap elsewhere puts it away."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser

from .test_browser import SHOTS, no_errors, seat_at, server

FIXTURES = (server,)  # test_browser.py's fixture: the session's shared browser server

# in the page's own coordinates (the viewport's): the i-th component's box, the tooltip's, and
# those of what must stay in view, your hand's cards and your name (your side's heading)
BOXES_JS = """([sel, i]) => {
  const box = (e, what) => {
    const r = e.getBoundingClientRect();
    return {x: r.left, y: r.top, width: r.width, height: r.height, what};
  };
  const me = document.querySelector('#board .sala-player.me');
  const tip = document.getElementById('help-tip');
  return {
    el: box(document.querySelectorAll(sel)[i], 'pressed'),
    tip: tip && !tip.hidden ? box(tip, 'tip') : null,
    own: [...me.querySelectorAll("[data-key^='hand-']"), me.querySelector('h3')]
      .map((e) => box(e, e.dataset.key || 'name')),
  };
}"""
# your hand's cards, then what explains itself around them: your life (beside your name), your
# places and the opponent's (a tooltip below them went down over your hand)
PRESSED = (
    "#board .sala-player.me [data-key^='hand-'], #board [data-pick='own-life'], "
    "#board [data-pick^='own:'], #board [data-pick^='enemy:'], #board [data-pick='life']"
)
W, H = 390, 844


def overlap(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return (
        min(a["x"] + a["width"], b["x"] + b["width"]) - max(a["x"], b["x"]) > 0.5
        and min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"]) > 0.5
    )


def test_a_long_press_tooltip_leaves_your_hand_and_name_in_view(
    server: str, browser: Browser
) -> None:
    # touch, no desktop pointer; not is_mobile: a page wider than the phone would be zoomed out
    # and Playwright's boxes would no longer be the page's
    ctx = browser.new_context(
        viewport={"width": W, "height": H},
        locale="pt-BR",
        has_touch=True,
        reduced_motion="reduce",
        bypass_csp=True,
    )
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page._ludoteca_errors = errors  # type: ignore[attr-defined]
    # your move first: the board holds still while the help is read
    seat_at(
        page,
        server,
        "sala-de-miaula",
        [{"kind": "human"}, {"kind": "ai", "agent": "easy"}],
        options={"first_player": 0},
    )
    page.locator("#board .sala-player.me [data-key^='hand-']").first.wait_for()
    cdp = ctx.new_cdp_session(page)
    tip = page.locator("#help-tip")

    def touch(x: float, y: float) -> None:
        point = [{"x": x, "y": y}]
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point})

    def lift() -> None:
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

    pressed = 0
    for i in range(page.locator(PRESSED).count()):
        el = page.evaluate(BOXES_JS, [PRESSED, i])["el"]
        x, y = el["x"] + el["width"] / 2, el["y"] + el["height"] / 2
        if not (0 < x < W and 0 < y < H):
            continue  # off screen (scrolled out of the hand's row): not pressed
        touch(x, y)
        tip.wait_for(state="visible")
        lift()
        boxes = page.evaluate(BOXES_JS, [PRESSED, i])
        shown = boxes["tip"]
        assert shown, "the tooltip went away by itself"
        pressed += 1
        # inside the screen, clear of what it explains, of your hand and of your name
        assert shown["x"] >= 0 and shown["x"] + shown["width"] <= W, shown
        assert shown["y"] >= 0 and shown["y"] + shown["height"] <= H, shown
        assert not overlap(shown, boxes["el"]), (shown, boxes["el"])
        for own in boxes["own"]:
            assert not overlap(shown, own), (own["what"], shown, own)
        if pressed == 1:
            page.screenshot(path=str(SHOTS / "help-tip-own-hand-phone.png"))
        # a tap elsewhere (on the page's heading, which does nothing) puts it away
        head = page.evaluate(
            "() => { const r = document.querySelector('h1').getBoundingClientRect(); return [r.left + 4, r.top + r.height / 2]; }"
        )
        touch(*head)
        lift()
        tip.wait_for(state="hidden")
    assert pressed >= 3  # the hand's cards on screen at least
    # the presses only explained: nothing was picked
    assert page.locator("#board .picked").count() == 0
    no_errors(page)
    ctx.close()


def test_sala_on_a_phone_does_not_scroll_sideways(server: str, browser: Browser) -> None:
    """Your side's hand is one row that scrolls within itself: it must not widen the page (a
    page wider than the phone hides part of your hand and the board beside it)."""
    ctx = browser.new_context(viewport={"width": W, "height": H}, locale="pt-BR", has_touch=True)
    page = ctx.new_page()
    seat_at(
        page,
        server,
        "sala-de-miaula",
        [{"kind": "human"}, {"kind": "ai", "agent": "easy"}],
        options={"first_player": 0},
    )
    page.locator("#board .sala-player.me [data-key^='hand-']").first.wait_for()
    widths = page.evaluate(
        """() => ({page: document.documentElement.scrollWidth, view: window.innerWidth,
                   me: document.querySelector('#board .sala-player.me').getBoundingClientRect().right})"""
    )
    assert widths["page"] <= widths["view"] + 1, widths
    assert widths["me"] <= widths["view"] + 1, widths
    ctx.close()
