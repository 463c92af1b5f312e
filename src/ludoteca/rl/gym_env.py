"""Gymnasium door: one learning seat, every other seat played by an agent spec.

``gym_env("exploding-kittens", num_players=2, opponents="heuristic")``. The learning seat is
``seed % num_players`` (seats rotate with the seed) unless ``seat=`` fixes it. Observations
are the encoder's vector (docs/rl.md); ``action_masks()`` gives the legal actions as
MaskablePPO (sb3-contrib) asks. The reward comes at the end: the learning seat's payoff.

An action that is not legal now (a masked learner never picks one) ends the episode with
reward -1 and ``info["illegal_action"]`` (``illegal="raise"``: a ValueError instead); the
game itself is not changed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ..agents import Agent, make_agent
from ..engine import GameState, SeatHandle, get_game, list_games
from .core import Seats
from .encoders.base import HIGH, LOW


class LudotecaGym(gym.Env):
    metadata = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012 - gymnasium reads it from the class

    def __init__(
        self,
        game_id: str,
        num_players: int | None = None,
        options: Mapping[str, Any] | None = None,
        opponents: str | Sequence[str] = "random",
        seat: int | None = None,
        illegal: str = "end",
        render_mode: str | None = None,
    ) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        if illegal not in ("end", "raise"):
            raise ValueError(f"illegal must be 'end' or 'raise', not {illegal!r}")
        self.seats = Seats(game_id, num_players, options)
        n = self.seats.num_players
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < n):
            raise ValueError(f"seat must be one of 0..{n - 1}, not {seat!r}")
        specs = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != n - 1:
            raise ValueError(f"{n} players need {n - 1} opponent specs, not {len(specs)}")
        game = self.seats.game
        for s in specs:
            make_agent(s, game, 0)  # a bad spec is refused now, not at the first reset
        self.opponent_specs = specs
        self.fixed_seat = seat
        self.illegal = illegal
        self.render_mode = render_mode
        self.observation_space = spaces.Box(LOW, HIGH, self.seats.encoder.shape, np.float32)
        self.action_space = spaces.Discrete(self.seats.num_actions)
        self.state: GameState | None = None
        self.seat = 0
        self.decisions = 0  # of every seat, this episode
        self._agents: dict[int, Agent] = {}
        # the learner's legal actions now (code -> action), shared by action_masks and step;
        # None whenever the state has moved
        self._legal: dict[int, Any] | None = None

    # -- gymnasium ------------------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**31)) if seed is None else int(seed)
        n = self.seats.num_players
        self.state = self.seats.new_state(game_seed)
        self.seat = game_seed % n if self.fixed_seat is None else self.fixed_seat
        others = [q for q in range(n) if q != self.seat]
        game = self.seats.game
        self._agents = {
            q: make_agent(spec, game, seed=game_seed * 16 + q)
            for q, spec in zip(others, self.opponent_specs, strict=True)
        }
        self.decisions = 0
        self._legal = None
        self._play_others()
        return self._obs(), {"seat": self.seat, "game_seed": game_seed}

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        state = self.state
        assert state is not None, "call reset() first"
        if state.is_over:
            raise ValueError("the game is over: call reset()")
        try:
            self.seats.apply_code(state, self.seat, action, self._learner_legal())
        except ValueError:
            if self.illegal == "raise":
                raise
            return self._obs(), -1.0, True, False, {"illegal_action": True}
        self._legal = None
        self.decisions += 1
        self._play_others()
        if state.is_over:
            return self._obs(), self.seats.payoffs(state)[self.seat], True, False, {}
        return self._obs(), 0.0, False, False, {}

    def action_masks(self) -> np.ndarray:
        """Legal actions of the learning seat now (bool), for MaskablePPO."""
        return self.seats.mask_of(self._learner_legal()).view(bool)

    def _learner_legal(self) -> dict[int, Any]:
        assert self.state is not None, "call reset() first"
        if self._legal is None:
            self._legal = self.seats.legal(self.state, self.seat)
        return self._legal

    def render(self) -> str | None:
        if self.render_mode is None or self.state is None:
            return None
        return self.seats.render_ansi(self.state, self.seat)

    # -- the other seats ------------------------------------------------------------------
    def _play_others(self) -> None:
        state = self.state
        assert state is not None
        while not state.is_over and self.seat not in state.actors:
            q = state.actors[0]
            state.apply(q, self._agents[q].act(SeatHandle(state, q)))
            self.decisions += 1

    def _obs(self) -> np.ndarray:
        assert self.state is not None
        return self.seats.observation(self.state, self.seat)


def gym_env(game_id: str, **kwargs: Any) -> LudotecaGym:
    """``gym_env("coatl", num_players=3, opponents="heuristic")``; see LudotecaGym."""
    return LudotecaGym(game_id, **kwargs)


def gym_id(game_id: str) -> str:
    return f"ludoteca/{get_game(game_id).id}-v0"


def register_gym_ids() -> None:
    """``gymnasium.make("ludoteca/coatl-v0", num_players=3)`` for every game."""
    for game in list_games():
        if gym_id(game.id) not in gym.registry:
            gym.register(
                gym_id(game.id), entry_point=f"{__name__}:LudotecaGym", kwargs={"game_id": game.id}
            )


register_gym_ids()
