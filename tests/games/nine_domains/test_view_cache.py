"""The view's cache of finished rounds changes nothing: cached and uncached views are equal.

``build_view`` takes each finished round's cards and strengths from a cache keyed by the
identity of the round's card lists (never changed once the round is over). These tests play
random games under several options and compare, state by state and seat by seat, the cached
view with one worked out from scratch, also across clones, determinized samples and views a
caller has changed.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from ludoteca.games.nine_domains import GAME
from ludoteca.games.nine_domains.state import NineDomainsState
from ludoteca.games.nine_domains.view import build_view

OPTIONS: list[dict[str, Any]] = [
    {},
    {"four_plus_target": "opponent", "special_deal": "draft"},
    {"special_deal": "independent", "open_piles": True, "exchange_this_round": False},
]


def same(state: NineDomainsState, seat: int | None) -> None:
    cached = build_view(state, seat)
    fresh = build_view(state, seat, cache=False)
    assert cached == fresh
    # byte-identical as the server sends it (key order included)
    assert json.dumps(cached) == json.dumps(fresh)


def random_states(options: dict[str, Any], seed: int, games: int) -> list[NineDomainsState]:
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        s = GAME.new_game(2, rng.randrange(2**31), options)
        while not s.is_over:
            out.append(s.clone())
            p = rng.choice(s.actors)
            s.apply(p, rng.choice(s.legal_actions(p)))
        out.append(s)
    return out


@pytest.mark.parametrize("options", OPTIONS)
def test_cached_views_equal_fresh_ones_over_random_games(options: dict[str, Any]) -> None:
    for s in random_states(options, seed=11, games=25):
        for seat in (0, 1, None):
            same(s, seat)


def test_one_state_viewed_as_it_moves_on() -> None:
    """The live server's pattern: one state object, viewed by both seats after every move."""
    rng = random.Random(5)
    for _ in range(20):
        s = GAME.new_game(2, rng.randrange(2**31), {"four_plus_target": "opponent"})
        while not s.is_over:
            for seat in (0, 1, None):
                same(s, seat)
            p = rng.choice(s.actors)
            s.apply(p, rng.choice(s.legal_actions(p)))
        for seat in (0, 1, None):
            same(s, seat)


def test_clones_and_samples_keep_their_own_views() -> None:
    rng = random.Random(8)
    for s in random_states({}, seed=3, games=10):
        before = {seat: build_view(s, seat, cache=False) for seat in (0, 1, None)}
        if not s.is_over:
            c = s.clone()
            p = rng.choice(c.actors)
            c.apply(p, rng.choice(c.legal_actions(p)))  # the clone moves on, the original not
            same(c, 0)
            same(c, 1)
            for seat in (0, 1):
                d = s.determinize(seat, rng)
                same(d, seat)
                same(d, 1 - seat)
        for seat in (0, 1, None):
            assert build_view(s, seat) == before[seat]


def test_a_view_changed_by_its_caller_does_not_reach_the_next_one() -> None:
    s = random_states({}, seed=4, games=1)[-1]  # a finished game: three rounds of history
    first = build_view(s, 0)
    first["history"][0]["strength"][0][0] = 99
    first["history"][0]["cards"][1].append("x")
    first["options"]["open_piles"] = "changed"
    assert build_view(s, 0) == build_view(s, 0, cache=False)
    assert build_view(s, 1) == build_view(s, 1, cache=False)
