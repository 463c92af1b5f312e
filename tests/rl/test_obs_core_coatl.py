"""The compiled Coatl observation (``games/coatl/compiled/observation.py``), read from the core's flat array,
must be the reference ``encode(view(p))`` entry for entry: every seat, every position of
fuzzed games (and determinized states, whose hidden parts differ)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import ludoteca
from ludoteca.engine import compiled as fast
from ludoteca.engine.observation import HIGH, LOW, encoder_for

from .obs_check import check_observation

pytestmark = pytest.mark.skipif(not fast.available("coatl"), reason="needs the fast core (numba)")

# every option is in the template; sacrifice tokens and reduced bodies change play as well
CASES = [
    (2, {}),
    (3, {}),
    (4, {}),
    (2, {"sacrifice_tokens": False, "keep_exactly_three": True}),
    (3, {"reduced_bodies": True, "tiebreak_counts_unfinished": False}),
    (4, {"reduced_bodies": True, "keep_exactly_three": True, "sacrifice_tokens": False}),
]
IDS = [f"{n}p{'-' + '-'.join(o) if o else ''}" for n, o in CASES]


@pytest.mark.parametrize(("n", "options"), CASES, ids=IDS)
def test_compiled_observation_is_the_encoding_of_the_view(n, options, fuzz_games):
    from ludoteca.games.coatl.compiled.observation import Observer

    game = ludoteca.get_game("coatl")
    core = fast.core_for(game)
    assert core is not None
    enc = encoder_for("coatl", n)
    games = fuzz_games or 6
    seen = determinized = 0
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
            if rng.random() < 0.05:
                d = state.determinize(p, rng)
                for q in range(n):
                    check_observation(obs, core, enc, d, q)
                determinized += 1
            state.apply(p, rng.choice(state.legal_actions(p)))
    assert seen > games * 100 and determinized > 0


def test_compiled_observation_clamps_like_the_clip():
    """Counters far past any real game: the compiled vector clips to HIGH as encode does."""
    from ludoteca.games.coatl.compiled.observation import Observer

    n = 3
    game = ludoteca.get_game("coatl")
    core = fast.core_for(game)
    assert core is not None
    enc = encoder_for("coatl", n)
    state: Any = game.new_game(num_players=n, seed=3)
    state.turns, state.passes, state.actions_left, state.taken = 5000, 400, 90, 80
    state.final = [[q, 60] for q in range(n)]
    obs = Observer(enc, state.options, LOW, HIGH)
    for p in range(n):
        check_observation(obs, core, enc, state, p)
        assert obs.observe(core.load(state), p).max() == HIGH


def test_batched_observations_match_one_by_one():
    """``encode_many`` over a Batch's rows gives each row's own observation."""
    from ludoteca.games.coatl.compiled.observation import Observer, encode_many

    n = 4
    game = ludoteca.get_game("coatl")
    enc = encoder_for("coatl", n)
    states = [game.new_game(num_players=n, seed=s) for s in range(4)]
    batch = fast.Batch(game, states)
    players = [s.actors[0] for s in states]
    rng = random.Random(7)
    for _ in range(60):  # move every row on random moves in the core
        masks = batch.legal_masks(players)
        batch.step(players, [int(rng.choice(np.flatnonzero(m))) if m.any() else -1 for m in masks])
        players = [a[0] if a else 0 for a in batch.actors()]
    obs = Observer(enc, states[0].options, LOW, HIGH)
    out = np.zeros((len(states), enc.size), dtype=np.float32)
    seats = np.array([(q + g) % n for g, q in enumerate(players)])  # not only the actor's seat
    encode_many(batch.S, obs.table, obs.template, obs.high, obs.low, seats, out)
    for g, st in enumerate(batch.states()):
        assert np.array_equal(out[g], enc.encode(st.view(int(seats[g]))))
        assert np.array_equal(out[g], obs.observe(batch.S[g], int(seats[g])))
