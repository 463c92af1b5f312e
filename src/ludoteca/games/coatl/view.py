"""What a player may see, and determinization (re-dealing only what that player cannot see).

Hidden: the other players' Prophecy and Temple hands, the order of the Prophecy deck, the Temple
cards under the top of each face-up pile, and the next draws from the bags (the bags hold
counts; what comes out is drawn from the state's RNG, which determinize reseeds). Every piece,
the display, the discard pile and every card beside a Coatl are public (docs/rules/coatl.md),
and so are the Prophecies a player took from the display and still holds (``shown``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...engine import Rng
from .assembly import closed_coatl
from .cards import FULL_DECK, NUM_PTYPES, NUM_TEMPLES
from .model import bags_json, supply_json, tokens_json
from .names import (
    PIECE_NAMES,
    PROPHECY_IDS,
    TEMPLE_IDS,
    index_or_none,
    prophecy_or_none,
)
from .patterns import prophecy_points, temple_points
from .phases import PHASE_NAMES, Phase
from .scoring import coatl_points, player_points

if TYPE_CHECKING:
    from .state import CoatlState


def view(s: CoatlState, player: int | None) -> dict[str, Any]:
    """Shaped like ``CoatlState.to_json`` with the secrets replaced by their sizes: the deck,
    the other hands and the Temple piles under their tops (docs/rules/coatl.md, "JSON")."""
    players = []
    for q, pl in enumerate(s.players):
        d: dict[str, Any] = {
            "board": [PIECE_NAMES[p] for p in pl.board],
            "hand_size": len(pl.hand),
            "shown": [PROPHECY_IDS[t] for t in pl.shown],
            "temple_hand_size": len(pl.temples),
            "promised": [TEMPLE_IDS[t] for t in pl.promised],
            "tokens": tokens_json(pl.tokens),
            "coatls": [dict(c.to_json(), points=coatl_points(c)) for c in pl.coatls],
            "score": player_points(pl),
        }
        if q == player:
            d["hand"] = [PROPHECY_IDS[t] for t in pl.hand]
            d["temples"] = [TEMPLE_IDS[t] for t in pl.temples]
        players.append(d)
    return {
        "game": "coatl",
        "you": player,
        "num_players": s.num_players,
        "options": s.options.model_dump(mode="json"),
        "phase": PHASE_NAMES[s.phase],
        "current": s.current,
        "actions_left": s.actions_left,
        "taken": s.taken,
        "temple_coatl": index_or_none(s.temple_coatl),
        "supply": supply_json(s.bodies, s.heads, s.tails),
        "bags": bags_json(s.bags),
        "display": [prophecy_or_none(t) for t in s.display],
        "deck_size": len(s.deck),
        "discard": [PROPHECY_IDS[t] for t in s.discard],
        "piles": [
            {"top": TEMPLE_IDS[pile[-1]] if pile else None, "size": len(pile)} for pile in s.piles
        ],
        "players": players,
        "turns": s.turns,
        "end": s.end or None,
        "trigger": index_or_none(s.trigger),
        "final": [{"seat": q, "actions": k} for q, k in s.final],
        "passes": s.passes,
    }


def determinize(s: CoatlState, player: int, rng: random.Random) -> CoatlState:
    new = s.clone()
    me = s.players[player]
    # Prophecies p cannot place: the deck and the unshown part of the other hands, rebuilt in
    # sorted order (a card the table saw taken from the display stays in its taker's hand)
    pool = _unseen_prophecies(s, player)
    rng.shuffle(pool)
    # the acting player is dealt first, so that what the rules reveal about their hand holds
    cur = s.current
    order = [cur] + [q for q in range(s.num_players) if q != cur]
    need = _needed_prophecy(s) if cur != player else None
    if need is not None and not any(prophecy_points(t, need) > 0 for t in s.players[cur].shown):
        _to_front(pool, lambda t: prophecy_points(t, need) > 0)
    for q in order:
        if q != player:
            shown = s.players[q].shown
            k = len(s.players[q].hand) - len(shown)
            new.players[q].hand = sorted([*shown, *pool[:k]])
            pool = pool[k:]
    assert len(pool) == len(s.deck), "determinize: the unseen Prophecies do not match the deck size"
    new.deck = pool
    # Temples p cannot see: the other hands and the cards under each pile's top
    visible = set(me.temples)
    for pl in s.players:
        visible.update(pl.promised)
    for pile in s.piles:
        if pile:
            visible.add(pile[-1])
    for pl in s.players:
        for c in pl.coatls:
            if c.temple >= 0:
                visible.add(c.temple)
    tpool = [t for t in range(NUM_TEMPLES) if t not in visible]
    rng.shuffle(tpool)
    tneed = _needed_temple(s) if cur != player else None
    if tneed is not None:
        _to_front(tpool, lambda t: temple_points(t, tneed) > 0)
    for q in order:
        if q != player:
            k = len(s.players[q].temples)
            new.players[q].temples = sorted(tpool[:k])
            tpool = tpool[k:]
    for i, pile in enumerate(s.piles):
        if pile:
            k = len(pile) - 1
            new.piles[i] = [*tpool[:k], pile[-1]]
            tpool = tpool[k:]
    assert not tpool, "determinize: the unseen Temples do not match the hidden places"
    new.rng = Rng.from_random(rng)
    return new


# copies of each Prophecy type in the whole deck, by type id
_COPIES: tuple[int, ...] = tuple(Counter(FULL_DECK)[t] for t in range(NUM_PTYPES))


def _unseen_prophecies(s: CoatlState, player: int) -> list[int]:
    """The Prophecies ``player`` cannot place, sorted: the deck and the unshown part of the
    other hands. Counted per type in a list (this runs once per search iteration)."""
    left = list(_COPIES)
    for t in s.players[player].hand:
        left[t] -= 1
    for t in s.discard:
        left[t] -= 1
    for t in s.display:
        if t >= 0:
            left[t] -= 1
    for q, pl in enumerate(s.players):
        for c in pl.coatls:
            for t in c.prophecies:
                left[t] -= 1
        if q != player:
            for t in pl.shown:
                left[t] -= 1
    return [t for t, k in enumerate(left) for _ in range(k)]


def _to_front(pool: list[int], fits: Callable[[int], bool]) -> None:
    """Move the first card of the shuffled pool that ``fits`` to its front."""
    for i, t in enumerate(pool):
        if fits(t):
            pool.insert(0, pool.pop(i))
            return
    raise AssertionError("determinize: the rules promise a card that no hidden place holds")


def _needed_prophecy(s: CoatlState) -> list[int] | None:
    """A Coatl the acting player closed with no card beside it: the closing was legal only
    because their hand holds a Prophecy it fulfils (public knowledge, by the rules)."""
    if s.phase != Phase.ASSEMBLY:
        return None
    pl = s.players[s.current]
    ci = closed_coatl(pl)
    if ci < 0 or pl.coatls[ci].prophecies:
        return None
    return pl.coatls[ci].colours()


def _needed_temple(s: CoatlState) -> list[int] | None:
    """The acting player chooses a Temple: if neither a pile top nor a Temple they were seen
    taking fits, one of their secret Temples does."""
    if s.phase != Phase.TEMPLE:
        return None
    seq = s.players[s.current].coatls[s.temple_coatl].colours()
    if any(pile and temple_points(pile[-1], seq) > 0 for pile in s.piles):
        return None
    if any(temple_points(t, seq) > 0 for t in s.players[s.current].promised):
        return None
    return seq
