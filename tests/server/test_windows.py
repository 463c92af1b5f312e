"""The server recognises reaction windows in the real games (and nothing else as one)."""

from __future__ import annotations

import random

import ludoteca
from ludoteca.server.live import in_reaction_window, pass_action


def test_exploding_kittens_nope_windows_are_recognised() -> None:
    game = ludoteca.get_game("exploding-kittens")
    seen = 0
    for seed in range(30):
        rng = random.Random(seed)
        state = game.new_game(3, seed, {})
        while not state.is_over:
            view = state.view(None)
            # the server answers a window all at once, so it only ever meets a fresh one
            fresh = view["phase"] == "window" and not view["window"]["answered"]
            if view["phase"] != "window" or fresh:
                assert in_reaction_window(state) == fresh
            if fresh:
                seen += 1
                for p in state.actors:
                    assert pass_action(state, p).TYPE == "pass"
            p = state.actors[0]
            state.apply(p, rng.choice(state.legal_actions(p)))
    assert seen > 50


def test_simultaneous_placement_is_not_a_window() -> None:
    game = ludoteca.get_game("nine-domains")
    rng = random.Random(0)
    state = game.new_game(2, 0, {})
    simultaneous = 0
    while not state.is_over:
        simultaneous += len(state.actors) > 1
        assert not in_reaction_window(state)
        p = state.actors[0]
        state.apply(p, rng.choice(state.legal_actions(p)))
    assert simultaneous > 0
