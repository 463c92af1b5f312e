"""Agents choose from what their seat may see: a state whose hidden cards differ gets the same move.

Each case builds a second state that differs from the first only in what the acting seat cannot
see (``determinize`` of the first, or a hand-made swap in the toy game), checks that the seat's
view is the same, and asks an agent seeded alike to move in both.
"""

from __future__ import annotations

import json
import random

import pytest

import ludoteca
from ludoteca.agents import Agent, levels_for, make_agent, parse_spec
from ludoteca.engine import Action, Game, GameState, SeatHandle

from ..engine.toy_game import GAME as TOY
from ..engine.toy_game import ToyState

SPECS = ["ismcts:iterations=40", "equilibrium:iterations=40"]


def choice(spec: str, game: Game, state: GameState, p: int) -> Action:
    return make_agent(spec, game, seed=5).act(SeatHandle(state, p))


def view(state: GameState, p: int) -> str:
    return json.dumps(state.view(p), sort_keys=True)


def toy_pair() -> tuple[ToyState, ToyState]:
    """Seat 1 to choose, seat 0 already chose in secret; then the same with the secret and the
    unseen cards (seat 0's hand, the deck) exchanged."""
    a = TOY.new_game(2, 11)
    a.apply(0, a.legal_actions(0)[0])
    b = a.clone()
    hidden = sorted(b.hands[0] + b.deck + [b.chosen[0]])  # type: ignore[list-item]
    hidden.reverse()
    b.chosen[0] = hidden[0]
    b.hands[0] = sorted(hidden[1:3])
    b.deck = hidden[3:]
    assert a.to_json() != b.to_json()
    return a, b


@pytest.mark.parametrize("spec", SPECS)
def test_toy_secret_choice_and_hidden_cards_do_not_change_the_move(spec: str, toy: Game) -> None:
    a, b = toy_pair()
    assert view(a, 1) == view(b, 1)
    assert choice(spec, TOY, a, 1) == choice(spec, TOY, b, 1)


@pytest.mark.parametrize("spec", SPECS)
def test_ismcts_root_statistics_do_not_depend_on_hidden_cards(spec: str, toy: Game) -> None:
    from ludoteca.agents.ismcts import IsmctsAgent

    a, b = toy_pair()
    stats = [IsmctsAgent(seed=3, iterations=60).root_stats(SeatHandle(s, 1)) for s in (a, b)]
    assert stats[0] == stats[1]


class PeekingAgent(Agent):
    """Cheats: reads the opponent's secret choice through the handle's private state."""

    name = "peek"

    def act(self, handle: SeatHandle) -> Action:
        state = handle._SeatHandle__state  # type: ignore[attr-defined]
        secret = state.chosen[1 - handle.player] or 0
        legal = handle.legal_actions()
        return min(legal, key=lambda a: abs(a.card - secret - 1))


def test_the_check_catches_an_agent_that_reads_hidden_state(toy: Game) -> None:
    a, b = toy_pair()
    moves = [PeekingAgent(seed=1).act(SeatHandle(s, 1)) for s in (a, b)]
    assert moves[0] != moves[1]


def midgame(game: Game, seed: int) -> tuple[GameState, int]:
    """A position reached by random play where the first actor has a real choice."""
    rng = random.Random(seed)
    state = game.new_game(game.min_players, seed)
    steps = rng.randrange(3, 15)
    for _ in range(steps):
        if not state.actors:
            break
        p = state.actors[0]
        state.apply(p, rng.choice(state.legal_actions(p)))
    while state.actors and len(state.legal_actions(state.actors[0])) < 2:
        p = state.actors[0]
        state.apply(p, state.legal_actions(p)[0])
    if not state.actors:
        return midgame(game, seed + 1000)
    return state, state.actors[0]


def strong_with_iterations(game_id: str) -> str:
    """The game's ``strong`` level with its time budget swapped for 40 iterations (a time budget
    would make the two searches differ by the machine's speed, not by what they see)."""
    name, options = parse_spec(levels_for(game_id)["strong"])
    options.pop("seconds", None)
    options["iterations"] = 40
    return ":".join([name, *(f"{k}={v}" for k, v in options.items())])


CASES = [(g.id, "ismcts:iterations=40") for g in ludoteca.list_games()] + [
    # the game the equilibrium agent is built for: its round solver (default) and MCCFR
    ("nine-domains", "equilibrium:iterations=40"),
    ("nine-domains", "equilibrium:solver=mccfr:iterations=40"),
]
# the levels people pick in the lobby, with whatever evaluation and playouts they use
CASES += [
    c
    for c in ((g.id, strong_with_iterations(g.id)) for g in ludoteca.list_games())
    if c not in CASES
]


@pytest.mark.parametrize(("game_id", "spec"), CASES)
def test_every_game_agents_ignore_what_they_cannot_see(game_id: str, spec: str) -> None:
    game = ludoteca.get_game(game_id)
    for seed in (1, 2):
        state, p = midgame(game, seed)
        other = state.determinize(p, random.Random(999))  # same view, other hidden cards
        assert view(other, p) == view(state, p)
        assert choice(spec, game, state, p) == choice(spec, game, other, p)
