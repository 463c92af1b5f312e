"""What every core's equality tests compare against: the reference engine played the way the
core's callers play it, and the checks each core must pass move for move."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ludoteca.agents import compiled as AC
from ludoteca.engine import Game, GameState, SeatHandle
from ludoteca.engine import compiled as fast


def reference_random(state: GameState, rngs: Sequence[random.Random]) -> list[tuple[int, int]]:
    """What the simulation runner does with a RandomAgent in every seat: (seat, code) moves."""
    moves = []
    while not state.is_over:
        p = state.actors[0]
        a = rngs[p].choice(state.legal_actions(p))
        moves.append((p, state.game.encode(a)))
        state.apply(p, a)
    return moves


def reference_agents(state: GameState, agents: Sequence[Any]) -> list[tuple[int, int]]:
    """What the simulation runner does with these agents, one per seat: (seat, code) moves."""
    moves = []
    while not state.is_over:
        p = state.actors[0]
        a = agents[p].act(SeatHandle(state, p))
        moves.append((p, state.game.encode(a)))
        state.apply(p, a)
    return moves


def reference_rollout(state: GameState, rng: random.Random, max_steps: int | None = None) -> int:
    """What ISMCTS' random rollout does; returns the number of moves played."""
    steps = 0
    while state.actors and (max_steps is None or steps < max_steps):
        p = state.actors[0]
        legal = state.legal_actions(p)
        state.apply(p, legal[int(rng.random() * len(legal))])
        steps += 1
    return steps


def assert_every_step_equal(state: GameState, seed: int) -> None:
    """One move at a time from ``state``: the whole state agrees after every single move."""
    ref, core = state, state.clone()
    r1, r2 = random.Random(seed), random.Random(seed)
    while not ref.is_over:
        reference_rollout(ref, r1, 1)
        AC.rollout(core, r2, 1)
        assert core.to_json() == ref.to_json()


def assert_batch_matches(
    game: Game, states: list[GameState], steps: int, rng: random.Random, last_actor: bool = False
) -> None:
    """``fast.Batch`` over ``states``: masks, actors and steps agree with the engine row by row
    (``last_actor``: step the last of several actors, so the second of two simultaneous seats
    is exercised too)."""
    refs = [s.clone() for s in states]
    batch = fast.Batch(game, states)
    for _ in range(steps):
        assert batch.actors() == [r.actors for r in refs]
        players = [(r.actors[-1] if last_actor else r.actors[0]) if r.actors else 0 for r in refs]
        masks = batch.legal_masks(players)
        codes = []
        for i, r in enumerate(refs):
            if r.is_over:
                assert not masks[i].any()
                codes.append(-1)  # a finished row stays as it is
                continue
            legal = r.legal_actions(players[i])
            assert masks[i].tolist() == game.action_space.mask(legal), f"mask of row {i}"
            a = rng.choice(legal)
            codes.append(game.encode(a))
            r.apply(players[i], a)
        batch.step(players, codes)
    for st, r in zip(batch.states(), refs, strict=True):
        assert st.to_json() == r.to_json()
