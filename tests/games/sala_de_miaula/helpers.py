"""Builders for scenario tests: a table set up card by card, every card taken from its deck so
that the 25 cards of each player stay accounted for."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from ludoteca.engine import Action, Event
from ludoteca.games.sala_de_miaula import GAME
from ludoteca.games.sala_de_miaula.cards import POOL
from ludoteca.games.sala_de_miaula.model import Creature
from ludoteca.games.sala_de_miaula.state import SalaState

FILL = [cid for cid, c in POOL.cards.items() if c.set == "despertar"]

Spec = str | tuple[str, str] | None  # a creature, (creature, item), or an empty place


def deck_with(cards: Iterable[str]) -> list[str]:
    """A legal 25-card deck holding the given cards, filled with base-set cards."""
    deck = list(cards)
    counts = Counter(deck)
    for cid in FILL * 2:
        if len(deck) >= 25:
            break
        if counts[cid] < 2:
            deck.append(cid)
            counts[cid] += 1
    return deck


def _needed(field: Sequence[Spec], hand: Sequence[str], extra: Sequence[str]) -> list[str]:
    out = list(hand) + list(extra)
    for spec in field:
        if isinstance(spec, tuple):
            out += list(spec)
        elif spec is not None:
            out.append(spec)
    return out


def table(
    mine: Sequence[Spec] = (),
    theirs: Sequence[Spec] = (),
    hand: Sequence[str] = (),
    their_hand: Sequence[str] = (),
    terrain: str = "agua",
    turn: int = 3,
    sets: list[str] | None = None,
    deck0_extra: Sequence[str] = (),
    deck1_extra: Sequence[str] = (),
) -> SalaState:
    """Seat 0 to play on ``turn``, with these creatures (ready to act) and hands; decks hold the rest."""
    opts: dict[str, object] = {
        "deck_0": deck_with(_needed(mine, hand, deck0_extra)),
        "deck_1": deck_with(_needed(theirs, their_hand, deck1_extra)),
        "first_player": 0,
        "terrain": terrain,
    }
    if sets is not None:
        opts["sets"] = sets
    s = GAME.new_game(2, 1, opts)
    assert isinstance(s, SalaState)
    for q in range(2):
        s.deck[q] = sorted(s.decklists[q])
        s.hand[q] = []
        s.canil[q] = []
        s.known[q] = []
        s.field[q] = [None, None, None]
    s.turn, s.current = turn, 0
    s.played_creature = s.played_other = False
    s.actions_spent = 0
    for q, field, h in ((0, mine, hand), (1, theirs, their_hand)):
        for slot, spec in enumerate(field):
            if spec is None:
                continue
            card, item = spec if isinstance(spec, tuple) else (spec, None)
            s.deck[q].remove(card)
            c = Creature(card)
            c.acted = False
            if item is not None:
                s.deck[q].remove(item)
                c.item = item
            s.field[q][slot] = c
        for cid in h:
            s.deck[q].remove(cid)
            s.hand[q].append(cid)
    s._legal = None
    s.check_invariants()
    return s


def play(s: SalaState, *actions: Action) -> list[Event]:
    events: list[Event] = []
    for a in actions:
        events += s.apply(s.current, a)
        s.check_invariants()
    return events


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


def card(s: SalaState, q: int, slot: int) -> str | None:
    c = s.field[q][slot]
    return None if c is None else c.card


def fresh(s: SalaState) -> SalaState:
    """After changing a state by hand: forget the cached legal actions."""
    s._legal = None
    return s
