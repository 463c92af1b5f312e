"""Only what the seat knew (issue 22, item 2), as a property over the review's JSON: a seat's
review, which anyone may read once the game is over (a spectator, an opponent), names no move
but the seat's own legal ones at its decisions, and every other move only by its index, its
seat and the seat's win chance around it; so no string in it comes from another seat's hand."""

from __future__ import annotations

from typing import Any

import pytest

from ludoteca.engine import MatchRecord
from ludoteca.review import LABELS, review_seat
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
        # every word of the review: the game, the seat's agent, the budget's rollout, the
        # labels and kinds, or a string of the seat's own legal moves
        fixed = {r["game"], r["agent"], r["budget"]["rollout"], "opponent", "forced", *LABELS}
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
