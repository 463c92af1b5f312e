"""OpenSpiel door: each game registered as a pyspiel Python game.

``pyspiel.load_game("python_ludoteca_coatl", {"players": 3})`` after ``register()`` (or
``import ludoteca.rl.openspiel_game``). Game parameters: ``players``; ``seed`` and ``deals``
(the first node is a chance node drawing one of ``deals`` deals, game seed ``seed + k``: the
engine's whole shuffle stream follows from it, and no seat observes it); and every option of
the game that is a flag or a choice, under its own name.

- Imperfect information, sequential: the seat to act is ``actors[0]`` (The Nine Domains'
  simultaneous placement is asked one seat after the other: no seat's view shows the other's
  face-down card, so nothing changes for either).
- Actions are the engine's integer codes (``game.encode``).
- Observation and information-state tensors are the encoder's vector (docs/rl.md); their
  strings are the seat's view as JSON. The view carries everything a seat knows (the engine
  contract), so it serves as the information state: histories that leave a seat the same
  knowledge share one (not strict perfect recall).
- ``resample_from_infostate(p, sampler)`` is ``determinize(p, rng)``, the rng seeded from the
  sampler.
- Returns at the end: each seat's payoff (1 sole win, 1/k shared, else 0).
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any, Literal, get_args, get_origin

import numpy as np
import pyspiel

from ..engine import Action, GameState, get_game, list_games
from ..engine.registry import module_suffix
from .core import Seats

DEALS = 1000
# upper bounds on decisions per game, for GameInfo (measured maxima are far lower)
MAX_LENGTH = {"nine-domains": 200, "exploding-kittens": 5000, "coatl": 3000, "sala-de-miaula": 3000}


def short_name(game_id: str) -> str:
    return f"python_ludoteca_{module_suffix(game_id)}"


def _option_params(game_id: str) -> dict[str, Any]:
    """The game's flag and choice options with their defaults (OpenSpiel parameters)."""
    out: dict[str, Any] = {}
    for name, f in get_game(game_id).Options.model_fields.items():
        if f.annotation is bool or get_origin(f.annotation) is Literal:
            out[name] = f.get_default()
    return out


def _game_type(game_id: str) -> pyspiel.GameType:
    game = get_game(game_id)
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"ludoteca {game.display_name('en')}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": game.min_players,
            "seed": 0,
            "deals": DEALS,
            **_option_params(game_id),
        },
    )


class LudotecaSpielGame(pyspiel.Game):
    game_id: str

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        gtype = _game_type(self.game_id)
        p = dict(gtype.parameter_specification)
        p.update(params or {})
        options = {k: p[k] for k in _option_params(self.game_id)}
        for name, f in get_game(self.game_id).Options.model_fields.items():
            if get_origin(f.annotation) is Literal and options.get(name) not in get_args(
                f.annotation
            ):
                raise ValueError(
                    f"{self.game_id}: option {name!r} must be one of "
                    f"{', '.join(map(str, get_args(f.annotation)))}, not {options.get(name)!r}"
                )
        self.seats = Seats(self.game_id, int(p["players"]), options)
        self.seed = int(p["seed"])
        self.deals = int(p["deals"])
        if self.deals < 1:
            raise ValueError(f"deals must be at least 1, not {self.deals}")
        info = pyspiel.GameInfo(
            num_distinct_actions=self.seats.num_actions,
            max_chance_outcomes=self.deals,
            num_players=self.seats.num_players,
            min_utility=0.0,
            max_utility=1.0,
            max_game_length=MAX_LENGTH.get(self.game_id, 5000),
        )
        super().__init__(gtype, info, p)

    def new_initial_state(self) -> LudotecaSpielState:
        return LudotecaSpielState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> ViewObserver:
        if params:
            raise ValueError(f"observer parameters are not supported; got {dict(params)}")
        return ViewObserver(self.seats)


class _Holder:
    """The engine state inside a pyspiel state. pyspiel clones a Python state by deep copy:
    this makes that copy the engine's own ``clone()``. ``legal``: the acting seat's legal
    actions (code -> action) once asked, for the ``apply_action`` that follows; never copied."""

    __slots__ = ("legal", "state")

    def __init__(self, state: GameState | None) -> None:
        self.state = state
        self.legal: dict[int, Action] | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> _Holder:
        return _Holder(None if self.state is None else self.state.clone())


class LudotecaSpielState(pyspiel.State):
    def __init__(self, game: LudotecaSpielGame, state: GameState | None = None) -> None:
        super().__init__(game)
        self._seats = game.seats
        self._seed = game.seed
        self._deals = game.deals
        self._h = _Holder(state)

    @property
    def engine_state(self) -> GameState | None:
        """The engine's state (None before the deal)."""
        return self._h.state

    def current_player(self) -> int:
        s = self._h.state
        if s is None:
            return int(pyspiel.PlayerId.CHANCE)
        if s.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return s.actors[0]

    def _legal_actions(self, player: int) -> list[int]:
        s = self._h.state
        assert s is not None
        if s.actors and player == s.actors[0]:
            self._h.legal = legal = self._seats.legal(s, player)
            return sorted(legal)
        codes = self._seats._codes
        return sorted(codes[a] for a in s.legal_actions(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        assert self._h.state is None
        p = 1.0 / self._deals
        return [(k, p) for k in range(self._deals)]

    def _apply_action(self, action: int) -> None:
        s = self._h.state
        if s is None:
            self._h.state = self._seats.new_state(self._seed + int(action))
            return
        legal, self._h.legal = self._h.legal, None
        self._seats.apply_code(s, s.actors[0], action, legal)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        return json.dumps(self._seats.game.decode(int(action)).to_json(), sort_keys=True)

    def is_terminal(self) -> bool:
        s = self._h.state
        return s is not None and s.is_over

    def returns(self) -> list[float]:
        s = self._h.state
        if s is None or not s.is_over:
            return [0.0] * self._seats.num_players
        return self._seats.payoffs(s)

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Any
    ) -> LudotecaSpielState:
        """A state consistent with what ``player_id`` knows: the engine's determinize."""
        s = self._h.state
        game = self.get_game()
        if s is None:
            return LudotecaSpielState(game)
        seed = int(probability_sampler() * 2**53) if callable(probability_sampler) else 0
        return LudotecaSpielState(game, s.determinize(player_id, random.Random(seed)))

    def __str__(self) -> str:
        s = self._h.state
        if s is None:
            return "before the deal"
        return json.dumps(s.view(None), sort_keys=True)


class ViewObserver:
    """Tensor: the encoder's vector of the seat's view; string: the view as JSON."""

    def __init__(self, seats: Seats) -> None:
        self.seats = seats
        self.tensor = np.zeros(seats.encoder.size, np.float32)
        self.dict = {f.name: self.tensor[f.slice] for f in seats.encoder.layout.fields}

    def set_from(self, state: LudotecaSpielState, player: int) -> None:
        s = state.engine_state
        if s is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = self.seats.observation(s, player)

    def string_from(self, state: LudotecaSpielState, player: int) -> str:
        s = state.engine_state
        if s is None:
            return "before the deal"
        return json.dumps(s.view(player), sort_keys=True, separators=(",", ":"))


def _game_class(game_id: str) -> type[LudotecaSpielGame]:
    name = "Spiel_" + module_suffix(game_id)
    return type(name, (LudotecaSpielGame,), {"game_id": game_id})


_REGISTERED: set[str] = set()


def register() -> None:
    """Register every game with pyspiel (idempotent)."""
    for game in list_games():
        if game.id in _REGISTERED:
            continue
        pyspiel.register_game(_game_type(game.id), _game_class(game.id))
        _REGISTERED.add(game.id)


def load_game(game_id: str, **params: Any) -> pyspiel.Game:
    """``load_game("coatl", players=3)``: register, then ``pyspiel.load_game``."""
    register()
    return pyspiel.load_game(short_name(game_id), params)


register()
