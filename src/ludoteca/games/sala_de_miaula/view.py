"""What a player may see, and determinization (re-dealing only what that player cannot see).

Hidden: the order of both decks and the opponent's hand, except the cards of it the table saw
go there (``known``: scared creatures and items back from the table); with hidden deck lists
(option ``decklists``, the default) also the opponent's list: a seat sees its own, and of the
other only what was revealed in play. Everything on the table, both Canils and the counts are
public (docs/rules/sala-de-miaula.md, 2.8).
"""

from __future__ import annotations

import random
from collections import Counter
from math import comb
from typing import TYPE_CHECKING, Any

from ...engine import Rng
from .cards import DECK_SIZE, MAX_COPIES, POOL

if TYPE_CHECKING:
    from .state import SalaState


# the match's card definitions as JSON, per options object (built once: a view is asked for at
# every move, and the definitions never change within a match)
_CARDS_JSON: dict[int, tuple[Any, dict[str, Any]]] = {}


def cards_json(s: SalaState) -> dict[str, Any]:
    """The definitions of the cards this match plays (``options.cards``; with hidden lists,
    every card of the sets in play): public, since every card is printed face up. Shared
    between the views of one match and its determinizations (which share the definitions),
    so read-only."""
    specs = s.options.cards
    hit = _CARDS_JSON.get(id(specs))
    if hit is not None and hit[0] is specs:
        return hit[1]
    if len(_CARDS_JSON) > 256:
        _CARDS_JSON.clear()
    dumped = {cid: spec.model_dump(mode="json") for cid, spec in specs.items()}
    _CARDS_JSON[id(specs)] = (specs, dumped)
    return dumped


def lists_open(s: SalaState) -> bool:
    return s.options.decklists == "open"


def view(s: SalaState, player: int | None) -> dict[str, Any]:
    players = []
    open_lists = lists_open(s)
    for q in range(2):
        d: dict[str, Any] = {
            "life": s.life[q],
            "deck_count": len(s.deck[q]),
            "hand_count": len(s.hand[q]),
            "known_in_hand": list(s.known[q]),
            "canil": list(s.canil[q]),
            "field": [None if c is None else c.to_json() for c in s.field[q]],
        }
        if open_lists or q == player:
            d["decklist"] = list(s.decklists[q])
        if q == player:
            d["hand"] = list(s.hand[q])
        players.append(d)
    out: dict[str, Any] = {
        "seat": player,
        "turn": s.turn,
        "current": s.current,
        "first": s.first,
        "terrain": s.terrain,
        "terrain_element": s.terrain_element,
        "oficina": s.oficina_enabled,
        "played_creature": s.played_creature,
        "played_other": s.played_other,
        "actions_spent": s.actions_spent,
        "spent_places": list(s.spent_places),
        "players": players,
        "decklists": s.options.decklists,
        "cards": cards_json(s),
        "over": s.over,
    }
    if s.over:
        out["result"] = s.result().to_json()
    return out


def determinize(s: SalaState, player: int, rng: random.Random) -> SalaState:
    new = s.clone()
    q = 1 - player
    if not lists_open(s):
        # the opponent's list is drawn first, from what the seat could know (sample_list)
        drawn = sample_list(s, q, rng)
        lists = [list(s.decklists[0]), list(s.decklists[1])]
        lists[q] = drawn
        new.decklists = (lists[0], lists[1])
        new.options = s.options.model_copy(update={f"deck_{q}": drawn})
    for r in range(2):
        pool = _unseen(new, r, s.hand[r] if r == player else s.known[r])
        rng.shuffle(pool)
        if r == player:
            new.deck[r] = pool
        else:
            hidden = len(s.hand[r]) - len(s.known[r])
            new.hand[r] = sorted(s.known[r]) + sorted(pool[:hidden])
            new.deck[r] = pool[hidden:]
    new.rng = Rng.from_random(rng)
    return new


def revealed(s: SalaState, q: int) -> list[str]:
    """q's cards the whole table has seen and can still see: the Canil, the table (creatures
    and items) and the known cards of the hand, sorted. A card once revealed stays in one of
    these until the game ends, so this is everything ever revealed of q's deck."""
    out = list(s.canil[q]) + list(s.known[q])
    for c in s.field[q]:
        if c is not None:
            out.append(c.card)
            if c.item is not None:
                out.append(c.item)
    return sorted(out)


# the starter decks of the data, by name: copies of each card, the sorted list, the sets it needs
_STARTERS = tuple(
    (
        dict(POOL.decks[name].cards),
        tuple(sorted(c for c, n in POOL.decks[name].cards.items() for _ in range(n))),
        frozenset(POOL.cards[c].set for c in POOL.decks[name].cards),
    )
    for name in sorted(POOL.decks)
)


def sample_list(s: SalaState, q: int, rng: random.Random) -> list[str]:
    """A deck list for q drawn from what the other seat knows (docs/rules/sala-de-miaula.md,
    2.8): the starter decks of the sets in play that hold every card q revealed, each with the
    chance it had to show those cards; when none does (a deck of q's own), the revealed cards
    plus the rest drawn evenly from the copies the limits leave (every card of the sets in
    play, at most 2 copies). Sorted; a function of the view and ``rng`` only."""
    seen = Counter(revealed(s, q))
    sets = s.options.sets
    fits = []
    total = 0
    for copies, cards, needs in _STARTERS:
        if not needs.issubset(sets):
            continue
        w = 1
        for cid, k in seen.items():
            w *= comb(copies.get(cid, 0), k)  # 0 when the deck lacks a copy q showed
            if not w:
                break
        if w:
            fits.append((w, cards))
            total += w
    if fits:
        pick = rng.randrange(total)
        for w, cards in fits:
            if pick < w:
                return list(cards)
            pick -= w
    specs = s.options.cards
    left = [
        cid
        for cid in sorted(specs)
        if specs[cid].set in sets
        for _ in range(MAX_COPIES - seen.get(cid, 0))
    ]
    rest = DECK_SIZE - sum(seen.values())
    return sorted([*seen.elements(), *rng.sample(left, rest)])


def _unseen(s: SalaState, q: int, in_hand: list[str]) -> list[str]:
    """q's cards that are in none of the Canil, the table and ``in_hand``, sorted.

    The deck list is sorted, so skipping the seen copies keeps the order (this is the hot
    path of every search's determinization, hence no Counter arithmetic)."""
    seen: dict[str, int] = {}
    get = seen.get
    for cid in s.canil[q]:
        seen[cid] = get(cid, 0) + 1
    for c in s.field[q]:
        if c is not None:
            seen[c.card] = get(c.card, 0) + 1
            if c.item is not None:
                seen[c.item] = get(c.item, 0) + 1
    for cid in in_hand:
        seen[cid] = get(cid, 0) + 1
    out = []
    for cid in s.decklists[q]:
        k = get(cid, 0)
        if k:
            seen[cid] = k - 1
        else:
            out.append(cid)
    return out
