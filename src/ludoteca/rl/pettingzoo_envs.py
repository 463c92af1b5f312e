"""PettingZoo doors: ``LudotecaAEC`` (turn by turn, every game) and ``LudotecaParallel``
(every seat owing a decision acts in one step: The Nine Domains' simultaneous placement).

``state()`` (with ``state_space``) is the centralised vector: every seat's observation, seat 0
first. It is privileged information for a critic trained with all seats in view, and never part
of an agent's observation. The AEC env is not ``is_parallelizable``: a seat often acts several
times in a row, which PettingZoo's ``aec_to_parallel`` cannot express; ``parallel_env`` is the
Parallel door.

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

from ..engine.observation import HIGH, LOW
from .core import Seats
from .positions import OnPosition, Position, position

RENDER_MODES = ["ansi", "human"]


def _spaces(seats: Seats) -> tuple[spaces.Dict, spaces.Discrete]:
    """One seat's spaces: new objects at every call, so that seeding one agent's space (to
    sample from it) leaves every other agent's alone."""
    obs = spaces.Dict(
        {
            "observation": spaces.Box(LOW, HIGH, seats.encoder.shape, np.float32),
            "action_mask": spaces.Box(0, 1, (seats.num_actions,), np.int8),
        }
    )
    return obs, spaces.Discrete(seats.num_actions)


def state_space(seats: Seats) -> spaces.Box:
    """The centralised vector's space: every seat's observation, one after the other."""
    size = seats.num_players * seats.encoder.size
    return spaces.Box(LOW, HIGH, (size,), np.float32)


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


class _Door(OnPosition):
    """What the AEC and the Parallel env share: the seats, the seeds, the position (the
    engine's state, or the compiled core's array: ``positions.py``) and the step itself
    (play, then the payoffs if the game ended)."""

    seats: Seats
    possible_agents: list[str]
    render_mode: str | None
    position: Position

    def _open(
        self,
        game_id: str,
        num_players: int | None,
        options: Mapping[str, Any] | None,
        render_mode: str | None,
        core: bool | None,
    ) -> None:
        if render_mode not in (None, *RENDER_MODES):
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
        self.seats = Seats(game_id, num_players, options)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{p}" for p in range(self.seats.num_players)]
        self._seeds = _Seeds()
        self.position = position(self.seats, core)
        self._started = False
        self.state_space = state_space(self.seats)
        pairs = {a: _spaces(self.seats) for a in self.possible_agents}
        self.observation_spaces = {a: o for a, (o, _) in pairs.items()}
        self.action_spaces = {a: x for a, (_, x) in pairs.items()}
        self.metadata: dict[str, Any] = {
            "render_modes": list(RENDER_MODES),
            "name": f"ludoteca_{game_id.replace('-', '_')}",
        }

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def state(self) -> np.ndarray:
        """Privileged: every seat's observation vector, seat 0 first (``state_space``), for a
        centralised critic. What no seat knows (a shuffled pile's order) is not in it. Never
        give it to an agent as its observation: it holds the other seats' hands."""
        if not self._started:
            raise RuntimeError("call reset() before state()")
        pos = self.position
        return np.concatenate([pos.observation(p) for p in range(self.seats.num_players)])

    def _new_state(self, seed: int | None) -> None:
        self.position.reset(self._seeds.next(seed))
        self._started = True

    def _observation(self, p: int) -> dict[str, np.ndarray]:
        assert self._started, "call reset() first"
        pos = self.position
        return {"observation": pos.observation(p), "action_mask": pos.mask(p)}

    def _play(self, plays: list[tuple[int, Any]]) -> list[float] | None:
        """Play each (seat, code); the payoffs if the game is over now. Several plays are
        simultaneous: all are checked against the position before the first, so a bad one
        changes nothing, and each is played as the engine would (legal when its turn comes)."""
        assert self._started, "call reset() first"
        pos = self.position
        if len(plays) > 1:
            for p, code in plays:
                pos.check(p, code)
        for p, code in plays:
            pos.play(p, code)
        return pos.payoffs() if pos.is_over() else None

    def render(self) -> str | None:
        """``ansi``: the terminal drawing of the acting seat's view (the first seat's at the
        end), as text; ``human``: the same, printed, returning None."""
        if self.render_mode is None or not self._started:
            return None
        actors = self.position.actors()
        text = self.seats.render_ansi(self.position.state, actors[0] if actors else 0)
        if self.render_mode == "human":
            print(text, end="")
            return None
        return text

    def close(self) -> None:
        pass


class LudotecaAEC(_Door, AECEnv):
    def __init__(
        self,
        game_id: str,
        num_players: int | None = None,
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
        core: bool | None = None,
    ) -> None:
        AECEnv.__init__(self)
        self._open(game_id, num_players, options, render_mode, core)
        # a seat often acts several times in a row (Exploding Kittens' turns owed, Coatl's
        # actions, Sala's plays, The Nine Domains' placement), which aec_to_parallel's
        # one-action-per-agent-per-cycle cannot carry: LudotecaParallel is the door
        self.metadata["is_parallelizable"] = False
        self._index = {a: p for p, a in enumerate(self.possible_agents)}
        self.agents: list[str] = []

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """``options`` is accepted as PettingZoo asks and not used: game options are given
        to the constructor."""
        self._new_state(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.position.to_act()]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        p, pos = self._index[agent], self.position
        return {"observation": pos.observation(p), "action_mask": pos.mask(p)}

    def step(self, action: Any) -> None:
        if not self.agents:
            raise RuntimeError(
                "the episode is over (or was never started): call reset() before step()"
            )
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        pos = self.position
        pos.play(self._index[agent], action)
        # rewards are all zero until the end, so clearing and accumulating them (PettingZoo's
        # _clear_rewards / _accumulate_rewards) is needed only then
        self._cumulative_rewards[agent] = 0.0
        if pos.is_over():
            pays = pos.payoffs()
            self._clear_rewards()
            for a, pay in zip(self.agents, pays, strict=True):
                self.rewards[a] = pay
                self.terminations[a] = True
            self._accumulate_rewards()
        else:
            self.agent_selection = self.possible_agents[pos.to_act()]


class LudotecaParallel(_Door, ParallelEnv):
    """Every seat owing a decision acts in the same step (seats without one are ignored, their
    mask is all zeros). The Nine Domains places both players' cards at once this way."""

    def __init__(
        self,
        game_id: str,
        num_players: int | None = None,
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
        core: bool | None = None,
    ) -> None:
        self._open(game_id, num_players, options, render_mode, core)
        self.agents: list[str] = []

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        return {
            a: self._observation(p) for p, a in enumerate(self.possible_agents) if a in self.agents
        }

    def reset(
        self, seed: int | None = None, options: dict | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        self._new_state(seed)
        self.agents = self.possible_agents[:]
        return self._observations(), {a: {} for a in self.agents}

    def step(self, actions: Mapping[str, Any]) -> tuple[dict, dict, dict, dict, dict]:
        if not self.agents:
            raise RuntimeError(
                "the episode is over (or was never started): call reset() before step()"
            )
        owing = self.position.actors()
        for p in owing:
            agent = self.possible_agents[p]
            if agent not in actions:
                raise ValueError(f"{agent} owes a decision and was given no action")
        pays = self._play([(p, actions[self.possible_agents[p]]) for p in owing])
        live = self.agents
        over = pays is not None
        rewards = (
            dict.fromkeys(live, 0.0)
            if pays is None
            else {a: pays[int(a.rsplit("_", 1)[1])] for a in live}
        )
        obs = self._observations()
        terms = dict.fromkeys(live, over)
        truncs = dict.fromkeys(live, False)
        infos: dict[str, dict[str, Any]] = {a: {} for a in live}
        if over:
            self.agents = []
        return obs, rewards, terms, truncs, infos


def pettingzoo_env(
    game_id: str,
    num_players: int | None = None,
    options: Mapping[str, Any] | None = None,
    render_mode: str | None = None,
    core: bool | None = None,
) -> LudotecaAEC:
    """The AEC environment of a game: ``pettingzoo_env("coatl", num_players=3)``. ``core``:
    None plays on the compiled core where the game has one (``fast`` extra), False never,
    True insists."""
    return LudotecaAEC(game_id, num_players, options, render_mode, core)


def parallel_env(
    game_id: str,
    num_players: int | None = None,
    options: Mapping[str, Any] | None = None,
    render_mode: str | None = None,
    core: bool | None = None,
) -> LudotecaParallel:
    return LudotecaParallel(game_id, num_players, options, render_mode, core)
