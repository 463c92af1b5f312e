"""What every door (PettingZoo, Gymnasium, OpenSpiel) shares: a game, its encoder, and the
observation and action mask of one seat, read from ``view(p)`` and ``legal_actions(p)``."""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

import numpy as np

from ..engine import Game, GameState, get_game
from ..engine.errors import IllegalAction, InvalidAction
from .encoders import Encoder, encoder_for


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
        return self.encoder.encode(state.view(p))

    def mask(self, state: GameState, p: int) -> np.ndarray:
        m = np.zeros(self.num_actions, dtype=np.int8)
        if p in state.actors:
            codes = self._codes
            m[[codes[a] for a in state.legal_actions(p)]] = 1
        return m

    def apply_code(self, state: GameState, p: int, code: Any) -> None:
        """Play action ``code`` for seat ``p``; a code that is not legal now is a clear error."""
        try:
            action = self.game.decode(int(code))
        except (InvalidAction, TypeError, ValueError) as e:
            raise ValueError(f"{self.game.id}: bad action {code!r}: {e}") from None
        if p not in state.actors or not state.is_legal(p, action):
            raise ValueError(
                f"{self.game.id}: action {int(code)} ({action.to_json()}) is not legal for seat {p}"
                " now; choose one whose action_mask entry is 1"
            )
        try:
            state.apply(p, action)
        except IllegalAction as e:  # pragma: no cover - is_legal said yes
            raise ValueError(str(e)) from None

    def payoffs(self, state: GameState) -> list[float]:
        result = state.result()
        return [result.payoff(p) for p in range(self.num_players)]

    def render_ansi(self, state: GameState, seat: int | None) -> str:
        """The terminal renderer's drawing of ``seat``'s view, as text with ANSI colours."""
        from rich.console import Console

        from ..cli.render import render_view

        out = io.StringIO()
        console = Console(file=out, force_terminal=True, color_system="standard", width=100)
        console.print(render_view(state.view(seat), self.game, "en", seat))
        return out.getvalue()
