"""The doors' fast path: ``encode_state(state, p)`` writes the observation straight from the
state, and must be the reference ``encode(state.view(p))`` entry for entry, for every seat of
every position of fuzzed games (and of determinized states, whose hidden parts differ)."""

from __future__ import annotations

import random

import numpy as np
import pytest

import ludoteca
from ludoteca.engine.observation import encoder_for

CASES = [
    ("nine-domains", 2, {}),
    ("nine-domains", 2, {"special_deal": "draft", "open_piles": True}),
    ("nine-domains", 2, {"special_deal": "independent", "exchange_this_round": True}),
    ("sala-de-miaula", 2, {}),
    ("sala-de-miaula", 2, {"first_player_draws": True, "oficina_any_status": True}),
    *[("exploding-kittens", n, {}) for n in range(2, 11)],
    ("exploding-kittens", 3, {"stacking_attacks": True, "five_card_combo": "identical"}),
    ("exploding-kittens", 4, {"super_skip_passes_turns": True, "bury_anywhere": True}),
    *[("coatl", n, {}) for n in (2, 3, 4)],
    ("coatl", 3, {"sacrifice_tokens": True, "reduced_bodies": True}),
]
IDS = [f"{g}-{n}p{'-' + '-'.join(o) if o else ''}" for g, n, o in CASES]


def _equal(enc, state, p: int) -> None:
    want = enc.encode(state.view(p))
    got = enc.encode_state(state, p)
    assert got.dtype == np.float32 and got.shape == want.shape
    if not np.array_equal(got, want):
        bad = np.flatnonzero(got != want)
        names = {
            f.name: [
                (int(i), float(got[i]), float(want[i]))
                for i in bad
                if f.start <= i < f.start + f.size
            ]
            for f in enc.layout.fields
        }
        raise AssertionError(
            f"seat {p}: encode_state differs from encode(view) in { ({k: v for k, v in names.items() if v}) }"
        )


@pytest.mark.parametrize(("game_id", "n", "options"), CASES, ids=IDS)
def test_encode_state_is_the_encoding_of_the_view(game_id, n, options, fuzz_games):
    enc = encoder_for(game_id, n)
    game = ludoteca.get_game(game_id)
    games = fuzz_games or 2
    seen = 0
    for seed in range(games):
        state = game.new_game(num_players=n, seed=seed, options=options)
        rng = random.Random(seed)
        while True:
            for p in range(n):
                _equal(enc, state, p)
                seen += 1
            if state.is_over:
                break
            p = state.actors[0]
            if rng.random() < 0.1:  # a determinized state has other hidden parts and knowledge
                d = state.determinize(p, rng)
                for q in range(n):
                    _equal(enc, d, q)
            state.apply(p, rng.choice(state.legal_actions(p)))
    assert seen > games * 10


@pytest.mark.parametrize("n", [2, 7, 10])
def test_exploding_kittens_clamps_what_it_does_not_clip(n):
    """Exploding Kittens' compiled observation clamps its unbounded ratios as ``encode`` clips
    them: counters far past any real game still match."""
    enc = encoder_for("exploding-kittens", n)
    state = ludoteca.get_game("exploding-kittens").new_game(num_players=n, seed=3)
    state.turns, state.owed, state.nopes, state.ak, state.ai = 5000, 90, 70, 80, 60
    state.tturns = [700] * n
    state.hn = [400] * n
    for p in range(n):
        _equal(enc, state, p)
        assert enc.encode_state(state, p).max() == 10.0
