"""Set up positions by hand for the scenario tests."""

from __future__ import annotations

import random
from typing import Any

from ludoteca.games.exploding_kittens import GAME
from ludoteca.games.exploding_kittens import actions as A
from ludoteca.games.exploding_kittens.cards import CODE, KEYS, NK
from ludoteca.games.exploding_kittens.phases import Phase
from ludoteca.games.exploding_kittens.state import EKState
from ludoteca.games.exploding_kittens.turns import start_turn

C = CODE


def setup(
    n: int = 3,
    hands: dict[int, list[str]] | None = None,
    pile: list[str] | None = None,
    cur: int = 0,
    options: dict[str, Any] | None = None,
    seed: int = 1,
) -> EKState:
    """A game with the given hands and pile (listed from the top); cur begins a fresh turn."""
    st = GAME.new_game(n, seed=seed, options=options or {})
    assert isinstance(st, EKState)
    st.hands = [[0] * NK for _ in range(n)]
    for p, cards in (hands or {}).items():
        for k in cards:
            st.hands[p][C[k]] += 1
    st.hn = [sum(h) for h in st.hands]
    top_first = pile if pile is not None else ["skip"] * 5 + ["exploding_kitten"] * (n - 1)
    st.pile = [C[k] for k in reversed(top_first)]
    st.pk = [0] * len(st.pile)
    st.discard = []
    st.turns = 0
    st.tturns = [0] * n
    start_turn(st, cur, 1, False)
    return st


def top(st: EKState, k: int = 1) -> list[str]:
    return [KEYS[c] for c in reversed(st.pile[-k:])] if k else []


def hand(st: EKState, p: int) -> dict[str, int]:
    return {KEYS[c]: k for c, k in enumerate(st.hands[p]) if k}


def all_pass(st: EKState) -> list[Any]:
    """Everyone still asked in the window passes."""
    events: list[Any] = []
    while st.phase == Phase.WINDOW:
        for p in list(st.actors):
            events += st.apply(p, A.PASS)
    return events


def window(st: EKState, nopers: list[int]) -> list[Any]:
    """One window: the seats in `nopers` answer Nope, the others pass."""
    assert st.phase == Phase.WINDOW, "no window is open"
    events: list[Any] = []
    for p in list(st.actors):
        events += st.apply(p, A.NOPE_ACT if p in nopers else A.PASS)
    return events


def play(st: EKState, card: str, target: int | None = None, p: int | None = None) -> list[Any]:
    p = st.cur if p is None else p
    events = st.apply(p, A.Play(C[card]))
    if target is not None:
        events += st.apply(p, A.Target(target))
    return events


def core_deals_as_the_reference(core: Any, n: int, opts: dict[str, Any], first_seed: int) -> None:
    """Six whole random games dealt and played in the compiled core (``random_games``, the
    benchmark's path) from seeds ``first_seed``...: moves, turns and winner as the reference's."""
    import numpy as np

    from .. import compiled_reference as twins

    game = GAME
    options = game.new_game(n, 0, opts).options
    seeds = np.arange(first_seed, first_seed + 6, dtype=np.int64)
    agent_seeds = seeds[:, None] * 31 + np.arange(n)[None, :]
    moves, turns, winners = core.random_games(seeds, n, options, agent_seeds)
    for g, seed in enumerate(seeds.tolist()):
        ref = game.new_game(n, seed, opts)
        played = twins.reference_random(ref, [random.Random(seed * 31 + p) for p in range(n)])
        r = ref.result()
        assert (moves[g], turns[g], winners[g]) == (len(played), r.details["turns"], r.winners[0])
