"""The JSON of actions and states in words, and games saved before (rules version 2, integers)
still loading and replaying bit for bit. The fixtures in data/ were written by the old code
(data/README.md says how)."""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from ludoteca import DataError, InvalidAction
from ludoteca.engine.match import MatchRecord
from ludoteca.games.exploding_kittens import GAME
from ludoteca.games.exploding_kittens import actions as A
from ludoteca.games.exploding_kittens.cards import CODE, KEYS
from ludoteca.games.exploding_kittens.state import EKState

from .helpers import play, setup

DATA = Path(__file__).parent / "data"
OLD_FIELDS = {"pk", "hn", "hk", "ak", "ai", "lmask", "pend", "pcard", "tturns", "cur", "owed"}


@cache
def _load(name: str) -> Any:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def dump(x: Any) -> str:
    return json.dumps(x, sort_keys=True)


def _now(old_state: dict[str, Any]) -> str:
    """A version-2 state JSON as today writes it."""
    return dump(GAME.state_from_json(old_state).to_json())


# -- today's words ---------------------------------------------------------------------------
def test_actions_name_their_cards() -> None:
    assert A.PLAY[CODE["skip"]].to_json() == {"type": "play", "card": "skip"}
    assert A.PLAY[CODE["super_skip"]].to_json() == {"type": "play", "card": "super_skip"}
    assert A.TRIPLE_W[CODE["cat_red"], 2].to_json() == {
        "type": "triple",
        "card": "cat_red",
        "wilds": 2,
    }
    assert A.TARGET[3].to_json() == {"type": "target", "player": 3}
    assert A.DEFUSE_AT[4].to_json() == {"type": "defuse", "position": 4}
    assert GAME.action_from_json({"type": "give", "card": "nope"}) == A.GIVE[CODE["nope"]]
    for a in GAME.action_space.actions:
        data = a.to_json()
        if "card" in data:
            assert data["card"] == KEYS[a.card]  # type: ignore[attr-defined]
        assert all(
            not isinstance(v, int) or k in ("player", "position", "wilds") for k, v in data.items()
        )


def _words_only(x: Any, where: str = "") -> None:
    """No card, phase or marker in the JSON is a bare integer."""
    if isinstance(x, dict):
        for k, v in x.items():
            assert k not in OLD_FIELDS, f"{where}.{k}: an old integer field"
            if k in ("card", "name", "phase", "kind") and v is not None:
                assert isinstance(v, str), f"{where}.{k} = {v!r} is not a word"
            _words_only(v, f"{where}.{k}")
    elif isinstance(x, list):
        for i, v in enumerate(x):
            _words_only(v, f"{where}[{i}]")


def test_the_state_json_reads_as_words() -> None:
    st = setup(3, {0: ["targeted_attack", "nope"], 1: ["nope", "cat_red"]}, None)
    st.pk[-1] = 0b101
    st.hk[2] = [0 * 32 + CODE["nope"]]
    play(st, "targeted_attack", target=1)
    st.apply(1, A.NOPE_ACT)
    d = st.to_json()
    _words_only(d)
    assert d["phase"] == "window"
    assert d["hands"][0] == {"nope": 1}
    assert d["pile"][0] == {"card": "skip", "known_by": [0, 2]}, "the pile is listed from the top"
    assert d["known_hands"][2] == [{"seat": 0, "card": "nope"}]
    assert d["pending"]["kind"] == "play" and d["pending"]["card"] == "targeted_attack"
    assert d["pending"]["target"] == 1
    assert d["window"] == {"answered": [1], "asked_nope": [1]}
    back = GAME.state_from_json(json.loads(dump(d)))
    assert dump(back.to_json()) == dump(d)


def test_random_states_read_as_words_and_round_trip() -> None:
    for seed in range(12):
        rng = random.Random(seed)
        options = {
            "bury_anywhere": seed % 2 == 0,
            "five_card_combo": ("different", "identical")[seed % 3 == 0],
        }
        st = GAME.new_game(2 + seed % 9, seed, options)
        while not st.is_over:
            if rng.random() < 0.2:
                d = st.to_json()
                _words_only(d)
                assert dump(GAME.state_from_json(json.loads(dump(d))).to_json()) == dump(d)
            p = rng.choice(st.actors)
            st.apply(p, rng.choice(st.legal_actions(p)))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["hands"][0].update({"joker": 1}), "not a card"),
        (lambda d: d.update(phase="lunch"), "lunch"),
        (lambda d: d.update(current=7), "not a seat"),
        (lambda d: d["pile"][0].update(known_by=[9]), "not a seat"),
        (lambda d: d.update(alive=[True]), "one entry per seat"),
        (lambda d: d.pop("discard"), "discard"),
        (lambda d: d.update(direction=2), "direction"),
        (lambda d: d.update(turns="many"), "not an integer"),
    ],
)
def test_a_broken_state_json_is_a_clear_error(change: Any, message: str) -> None:
    d = json.loads(dump(GAME.new_game(3, 1, {}).to_json()))
    change(d)
    with pytest.raises(DataError, match=message):
        GAME.state_from_json(d)


def test_a_state_json_that_is_not_an_object_is_refused() -> None:
    with pytest.raises(DataError, match="object"):
        GAME.state_from_json([1, 2])  # type: ignore[arg-type]


# -- version 2, saved before the change ---------------------------------------------------------
# version 2's catalog: new cards are appended to cards.toml, so these keep their numbers
V2_KEYS = KEYS[:25]


def test_every_old_action_reads_as_the_same_action() -> None:
    old = _load("action_space_v2.json")
    space = GAME.action_space
    seen = set()
    for data in old["actions"]:
        words = {k: (V2_KEYS[v] if k == "card" else v) for k, v in data.items()}
        a = GAME.action_from_record(data, "2")
        assert a.to_json() == words, f"old {data} is not {a}"
        assert GAME.upgrade_action(data, "2") == words
        seen.add(a)
    # and every action of today that names no card added since was an action of version 2
    for a in space.actions:
        if a.to_json().get("card", "defuse") in V2_KEYS:
            assert a in seen, f"{a} is new, yet names only version 2's cards"
    assert GAME.action_from_record(old["extra"][0], "2") == A.EXPLODE
    assert GAME.upgrade_action({"type": "play", "card": 17}, "3") == {"type": "play", "card": 17}


@pytest.mark.parametrize("i", range(6))
def test_an_old_record_replays_bit_for_bit(i: int) -> None:
    """The record converts on load (rules version 3, the old version kept in meta), and
    replaying it gives, action by action, the very events, views and states of the old code."""
    saved = _load("records_v2.json")[i]
    assert saved["record"]["rules_version"] == "2"
    rec = MatchRecord.from_json(saved["record"])
    assert rec.rules_version == GAME.rules_version == "3"
    assert rec.meta["converted_from"] == "2"
    assert all(isinstance(a.get("card", ""), str) for _, a in rec.actions)
    n = rec.num_players
    steps = saved["steps"]
    state: EKState | None = None
    for step in rec.steps():
        old = steps[step.index]
        assert [e.to_json() for e in step.events] == old["events"], f"events of action {step.index}"
        if "state" in old:
            assert dump(step.state.to_json()) == _now(old["state"]), f"state after {step.index}"
            assert [step.state.view(q) for q in (None, 0, 1)] == old["views"]
        state = step.state  # type: ignore[assignment]
    assert state is not None and state.is_over
    assert dump(state.to_json()) == _now(saved["final_state"])
    assert [state.view(q) for q in (None, 0, 1)] == saved["final_views"]
    assert state.result().to_json() == saved["record"]["result"]
    assert n == saved["record"]["num_players"]


def test_an_old_record_file_loads_and_saves_in_todays_words(tmp_path: Path) -> None:
    saved = _load("records_v2.json")[1]
    path = tmp_path / "old.json"
    path.write_text(json.dumps(saved["record"]), encoding="utf-8")
    rec = MatchRecord.load(path)
    assert dump(rec.final_state().to_json()) == _now(saved["final_state"])
    rec.save(tmp_path / "new.json")
    again = MatchRecord.load(tmp_path / "new.json")
    assert again.rules_version == "3" and again.actions == rec.actions
    assert dump(again.final_state().to_json()) == _now(saved["final_state"])


def test_an_old_stored_state_loads_and_plays_on_to_the_same_end() -> None:
    """A state JSON written by version 2 mid-game, reloaded today, plays the rest of the record
    to the same end."""
    saved = _load("records_v2.json")[4]
    rec = MatchRecord.from_json(saved["record"])
    cuts = [i for i, s in enumerate(saved["steps"]) if "state" in s]
    assert len(cuts) >= 3
    for cut in cuts:
        st = GAME.state_from_json(saved["steps"][cut]["state"])
        assert [st.view(q) for q in (None, 0, 1)] == saved["steps"][cut]["views"]
        for p, aj in rec.actions[cut + 1 :]:
            st.apply(p, GAME.action_from_json(aj))
        assert dump(st.to_json()) == _now(saved["final_state"])


def test_a_record_of_unknown_rules_is_still_refused() -> None:
    data = dict(_load("records_v2.json")[0]["record"], rules_version="1")
    with pytest.raises(DataError, match="rules version 1"):
        MatchRecord.from_json(data).final_state()


def test_seeded_random_games_end_as_they_did_under_version_2() -> None:
    """Sixty seeded random games (2..10 players, every option) played today end with the same
    decisions, result and final state as under the old code: the layout and format changes
    changed no rule, no legal-move order and no draw of the generator."""
    for g in _load("random_games_v2.json"):
        rng = random.Random(g["seed"])
        st = GAME.new_game(g["players"], g["seed"], g["options"])
        decisions = 0
        while not st.is_over:
            p = rng.choice(st.actors)
            st.apply(p, rng.choice(st.legal_actions(p)))
            decisions += 1
        where = f"game seed {g['seed']}, {g['players']} players"
        assert decisions == g["decisions"], where
        assert st.result().to_json() == g["result"], where
        assert dump(st.to_json()) == _now(g["final_state"]), where


def test_old_moves_replay_as_a_stored_table_holds_them() -> None:
    """The server keeps a table as its seed, options, rules version and the moves' JSON as they
    were sent, and rebuilds it with game.action_from_record: version-2 moves, read that way with
    no conversion of the record, rebuild the same game."""
    for saved in _load("records_v2.json")[:3]:
        rec = saved["record"]
        st = GAME.new_game(rec["num_players"], rec["seed"], rec["options"])
        for p, aj in rec["actions"]:
            st.apply(p, GAME.action_from_record(aj, rec["rules_version"]))
        assert dump(st.to_json()) == _now(saved["final_state"])


def test_a_live_move_speaks_todays_words_only() -> None:
    """The live door (``action_from_json``: a move sent to a table, an agent's reply) reads
    today's JSON only: an integer card of version 2 is refused, never read as a card (0 was a
    Defuse), while the same move from an old record still loads."""
    old = {"type": "give", "card": 0}
    with pytest.raises(InvalidAction, match="no such action"):
        GAME.action_from_json(old)
    with pytest.raises(InvalidAction):
        GAME.action_from_json({"type": "play", "card": 17})
    assert GAME.action_from_record(old, "2") == GAME.action_from_json(
        {"type": "give", "card": "defuse"}
    )
