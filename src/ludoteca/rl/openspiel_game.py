"""OpenSpiel door: each game registered as a pyspiel Python game.

``pyspiel.load_game("python_ludoteca_coatl", {"players": 3})`` after ``register()`` (or
``import ludoteca.rl.openspiel_game``). Game parameters: ``players``; ``strict_recall`` (True:
the information state string recalls the seat's earlier views, see below); ``seed`` and ``deals``
(the first node is a chance node drawing one of ``deals`` deals, game seed ``seed + k``: the
engine's whole shuffle stream follows from it, and no seat observes it); and every option of
the game that is a flag or a choice, under its own name.

- Imperfect information, sequential: the seat to act is ``actors[0]`` (The Nine Domains'
  simultaneous placement is asked one seat after the other: no seat's view shows the other's
  face-down card, so nothing changes for either).
- Actions are the engine's integer codes (``game.encode``).
- Observers honour ``IIGObservationType`` (``SpielObserver``): the public observation
  (``private_info=NONE``) is the spectator's view, ``view(None)``; a seat's private observation
  (``SINGLE_PLAYER``, the default) its view; ``ALL_PLAYERS`` every seat's view, seat 0 first
  (privileged). ``perfect_recall=True`` (the information state) adds the seat's own moves, in
  order, so no information state is reached by two different sequences of its own moves; its
  string also carries a digest of what the seat saw at each of its decisions (strict perfect
  recall: the seat's earlier information states and actions follow from its current one).
  Tensors are the encoder's vectors (docs/rl.md), strings the views as JSON.
- ``resample_from_infostate(p, sampler)`` is ``determinize(p, rng)``, the rng seeded from the
  sampler.
- Returns at the end: each seat's payoff (1 sole win, 1/k shared, else 0).
"""

from __future__ import annotations

import hashlib
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
            "strict_recall": True,
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
        self.strict_recall = bool(p["strict_recall"])
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
    ) -> SpielObserver:
        if params:
            raise ValueError(f"observer parameters are not supported; got {dict(params)}")
        kind = (
            pyspiel.IIGObservationType(perfect_recall=False)
            if iig_obs_type is None
            else iig_obs_type
        )
        return SpielObserver(
            self.seats, kind, MAX_LENGTH.get(self.game_id, 5000), self.strict_recall
        )


class _Holder:
    """The engine state inside a pyspiel state. pyspiel clones a Python state by deep copy:
    this makes that copy the engine's own ``clone()``. ``legal``: the acting seat's legal
    actions (code -> action) once asked, for the ``apply_action`` that follows; never copied.
    ``moves``: each seat's own action codes in order; ``seen``: each seat's digest of the
    views it had at its decisions, with the move made at each (its recall, for the
    information state)."""

    __slots__ = ("legal", "moves", "seen", "state")

    def __init__(self, state: GameState | None, moves: list[list[int]], seen: list[str]) -> None:
        self.state = state
        self.legal: dict[int, Action] | None = None
        self.moves = moves
        self.seen = seen

    def __deepcopy__(self, memo: dict[int, Any]) -> _Holder:
        return _Holder(
            None if self.state is None else self.state.clone(),
            [m[:] for m in self.moves],
            self.seen[:],
        )


class LudotecaSpielState(pyspiel.State):
    def __init__(
        self,
        game: LudotecaSpielGame,
        state: GameState | None = None,
        moves: list[list[int]] | None = None,
        seen: list[str] | None = None,
    ) -> None:
        super().__init__(game)
        self._seats = game.seats
        self._seed = game.seed
        self._deals = game.deals
        self._strict = game.strict_recall
        n = game.seats.num_players
        self._h = _Holder(
            state,
            [[] for _ in range(n)] if moves is None else moves,
            [""] * n if seen is None else seen,
        )

    @property
    def engine_state(self) -> GameState | None:
        """The engine's state (None before the deal)."""
        return self._h.state

    def own_moves(self, player: int) -> tuple[int, ...]:
        """The action codes ``player`` has played, in order."""
        return tuple(self._h.moves[player])

    def recall_digest(self, player: int) -> str:
        """A digest of the views ``player`` had at each of its decisions and the move it made
        at each ("" before its first)."""
        return self._h.seen[player]

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
        p = s.actors[0]
        # the view before the move, for the strict recall's digest (a third to a half of a
        # step's cost: strict_recall=False leaves it out)
        seen = json.dumps(s.view(p), sort_keys=True, separators=(",", ":")) if self._strict else ""
        self._seats.apply_code(s, p, action, legal)
        h = self._h
        h.moves[p].append(int(action))
        if self._strict:
            digest = hashlib.sha256(f"{h.seen[p]}|{seen}|{int(action)}".encode())
            h.seen[p] = digest.hexdigest()

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
        """A state consistent with what ``player_id`` knows: the engine's determinize, with
        that seat's own moves. The other seats' moves are not all public (The Nine Domains'
        face-down cards), so in the sample their recall starts here."""
        s = self._h.state
        game = self.get_game()
        if s is None:
            return LudotecaSpielState(game)
        seed = int(probability_sampler() * 2**53) if callable(probability_sampler) else 0
        moves: list[list[int]] = [[] for _ in self._h.moves]
        moves[player_id] = self._h.moves[player_id][:]
        seen = [""] * len(moves)
        seen[player_id] = self._h.seen[player_id]
        sample = s.determinize(player_id, random.Random(seed))
        return LudotecaSpielState(game, sample, moves, seen)

    def __str__(self) -> str:
        s = self._h.state
        if s is None:
            return "before the deal"
        return json.dumps(s.view(None), sort_keys=True)


class SpielObserver:
    """One kind of observation (``IIGObservationType``) of a state, for any seat.

    Pieces, by ``private_info``: ``NONE``, "public" (the spectator's view); ``SINGLE_PLAYER``,
    "view" (the seat's own); ``ALL_PLAYERS``, "views" (every seat's, seat 0 first: privileged,
    the whole table's knowledge, for a centralised critic). ``perfect_recall`` adds "moves":
    the seat's own action codes in order (with ALL_PLAYERS every seat's), slot k holding
    ``(code + 1) / num_actions`` for its k-th move and 0 after the last, ``recall`` slots (the
    game's declared maximum length: no seat can move more often). Strings are the same as
    JSON; with perfect recall they add "recall", the seat's digest of the views it had at
    each of its decisions with the move made (``recall_digest``), which a fixed-size tensor
    cannot hold: the string's information states are strictly perfect recall (its earlier
    information states and actions follow from the current one), the tensor's recall the
    seat's own moves and its current view. ``public_info=False`` (private pieces without the public ones) is refused: the views
    do not split that way."""

    def __init__(self, seats: Seats, kind: Any, recall: int, strict_recall: bool = True) -> None:
        if not kind.public_info:
            raise ValueError(
                "observations without public information are not supported: the views "
                "carry public and private information together"
            )
        private = kind.private_info
        if kind.perfect_recall and private == pyspiel.PrivateInfoType.NONE:
            raise ValueError(
                "a public perfect-recall observation is not supported: ask for the "
                "seat's information state (private_info=SINGLE_PLAYER) or the public "
                "observation without recall"
            )
        self.seats = seats
        self.private = private
        self.perfect_recall = bool(kind.perfect_recall)
        self.strict_recall = strict_recall
        self.recall = recall
        n, size = seats.num_players, seats.encoder.size
        pieces: list[tuple[str, tuple[int, ...]]]
        if private == pyspiel.PrivateInfoType.NONE:
            pieces = [("public", (size,))]
        elif private == pyspiel.PrivateInfoType.SINGLE_PLAYER:
            pieces = [("view", (size,))]
        else:
            pieces = [("views", (n, size))]
        if self.perfect_recall:
            single = private == pyspiel.PrivateInfoType.SINGLE_PLAYER
            pieces.append(("moves", (recall,) if single else (n, recall)))
        total = sum(int(np.prod(shape)) for _, shape in pieces)
        self.tensor = np.zeros(total, np.float32)
        self.dict: dict[str, np.ndarray] = {}
        at = 0
        for name, shape in pieces:
            k = int(np.prod(shape))
            self.dict[name] = self.tensor[at : at + k].reshape(shape)
            at += k

    def _seats_seen(self, player: int) -> list[int]:
        if self.private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            return list(range(self.seats.num_players))
        return [player]

    def set_from(self, state: LudotecaSpielState, player: int) -> None:
        self.tensor.fill(0.0)
        s = state.engine_state
        if s is None:
            return
        d, seats = self.dict, self.seats
        if "public" in d:
            d["public"][:] = seats.encoder.encode(s.view(None))
        elif "view" in d:
            d["view"][:] = seats.observation(s, player)
        else:
            for q in range(seats.num_players):
                d["views"][q] = seats.observation(s, q)
        if "moves" in d:
            rows = d["moves"].reshape(-1, self.recall)
            for row, q in zip(rows, self._seats_seen(player), strict=True):
                moves = state.own_moves(q)
                if len(moves) > self.recall:
                    raise ValueError(
                        f"seat {q} made {len(moves)} moves, more than the {self.recall} the "
                        "information state recalls (the game's declared maximum length)"
                    )
                row[: len(moves)] = (np.asarray(moves, np.float32) + 1) / seats.num_actions

    def string_from(self, state: LudotecaSpielState, player: int) -> str:
        s = state.engine_state
        if s is None:
            return "before the deal"
        out: dict[str, Any]
        if self.private == pyspiel.PrivateInfoType.NONE:
            out = {"public": s.view(None)}
        elif self.private == pyspiel.PrivateInfoType.SINGLE_PLAYER:
            out = {"view": s.view(player)}
        else:
            out = {"views": [s.view(q) for q in range(self.seats.num_players)]}
        if self.perfect_recall:
            out["moves"] = [list(state.own_moves(q)) for q in self._seats_seen(player)]
            if self.strict_recall:
                out["recall"] = [state.recall_digest(q) for q in self._seats_seen(player)]
        if len(out) == 1:  # the view alone, as before: the observation string
            (out,) = out.values()
        return json.dumps(out, sort_keys=True, separators=(",", ":"))


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
