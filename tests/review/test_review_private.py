"""Only what the seat knew (issue 22, item 2), as a property over the review's JSON: a seat's
review, which anyone may read once the game is over (a spectator, an opponent), names no move
but the seat's own legal ones at its decisions, and every other move only by its index, its
seat and the seat's win chance around it; so no string in it comes from another seat's hand.
A practice hint, too, reads only the seat's information set."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from ludoteca.engine import MatchRecord
from ludoteca.review import LABELS, review_seat
from ludoteca.review.hint import best_moves
from ludoteca.review.jobs import read_progress, review_job
from ludoteca.review.seat_review import JUDGES
from ludoteca.sim.runner import play_one

from .test_review import GAMES, TINY


def _strings(x: Any) -> set[str]:
    if isinstance(x, str):
        return {x}
    if isinstance(x, dict):
        return set().union(*(_strings(k) | _strings(v) for k, v in x.items())) if x else set()
    if isinstance(x, list):
        return set().union(*map(_strings, x)) if x else set()
    return set()


def _own_legal(record: MatchRecord, seat: int) -> dict[int, list[dict[str, Any]]]:
    """The seat's legal moves (as JSON) at each of its decisions, by record index."""
    game = record.get_game()
    state = record.initial_state()
    out = {}
    for i, (p, data) in enumerate(record.actions):
        if p == seat:
            out[i] = [a.to_json() for a in state.legal_actions(seat)]
        state.apply(p, game.action_from_record(data, record.rules_version))
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_a_seats_review_holds_nothing_of_other_hands(game_id: str) -> None:
    index = 1
    record = MatchRecord.from_json(play_one(game_id, 2, ["random", "heuristic"], 11, index).record)
    for seat in (0, 1):
        r = review_seat(record, seat, TINY[game_id], seed=index).to_json()
        legal = _own_legal(record, seat)
        allowed = _strings(list(legal.values()))
        for d in r["decisions"]:
            # its own moves, among those it could make then
            assert record.actions[d["index"]][0] == seat
            assert d["played"]["move"] in legal[d["index"]]
            assert all(b["move"] in legal[d["index"]] for b in d["best"])
        for x in r["luck"]:
            # another seat's move: who and when, and the seat's chances around it; no move
            assert set(x) == {"index", "player", "kind", "before", "after", "luck"}
            assert all(isinstance(x[k], int | float) for k in x if k != "kind")
        # every word of the review: the game, the seat's agent, the budget's rollouts and
        # reward, the labels, kinds and judges, or a string of the seat's own legal moves
        fixed = {r["game"], r["agent"], r["budget"]["rollout"], r["budget"]["reward"]}
        fixed.add(r["budget"].get("search_rollout", r["budget"]["rollout"]))
        fixed |= {"opponent", "forced", *LABELS}
        fixed |= set(JUDGES)
        extra = _strings(r) - fixed - allowed
        keys = _strings({k: None for k in _keys(r)})
        assert extra <= keys, extra - keys


def _keys(x: Any) -> set[str]:
    """Every key of every object in ``x`` (the JSON's field names)."""
    if isinstance(x, dict):
        return set(x).union(*(_keys(v) for v in x.values())) if x else set()
    if isinstance(x, list):
        return set().union(*map(_keys, x)) if x else set()
    return set()


@pytest.mark.parametrize("game_id", ["exploding-kittens", "sala-de-miaula"])
def test_a_hint_reads_only_the_seats_information(game_id: str) -> None:
    """A practice hint from the real position and from a re-deal of what the seat could not
    see names the same moves with the same values; the moves are the seat's legal ones."""
    record = MatchRecord.from_json(play_one(game_id, 2, ["random", "heuristic"], 11, 0).record)
    game = record.get_game()
    state = record.initial_state()
    checked = 0
    for i, (p, data) in enumerate(record.actions):
        legal = state.legal_actions(p)
        if len(legal) > 1 and checked < 2:
            redealt = state.determinize(p, random.Random(500 + i))
            real = best_moves(state, p, TINY[game_id], 3)
            assert real == best_moves(redealt, p, TINY[game_id], 3)
            assert real and all(a in legal for a, _ in real)
            checked += 1
        state.apply(p, game.action_from_record(data, record.rules_version))
    assert checked == 2


def test_a_reviews_progress_is_written_for_the_server(tmp_path: Path) -> None:
    """The worker's job writes ``done total`` where the server reads it, ending at the whole."""
    record = play_one("sala-de-miaula", 2, ["random", "heuristic"], 11, 0).record
    where = tmp_path / "p.progress"
    assert read_progress(where) is None
    got = review_job(record, 0, 0, TINY["sala-de-miaula"].to_json(), str(where))
    total = len(record["actions"])
    assert read_progress(where) == (total, total)
    assert got == review_seat(MatchRecord.from_json(record), 0, TINY["sala-de-miaula"]).to_json()
