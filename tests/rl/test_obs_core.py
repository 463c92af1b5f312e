"""The compiled Exploding Kittens observation (``games/exploding_kittens/compiled/observation.py``), read from
the core's flat array, must be the reference ``encode(view(p))`` entry for entry: every seat,
every position of fuzzed games (and determinized states, whose hidden parts differ)."""

from __future__ import annotations

import random

import numpy as np
import pytest

import ludoteca
from ludoteca.engine import compiled as fast
from ludoteca.engine.observation import HIGH, LOW, encoder_for

from .obs_check import check_observation

pytestmark = pytest.mark.skipif(
    not fast.available("exploding-kittens"), reason="needs the fast core (numba)"
)

CASES = [
    *[(n, {}) for n in (2, 3, 4, 5, 7, 10)],
    (3, {"stacking_attacks": True, "five_card_combo": "identical"}),
    (4, {"super_skip_passes_turns": True, "bury_anywhere": True}),
]
IDS = [f"{n}p{'-' + '-'.join(o) if o else ''}" for n, o in CASES]


@pytest.mark.parametrize(("n", "options"), CASES, ids=IDS)
def test_compiled_observation_is_the_encoding_of_the_view(n, options, fuzz_games):
    from ludoteca.games.exploding_kittens.compiled.observation import Observer

    game = ludoteca.get_game("exploding-kittens")
    core = fast.core_for(game)
    assert core is not None
    enc = encoder_for("exploding-kittens", n)
    games = fuzz_games or 6
    seen = 0
    for seed in range(games):
        state = game.new_game(num_players=n, seed=seed, options=options)
        obs = Observer(enc, state.options, LOW, HIGH)
        rng = random.Random(seed)
        while True:
            for p in range(n):
                check_observation(obs, core, enc, state, p)
                seen += 1
            if state.is_over:
                break
            p = state.actors[0]
            if rng.random() < 0.1:
                d = state.determinize(p, rng)
                for q in range(n):
                    check_observation(obs, core, enc, d, q)
            state.apply(p, rng.choice(state.legal_actions(p)))
    assert seen > games * 10


def test_compiled_observation_clamps_like_the_clip():
    """Counters far past any real game: the compiled vector clips to HIGH as encode does."""
    from ludoteca.games.exploding_kittens.compiled.observation import Observer

    n = 10
    game = ludoteca.get_game("exploding-kittens")
    core = fast.core_for(game)
    assert core is not None
    enc = encoder_for("exploding-kittens", n)
    state = game.new_game(num_players=n, seed=3)
    state.turns, state.owed, state.nopes, state.ak, state.ai = 5000, 90, 70, 80, 60
    state.tturns = [700] * n
    state.hn = [400] * n
    obs = Observer(enc, state.options, LOW, HIGH)
    for p in range(n):
        check_observation(obs, core, enc, state, p)
        assert obs.observe(core.load(state), p).max() == HIGH


def test_batched_observations_match_one_by_one():
    """``encode_many`` over a Batch's rows gives each row's own observation."""
    from ludoteca.games.exploding_kittens.compiled.observation import Observer, encode_many

    n = 3
    game = ludoteca.get_game("exploding-kittens")
    enc = encoder_for("exploding-kittens", n)
    states = [game.new_game(num_players=n, seed=s) for s in range(4)]
    batch = fast.Batch(game, states)
    players = [s.actors[0] for s in states]
    for _ in range(20):  # move every row on a few random moves in the core
        masks = batch.legal_masks(players)
        rng = random.Random(len(players))
        batch.step(players, [int(rng.choice(np.flatnonzero(m))) if m.any() else -1 for m in masks])
        players = [a[0] if a else 0 for a in batch.actors()]
    obs = Observer(enc, states[0].options, LOW, HIGH)
    out = np.zeros((len(states), enc.size), dtype=np.float32)
    encode_many(batch.S, obs.table, obs.template, obs.high, obs.low, np.array(players), out)
    for g, st in enumerate(batch.states()):
        assert np.array_equal(out[g], enc.encode(st.view(players[g])))
