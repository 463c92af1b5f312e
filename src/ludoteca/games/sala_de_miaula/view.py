"""What a player may see, and determinization (re-dealing only what that player cannot see).

Hidden: the order of both decks and the opponent's hand, except the cards of it the table saw
go there (``known``: scared creatures and items back from the table). Everything on the table,
both Canils, the deck lists and the counts are public (docs/rules/sala-de-miaula.md).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ...engine import Rng

if TYPE_CHECKING:
    from .state import SalaState


# the match's card definitions as JSON, per options object (built once: a view is asked for at
# every move, and the definitions never change within a match)
_CARDS_JSON: dict[int, tuple[Any, dict[str, Any]]] = {}


def cards_json(s: SalaState) -> dict[str, Any]:
    """The definitions of the cards this match plays (``options.cards``): public, since every
    card is printed face up. Shared between the views of one match, so read-only."""
    o = s.options
    hit = _CARDS_JSON.get(id(o))
    if hit is not None and hit[0] is o:
        return hit[1]
    if len(_CARDS_JSON) > 256:
        _CARDS_JSON.clear()
    dumped = {cid: spec.model_dump(mode="json") for cid, spec in o.cards.items()}
    _CARDS_JSON[id(o)] = (o, dumped)
    return dumped


def view(s: SalaState, player: int | None) -> dict[str, Any]:
    players = []
    for q in range(2):
        d: dict[str, Any] = {
            "life": s.life[q],
            "deck_count": len(s.deck[q]),
            "hand_count": len(s.hand[q]),
            "known_in_hand": list(s.known[q]),
            "canil": list(s.canil[q]),
            "field": [None if c is None else c.to_json() for c in s.field[q]],
            "decklist": list(s.decklists[q]),
        }
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
        "cards": cards_json(s),
        "over": s.over,
    }
    if s.over:
        out["result"] = s.result().to_json()
    return out


def determinize(s: SalaState, player: int, rng: random.Random) -> SalaState:
    new = s.clone()
    for q in range(2):
        pool = _unseen(s, q, s.hand[q] if q == player else s.known[q])
        rng.shuffle(pool)
        if q == player:
            new.deck[q] = pool
        else:
            hidden = len(s.hand[q]) - len(s.known[q])
            new.hand[q] = sorted(s.known[q]) + sorted(pool[:hidden])
            new.deck[q] = pool[hidden:]
    new.rng = Rng.from_random(rng)
    return new


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
