"""Coatl's JSON names things in words, and what rules version 1 saved (integers) still replays.

The fixtures in data/ were saved by rules version 1, before the JSON changed: each holds a match
record, the action code and the English sentences of every step (the action and each event, with
who could see it), and the state JSON at some steps. Converted on load, they must replay to the
very same game: same codes, same sentences, same states, same result.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from ludoteca.engine import DataError, InvalidAction, MatchRecord
from ludoteca.games.coatl import GAME
from ludoteca.games.coatl.actions import AddPiece, PerfectPick, TakePieces
from ludoteca.games.coatl.constants import BODY
from ludoteca.games.coatl.state import CoatlState

from .helpers import P, T, give_pieces, pieces, started

DATA = Path(__file__).parent / "data"
FIXTURES = sorted(DATA.glob("coatl-v1-*.json"))


def _said(events: list[Any]) -> list[list[Any]]:
    return [
        [sorted(e.to) if e.to is not None else None, GAME.describe_event(e, "en")] for e in events
    ]


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_version_1_records_replay_bit_for_bit(path: Path) -> None:
    fx = json.loads(path.read_text(encoding="utf-8"))
    assert fx["record"]["rules_version"] == "1"
    record = MatchRecord.from_json(fx["record"])
    assert record.rules_version == GAME.rules_version and record.meta["converted_from"] == "1"
    state = record.initial_state()
    for i, (p, aj) in enumerate(record.actions):
        action = GAME.action_from_json(aj)
        assert GAME.encode(action) == fx["codes"][i]
        assert GAME.describe_action(action, "en") == fx["said"][i]["action"]
        assert _said(state.apply(p, action)) == fx["said"][i]["events"], f"step {i}"
        old = fx["states"].get(str(i + 1))
        if old is not None:
            assert GAME.state_from_json(old).to_json() == state.to_json(), f"state {i + 1}"
    assert state.is_over and state.result().to_json() == fx["record"]["result"]
    # the engine's own replay of the same record agrees
    final = record.final_state()
    assert final.to_json() == state.to_json()
    assert len(fx["states"]) >= 3


def test_every_action_type_is_in_the_old_records() -> None:
    """So the conversion above is tried on every kind of action (choose_temple and pass too)."""
    seen = {
        a["type"]
        for path in FIXTURES
        for _, a in json.loads(path.read_text(encoding="utf-8"))["record"]["actions"]
    }
    assert seen == {a.TYPE for a in GAME.action_space.actions}


def test_a_version_1_action_is_refused_under_version_2() -> None:
    """Integers are only read from a record that says it is version 1."""
    with pytest.raises(InvalidAction):
        GAME.action_from_json({"type": "take_pieces", "space": 7})
    assert GAME.action_from_record({"type": "take_pieces", "space": 7}, "1") == TakePieces(7)
    with pytest.raises(DataError, match="rules version 0"):
        GAME.action_from_record({"type": "take_pieces", "space": 7}, "0")


def test_the_action_json_names_pieces_cards_and_ends() -> None:
    assert AddPiece(1, P("bR"), 1).to_json() == {
        "type": "add_piece",
        "coatl": 1,
        "piece": "red_body",
        "end": "back",
    }
    assert TakePieces(7).to_json() == {"type": "take_pieces", "row": "heads", "index": 1}
    assert TakePieces(0).to_json() == {"type": "take_pieces", "row": "bodies", "index": 0}
    assert PerfectPick(BODY, (1, 4)).to_json() == {
        "type": "perfect_pick",
        "kind": "body",
        "colours": ["red", "blue"],
    }
    attach = GAME.action_from_json(
        {"type": "attach_prophecy", "coatl": 0, "prophecy": "colour-count-y"}
    )
    assert attach.prophecy == T("colour-count-y")  # type: ignore[attr-defined]
    for a in GAME.action_space.actions:  # every action reads back from its JSON
        assert GAME.action_from_json(json.loads(json.dumps(a.to_json()))) is a


def test_state_view_and_events_hold_words_not_codes() -> None:
    s = started(3, seed=4)
    rng = random.Random(3)
    kinds: set[str] = set()
    for _ in range(200):
        if s.is_over:
            break
        p = s.actors[0]
        for e in s.apply(p, rng.choice(s.legal_actions(p))):
            kinds.add(e.kind)
            for key in ("piece", "prophecy", "temple", "end", "row"):
                if key in e.data:
                    assert isinstance(e.data[key], str), (e.kind, key)
            for key in ("pieces", "cards", "discarded"):
                assert all(isinstance(x, str) for x in e.data.get(key, ())), (e.kind, key)
    assert {"took_pieces", "started_coatl", "added_piece"} <= kinds
    d = s.to_json()
    assert isinstance(d["phase"], str) and set(d["bags"]) == {"head", "body", "tail"}
    assert set(d["bags"]["body"]) == {"yellow", "red", "black", "green", "blue"}
    assert all(isinstance(c, str) or c is None for c in d["supply"]["heads"])
    assert all(isinstance(t, str) for t in d["deck"])
    v = s.view(0)
    for pl in v["players"]:
        assert all(isinstance(x, str) for x in pl["board"])
        assert set(pl["tokens"]) == {"perfect_pick", "vision", "promise"}
        for c in pl["coatls"]:
            assert all(isinstance(x, str) for x in c["pieces"])
    assert all(isinstance(t, str) for t in v["players"][0]["hand"])
    assert all(p["top"] is None or isinstance(p["top"], str) for p in v["piles"])


def test_a_state_with_an_unknown_word_is_refused() -> None:
    d = started(2).to_json()
    d["players"][0]["board"] = ["purple_body"]
    with pytest.raises(DataError, match="purple_body"):
        GAME.state_from_json(d)
    d = started(2).to_json()
    d["phase"] = "dancing"
    with pytest.raises(DataError):
        GAME.state_from_json(d)


def test_a_players_cards_and_pieces_load_in_any_order() -> None:
    """Board, hand, shown Prophecies, Temples and promised Temples are multisets: written in any
    order, a state loads in the rules' order and keeps its own invariants."""
    s = started(3, seed=4)
    give_pieces(s, 0, pieces("tB bR hY bK"))
    pl = s.players[0]
    pl.shown = pl.hand[:2]
    pl.temples = sorted([*pl.temples, s.piles[0].pop()])
    pl.promised = sorted([s.piles[1].pop(), s.piles[1].pop()])
    s.check_invariants()
    saved = s.to_json()
    shuffled = json.loads(json.dumps(saved))
    mine = shuffled["players"][0]
    for key in ("board", "hand", "shown", "temples", "promised"):
        assert len(set(mine[key])) > 1, key  # each list has an order to get wrong
        mine[key] = mine[key][::-1]
    loaded = GAME.state_from_json(shuffled)
    loaded.check_invariants()
    assert loaded.to_json() == saved
    assert GAME.state_from_json(saved).to_json() == saved


def test_a_version_1_state_json_loads() -> None:
    old = json.loads(FIXTURES[0].read_text(encoding="utf-8"))["states"]
    first = old[min(old, key=int)]
    assert isinstance(first["phase"], int)
    s = GAME.state_from_json(first)
    assert isinstance(s, CoatlState) and isinstance(s.to_json()["phase"], str)
    s.check_invariants()
