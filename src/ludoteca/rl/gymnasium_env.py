"""Gymnasium door: one learning seat, every other seat played by an agent spec.

``gym_env("exploding-kittens", num_players=2, opponents="heuristic")``. The learning seat is
``seed % num_players`` (seats rotate with the seed) unless ``seat=`` fixes it. Observations
are the encoder's vector (docs/rl.md); ``action_masks()`` gives the legal actions as
MaskablePPO (sb3-contrib) asks. The reward comes at the end: the learning seat's payoff.

An action that is not legal now (a masked learner never picks one) ends the episode with
reward -1 and ``info["illegal_action"]`` (``illegal="raise"``: a ValueError instead); the
game itself is not changed. After an episode ends, ``step`` refuses (RuntimeError) until
``reset``. ``game_state`` is the engine's state of the game in play.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ..agents import Agent, make_agent
from ..engine import SeatHandle, get_game, list_games
from ..engine.observation import HIGH, LOW
from .core import Seats
from .positions import CorePosition, OnPosition, Position, StatePosition, agent_kinds, core_of


class LudotecaGym(OnPosition, gym.Env):
    metadata = {"render_modes": ["ansi", "human"], "render_fps": 1}  # noqa: RUF012 - gymnasium reads it from the class

    def __init__(
        self,
        game_id: str,
        num_players: int | None = None,
        options: Mapping[str, Any] | None = None,
        opponents: str | Sequence[str] = "random",
        seat: int | None = None,
        illegal: str = "end",
        render_mode: str | None = None,
        core: bool | None = None,
    ) -> None:
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
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
        # a bad spec is refused now, not at the first reset
        probes = [make_agent(s, game, 0) for s in specs]
        self.opponent_specs = specs
        self.position = self._position(core, probes)
        self.fixed_seat = seat
        self.illegal = illegal
        self.render_mode = render_mode
        self.observation_space = spaces.Box(LOW, HIGH, self.seats.encoder.shape, np.float32)
        self.action_space = spaces.Discrete(self.seats.num_actions)
        self._started = False
        self._ended = False  # the episode ended: step refuses until reset
        self.seat = 0
        self.decisions = 0  # of every seat, this episode
        self._agents: dict[int, Agent] = {}
        self._mts = np.zeros(0, dtype=np.uint64)  # on the core: the agents' generators

    def _position(self, core: bool | None, probes: list[Agent]) -> Position:
        """The core where it can play the opponents too (random and, where compiled, heuristic
        agents), else the engine's state."""
        found = core_of(self.seats, core)
        kinds = None if found is None else agent_kinds(found, probes)
        if found is not None and kinds is None:
            if core is True:
                raise ValueError(
                    f"the compiled core cannot play these opponents: {self.opponent_specs}"
                )
            found = None
        if found is None:
            return StatePosition(self.seats)
        self._kinds = np.zeros(self.seats.num_players, dtype=np.int64)
        self._risks = np.zeros(self.seats.num_players)
        # per opponent, in seat order after the learner's: how the core plays it
        assert kinds is not None
        self._probe_kinds = kinds
        self._probe_risks = [float(getattr(a, "risk", 0.0)) for a in probes]
        return CorePosition(self.seats, found)

    # -- gymnasium ------------------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**31)) if seed is None else int(seed)
        n = self.seats.num_players
        self.position.reset(game_seed)
        self._started = True
        self._ended = False
        self.seat = game_seed % n if self.fixed_seat is None else self.fixed_seat
        others = [q for q in range(n) if q != self.seat]
        self.decisions = 0
        if isinstance(self.position, CorePosition):
            self._core_agents(others, game_seed)
        else:
            game = self.seats.game
            self._agents = {
                q: make_agent(spec, game, seed=game_seed * 16 + q)
                for q, spec in zip(others, self.opponent_specs, strict=True)
            }
        self._play_others()
        return self._obs(), {"seat": self.seat, "game_seed": game_seed}

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        if not self._started or self._ended:
            raise RuntimeError(
                "the episode is over (or was never started): call reset() before step()"
            )
        pos = self.position
        try:
            pos.play(self.seat, action)
        except ValueError:
            if self.illegal == "raise":
                raise
            self._ended = True
            return self._obs(), -1.0, True, False, {"illegal_action": True}
        self.decisions += 1
        self._play_others()
        if pos.is_over():
            self._ended = True
            return self._obs(), pos.payoffs()[self.seat], True, False, {}
        return self._obs(), 0.0, False, False, {}

    def action_masks(self) -> np.ndarray:
        """Legal actions of the learning seat now (bool), for MaskablePPO."""
        assert self._started, "call reset() first"
        return self.position.mask(self.seat).view(bool)

    def render(self) -> str | None:
        """``ansi``: the terminal drawing of the learning seat's view, as text; ``human``: the
        same, printed, returning None."""
        if self.render_mode is None or not self._started:
            return None
        text = self.seats.render_ansi(self.position.state, self.seat)
        if self.render_mode == "human":
            print(text, end="")
            return None
        return text

    # -- the other seats ------------------------------------------------------------------
    def _core_agents(self, others: list[int], game_seed: int) -> None:
        """The opponents as the core plays them: seat q's kind and risk (from its spec), and
        its generator ``random.Random(game_seed * 16 + q)``, the one ``make_agent`` gives an
        agent of that seed (Agent.__init__), seeded in compiled code (the learner's row is
        unused)."""
        # the compiled generator (numba), loaded only for opponents played in the core
        from ..engine.compiled.rng import MT_N, mt_seed, mt_state

        n = self.seats.num_players
        if self._mts.shape != (n, MT_N + 1):
            self._mts = np.zeros((n, MT_N + 1), dtype=np.uint64)
        for i, q in enumerate(others):
            seed = game_seed * 16 + q
            if 0 <= seed < 1 << 63:
                mt_seed(self._mts[q], seed)
            else:  # a seed the compiled seeding does not take: the agent's own generator
                agent = make_agent(self.opponent_specs[i], self.seats.game, seed=seed)
                self._mts[q] = mt_state(agent.rng)
            self._kinds[q] = self._probe_kinds[i]
            self._risks[q] = self._probe_risks[i]

    def _play_others(self) -> None:
        pos = self.position
        if isinstance(pos, CorePosition):
            self.decisions += pos.play_agents(self.seat, self._mts, self._kinds, self._risks)
            return
        state = pos.state
        while not state.is_over and self.seat not in state.actors:
            q = state.actors[0]
            state.apply(q, self._agents[q].act(SeatHandle(state, q)))
            self.decisions += 1

    def _obs(self) -> np.ndarray:
        return self.position.observation(self.seat)


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
