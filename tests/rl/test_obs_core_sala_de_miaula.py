"""The compiled Sala de Miaula observation (``games/sala_de_miaula/compiled/observation.py``), read from the
core's flat array, must be the reference ``encode(view(p))`` entry for entry: both seats, every
position of fuzzed games (and determinized states, whose hidden parts differ), over starter and
random decks, custom card definitions and the options that change what is encoded."""

from __future__ import annotations

import random
from typing import Any, cast

import numpy as np
import pytest

import ludoteca
from ludoteca.engine import compiled as fast
from ludoteca.engine.observation import HIGH, LOW, encoder_for
from ludoteca.games.sala_de_miaula.cards import ACTION_EFFECTS, POOL
from ludoteca.games.sala_de_miaula.model import SICK
from ludoteca.games.sala_de_miaula.state import SalaState

from .obs_check import check_observation

pytestmark = pytest.mark.skipif(
    not fast.available("sala-de-miaula"), reason="needs the fast core (numba)"
)

GAME = ludoteca.get_game("sala-de-miaula")
ALL = ["despertar", "eclipse", "bugingangas"]


def _random_deck(rng: random.Random, sets: list[str]) -> list[str]:
    ids = [c for c, s in POOL.cards.items() if s.set in sets]
    return sorted(rng.sample(ids * 2, 25))


def _custom_cards(rng: random.Random, deck: list[str]) -> dict[str, dict]:
    """The decks' cards with other numbers and effects (each keeps its type): the encoding
    names cards by id only, but the games they lead to differ."""
    from ludoteca.games.sala_de_miaula.cards import EFFECT_PARAMS

    out = {}
    for cid in sorted(set(deck)):
        spec = POOL.cards[cid].model_dump(mode="json")
        if spec["type"] == "creature":
            spec.update(attack=rng.randint(0, 8), life=rng.randint(1, 12))
        if spec["type"] == "spell":
            effect = rng.choice(
                [e for e in ACTION_EFFECTS if set(EFFECT_PARAMS.get(e, {}).values()) <= {"int"}]
            )
            spec.update(
                effect=effect, params={k: rng.randint(1, 6) for k in EFFECT_PARAMS.get(effect, {})}
            )
        out[cid] = spec
    return out


def _options(name: str, seed: int) -> dict:
    rng = random.Random(seed)
    if name == "starters":
        return {"deck_0": rng.choice(list(POOL.decks)), "deck_1": rng.choice(list(POOL.decks))}
    if name == "open":  # both lists in every observation
        return {"decklists": "open"}
    if name == "despertar":  # no Oficina, fewer terrains
        sets = ["despertar"]
        return {"sets": sets, "deck_0": _random_deck(rng, sets), "deck_1": _random_deck(rng, sets)}
    o: dict = {"deck_0": _random_deck(rng, ALL), "deck_1": _random_deck(rng, ALL)}
    if name == "custom":
        o["cards"] = _custom_cards(rng, o["deck_0"] + o["deck_1"])
    if name == "flags":
        o.update(first_player_draws=False, oficina_any_status=True, draw_effects_end_game=False)
        o["decklists"] = "open"
        o["terrain"] = rng.choice(sorted(POOL.terrains))
    return o


CASES = ["default", "starters", "despertar", "random", "custom", "flags", "open"]


def _observer(state: Any) -> Any:
    from ludoteca.games.sala_de_miaula.compiled.observation import Observer

    return Observer(encoder_for("sala-de-miaula", 2), state.options, LOW, HIGH)


@pytest.mark.parametrize("case", CASES)
def test_compiled_observation_is_the_encoding_of_the_view(case, fuzz_games):
    core = fast.core_for(GAME)
    assert core is not None
    enc = encoder_for("sala-de-miaula", 2)
    games = fuzz_games or 10
    seen = 0
    for seed in range(games):
        opts = {} if case == "default" else _options(case, seed)
        state = GAME.new_game(2, seed, opts)
        obs = _observer(state)
        rng = random.Random(seed)
        while True:
            for p in range(2):
                check_observation(obs, core, enc, state, p)
                seen += 1
            if state.is_over:
                break
            p = state.actors[0]
            if rng.random() < 0.1:
                # with hidden lists a determinization draws the other seat's list: its own
                # options (another observer's table)
                d = state.determinize(p, rng)
                for q in range(2):
                    check_observation(_observer(d), core, enc, d, q)
            state.apply(p, rng.choice(state.legal_actions(p)))
    assert seen > games * 20


def _with_creatures(seed: int) -> SalaState:
    """A position of a random game with creatures on both sides."""
    state = cast(SalaState, GAME.new_game(2, seed, {}))
    rng = random.Random(seed)
    while not state.is_over:
        if all(any(c is not None for c in side) for side in state.field):
            return state
        p = state.actors[0]
        state.apply(p, rng.choice(state.legal_actions(p)))
    raise AssertionError("no position with creatures on both sides")


def test_compiled_observation_clamps_like_the_clip():
    """Counters far past any real game, both ways: the compiled vector clips to [LOW, HIGH]
    as encode does."""
    core = fast.core_for(GAME)
    assert core is not None
    enc = encoder_for("sala-de-miaula", 2)
    state = _with_creatures(1)
    state.turn = 5000
    state.life = [-900, 400]
    for side in state.field:
        for c in side:
            if c is not None:
                c.status, c.status_turn = SICK, -3000
    state.known[1] = [state.decklists[1][0]] * 30  # a known count of 15
    obs = _observer(state)
    for p in range(2):
        check_observation(obs, core, enc, state, p)
        got = obs.observe(core.load(state), p)
        assert got.max() == HIGH and got.min() == LOW


def test_terrains_outside_the_pool_and_none():
    """A hand-made state's terrain the pool does not have, and no terrain at all: the
    encoder's "other" slots, as the reference writes them."""
    core = fast.core_for(GAME)
    assert core is not None
    enc = encoder_for("sala-de-miaula", 2)
    state = cast(SalaState, GAME.new_game(2, 4, {}))
    obs = _observer(state)
    for terrain in ("lua", ""):
        state.set_terrain(terrain)
        for p in range(2):
            check_observation(obs, core, enc, state, p)


def test_into_writes_the_same_and_reuses_the_buffer():
    core = fast.core_for(GAME)
    assert core is not None
    state = _with_creatures(2)
    obs = _observer(state)
    S = core.load(state)
    out = np.full(obs.size, 7.0, dtype=np.float32)
    for p in range(2):
        obs.into(S, p, out)
        assert np.array_equal(out, obs.observe(S, p))


def test_batched_observations_match_one_by_one():
    """``encode_many`` over a Batch's rows gives each row's own observation."""
    from ludoteca.games.sala_de_miaula.compiled.observation import encode_many

    enc = encoder_for("sala-de-miaula", 2)
    states = [GAME.new_game(2, s, {}) for s in range(4)]
    batch = fast.Batch(GAME, states)
    players = [s.actors[0] for s in states]
    rng = random.Random(5)
    for _ in range(30):  # move every row on a few random moves in the core
        masks = batch.legal_masks(players)
        batch.step(players, [int(rng.choice(np.flatnonzero(m))) if m.any() else -1 for m in masks])
        players = [a[0] if a else 0 for a in batch.actors()]
    obs = _observer(states[0])
    out = np.zeros((len(states), enc.size), dtype=np.float32)
    for seats in (players, [1 - q for q in players]):
        encode_many(batch.S, obs.table, obs.template, obs.high, obs.low, np.array(seats), out)
        for g, st in enumerate(batch.states()):
            assert np.array_equal(out[g], enc.encode(st.view(seats[g])))
