"""Observation encoders: fixed shape, from the view alone, blind to what the seat cannot see,
and moved by what it can."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest

import ludoteca
from ludoteca.engine.observation import encoder_for

CASES = [
    ("nine-domains", 2, {}),
    ("nine-domains", 2, {"special_deal": "draft", "open_piles": True}),
    ("sala-de-miaula", 2, {}),
    *[("exploding-kittens", n, {}) for n in range(2, 11)],
    *[("coatl", n, {}) for n in (2, 3, 4)],
]
IDS = [f"{g}-{n}p{'-opts' if o else ''}" for g, n, o in CASES]


def playout(game_id: str, n: int, options: dict, seed: int, limit: int = 10**6):
    """Yield each state of a seeded random game (the final one too), at most ``limit``."""
    state = ludoteca.get_game(game_id).new_game(num_players=n, seed=seed, options=options)
    rng = random.Random(seed)
    yield state
    while not state.is_over and limit > 1:
        limit -= 1
        p = state.actors[0]
        state.apply(p, rng.choice(state.legal_actions(p)))
        yield state


@pytest.mark.parametrize(("game_id", "n", "options"), CASES, ids=IDS)
def test_hidden_information_does_not_move_the_observation(game_id, n, options):
    enc = encoder_for(game_id, n)
    rng = random.Random(7)
    differed = 0
    for seed in range(2):
        for i, state in enumerate(playout(game_id, n, options, seed, limit=300 // n)):
            if i % 3:
                continue
            for p in range(n):
                obs = enc.encode(state.view(p))
                assert obs.shape == enc.shape and obs.dtype == np.float32
                assert np.isfinite(obs).all()
                if state.is_over:
                    continue
                a, b = state.determinize(p, rng), state.determinize(p, rng)
                # two full states that differ only in what p cannot see ...
                if json.dumps(a.to_json(), sort_keys=True) != json.dumps(
                    b.to_json(), sort_keys=True
                ):
                    differed += 1
                # ... give p the same observation, and the same as the real state, through
                # the view and through the doors' direct path alike
                assert np.array_equal(enc.encode(a.view(p)), obs)
                assert np.array_equal(enc.encode(b.view(p)), obs)
                assert np.array_equal(enc.encode_state(a, p), obs)
                assert np.array_equal(enc.encode_state(b, p), obs)
    assert differed, "no pair of determinizations differed: the test saw no hidden information"


@pytest.mark.parametrize(("game_id", "n", "options"), CASES, ids=IDS)
def test_the_observation_changes_when_the_view_does(game_id, n, options):
    enc = encoder_for(game_id, n)
    changes = 0
    for seed in range(2):
        before = None
        for state in playout(game_id, n, options, seed, limit=600 // n):
            views = [state.view(p) for p in range(n)]
            if before is not None:
                for p in range(n):
                    if views[p] != before[0][p]:
                        changes += 1
                        assert not np.array_equal(enc.encode(views[p]), before[1][p]), (
                            f"seat {p}: the view changed, the observation did not"
                        )
            before = (views, [enc.encode(v) for v in views])
    assert changes


def test_own_hand_is_seen_and_others_hands_are_not():
    game = ludoteca.get_game("exploding-kittens")
    enc = encoder_for("exploding-kittens", 3)
    view = game.new_game(num_players=3, seed=1).view(0)
    hand = enc.layout.field("hand").slice
    obs = enc.encode(view)
    changed = dict(view, hand=[*view["hand"], "nope"])
    assert enc.encode(changed)[hand].sum() == pytest.approx(obs[hand].sum() + 0.25)


def test_every_field_is_documented():
    doc = (Path(__file__).parents[2] / "docs" / "rl.md").read_text(encoding="utf-8")
    for game in ludoteca.list_games():
        enc = encoder_for(game.id, game.max_players)
        for f in enc.layout.fields:
            assert f"`{f.name}`" in doc, f"{game.id}: field {f.name} is not in docs/rl.md"
