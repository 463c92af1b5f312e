"""The compiled Nine Domains observation (``games/nine_domains/compiled/observation.py``), read from the core's
flat array, must be the reference ``encode(view(p))`` entry for entry: both seats, every
position of fuzzed games under the options that change what is encoded (and determinized
states, whose hidden parts differ)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import ludoteca
from ludoteca.engine import compiled as fast
from ludoteca.engine.observation import HIGH, LOW, encoder_for

from .obs_check import check_observation

pytestmark = pytest.mark.skipif(
    not fast.available("nine-domains"), reason="needs the fast core (numba)"
)

GAME = "nine-domains"
# the draft fills its own field; open_piles shows the piles' depths; four_plus_target moves
# strengths and incoming changes; the others steer the game into other positions
CASES = [
    {},
    {"special_deal": "draft", "open_piles": True},
    {"special_deal": "independent", "four_plus_target": "opponent"},
    {
        "open_piles": True,
        "four_plus_target": "opponent",
        "exchange_this_round": False,
        "malus_counts_as_bonus": False,
        "three_plus_effect_win_scores": True,
        "vp_tie": "domains",
    },
]
IDS = ["default", "draft-open", "independent-4opp", "all-others"]


@pytest.mark.parametrize("options", CASES, ids=IDS)
def test_compiled_observation_is_the_encoding_of_the_view(options, fuzz_games):
    from ludoteca.games.nine_domains.compiled.observation import Observer

    game = ludoteca.get_game(GAME)
    core = fast.core_for(game)
    assert core is not None
    enc = encoder_for(GAME, 2)
    games = fuzz_games or 10
    seen = 0
    for seed in range(games):
        state = game.new_game(num_players=2, seed=seed, options=options)
        obs = Observer(enc, state.options, LOW, HIGH)
        rng = random.Random(seed)
        while True:
            for p in (0, 1):
                check_observation(obs, core, enc, state, p)
                seen += 1
            if state.is_over:
                break
            p = rng.choice(state.actors)
            if rng.random() < 0.25:
                d = state.determinize(p, rng)
                for q in (0, 1):
                    check_observation(obs, core, enc, d, q)
            state.apply(p, rng.choice(state.legal_actions(p)))
    assert seen > games * 20


def test_compiled_observation_clamps_like_the_clip():
    """Bonus VP far past any real game: the compiled vector clips to HIGH as encode does."""
    from ludoteca.games.nine_domains.compiled.observation import Observer

    game = ludoteca.get_game(GAME)
    core = fast.core_for(game)
    assert core is not None
    enc = encoder_for(GAME, 2)
    state: Any = game.new_game(num_players=2, seed=3)
    state.bonus = [700, 90]
    obs = Observer(enc, state.options, LOW, HIGH)
    for p in (0, 1):
        check_observation(obs, core, enc, state, p)
        assert obs.observe(core.load(state), p).max() == HIGH


def test_into_writes_the_same_without_a_fresh_vector():
    from ludoteca.games.nine_domains.compiled.observation import Observer

    game = ludoteca.get_game(GAME)
    core = fast.core_for(game)
    assert core is not None
    enc = encoder_for(GAME, 2)
    state = game.new_game(num_players=2, seed=5, options={"special_deal": "draft"})
    obs = Observer(enc, state.options, LOW, HIGH)
    out = np.full(obs.size, 7.0, dtype=np.float32)  # stale entries must all be overwritten
    for p in (0, 1):
        obs.into(core.load(state), p, out)
        assert np.array_equal(out, enc.encode_state(state, p))


def test_batched_observations_match_one_by_one():
    """``encode_many`` over a Batch's rows gives each row's own observation."""
    from ludoteca.games.nine_domains.compiled.observation import Observer, encode_many

    game = ludoteca.get_game(GAME)
    enc = encoder_for(GAME, 2)
    states = [game.new_game(num_players=2, seed=s) for s in range(6)]
    batch = fast.Batch(game, states)
    rng = random.Random(1)
    players = [s.actors[0] for s in states]
    for _ in range(14):  # move every row on a few random moves in the core
        masks = batch.legal_masks(players)
        batch.step(players, [int(rng.choice(np.flatnonzero(m))) if m.any() else -1 for m in masks])
        players = [rng.choice(a) if a else 0 for a in batch.actors()]
    obs = Observer(enc, states[0].options, LOW, HIGH)
    out = np.zeros((len(states), enc.size), dtype=np.float32)
    encode_many(batch.S, obs.table, obs.template, obs.high, obs.low, np.array(players), out)
    for g, st in enumerate(batch.states()):
        assert getattr(st, "history", None), "the rows should have finished a round"
        assert np.array_equal(out[g], enc.encode(st.view(players[g])))
