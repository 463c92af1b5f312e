"""PettingZoo doors: ``LudotecaAEC`` (turn by turn, every game) and ``LudotecaParallel``
(every seat owing a decision acts in one step: The Nine Domains' simultaneous placement).

Agents are ``player_0`` .. ``player_{n-1}`` (seat numbers). Each observation is
``{"observation": float32 vector (docs/rl.md), "action_mask": int8 over the game's whole
action space}``; a seat with no decision now gets an all-zero mask. Rewards come once, at the
end: each seat's payoff (1 for a sole win, 1/k for a win shared by k, else 0). A seat
eliminated early (Exploding Kittens) stays an agent with nothing to do until the end.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from ..engine import GameState
from .core import Seats
from .encoders.base import HIGH, LOW


def _spaces(seats: Seats) -> tuple[spaces.Dict, spaces.Discrete]:
    obs = spaces.Dict(
        {
            "observation": spaces.Box(LOW, HIGH, seats.encoder.shape, np.float32),
            "action_mask": spaces.Box(0, 1, (seats.num_actions,), np.int8),
        }
    )
    return obs, spaces.Discrete(seats.num_actions)


class _Seeds:
    """reset(seed) starts the game with that seed; reset() takes the next one of a sequence
    drawn from the last seed given, so a seeded run of resets repeats exactly."""

    def __init__(self) -> None:
        self.rng = random.Random(0)

    def next(self, seed: int | None) -> int:
        if seed is not None:
            self.rng = random.Random(seed)
            return int(seed)
        return self.rng.randrange(2**31)


class LudotecaAEC(AECEnv):
    def __init__(
        self,
        game_id: str,
        num_players: int | None = None,
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.seats = Seats(game_id, num_players, options)
        self.render_mode = render_mode
        self.metadata = {
            "render_modes": ["ansi"],
            "name": f"ludoteca_{game_id.replace('-', '_')}",
            "is_parallelizable": True,
        }
        n = self.seats.num_players
        self.possible_agents = [f"player_{p}" for p in range(n)]
        self._index = {a: p for p, a in enumerate(self.possible_agents)}
        obs, act = _spaces(self.seats)
        self.observation_spaces = {a: obs for a in self.possible_agents}
        self.action_spaces = {a: act for a in self.possible_agents}
        self._seeds = _Seeds()
        self.state: GameState | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """``options`` is accepted as PettingZoo asks and not used: game options are given
        to the constructor."""
        self.state = self.seats.new_state(self._seeds.next(seed))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.state.actors[0]]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        assert self.state is not None, "call reset() first"
        p = self._index[agent]
        return {
            "observation": self.seats.observation(self.state, p),
            "action_mask": self.seats.mask(self.state, p),
        }

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state
        assert state is not None, "call reset() first"
        self.seats.apply_code(state, self._index[agent], action)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if state.is_over:
            for a, pay in zip(self.agents, self.seats.payoffs(state), strict=True):
                self.rewards[a] = pay
                self.terminations[a] = True
            self.agent_selection = agent
        else:
            self.agent_selection = self.possible_agents[state.actors[0]]
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None or self.state is None:
            return None
        actors = self.state.actors
        return self.seats.render_ansi(self.state, actors[0] if actors else 0)

    def close(self) -> None:
        pass


class LudotecaParallel(ParallelEnv):
    """Every seat owing a decision acts in the same step (seats without one are ignored, their
    mask is all zeros). The Nine Domains places both players' cards at once this way."""

    def __init__(
        self,
        game_id: str,
        num_players: int | None = None,
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
    ) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.seats = Seats(game_id, num_players, options)
        self.render_mode = render_mode
        self.metadata = {"render_modes": ["ansi"], "name": f"ludoteca_{game_id.replace('-', '_')}"}
        n = self.seats.num_players
        self.possible_agents = [f"player_{p}" for p in range(n)]
        self.agents: list[str] = []
        obs, act = _spaces(self.seats)
        self._obs_space, self._act_space = obs, act
        self._seeds = _Seeds()
        self.state: GameState | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._act_space

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        state = self.state
        assert state is not None
        return {
            a: {
                "observation": self.seats.observation(state, p),
                "action_mask": self.seats.mask(state, p),
            }
            for p, a in enumerate(self.possible_agents)
            if a in self.agents
        }

    def reset(
        self, seed: int | None = None, options: dict | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        self.state = self.seats.new_state(self._seeds.next(seed))
        self.agents = self.possible_agents[:]
        return self._observations(), {a: {} for a in self.agents}

    def step(self, actions: Mapping[str, Any]) -> tuple[dict, dict, dict, dict, dict]:
        state = self.state
        assert state is not None, "call reset() first"
        owing = list(state.actors)
        for p in owing:
            agent = self.possible_agents[p]
            if agent not in actions:
                raise ValueError(f"{agent} owes a decision and was given no action")
        for p in owing:  # simultaneous: each choice was made against the same position
            self.seats.apply_code(state, p, actions[self.possible_agents[p]])
        live = self.agents
        rewards = dict.fromkeys(live, 0.0)
        over = state.is_over
        if over:
            pays = self.seats.payoffs(state)
            rewards = {a: pays[int(a.rsplit("_", 1)[1])] for a in live}
        obs = self._observations()
        terms = dict.fromkeys(live, over)
        truncs = dict.fromkeys(live, False)
        infos: dict[str, dict[str, Any]] = {a: {} for a in live}
        if over:
            self.agents = []
        return obs, rewards, terms, truncs, infos

    def render(self) -> str | None:
        if self.render_mode is None or self.state is None:
            return None
        actors = self.state.actors
        return self.seats.render_ansi(self.state, actors[0] if actors else 0)

    def close(self) -> None:
        pass


def pettingzoo_env(
    game_id: str,
    num_players: int | None = None,
    options: Mapping[str, Any] | None = None,
    render_mode: str | None = None,
) -> LudotecaAEC:
    """The AEC environment of a game: ``pettingzoo_env("coatl", num_players=3)``."""
    return LudotecaAEC(game_id, num_players, options, render_mode)


def parallel_env(
    game_id: str,
    num_players: int | None = None,
    options: Mapping[str, Any] | None = None,
    render_mode: str | None = None,
) -> LudotecaParallel:
    return LudotecaParallel(game_id, num_players, options, render_mode)
