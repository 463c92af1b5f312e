"""The game review (issue 22): graded from the seat's information set only, deterministic,
finished games only, and the JSON the command line prints (and a browser would read)."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ludoteca.cli.common import console, msg, number
from ludoteca.cli.main import app
from ludoteca.cli.review_cmd import _pct, _pct1, print_review
from ludoteca.engine import Action, GameState, MatchRecord, compiled
from ludoteca.review import LABELS, ReviewBudget, ReviewError, accuracy, label, review_seat
from ludoteca.review.many import grades_by_agent
from ludoteca.review.nine_domains import RoundGrader
from ludoteca.review.seat_review import grade_decision
from ludoteca.review.values import Estimator, default_budget, hint_budget
from ludoteca.sim.runner import play_one

GAMES = ["nine-domains", "exploding-kittens", "sala-de-miaula", "coatl"]
# tiny budgets: the tests check what the review reads and how it reports, not its accuracy;
# each game's judge as its default budget's (every game's but The Nine Domains': the search,
# a tiny one)
TINY = {
    "nine-domains": ReviewBudget(samples=2, luck_samples=1, leaf=1, max_moves=3),
    "exploding-kittens": ReviewBudget(samples=2, luck_samples=1, max_moves=3, search=8),
    "sala-de-miaula": ReviewBudget(samples=2, luck_samples=1, max_moves=3, search=8),
    "coatl": ReviewBudget(
        samples=2, luck_samples=1, rollout="random", leaf=2, max_moves=3, search=8
    ),
}


def _record(game_id: str, index: int = 0) -> MatchRecord:
    out = play_one(game_id, 2, ["random", "heuristic"], 7, index)
    return MatchRecord.from_json(out.record)


def _decisions(record: MatchRecord, seat: int) -> Iterator[tuple[int, GameState, Action]]:
    """(index, state before, action) of the seat's decisions with a choice."""
    game = record.get_game()
    state = record.initial_state()
    for i, (p, data) in enumerate(record.actions):
        action = game.action_from_record(data, record.rules_version)
        if p == seat and len(state.legal_actions(seat)) > 1:
            yield i, state.clone(), action
        state.apply(p, action)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_redeal_of_what_the_seat_could_not_see_changes_no_grade(game_id):
    """Each decision graded from the real position and from another deal consistent with the
    seat's view (its opponents' hands, the deck's order re-drawn) gives the same numbers: the
    review reads the seat's information set, never the cards that happened to be there."""
    record = _record(game_id)
    budget = TINY[game_id]
    checked = 0
    for seat in (0, 1):
        for n, (i, state, action) in enumerate(_decisions(record, seat)):
            if n >= 3:
                break
            redealt = state.determinize(seat, random.Random(1000 + i))
            real = grade_decision(Estimator(state.game, seat, budget, 5), state, i, action)
            other = grade_decision(Estimator(state.game, seat, budget, 5), redealt, i, action)
            assert real == other
            position = Estimator(state.game, seat, budget, 5).position(state)
            assert position == Estimator(state.game, seat, budget, 5).position(redealt)
            margin = Estimator(state.game, seat, budget, 5).margin(state)
            assert margin == Estimator(state.game, seat, budget, 5).margin(redealt)
            checked += 1
    assert checked >= 2


# playouts in the compiled core as the judges use them (budgets.toml: heuristic ones in Sala de
# Miaula; Coatl's to the end valued by its evaluation, a judge measured in docs/ai.md); tiny
JUDGES = {
    "exploding-kittens": ReviewBudget(samples=2, luck_samples=1, rollout="heuristic", max_moves=3),
    "sala-de-miaula": ReviewBudget(samples=2, luck_samples=1, rollout="heuristic", max_moves=3),
    "coatl": ReviewBudget(samples=1, luck_samples=1, rollout="random", max_moves=2, reward="eval"),
    "nine-domains": ReviewBudget(samples=2, luck_samples=1, rollout="random", max_moves=3),
}


@pytest.mark.skipif(not compiled.AVAILABLE, reason="no numba: the loop is the only path")
@pytest.mark.parametrize("game_id", GAMES)
def test_playouts_in_the_compiled_core_give_the_loops_review(game_id):
    """The review's playouts run in the game's compiled core (what makes heuristic playouts and
    Coatl's to the end affordable); the same review, bit for bit, as the Python loop plays
    them, so a review does not depend on whether numba is there. Not vacuous: the core is
    used (``Estimator.core``), and the playouts reach the end of the game."""
    record = _record(game_id)
    budget = JUDGES[game_id]
    assert Estimator(record.get_game(), 1, budget, 0).core is not None
    # the first decisions only (the loop's heuristic playouts are slow in Coatl)
    for n, (i, state, action) in enumerate(_decisions(record, 1)):
        if n >= 2:
            break
        fast = grade_decision(Estimator(state.game, 1, budget, 4), state, i, action)
        loop = Estimator(state.game, 1, budget, 4, fast=False)
        assert loop.core is None
        assert fast == grade_decision(loop, state, i, action)
        with compiled.disabled():
            assert fast == grade_decision(Estimator(state.game, 1, budget, 4), state, i, action)


def test_a_coatl_playout_to_the_end_is_valued_by_the_evaluation_of_the_final_score():
    """Coatl's judge plays to the end (no leaf) and values the finished game by its evaluation
    (half the win share, half the final margin's sigmoid), not by the heuristic's estimate of a
    running game; ``reward`` "win" would give the win share alone."""
    from ludoteca.agents.evaluation.coatl import leaf_values

    record = _record("coatl")
    final = record.final_state()
    est = Estimator(final.game, 0, JUDGES["coatl"], 0)
    assert est.position(final) == leaf_values(final)[0] != final.result().payoff(0)
    state = record.initial_state()
    world = state.clone()
    value = est.playout(world, 11)
    assert world.is_over and value == leaf_values(world)[0]
    win = Estimator(state.game, 0, ReviewBudget(samples=1, luck_samples=1, rollout="random"), 0)
    assert win.position(final) == final.result().payoff(0)
    with pytest.raises(ValueError, match="reward"):
        ReviewBudget(reward="score")


def test_a_redeal_is_a_different_world():
    """Not vacuous: the re-dealt positions of the property above do differ in what the seat
    cannot see (else it would compare a position with itself)."""
    record = _record("exploding-kittens")
    differ = 0
    for i, state, _ in _decisions(record, 0):
        redealt = state.determinize(0, random.Random(1000 + i))
        assert redealt.view(0) == state.view(0)
        differ += redealt.to_json() != state.to_json()
    assert differ > 0


def test_a_running_game_is_refused():
    record = _record("sala-de-miaula")
    record.actions = record.actions[:-1]
    record.result = None
    with pytest.raises(ReviewError, match="not over"):
        review_seat(record, 0, TINY["sala-de-miaula"])


def test_a_seat_the_game_has_not_is_refused():
    with pytest.raises(ReviewError, match=r"seats 1\.\.2"):
        review_seat(_record("sala-de-miaula"), 2, TINY["sala-de-miaula"])


@pytest.mark.parametrize("game_id", ["exploding-kittens", "sala-de-miaula"])
def test_the_review_is_deterministic_under_its_seed(game_id):
    record = _record(game_id)
    a = review_seat(record, 1, TINY[game_id], seed=3).to_json()
    assert a == review_seat(record, 1, TINY[game_id], seed=3).to_json()


def _check_shape(r: dict, record: MatchRecord, seat: int) -> None:
    assert r["game"] == record.game and r["seat"] == seat
    assert r["agent"] == record.players[seat]
    assert set(r["labels"]) == set(LABELS)
    assert sum(r["labels"].values()) == len(r["decisions"]) > 0
    assert len(r["curve"]) == len(record.actions) + 1
    # every action is either a graded decision or a luck entry
    indices = sorted([d["index"] for d in r["decisions"]] + [x["index"] for x in r["luck"]])
    assert indices == list(range(len(record.actions)))
    for d in r["decisions"]:
        assert set(d) == {
            "index",
            "legal",
            "win_chance",
            "played",
            "best",
            "loss",
            "delta",
            "noise",
            "label",
            "luck",
            "equilibrium",
            "margin",
            "judge",
            "playout_loss",
            "playout_delta",
            "playout_label",
            "search",
        }
        # the expected score margin where the game is scored in points (Coatl), else none
        assert (d["margin"] is not None) == (record.game == "coatl")
        assert d["legal"] > 1
        # the playouts' grade is kept whichever judge graded the decision
        assert d["playout_delta"] == pytest.approx(d["win_chance"] - d["played"]["value"])
        assert d["playout_loss"] == max(0.0, d["playout_delta"])
        if d["best"][0]["move"] == d["played"]["move"]:
            assert d["playout_loss"] == 0 and d["win_chance"] == d["played"]["value"]
        assert d["playout_label"] == label(d["playout_loss"])
        # the grade: the equilibrium's for The Nine Domains' placements, the search's where the
        # budget has one (Exploding Kittens, Coatl), else the playouts'
        searched = "search" in r["budget"]
        assert (d["search"] is not None) == searched
        judge = "equilibrium" if d["equilibrium"] else "search" if searched else "playout"
        assert d["judge"] == judge
        if judge == "playout":
            assert (d["loss"], d["delta"]) == (d["playout_loss"], d["playout_delta"])
        elif judge == "search":
            s = d["search"]
            assert (d["loss"], d["delta"], d["label"]) == (s["loss"], s["delta"], s["label"])
            assert d["delta"] == s["best_value"] - s["value"]
            assert d["loss"] == max(0.0, d["delta"])
        else:
            assert d["loss"] == d["equilibrium"]["loss"] == max(0.0, d["delta"])
        assert d["label"] == label(d["loss"])
        assert 0 <= d["played"]["value"] <= 1
        for m in (d["played"], *d["best"]):
            assert set(m) == {"move", "value", "screening"}
    for x in r["luck"]:
        # another seat's move is named by its index and seat, never by what it was
        assert set(x) == {"index", "player", "kind", "before", "after", "luck"}
        assert x["kind"] == ("forced" if x["player"] == seat else "opponent")
        assert x["luck"] == pytest.approx(x["after"] - x["before"])


@pytest.mark.parametrize("game_id", GAMES)
def test_the_json_names_every_decision_and_every_move_between(game_id):
    record = _record(game_id)
    r = review_seat(record, 1, TINY[game_id]).to_json()
    _check_shape(json.loads(json.dumps(r)), record, 1)
    assert r["payoff"] == record.final_state().result().payoff(1)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_values_a_decision_shows_are_on_the_worlds_of_its_loss(game_id):
    """The best moves' values are their check values, on the same worlds as the played move's
    and the loss (not the screening values that chose them, which the winner's curse lifts): the
    gap between the best move and the played one is the playouts' loss (clipped at 0), the win
    chance is the best move's value, and a played move listed among the best has one value.
    This is the playouts' loss whichever judge graded (``playout_*``; Exploding Kittens' and
    Coatl's grade is the search's, checked by ``_check_shape``).
    Not vacuous: the screening values, kept beside, differ somewhere."""
    record = _record(game_id)
    screened_apart = 0
    for seat in (0, 1):
        r = json.loads(json.dumps(review_seat(record, seat, TINY[game_id]).to_json()))
        for d in r["decisions"]:
            best, played = d["best"][0], d["played"]
            assert d["playout_delta"] == best["value"] - played["value"]
            assert d["playout_loss"] == max(0.0, best["value"] - played["value"])
            assert d["win_chance"] == best["value"]
            for b in d["best"]:
                if b["move"] == played["move"]:
                    assert (b["value"], b["screening"]) == (played["value"], played["screening"])
            screened_apart += any(b["screening"] != b["value"] for b in d["best"])
    assert screened_apart > 0


def test_nine_domains_placements_are_graded_against_the_rounds_equilibrium():
    """From the seat's information set too: the grade from a re-dealt position is the same; the
    loss is the best row's value minus the placement's best completion; the equilibrium's rows
    keep the cards already down, with frequencies summing to 1."""
    record = _record("nine-domains")
    graded = 0
    for i, state, action in _decisions(record, 1):
        real = RoundGrader(1, 5).grade(state, action)
        if real is None:
            continue
        redealt = state.determinize(1, random.Random(77 + i))
        assert RoundGrader(1, 5).grade(redealt, action) == real
        assert real.loss == max(0.0, real.best_value - real.value)
        assert real.label == label(real.loss)
        assert sum(r.frequency for r in real.rows) <= 1 + 1e-9
        assert all(r.value <= real.best_value + 1e-12 for r in real.rows)
        placed = state.view(1)["players"][1]["placed"]
        for r in real.rows:
            assert all(c is None or r.row[k] == c for k, c in enumerate(placed))
        graded += 1
        if graded == 2:
            break
    assert graded == 2


def test_a_nine_domains_placement_is_graded_by_the_rounds_equilibrium():
    """The equilibrium grade is *the* grade of a placement (issue 22, item 3): its loss and
    label, and the seat's accuracy and mean loss from them; the playouts' grade stays beside it
    under ``playout_*``, and decisions the equilibrium does not grade keep the playouts'."""
    record = _record("nine-domains")
    budget = TINY["nine-domains"]
    review = review_seat(record, 1, budget, seed=4)
    by_index = {d.index: d for d in review.decisions}
    differ = playouts = 0
    rounds = RoundGrader(1, 4)  # one for the game, as the review's: a round is solved once
    for i, state, action in _decisions(record, 1):
        d = by_index[i]
        eq = rounds.grade(state, action)
        playout = grade_decision(Estimator(state.game, 1, budget, 4), state, i, action)
        assert (d.playout_loss, d.playout_delta, d.playout_label) == (
            playout.loss,
            playout.delta,
            playout.label,
        )
        if eq is None:  # not a placement: the playouts grade it
            assert d.judge == "playout" and d.equilibrium is None
            assert (d.loss, d.delta, d.label) == (playout.loss, playout.delta, playout.label)
            playouts += 1
            continue
        assert d.judge == "equilibrium" and d.equilibrium == eq
        assert (d.loss, d.label) == (eq.loss, eq.label)
        assert d.delta == eq.best_value - eq.value
        differ += eq.loss != playout.loss
    # not vacuous: the two judges disagree somewhere, and some decision is not a placement
    assert differ > 0 and playouts > 0
    losses = [d.loss for d in review.decisions]
    assert review.accuracy == accuracy(losses)
    assert review.mean_loss == pytest.approx(sum(losses) / len(losses))
    assert review.counts() == {x: sum(label(v) == x for v in losses) for x in LABELS}


def test_labels_by_loss():
    assert [label(x) for x in (0.0, 0.049, 0.05, 0.099, 0.10, 0.149, 0.15, 0.9)] == [
        "good",
        "good",
        "inaccuracy",
        "inaccuracy",
        "mistake",
        "mistake",
        "blunder",
        "blunder",
    ]


# -- the command line -----------------------------------------------------------------------
def _saved(tmp_path: Path, record: MatchRecord) -> Path:
    path = tmp_path / "match.json"
    record.save(path)
    return path


# the decimal separator a person reads in each language (pt-BR 82,0; en 82.0)
SEPARATOR = {"en": ".", "pt-BR": ","}


def _tenth(x: float, lang: str) -> str:
    """A share as the review's table must print it in ``lang``: a percentage to a tenth, a tie
    rounded up (as the browser's toFixed), the language's decimal separator."""
    shown = Decimal(100 * x).quantize(Decimal("0.1"), ROUND_HALF_UP)
    return f"{shown}%".replace(".", SEPARATOR[lang])


def _read(text: str, lang: str) -> float:
    """The number of a percentage printed in ``lang``: its decimal separator must be the
    language's (one, before a tenth), the other language's nowhere."""
    other = "," if lang == "en" else "."
    assert text.endswith("%") and other not in text, text
    assert text[-3] == SEPARATOR[lang], text
    return float(text[:-1].replace(SEPARATOR[lang], "."))


def test_cli_json(tmp_path):
    record = _record("sala-de-miaula")
    path = _saved(tmp_path, record)
    r = CliRunner().invoke(app, ["review", str(path), "--seat", "2", "--json", "--samples", "2"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    _check_shape(data, record, 1)
    assert data["budget"]["samples"] == 2


@pytest.mark.parametrize(
    ("lang", "words", "lines"),
    [
        (
            "en",
            ["Review of player 1", "decisions graded", "Accuracy"],
            [
                r"Accuracy: \d+\.\d · mean loss per decision: \d\.\d{3}",
                r"Summed move by move \(.*need not add up to the result\): luck [+-]?\d\.\d\d \(.*losses \d+\.\d\d",
                r"mean standard error\): \d\.\d{3}",
            ],
        ),
        (
            "pt-BR",
            ["Análise do jogador 1", "decisões avaliadas", "Precisão"],
            [
                r"Precisão: \d+,\d · perda média por decisão: \d,\d{3}",
                r"Somados lance a lance \(.*não precisam fechar com o resultado\): sorte [+-]?\d,\d\d \(.*perdas \d+,\d\d",
                r"erro padrão médio\): \d,\d{3}",
            ],
        ),
    ],
)
def test_cli_table_in_both_languages(tmp_path, lang, words, lines):
    """The words in the language asked for, and the summary's numbers written as it writes
    them: a decimal comma in pt-BR, a point in en."""
    path = _saved(tmp_path, _record("sala-de-miaula"))
    r = CliRunner().invoke(
        app, ["review", str(path), "--seat", "1", "--samples", "2", "--lang", lang]
    )
    assert r.exit_code == 0, r.output
    for w in words:
        assert w in r.output
    text = " ".join(r.output.split())
    for line in lines:
        assert re.search(line, text), (line, text)


@pytest.mark.parametrize(
    ("lang", "note"),
    [
        ("en", "on the same sampled worlds: best − played (0 where below) is the playouts' loss"),
        ("pt-BR", "nos mesmos mundos sorteados: melhor − jogado (0 se abaixo) é a perda"),
    ],
)
def test_cli_rows_show_two_values_whose_gap_is_the_loss(tmp_path, monkeypatch, lang, note):
    """Each decision's row shows the played and the best move's values on the same worlds, to a
    tenth of a percent, and the loss in the same unit: the gap between the two values shown is
    the loss shown (to the rounding); the table says so in both languages."""
    path = _saved(tmp_path, _record("sala-de-miaula"))
    # graded by the playouts (--search 0; the search's rows: the test below)
    args = ["review", str(path), "--seat", "2", "--samples", "3", "--search", "0"]
    r = CliRunner().invoke(app, [*args, "--json"])
    assert r.exit_code == 0, r.output
    decisions = json.loads(r.output)["decisions"]
    assert {d["judge"] for d in decisions} == {"playout"}
    monkeypatch.setattr(console, "_width", 400)  # a row on one line
    r = CliRunner().invoke(app, [*args, "--lang", lang])
    assert r.exit_code == 0, r.output
    rows = {}
    for line in r.output.splitlines():
        cells = [c.strip() for c in line.strip("│").split("│")]
        if line.startswith("│") and cells[0].isdigit():
            rows[int(cells[0])] = cells
    assert sorted(rows) == [d["index"] + 1 for d in decisions]
    gaps = 0
    for d in decisions:
        cells = rows[d["index"] + 1]
        chance, played, best, loss = cells[2], cells[3], cells[4], cells[5]
        assert chance == _tenth(d["win_chance"], lang)
        assert played == _tenth(d["played"]["value"], lang)
        assert best.endswith(f"({_tenth(d['best'][0]['value'], lang)})")
        assert loss == _tenth(d["loss"], lang)
        shown_played, shown_best = _read(played, lang), _read(best.rsplit("(", 1)[1][:-1], lang)
        assert shown_best == _read(chance, lang)
        assert max(0.0, shown_best - shown_played) == pytest.approx(_read(loss, lang), abs=0.11)
        gaps += shown_best != shown_played
    assert gaps > 0  # not vacuous: some decision shows two different values
    assert note in " ".join(r.output.split())


def _rows(text: str) -> dict[int, list[str]]:
    """A printed review table's decision rows by move number, their cells stripped."""
    rows = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip("│").split("│")]
        if line.startswith("│") and cells[0].isdigit():
            rows[int(cells[0])] = cells
    return rows


@pytest.mark.parametrize(
    ("lang", "note"),
    [
        ("en", "valued by a second search (best − played is the loss)"),
        ("pt-BR", "valorados por uma segunda busca (melhor − jogado é a perda)"),
    ],
)
def test_cli_rows_of_search_graded_decisions_show_the_searchs_values(monkeypatch, lang, note):
    """A decision graded by the search judge (Exploding Kittens) shows the search's values: the
    search's best move and its mean, the played move's mean, both from the second search, so
    their gap is the loss shown; the playouts' loss and grade beside, as for the equilibrium."""
    record = _record("exploding-kittens")
    review = review_seat(record, 0, TINY["exploding-kittens"], seed=2)
    game = record.get_game()
    monkeypatch.setattr(console, "_width", 400)  # a row on one line
    with console.capture() as out:
        print_review(review, game, lang)
    text = out.get()
    rows = _rows(text)
    assert sorted(rows) == [d.index + 1 for d in review.decisions]
    gaps = other_values = 0
    for d in review.decisions:
        s = d.search
        assert d.judge == "search" and s is not None
        cells = rows[d.index + 1]
        chance, played, best, loss, playout = cells[2], cells[3], cells[4], cells[5], cells[7]
        # the win chance is the graph's (the playouts'), as the browser's table shows it
        assert chance == _tenth(d.win_chance, lang)
        assert played == _tenth(s.value, lang)
        said = game.describe_action(game.action_from_json(s.best), lang)
        assert best == f"{said} ({_tenth(s.best_value, lang)})"
        assert loss == _tenth(d.loss, lang)
        shown_played, shown_best = _read(played, lang), _read(best.rsplit("(", 1)[1][:-1], lang)
        assert max(0.0, shown_best - shown_played) == pytest.approx(_read(loss, lang), abs=0.11)
        words = msg(f"review.label.{d.playout_label}", lang)
        assert playout == f"{_tenth(d.playout_loss, lang)} {words}"
        gaps += shown_best != shown_played
        other_values += (s.value, s.best_value) != (d.played.value, d.best[0].value)
    # not vacuous: some search loses value, and its values are not the playouts'
    assert gaps > 0 and other_values > 0
    assert note in " ".join(text.split())


@pytest.mark.parametrize("game_id", ["exploding-kittens", "coatl", "sala-de-miaula"])
def test_every_game_but_the_nine_domains_is_graded_by_search_by_default(game_id):
    """Exploding Kittens', Coatl's and Sala de Miaula's default budgets have the search judge
    (budgets.toml), so their default review grades every decision by it, on the site too with
    its tiny test budget (the search as tiny); a hint never searches (it must be quick)."""
    from ludoteca.server.config import Settings
    from ludoteca.server.review_runs import review_budget

    budget = default_budget(game_id)
    assert (budget.search, budget.search_rollout) == (200, "heuristic")
    assert budget.to_json()["search"] == 200
    assert hint_budget(game_id).search is None
    site = Settings(review_samples=2)
    tiny = review_budget(game_id, site)
    assert (tiny.samples, tiny.search) == (2, 2)
    review = review_seat(_record(game_id), 1, tiny)
    assert review.decisions and all(d.judge == "search" for d in review.decisions)


def test_the_nine_domains_is_not_graded_by_search_by_default():
    """The Nine Domains keeps its judges (its placements by the round's equilibrium, the rest
    by the playouts): its budget has no search, on the site neither."""
    from ludoteca.server.config import Settings
    from ludoteca.server.review_runs import review_budget

    assert default_budget("nine-domains").search is None
    assert "search" not in review_budget("nine-domains", Settings(review_samples=2)).to_json()


@pytest.mark.parametrize(("search", "judges"), [("0", {"playout"}), ("4", {"search"})])
def test_cli_search_option_sets_the_judge(tmp_path, search, judges):
    """``--search 0`` grades by the playouts, ``--search N`` by an N-iteration search, for one
    seat and for a simulation's games."""
    path = _saved(tmp_path, _record("sala-de-miaula"))
    r = CliRunner().invoke(
        app, ["review", str(path), "--seat", "1", "--samples", "2", "--search", search, "--json"]
    )
    assert r.exit_code == 0, r.output
    review = json.loads(r.output)
    assert {d["judge"] for d in review["decisions"]} == judges
    assert review["budget"].get("search") == (int(search) or None)
    r = CliRunner().invoke(app, ["review", str(path), "--seat", "1", "--search", "-1"])
    assert r.exit_code != 0 and "--search" in r.output


def test_cli_refuses_a_running_game(tmp_path):
    record = _record("sala-de-miaula")
    record.actions = record.actions[:3]
    r = CliRunner().invoke(app, ["review", str(_saved(tmp_path, record)), "--seat", "1"])
    assert r.exit_code == 2
    assert "not over" in r.output


def test_cli_reviews_a_simulation_per_agent(tmp_path):
    out = tmp_path / "games.jsonl"
    lines = [
        json.dumps({"record": play_one("sala-de-miaula", 2, s, 7, i).record})
        for i, s in enumerate([["random", "heuristic"], ["heuristic", "random"]])
    ]
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    r = CliRunner().invoke(app, ["review", str(out), "--samples", "2", "--lang", "pt-BR"])
    assert r.exit_code == 0, r.output
    assert "random" in r.output and "heuristic" in r.output
    assert re.search(r"4 lugares analisados em \d+,\d s", r.output), r.output
    # each agent's row in pt-BR's writing: a decimal comma, the interval's ends apart by a dash
    rows = [line for line in r.output.splitlines() if re.match(r"│ (random|heuristic) ", line)]
    assert len(rows) == 2, r.output
    for row in rows:
        loss, acc = [c.strip() for c in row.strip("│").split("│")][3:5]
        assert re.fullmatch(r"-?\d,\d{3} \[-?\d,\d{3} – -?\d,\d{3}\]", loss), row
        assert re.fullmatch(r"\d+,\d \[\d+,\d – \d+,\d\]", acc), row


def test_grades_per_agent_pool_the_unclipped_differences():
    """Mean loss per decision is the pooled mean of ``delta`` (the unclipped differences, which
    the review's noise does not raise), accuracy the mean of the games', clipped to [0, 100]."""

    def review(agent, deltas, acc):
        return {
            "agent": agent,
            "decisions": [{}] * len(deltas),
            "total_delta": sum(deltas),
            "total_loss": sum(max(0.0, d) for d in deltas),
            "accuracy": acc,
        }

    rows = [
        review("a", [0.1, -0.1, 0.3], 99.0),
        review("a", [0.2], 20.0),
        review("b", [0.0, 0.0], 100.0),
        review("b", [0.0], 100.0),
        review("c", [], 50.0),  # no decision graded: left out
    ]
    a, b = sorted(grades_by_agent(rows), key=lambda g: g.agent)
    assert (a.agent, a.reviews, a.decisions) == ("a", 2, 4)
    assert a.mean_loss == pytest.approx(0.5 / 4)
    assert a.loss_interval[0] < a.mean_loss < a.loss_interval[1]
    assert a.accuracy == pytest.approx(59.5) and a.accuracy_interval[1] <= 100
    assert b.mean_loss == 0 and b.loss_interval == (0, 0) and b.accuracy_interval == (100, 100)
    assert [g.agent for g in grades_by_agent(rows)] == ["b", "a"]  # best accuracy first


@pytest.mark.parametrize("game_id", ["sala-de-miaula", "coatl"])
def test_the_graph_runs_through_every_decisions_point(game_id):
    """The graph's line passes through each decision's point (its win chance) and elsewhere
    through the positions' values the luck is measured on. Not vacuous: the two estimates of a
    decision's position differ somewhere, so a line of ``curve`` alone would miss the point."""
    review = review_seat(_record(game_id), 1, TINY[game_id], seed=3)
    shown = review.graph()
    at = {d.index: d.win_chance for d in review.decisions}
    assert len(shown) == len(review.curve)
    assert all(shown[k] == at.get(k, c) for k, c in enumerate(review.curve))
    assert any(review.curve[k] != w for k, w in at.items())


def test_cli_plot_writes_the_win_chance_graph(tmp_path):
    path = _saved(tmp_path, _record("sala-de-miaula"))
    png = tmp_path / "wc.png"
    r = CliRunner().invoke(
        app, ["review", str(path), "--seat", "1", "--samples", "2", "--plot", str(png)]
    )
    assert r.exit_code == 0, r.output
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_stored_reviews_are_keyed_by_their_games_review_format(monkeypatch):
    """The server stores a review under the game's review format, so a stored review of an
    older format is recomputed rather than served with the old fields: every game's went up when
    the best moves' values became their check values (2; The Nine Domains 3, its format 2 being
    the placements graded by the equilibrium), and again when the playouts moved into the
    compiled cores and the judges changed (3; The Nine Domains 4), Exploding Kittens', Coatl's
    and Sala de Miaula's when the search judge became their default (4), and the review's JSON
    says its format."""
    from ludoteca.review import seat_review
    from ludoteca.server.review_runs import review_version

    budget = TINY["sala-de-miaula"]
    keys = {g: review_version(g, budget) for g in GAMES}
    # every game at 4 now: The Nine Domains since its equilibrium grades, the others since the
    # search judge grades them
    assert all(k.startswith("4-") for k in keys.values())
    # the same budget and seed: the same key but for the format; a game whose format goes up
    # (its grades changed) gets another key, the others keep theirs
    assert len({k[2:] for k in keys.values()}) == 1
    monkeypatch.setitem(seat_review.GAME_FORMATS, "coatl", 5)
    assert review_version("coatl", budget) == "5-" + keys["coatl"][2:]
    assert review_version("sala-de-miaula", budget) == keys["sala-de-miaula"]
    record = _record("sala-de-miaula")
    assert review_seat(record, 0, budget).to_json()["format"] == 4


def test_cli_percentages_round_a_tie_up_as_the_browser_does():
    """The printed table rounds as review.js does (toFixed, Math.round: a tie up), so the two
    show the same numbers: 0.0625 printed 6.2% (half to even) where the browser showed 6.3%."""
    assert [_pct1(x, "en") for x in (0.0625, 0.3125, 0.5625, 1 / 3, 0.0)] == [
        "6.3%",
        "31.3%",
        "56.3%",
        "33.3%",
        "0.0%",
    ]
    assert [_pct(x, "en") for x in (0.625, 0.125, 0.0, 1.0, None)] == [
        "63%",
        "13%",
        "0%",
        "100%",
        "—",
    ]


def test_cli_numbers_use_the_languages_decimal_separator_and_never_a_negative_zero():
    """The review's numbers are written as the reader's language writes them (pt-BR 82,0 and
    6,3%, as the browser's page; en 82.0 and 6.3%), and a value that rounds to zero is 0.0, never
    -0.0 (a tiny negative delta, a margin of -0.04)."""
    assert [_pct1(x, "pt-BR") for x in (0.0625, 1 / 3, 0.82)] == ["6,3%", "33,3%", "82,0%"]
    assert number(82.0, 1, "pt-BR") == "82,0" and number(82.0, 1, "en") == "82.0"
    assert number(0.0213, 3, "pt-BR") == "0,021"
    for lang, zero in (("en", "0.0"), ("pt-BR", "0,0")):
        assert _pct1(-0.0004, lang) == f"{zero}%"
        assert number(-0.04, 1, lang) == zero
        assert number(-0.04, 1, lang, signed=True) == zero
        assert number(-0.001, 2, lang, signed=True) == f"{zero}0"
        assert _pct(-0.004, lang) == "0%"
    # a value that does not round to zero keeps its sign
    assert number(-0.3, 2, "pt-BR", signed=True) == "-0,30"
    assert number(0.3, 2, "pt-BR", signed=True) == "+0,30"
    assert number(-0.05, 1, "en") == "-0.1"  # a tie away from zero, as toFixed
