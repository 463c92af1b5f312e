"""Which actions are legal now, why one is refused, and what a clock plays."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Action, IllegalAction
from .actions import DECLINE, DISCARD, DRAFT, PLACE, RECOVER, SWAP_GIVE, SWAP_TAKE, Draft, Place
from .cards import CARDS, EMPTY, PILES
from .phases import DRAFT_ORDER, EXCHANGE, PHASE_NAMES, PLAYERS, SWAP, Phase

if TYPE_CHECKING:
    from .state import NineDomainsState

# the hot path compares plain ints (the specialised int comparison), so the phases are read as ints
DRAFTING, PLACING, POWERS, OVER = map(int, Phase)
_VALUE = CARDS.value
_INDEX = CARDS.index


def legal_actions(s: NineDomainsState, player: int) -> list[Action]:
    ph = s.phase
    if ph == PLACING:
        if player not in PLAYERS or s.nplaced[player] >= PILES:
            return []
        row = s.placed[player]
        free = [i for i in range(PILES) if row[i] == EMPTY]
        return [PLACE[c][i] for c in s.hand[player] for i in free]
    if ph == POWERS:
        owner, kind, _ = s.pending[0]
        if player != owner:
            return []
        out: list[Action]
        if kind == SWAP:
            if s.pick == EMPTY:
                out = [SWAP_GIVE[d] for d in sorted(s.won[owner])]
            else:
                out = [SWAP_TAKE[d] for d in sorted(s.won[1 - owner])]
        elif s.pick == EMPTY:
            out = [RECOVER[c] for c in recoverable(s, owner)]
        else:
            out = [DISCARD[c] for c in s.hand[owner]]
        out.append(DECLINE)
        return out
    if ph == DRAFTING and player == DRAFT_ORDER[s.draft_step]:
        return [DRAFT[c] for c in s.draft_pool]
    return []


def is_legal(s: NineDomainsState, player: int, action: Action) -> bool:
    if type(action) is Place:
        if s.phase != PLACING or player not in PLAYERS or s.nplaced[player] >= PILES:
            return False
        c = _INDEX.get(action.card) if isinstance(action.card, str) else None
        pile = action.pile
        return (
            c is not None
            and c in s.hand[player]
            and type(pile) is int
            and 0 <= pile < PILES
            and s.placed[player][pile] == EMPTY
        )
    return action in legal_actions(s, player)


def recoverable(s: NineDomainsState, player: int) -> list[int]:
    """Used cards the 3- may take back (option exchange_this_round), sorted."""
    used = s.used[player]
    if not s.options.exchange_this_round and s.history:
        this_round = s.history[-1][player]
        used = [c for c in used if c not in this_round]
    return sorted(used)


def explain_illegal(s: NineDomainsState, player: int, action: Action) -> str:
    ph = PHASE_NAMES[s.phase]
    t = type(action)
    if t is Place:
        assert isinstance(action, Place)
        if s.phase != PLACING:
            return f"cards are placed at the start of a round; now it is the {ph} phase"
        if action.card not in _INDEX:
            return f"there is no card {action.card!r}"
        if not isinstance(action.pile, int) or not 0 <= action.pile < PILES:
            return f"pile must be 0, 1 or 2, not {action.pile!r}"
        if _INDEX[action.card] not in s.hand[player]:
            return f"card {action.card} is not in your hand"
        return f"you already placed a card in front of pile {action.pile}"
    if t is Draft:
        if s.phase != DRAFTING:
            return "the draft of special cards is over (or was not chosen in the options)"
        return f"card {getattr(action, 'card', '?')} is not in the draft pool"
    if s.phase != POWERS:
        return f"no power is being resolved; now it is the {ph} phase"
    _, kind, _ = s.pending[0]
    wanted = {
        (SWAP, True): "choose one of your domains to give (swap_give) or decline",
        (SWAP, False): "choose one of your opponent's domains to take (swap_take) or decline",
        (EXCHANGE, True): "choose one of your used cards to take back (recover) or decline",
        (EXCHANGE, False): "choose a card of your hand to set aside (discard) or decline",
    }[(kind, s.pick == EMPTY)]
    return f"{s.game.describe_action(action, 'en')} is not possible now: {wanted}"


def timeout_action(s: NineDomainsState, player: int) -> Action:
    """The clock: place the lowest card of the hand on the first free pile; draft the first
    special of the pool; decline a power."""
    if player in s.actors:
        if s.phase == PLACING:
            c = min(s.hand[player], key=lambda x: (_VALUE[x], x))
            return PLACE[c][s.placed[player].index(EMPTY)]
        if s.phase == DRAFTING:
            return DRAFT[s.draft_pool[0]]
        return DECLINE
    if s.is_over:
        raise IllegalAction("the game is over")
    raise IllegalAction(f"player {player!r} has no decision to make now")
