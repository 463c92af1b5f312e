"""What every door (PettingZoo, Gymnasium, OpenSpiel) shares: a game, its encoder, and the
observation and action mask of one seat.

The observation is ``encoder.encode_state(state, p)``, tested equal to the encoding of
``view(p)``. The legal actions of a seat are read once per decision, as a dict code -> action
(``legal``): the mask is its keys, and ``apply_code`` checks a code by membership and plays its
action through the rules' ``_apply`` (the engine's ``apply`` would compute the legal list
again to check what the dict already says)."""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any, NoReturn

import numpy as np
from rich.console import Console

from ..engine import Action, Game, GameState, get_game
from ..engine.errors import IllegalAction, InvalidAction
from ..engine.observation import Encoder, encoder_for
from ..render import render_view


class Seats:
    """A game at one player count with one option set: encodes views, masks and codes."""

    def __init__(
        self, game_id: str, num_players: int | None = None, options: Mapping[str, Any] | None = None
    ) -> None:
        self.game: Game = get_game(game_id)
        n = self.game.min_players if num_players is None else num_players
        self.options = dict(options or {})
        # refuse bad options now, with the game's own words, not at the first reset
        self.game.parse_options(self.options, n) if self._valid_count(n) else None
        self.num_players = n
        self.encoder: Encoder = encoder_for(game_id, n)
        self.num_actions = self.game.action_space_size
        self._codes = self.game.action_space._code
        # the action space's own objects by identity: games that hand those out (most of the
        # Nine Domains', Exploding Kittens' and Sala's legal lists) skip hashing a dataclass
        self._by_id = {id(a): i for a, i in self._codes.items()}
        self._interned = True  # until a legal list holds an action of another identity
        self._no_mask = bytes(self.num_actions)

    def __deepcopy__(self, memo: dict[int, Any]) -> Seats:
        return self  # configuration only, never changed: copies of a state share it

    def _valid_count(self, n: int) -> bool:
        g = self.game
        if isinstance(n, bool) or not isinstance(n, int) or not g.min_players <= n <= g.max_players:
            raise ValueError(f"{g.id} is for {g.min_players} to {g.max_players} players, not {n!r}")
        return True

    def new_state(self, seed: int) -> GameState:
        return self.game.new_game(num_players=self.num_players, seed=seed, options=self.options)

    def observation(self, state: GameState, p: int) -> np.ndarray:
        return self.encoder.encode_state(state, p)

    def legal(self, state: GameState, p: int) -> dict[int, Action]:
        """Code -> action of every legal action of seat ``p`` now ({} if p owes nothing)."""
        if p not in state.actors:
            return {}
        acts = state.legal_actions(p)
        by_id = self._by_id
        if self._interned:
            try:
                return {by_id[id(a)]: a for a in acts}
            except KeyError:  # a new object: this game builds (some of) its own
                self._interned = False
        codes = self._codes
        out = {}
        for a in acts:
            c = by_id.get(id(a))
            out[codes[a] if c is None else c] = a
        return out

    def mask_of(self, legal: Mapping[int, Action]) -> np.ndarray:
        m = bytearray(self._no_mask)
        for c in legal:
            m[c] = 1
        return np.frombuffer(m, dtype=np.int8)

    def mask(self, state: GameState, p: int) -> np.ndarray:
        return self.mask_of(self.legal(state, p))

    def apply_code(
        self, state: GameState, p: int, code: Any, legal: Mapping[int, Action] | None = None
    ) -> None:
        """Play action ``code`` for seat ``p``; a code that is not legal now is a clear error
        and changes nothing. ``legal``: ``self.legal(state, p)`` if the caller has it."""
        action = self.check_code(state, p, code, self.legal(state, p) if legal is None else legal)
        try:
            state._apply(p, action)
        except IllegalAction as e:  # pragma: no cover - the legal list said yes
            raise ValueError(str(e)) from None

    def check_code(
        self, state: GameState, p: int, code: Any, legal: Mapping[int, Action]
    ) -> Action:
        """The action of ``code`` if it is in ``legal``; else the ValueError saying why not."""
        try:
            action = legal.get(int(code))
        except (TypeError, ValueError):
            action = None
        if action is None:
            self._refuse(state, p, code)
        return action

    def _refuse(self, state: GameState, p: int, code: Any) -> NoReturn:
        try:
            action = self.game.decode(int(code))
        except (InvalidAction, TypeError, ValueError) as e:
            raise ValueError(f"{self.game.id}: bad action {code!r}: {e}") from None
        raise ValueError(
            f"{self.game.id}: action {int(code)} ({action.to_json()}) is not legal for seat {p}"
            " now; choose one whose action_mask entry is 1"
        )

    def payoffs(self, state: GameState) -> list[float]:
        result = state.result()
        return [result.payoff(p) for p in range(self.num_players)]

    def render_ansi(self, state: GameState, seat: int | None) -> str:
        """The terminal renderer's drawing of ``seat``'s view, as text with ANSI colours."""
        out = io.StringIO()
        console = Console(file=out, force_terminal=True, color_system="standard", width=100)
        console.print(render_view(state.view(seat), self.game, "en", seat))
        return out.getvalue()
