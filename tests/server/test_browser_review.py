"""The game review in Debian's Chromium (issue 22, item 4).

In the default run, a short one: a small game (the tests' toy game, two people over HTTP), its
replay asked to review seat 1, its progress followed over the table's WebSocket (the polled
route held at "queued" until the socket said done: only the push can finish it), the
win-chance graph and the decisions sorted by loss; a point of the graph clicked jumps the
replay to that decision, whose caption shows the played and best moves' values on the same
worlds, their gap the loss (desktop and 390×844); the other seat's review with the socket
refused, by polling alone. An Exploding Kittens game's review, graded by the search judge:
the caption gives the search's values and the playouts' loss beside. With ``--long``, the whole
way: The Nine Domains against an AI seat to its end, the end screen's Review button, the graph,
the list, axe-core, and a point clicked marks the decision's moves on the board.

The review's budget is tiny (LUDOTECA_REVIEW_SAMPLES): the tests check the page, not the
grades. Screenshots go to artifacts/screenshots/ (``review-*.png``).
"""

from __future__ import annotations

import json
import re
import time
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser

from .test_browser import SHOTS, check_axe, click_on, new_page, no_errors


@pytest.fixture
def server(browser_server: str) -> str:
    return browser_server  # the session's (conftest.py): its review budget is 2 worlds


def _table(base: str, game: str, ai: bool) -> tuple[str, list[str]]:
    """A table of one person (seat 0) against an easy AI seat, else another person (seat 1);
    the people's tokens."""
    seats = [{"kind": "human"}, {"kind": "ai", "agent": "easy"} if ai else {"kind": "human"}]
    r = httpx.post(
        f"{base}/api/tables",
        # unrated (a table of people is rated by default): hints are offered only there
        json={
            "game": game,
            "num_players": 2,
            "seats": seats,
            "join": {"name": "Ana"},
            "rated": False,
        },
    )
    assert r.status_code == 201, r.text
    tid, tokens = r.json()["id"], [r.json()["joined"]["token"]]
    if not ai:
        j = httpx.post(f"{base}/api/tables/{tid}/join", json={"name": "Bia"})
        assert j.status_code == 200, j.text
        tokens.append(j.json()["token"])
    return tid, tokens


def _play_out(base: str, tid: str, tokens: list[str]) -> None:
    """The people's moves made over HTTP (their first legal move) until the game ends."""
    end = time.monotonic() + 120
    while time.monotonic() < end:
        moved = False
        for tok in tokens:
            head = {"Authorization": f"Bearer {tok}"}
            st: Any = httpx.get(f"{base}/api/tables/{tid}/state", headers=head).json()
            if st["result"] is not None:
                return
            if st["legal"]:
                httpx.post(
                    f"{base}/api/tables/{tid}/moves",
                    json={"move": st["move"], "action": st["legal"][0]["action"]},
                    headers=head,
                )
                moved = True
        if not moved:
            time.sleep(0.05)
    raise AssertionError("the game did not end")


def _seated(
    browser: Browser, server: str, tid: str, token: str, path: str, lang: str = "en"
) -> Any:
    page = new_page(browser, lang)
    page.goto(server + "/")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"ludoteca.token.{tid}", token])
    page.goto(server + path)
    return page


def _check_graph_and_list(server: str, page: Any, tid: str, seat: int) -> list[dict[str, Any]]:
    """The graph has a point per decision, its table a row; the list holds the decisions graded
    below good, largest loss first, and a button for the others that lost. The review's
    decisions."""
    review: Any = httpx.get(f"{server}/api/tables/{tid}/reviews/{seat}").json()
    assert review["status"] == "done"
    decisions: list[dict[str, Any]] = review["review"]["decisions"]
    assert page.locator("#review-graph circle.pt").count() == len(decisions) > 0
    # the line runs through every point (SeatReview.graph: the decisions' win chances)
    line = page.locator("#review-graph polyline.curve").get_attribute("points") or ""
    vertices = [tuple(p.split(",")) for p in line.split()]
    assert len(vertices) == len(review["review"]["curve"])
    for d in decisions:
        point = page.locator(f"#review-graph circle[data-key='pt-{d['index']}']")
        assert vertices[d["index"]] == (point.get_attribute("cx"), point.get_attribute("cy"))
    assert page.locator("#review-table tbody tr").count() == len(decisions)
    lossy = sorted((d for d in decisions if d["loss"] > 0), key=lambda d: -d["loss"])
    # the table's win chance to a tenth, as the command line's table prints it
    first = page.locator("#review-table tbody tr").first.locator("td").first
    assert first.text_content() == _fixed1(decisions[0]["win_chance"])
    # first the inaccuracies, mistakes and blunders; the good ones that lost on asking
    bad = [d for d in lossy if d["label"] != "good"]
    items = page.locator("#review-list li")
    assert items.count() == len(bad)
    if bad:
        # the grade said once, before the loss (not again after the move's number)
        label, loss = bad[0]["label"], _fixed1(bad[0]["loss"])
        assert items.first.inner_text().startswith(f"{label} −{loss} Move {bad[0]['index'] + 1}: ")
    assert page.locator("#review-more").count() == int(len(lossy) > len(bad))
    return decisions


def _jump(server: str, page: Any, tid: str, token: str, decisions: list[Any], j: int) -> None:
    """Point ``j`` of the graph clicked: the replay shows the step before that decision (the
    last step whose move count is at most the decision's index in the record)."""
    replay: Any = httpx.get(
        f"{server}/api/tables/{tid}/replay?view=seat", headers={"Authorization": f"Bearer {token}"}
    ).json()
    index = decisions[j]["index"]
    want = max(k for k, s in enumerate(replay["steps"]) if s["n"] <= index)
    assert click_on(page, "#review-graph circle.pt", j)
    page.wait_for_selector("#review-caption")
    assert f"Move {index + 1} " in page.locator("#review-caption").inner_text()
    assert page.locator("#replay-slider").input_value() == str(want)
    assert page.locator("#step").inner_text().split()[1] == str(want)


def _fixed1(x: float) -> str:
    """``lossPct`` of review.js: JavaScript's (100 * x).toFixed(1), a tie rounded up."""
    return f"{Decimal(100 * x).quantize(Decimal('0.1'), ROUND_HALF_UP)}%"


def _check_caption(page: Any, d: dict[str, Any]) -> None:
    """The caption of decision ``d``: the played move's value and the best moves' on the same
    worlds (the JSON's check values, to a tenth), and their gap, which is the playouts' loss,
    said as such (for a placement graded by the equilibrium, beside its grade)."""
    text = " ".join(page.locator("#review-caption").inner_text().split())
    played, best = _fixed1(d["played"]["value"]), _fixed1(d["best"][0]["value"])
    head, _, listed = text.partition(f"({played}); best: ")
    assert head.startswith(f"Move {d['index'] + 1} "), text
    assert listed.split(";")[0].endswith(f"({best})"), text
    gap = max(0.0, float(best[:-1]) - float(played[:-1]))
    assert gap == pytest.approx(100 * d["playout_loss"], abs=0.11)
    if d["judge"] == "equilibrium":
        assert f"By playouts: loss {_fixed1(d['playout_loss'])}" in text
    elif d["playout_delta"] > 0:
        loss = _fixed1(d["loss"])
        assert (
            f"By playouts, on the same sampled worlds: best {best} − played {played} = loss {loss}"
            in text
        )
    else:
        assert f"played {played} ≥ best {best}, loss {_fixed1(d['loss'])}" in text


def _arrows_walk_the_graph(page: Any) -> None:
    """The graph's points are one stop in the Tab order; the arrow keys go from point to
    point (End, Home: the last, the first) and do not step the replay."""
    points = page.locator("#review-graph circle.pt")
    assert page.locator("#review-graph circle.pt[tabindex='0']").count() == 1
    page.locator("#review-start").focus()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.decision") == "0"
    slider = page.locator("#replay-slider").input_value()
    last = points.count() - 1
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.decision") == str(min(1, last))
    page.keyboard.press("End")
    assert page.evaluate("document.activeElement.dataset.decision") == str(last)
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.activeElement.dataset.decision") == str(max(0, last - 1))
    page.keyboard.press("Home")
    assert page.evaluate("document.activeElement.dataset.decision") == "0"
    assert page.locator("#replay-slider").input_value() == slider
    assert page.locator("#review-graph circle.pt[tabindex='0']").count() == 1


def _frames(page: Any) -> list[dict[str, Any]]:
    """The review messages the page's WebSockets receive from now on."""
    got: list[dict[str, Any]] = []

    def heard(payload: str | bytes) -> None:
        m = json.loads(payload)
        if m.get("type") == "review":
            got.append(m)

    page.on("websocket", lambda ws: ws.on("framereceived", heard))
    return got


def test_a_small_games_review_in_its_replay(server: str, browser: Browser) -> None:
    """With a practice hint asked for at the table (unrated): the hint shows there, and the
    replay says who used hints."""
    tid, tokens = _table(server, "toy", ai=False)
    page = _seated(browser, server, tid, tokens[0], f"/t/{tid}")
    page.wait_for_selector("#hint-toggle")
    page.locator("#hint-toggle").check()
    assert page.locator("#hint-text").inner_text(timeout=60_000).startswith("Hint: Play ")
    page.locator("#hint-toggle").uncheck()  # one hint: the moves to come ask for none
    _play_out(server, tid, tokens)
    # the review's progress comes over the socket: the route, polled, says "queued" until the
    # socket has said done, so the page finishes only by what is pushed
    frames = _frames(page)

    def hold(route: Any) -> None:
        if route.request.method == "GET" and not any(f["status"] == "done" for f in frames):
            queued = {"version": "-", "status": "queued", "done": 0, "total": 0}
            route.fulfill(json=queued)
        else:
            route.continue_()

    page.route(re.compile(rf"/api/tables/{tid}/reviews/1\?"), hold)
    page.goto(f"{server}/r/{tid}?review=1")
    page.wait_for_selector("#review-done", timeout=120_000)
    statuses = [f["status"] for f in frames]
    assert statuses[-1] == "done" and set(statuses[:-1]) <= {"queued", "running"}, statuses
    assert {(f["table"], f["seat"]) for f in frames} == {(tid, 1)}
    assert page.locator("#hints-used").inner_text() == "Hints used at this table: Ana (1 hint)"
    # asked for by the address (as the end screen's button does): the review is where focus is
    assert page.evaluate("document.activeElement.id") == "review-title"
    decisions = _check_graph_and_list(server, page, tid, 1)
    _arrows_walk_the_graph(page)
    # a decision whose best move is not the one played, if any: two values, a gap
    j = next(
        (k for k, d in enumerate(decisions) if d["best"][0]["move"] != d["played"]["move"]),
        len(decisions) - 1,
    )
    _jump(server, page, tid, tokens[0], decisions, j)
    _check_caption(page, decisions[j])
    check_axe(page, "review caption")
    page.screenshot(path=str(SHOTS / "review-caption.png"), full_page=True)
    phone = new_page(browser, "en", phone=True)
    phone.goto(f"{server}/r/{tid}?review=1")  # stored: shown at once
    phone.wait_for_selector("#review-done", timeout=60_000)
    _jump(server, phone, tid, tokens[0], decisions, j)
    _check_caption(phone, decisions[j])
    phone.screenshot(path=str(SHOTS / "review-caption-phone.png"), full_page=True)
    # a tap on the graph off every point (a few pixels on a phone): the nearest decision
    k = len(decisions) - 1 - j
    phone.locator("#review-graph svg").scroll_into_view_if_needed()
    box = phone.locator("#review-graph svg").bounding_box()
    pt = phone.locator("#review-graph circle.pt").nth(k).bounding_box()
    assert box is not None and pt is not None
    far = box["y"] + 2 if pt["y"] > box["y"] + box["height"] / 2 else box["y"] + box["height"] - 2
    phone.mouse.click(pt["x"] + pt["width"] / 2, far)
    assert f"Move {decisions[k]['index'] + 1} " in phone.locator("#review-caption").inner_text()
    no_errors(page)
    no_errors(phone)
    # with no socket (refused at once), the progress is polled from the route: seat 0's review
    page.unroute_all()
    page.route_web_socket(re.compile(r"/ws/tables/"), lambda ws: ws.close())
    before = len(frames)
    page.select_option("#review-seat", "0")
    page.wait_for_selector("#review-start:not([disabled])")
    assert click_on(page, "#review-start")
    page.wait_for_selector("#review-done", timeout=120_000)
    assert page.locator("#review-done > h3").inner_text() == "Review of Ana"
    assert len(frames) == before  # nothing came over a socket
    assert httpx.get(f"{server}/api/tables/{tid}/reviews/0").json()["status"] == "done"
    no_errors(page)


@pytest.mark.long  # a whole game against an AI seat, ~1.5 min
def test_review_from_the_end_screen_jumps_the_replay(server: str, browser: Browser) -> None:
    tid, tokens = _table(server, "nine-domains", ai=True)
    _play_out(server, tid, tokens)
    token = tokens[0]
    page = _seated(browser, server, tid, token, f"/t/{tid}")
    page.wait_for_selector("#result #to-review")
    assert click_on(page, "#to-review")
    page.wait_for_url(f"**/r/{tid}?review=0")
    page.wait_for_selector("#review-done", timeout=120_000)
    page.screenshot(path=str(SHOTS / "review-done.png"), full_page=True)
    decisions = _check_graph_and_list(server, page, tid, 0)
    check_axe(page, "review")
    # a point clicked: the replay shows the position before that decision, its moves marked;
    # a placement, graded by the round's equilibrium: the caption gives its values and the
    # playouts' loss beside the grade
    placements = [j for j, d in enumerate(decisions) if d["judge"] == "equilibrium"]
    j = placements[len(placements) // 2]
    _jump(server, page, tid, token, decisions, j)
    assert page.locator("#board .review-played").count() > 0
    caption = page.locator("#review-caption").inner_text()
    assert "Graded against the round's equilibrium" in caption
    _check_caption(page, decisions[j])
    page.screenshot(path=str(SHOTS / "review-jump.png"), full_page=True)
    # on a phone too, and a decision the playouts graded, with a gap where there is one
    phone = _seated(browser, server, tid, token, f"/r/{tid}?review=0")
    phone.set_viewport_size({"width": 390, "height": 844})
    phone.wait_for_selector("#review-done", timeout=60_000)
    _jump(server, phone, tid, token, decisions, j)
    _check_caption(phone, decisions[j])
    phone.screenshot(path=str(SHOTS / "review-jump-phone.png"), full_page=True)
    by_playouts = [k for k, d in enumerate(decisions) if d["judge"] == "playout"]
    if by_playouts:
        k = max(by_playouts, key=lambda k: decisions[k]["playout_delta"])
        _jump(server, phone, tid, token, decisions, k)
        _check_caption(phone, decisions[k])
        phone.screenshot(path=str(SHOTS / "review-playout-phone.png"), full_page=True)
    no_errors(page)
    no_errors(phone)


def test_a_search_graded_review_shows_the_searchs_values(server: str, browser: Browser) -> None:
    """Exploding Kittens is graded by the search judge (its default budget; the site's tiny one
    searches as few iterations as it samples worlds): a decision's caption gives the search's
    values (the played move's and its best move's, their gap the loss), the playouts' loss
    beside, and names the search's best move."""
    tid, tokens = _table(server, "exploding-kittens", ai=False)
    _play_out(server, tid, tokens)
    page = _seated(browser, server, tid, tokens[1], f"/r/{tid}?review=1")
    page.wait_for_selector("#review-done", timeout=120_000)
    decisions = _check_graph_and_list(server, page, tid, 1)
    assert all(d["judge"] == "search" for d in decisions)
    # a replay docks nothing: the hand, at a table kept at the screen's foot, stays in the
    # board's flow (docked, it covered the draw pile and the review's marks on it)
    hand = page.locator(".ek-table > .zone:has([data-pick^='hand:'])")
    assert hand.count() == 1
    assert hand.evaluate("e => getComputedStyle(e).position") == "static"

    # the decision with the largest search loss (a gap between two values, if any), among
    # those whose search values are not the playouts' (the site's tiny budget: few have a gap)
    def apart(d: dict[str, Any]) -> bool:
        s = d["search"]
        return (s["value"], s["best_value"]) != (d["played"]["value"], d["best"][0]["value"])

    j = max(range(len(decisions)), key=lambda k: (apart(decisions[k]), decisions[k]["loss"]))
    d, s = decisions[j], decisions[j]["search"]
    assert apart(d)  # not vacuous: the caption could not show the playouts' values by mistake
    _jump(server, page, tid, tokens[1], decisions, j)
    text = " ".join(page.locator("#review-caption").inner_text().split())
    played, best, loss = _fixed1(s["value"]), _fixed1(s["best_value"]), _fixed1(d["loss"])
    assert max(0.0, float(best[:-1]) - float(played[:-1])) == pytest.approx(
        float(loss[:-1]), abs=0.11
    )
    playout = f"{_fixed1(d['playout_loss'])} ({d['playout_label']})"  # en: the labels' keys
    assert (
        f"Graded by a search from what you knew: played {played}, best {best}, loss {loss}. "
        f"By playouts: loss {playout}"
    ) in text, text
    said = httpx.get(f"{server}/api/tables/{tid}/reviews/1?lang=en").json()["texts"][j]["search"]
    assert f"({played}); best: {said} ({best})" in text, text
    page.screenshot(path=str(SHOTS / "review-search.png"), full_page=True)
    no_errors(page)
    # in pt-BR the numbers are written as a Brazilian reads them: a decimal comma
    pt = _seated(browser, server, tid, tokens[1], f"/r/{tid}?review=1", lang="pt-BR")
    pt.wait_for_selector("#review-done", timeout=60_000)
    review: Any = httpx.get(f"{server}/api/tables/{tid}/reviews/1").json()["review"]
    summary = " ".join(pt.locator(".review-summary").inner_text().split())
    acc = str(Decimal(review["accuracy"]).quantize(Decimal("0.1"), ROUND_HALF_UP))
    mean = _fixed1(review["mean_loss"])
    assert f"Precisão {acc.replace('.', ',')} · perda média {mean.replace('.', ',')}" in summary
    no_errors(pt)


def _reviewed(server: str, tid: str, seat: int) -> dict[str, Any]:
    """The route's answer for a finished review of ``seat`` (asked for, then polled)."""
    got: Any = httpx.post(f"{server}/api/tables/{tid}/reviews/{seat}").json()
    end = time.monotonic() + 60
    while got["status"] != "done" and time.monotonic() < end:
        time.sleep(0.1)
        got = httpx.get(f"{server}/api/tables/{tid}/reviews/{seat}").json()
    assert got["status"] == "done", got
    return got


def _graded(answer: dict[str, Any], grades: list[tuple[str, float]]) -> dict[str, Any]:
    """The review ``answer`` with its decisions' labels and losses set to ``grades`` (the rest
    good, no loss): the list's cases without playing games until one has them. A toy game has
    two decisions a seat: copies of them stand at the game's other moves (the list shows what
    it is given; the page only reads them) until there are as many as ``grades``."""
    out = json.loads(json.dumps(answer))
    decisions, texts = out["review"]["decisions"], out["texts"]
    free = [i for i in range(len(out["review"]["curve"]) - 1)]
    free = [i for i in free if i not in {d["index"] for d in decisions}]
    k = 0
    while len(decisions) < len(grades):
        copy = dict(decisions[k % 2], index=free.pop(0))
        decisions.append(copy)
        texts.append(texts[k % 2])
        k += 1
    order = sorted(range(len(decisions)), key=lambda j: decisions[j]["index"])
    out["review"]["decisions"] = [decisions[j] for j in order]
    out["texts"] = [texts[j] for j in order]
    for j, d in enumerate(out["review"]["decisions"]):
        d["label"], d["loss"] = grades[j] if j < len(grades) else ("good", 0.0)
    return out


def test_the_list_leads_with_the_mistakes_and_shows_the_rest_on_asking(
    server: str, browser: Browser
) -> None:
    """The decisions sorted by loss list first those graded an inaccuracy, a mistake or a
    blunder; a button (keyboard reachable, a count with its plural, both languages) shows the
    good ones that lost anything below them, and hides them again; a loss that rounds to zero
    shows 0.0%, never −0.0%; a review with no mistake says so in words."""
    tid, tokens = _table(server, "toy", ai=False)
    _play_out(server, tid, tokens)
    answer = _reviewed(server, tid, 1)
    # a blunder, an inaccuracy, two good decisions that lost a little (one shows as 0.0%)
    grades = [("good", 0.0004), ("blunder", 0.2), ("good", 0.02), ("inaccuracy", 0.06)]
    graded = _graded(answer, grades)
    # a margin of a tiny negative (Coatl's scores): 0.0 at its decision, not -0.0
    for d in graded["review"]["decisions"]:
        d["margin"] = -0.04
    page = _seated(browser, server, tid, tokens[1], "/")
    page.route(
        re.compile(rf"/api/tables/{tid}/reviews/1(\?|$)"),
        lambda route: route.fulfill(json=graded),
    )
    page.goto(f"{server}/r/{tid}?review=1")
    page.wait_for_selector("#review-done")
    items = page.locator("#review-list li")
    heads = lambda: [items.nth(k).locator(".grade").inner_text() for k in range(items.count())]  # noqa: E731
    assert heads() == ["blunder −20.0%", "inaccuracy −6.0%"]
    # the grade said once, before the loss, not again after the move's number
    first = graded["review"]["decisions"][1]["index"] + 1
    assert items.first.inner_text().startswith(f"blunder −20.0% Move {first}: played ")
    more = page.locator("#review-more")
    assert more.inner_text() == "Show 2 more decisions"
    assert more.get_attribute("aria-expanded") == "false"
    more.focus()
    page.keyboard.press("Enter")
    assert heads() == ["blunder −20.0%", "inaccuracy −6.0%", "good −2.0%", "good 0.0%"]
    # reading goes on at the first one shown
    assert page.evaluate("document.activeElement.dataset.decision") == "2"
    assert more.get_attribute("aria-expanded") == "true"
    assert more.inner_text() == "Show only the inaccuracies, mistakes and blunders"
    text = page.locator("#review").inner_text()
    assert "−0.0" not in text and "-0.0" not in text, text
    more.focus()
    page.keyboard.press("Enter")
    assert items.count() == 2
    assert page.evaluate("document.activeElement.id") == "review-more"
    assert click_on(page, "#review-list li button", 0)
    caption = page.locator("#review-caption").inner_text()
    assert "Expected score margin before the decision: 0.0" in caption, caption
    assert "-0.0" not in caption and "−0.0" not in caption, caption
    no_errors(page)
    # pt-BR: one more (its singular), and then no mistake at all, said in words
    pt = _seated(browser, server, tid, tokens[1], "/", lang="pt-BR")
    served: dict[str, list[tuple[str, float]]] = {}

    def serve(route: Any) -> None:
        route.fulfill(json=_graded(answer, served["grades"]))

    pt.route(re.compile(rf"/api/tables/{tid}/reviews/1(\?|$)"), serve)
    served["grades"] = [("mistake", 0.12), ("good", 0.0004)]
    pt.goto(f"{server}/r/{tid}?review=1")
    pt.wait_for_selector("#review-done")
    assert pt.locator("#review-list li .grade").all_inner_texts() == ["erro −12,0%"]
    assert pt.locator("#review-more").inner_text() == "Mostrar mais 1 decisão"
    served["grades"] = [("good", 0.0004), ("good", 0.03)]
    pt.reload()
    pt.wait_for_selector("#review-done")
    n = len(answer["review"]["decisions"])
    assert pt.locator("#review-list-none").inner_text() == (
        f"Nenhuma imprecisão, erro ou erro grave: todas as {n} decisões avaliadas foram boas."
    )
    assert pt.locator("#review-list").count() == 0
    button = pt.locator("#review-more")
    assert button.inner_text() == "Mostrar as 2 decisões boas que perderam alguma chance de vitória"
    assert click_on(pt, "#review-more")
    assert pt.locator("#review-list li .grade").all_inner_texts() == ["boa −3,0%", "boa 0,0%"]
    check_axe(pt, "review list")
    no_errors(pt)
