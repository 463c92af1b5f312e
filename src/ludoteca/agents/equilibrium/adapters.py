"""How the solver names information sets and which moves it considers, per game.

Generic: an information set is ``(player, the player's view as canonical JSON)`` and every legal
move is considered. That is always right, but the JSON costs about half of an iteration.

The Nine Domains has its own, for speed and for a smaller tree, with the same game solved:

- **Key**: a tuple of the state's fields that make up ``view(player)`` (the view is built from
  exactly these; what it derives from them, such as VP, elements, known cards, strengths and
  incoming changes, is left out). It is a function of the player's view and as informative:
  two states give equal keys exactly when the player's views are equal (checked by
  tests/agents/test_equilibrium.py over random positions and their determinizations). The
  options are left out: every state of one solve shares them.
- **Moves**: a player places its cards on the free piles from left to right. The order in which
  one's three cards go down is invisible to the opponent (it sees only how many are down) and
  changes nothing once the row is complete, so each row is still reached, exactly once: 504
  placing sequences in round 1 instead of 3,024, and 9 moves at the first decision instead of 27.
- **Rewind**: when the seat decides after the opponent has put cards down in secret (the second
  actor of a round), a determinization holds *some* cards there, drawn uniformly: solving from
  it would answer a randomly placing opponent. The solver takes those cards back into the
  opponent's hand so that the opponent places them in the tree, by its solved strategy; as
  its choice is secret, deciding it "before" or "after" ours is the same game.
"""

from __future__ import annotations

import json
from collections.abc import Hashable
from typing import Any

from ...engine import Action, GameState
from ...games.nine_domains.actions import PLACE
from ...games.nine_domains.cards import ROUNDS
from ...games.nine_domains.phases import Phase

_dumps = json.JSONEncoder(sort_keys=True, separators=(",", ":"), default=str).encode


def view_key(view: Any) -> str:
    """A view as canonical JSON: equal strings for equal views."""
    return _dumps(view)


class GenericAdapter:
    """Any game: the view as the key, all legal moves."""

    def key(self, state: GameState, player: int) -> tuple[Hashable, Any]:
        """(information-set key, the round it belongs to, or None)."""
        v = state.view(player)
        return (player, _dumps(v)), v.get("round") if isinstance(v, dict) else None

    def actions(self, state: GameState, player: int) -> list[Action]:
        return state.legal_actions(player)

    def rewind(self, state: GameState, player: int) -> GameState:
        """The sample the subgame starts from (``player``'s own determinization)."""
        return state


class NineDomainsAdapter(GenericAdapter):
    def __init__(self) -> None:
        self._place = PLACE
        self._placing = Phase.PLACE
        self._last_round = ROUNDS

    def key(self, state: GameState, player: int) -> tuple[Hashable, Any]:
        s: Any = state
        rnd = min(s.rnd + 1, self._last_round)
        p = player
        piles = tuple(tuple(x) for x in s.piles) if s.options.open_piles else None
        tops = tuple((x[-1] if x else -1, len(x)) for x in s.piles)
        key = (
            p,
            s.phase,
            s.rnd,
            tops,
            piles,
            tuple(s.won[0]),
            tuple(s.won[1]),
            tuple(s.removed),
            tuple(s.bonus),
            tuple(s.used[0]),
            tuple(s.used[1]),
            tuple(s.seen[0]),
            tuple(s.seen[1]),
            len(s.hand[0]),
            len(s.hand[1]),
            tuple(s.nplaced),
            tuple(s.hand[p]),
            tuple(s.placed[p]),
            tuple(tuple(r[0]) + tuple(r[1]) for r in s.history),
            tuple(tuple(c) for c in s.contested),
            tuple(tuple(o) for o in s.outcomes),
            s.pending[0] if s.pending else None,
            s.pick,
            s.elements_off,
            tuple(s.draft_pool),
            s.draft_step,
            s.winner,
            s.reason,
        )
        return key, rnd

    def actions(self, state: GameState, player: int) -> list[Action]:
        s: Any = state
        if s.phase != self._placing:
            return state.legal_actions(player)
        row = s.placed[player]
        if player not in state.actors:
            return []
        pile = row.index(-1)  # the leftmost free pile
        return [self._place[c][pile] for c in s.hand[player]]

    def rewind(self, state: GameState, player: int) -> GameState:
        s: Any = state
        if s.phase == self._placing:
            q = 1 - player
            down = [c for c in s.placed[q] if c != -1]
            if down:
                s.hand[q] = sorted(s.hand[q] + down)
                s.placed[q] = [-1] * len(s.placed[q])
                s.nplaced[q] = 0
        return state


def adapter_for(state: GameState) -> GenericAdapter:
    if getattr(state.game, "id", None) == "nine-domains":
        return NineDomainsAdapter()
    return GenericAdapter()
