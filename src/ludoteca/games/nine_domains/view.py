"""What each seat may see: ``build_view(state, player)`` (player None: a spectator), and
``determinize``: a full state consistent with one player's view, the unseen re-drawn.

Public: the piles' top domains (all of them with open_piles) and counts, the domains won and
removed, VP, every revealed card and the used piles, the specials each player has shown, the
powers being resolved. Private: a player's own hand and own face-down placements. Of the
opponent a player sees only how many cards are placed and held, which of them are known (base
cards not yet used, specials already shown) and how many are unknown specials.

Determinize re-draws what a player cannot see: the opponent's unshown specials and face-down
placements, and the domains under the top of each pile (unless open_piles). Each hidden pool is
rebuilt from the view's facts in sorted order and sampled with the caller's ``rng``; the new
state's own RNG is reseeded from ``rng`` too, so nothing of the true hidden state survives.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ...engine import Rng
from .cards import CARDS, DOMAINS, ELEMENTS, EMPTY, PILES, ROUNDS
from .combat import elements_of, modifiers
from .phases import DRAFT_ORDER, PHASE_NAMES, POWER_NAMES, Phase

if TYPE_CHECKING:
    from .state import NineDomainsState


def known_unplayed(state: NineDomainsState, q: int) -> list[int]:
    """Cards everybody knows q still holds (hand or face down): unused base cards and shown specials."""
    used = state.used[q]
    return sorted(
        [c for c in CARDS.base if c not in used] + [c for c in state.seen[q] if c not in used]
    )


def possible_specials(seen: Iterable[int], own: Iterable[int], independent: bool) -> list[int]:
    """The specials a player may still hold unseen, sorted: every special but the ones the
    table saw them show (``seen``) and, when one shared pool was dealt (not ``independent``),
    the ones the viewer holds or held (``own``). Determinize draws from it; so do agents."""
    excluded = set(seen)
    if not independent:
        excluded.update(own)
    return [c for c in CARDS.specials if c not in excluded]


def incoming(state: NineDomainsState) -> list[list[int]]:
    """Strength changes this round's cards get at each pile from last round's 1+, 2+ and 4+."""
    if not state.history or state.rnd >= ROUNDS:
        return [[0] * PILES, [0] * PILES]
    out = [[0] * PILES, [0] * PILES]
    last = state.history[-1]
    four_opp = state.options.four_plus_target == "opponent"
    for p in (0, 1):
        for i, c in enumerate(last[p]):
            nb = CARDS.next_bonus[c]
            if nb:
                target = 1 - p if (CARDS.next_by_option[c] and four_opp) else p
                out[target][i] += nb
    return out


# A finished round's cards (by id) and their strengths, keyed by the identity of its card
# lists, which are never changed once the round is over (see NineDomainsState.clone): every
# view of every seat, at every later move, shows the same finished rounds, so their modifiers
# are worked out once, not once per view. The entries keep the lists they were made from
# (so their ids cannot be reused while cached) and hold tuples only: each view gets lists of
# its own, and nothing a caller does to a view reaches the cache. Only public facts (revealed
# cards) are cached.
_RoundKey = tuple[int, int, bool]
_RoundEntry = tuple[
    list[list[int]],
    list[list[int]] | None,
    tuple[tuple[str, ...], ...],
    tuple[tuple[Any, ...], ...],
]
_ROUNDS: dict[_RoundKey, _RoundEntry] = {}
_ROUNDS_LIMIT = 10_000
# the options as JSON, per options object (frozen, so the dump never changes)
_OPTIONS: dict[Any, dict[str, Any]] = {}


def _round_cards(
    cards: list[list[int]], previous: list[list[int]] | None, r: int, four_opp: bool, cache: bool
) -> tuple[tuple[tuple[str, ...], ...], tuple[tuple[Any, ...], ...]]:
    """(card ids, strengths) per player of finished round ``r``."""
    key = (id(cards), id(previous), four_opp)
    hit = _ROUNDS.get(key) if cache else None
    if hit is not None and hit[0] is cards and hit[1] is previous:
        return hit[2], hit[3]
    total, _ = modifiers(cards, previous, r, four_opp)
    ids = CARDS.ids
    value = CARDS.value
    none = CARDS.no_strength
    names = tuple(tuple(ids[c] for c in cards[p]) for p in (0, 1))
    strength = tuple(
        tuple(None if none[c] else value[c] + total[p][i] for i, c in enumerate(cards[p]))
        for p in (0, 1)
    )
    if cache:
        if len(_ROUNDS) >= _ROUNDS_LIMIT:
            _ROUNDS.clear()
        _ROUNDS[key] = (cards, previous, names, strength)
    return names, strength


def _options_json(options: Any) -> dict[str, Any]:
    dumped = _OPTIONS.get(options)
    if dumped is None:
        if len(_OPTIONS) > 1000:
            _OPTIONS.clear()
        dumped = _OPTIONS[options] = options.model_dump(mode="json")
    return dict(dumped)  # the values are plain scalars: a copy of one's own


def build_view(state: NineDomainsState, player: int | None, cache: bool = True) -> dict[str, Any]:
    """The view of ``player`` (None: a spectator). ``cache=False`` works out the finished
    rounds again instead of taking them from the cache (the tests compare the two)."""
    ids = CARDS.ids
    dids = DOMAINS.ids
    opts = state.options
    piles = []
    for pile in state.piles:
        entry: dict[str, Any] = {"top": dids[pile[-1]] if pile else None, "count": len(pile)}
        if opts.open_piles:
            entry["cards"] = [dids[d] for d in reversed(pile)]  # top first
        piles.append(entry)
    players = []
    for q in (0, 1):
        won = state.won[q]
        mask, halves = elements_of(won)
        info: dict[str, Any] = {
            "seat": q,
            "domains": [dids[d] for d in won],
            "vp": state.points(q),
            "bonus_vp": state.bonus[q],
            "elements": [e for i, e in enumerate(ELEMENTS) if mask >> i & 1],
            "purple_halves": halves,
            "used": [ids[c] for c in state.used[q]],
            "seen_specials": [ids[c] for c in state.seen[q]],
            "hand_count": len(state.hand[q]),
            "placed_count": state.nplaced[q],
        }
        if q == player:
            info["hand"] = [ids[c] for c in state.hand[q]]
            info["placed"] = [None if c == EMPTY else ids[c] for c in state.placed[q]]
        else:
            known = known_unplayed(state, q)
            info["known_unplayed"] = [ids[c] for c in known]
            info["unknown_specials"] = len(state.hand[q]) + state.nplaced[q] - len(known)
        players.append(info)
    rounds = []
    four_opp = opts.four_plus_target == "opponent"
    history = state.history
    previous = None
    for r, cards in enumerate(history):
        names, strength = _round_cards(cards, previous, r, four_opp, cache)
        previous = cards
        rounds.append(
            {
                "round": r + 1,
                "domains": [dids[d] for d in state.contested[r]],
                "cards": [list(names[0]), list(names[1])],
                "strength": [list(strength[0]), list(strength[1])],
                "winners": list(state.outcomes[r]),
            }
        )
    view: dict[str, Any] = {
        "you": player,
        "phase": PHASE_NAMES[state.phase],
        "round": min(state.rnd + 1, ROUNDS),
        "rounds": ROUNDS,
        "actors": list(state.actors),
        "piles": piles,
        "removed": [dids[d] for d in state.removed],
        "players": players,
        "history": rounds,
        "incoming": incoming(state),
        "elements_ignored": state.elements_off,
        "options": _options_json(opts) if cache else opts.model_dump(mode="json"),
    }
    if state.pending:
        owner, kind, at = state.pending[0]
        pick = None
        if state.pick != EMPTY:
            pick = dids[state.pick] if kind == 0 else ids[state.pick]
        view["pending"] = {"player": owner, "power": POWER_NAMES[kind], "pile": at, "pick": pick}
    if state.phase == Phase.DRAFT:
        view["draft"] = {
            "pool": [ids[c] for c in state.draft_pool],
            "next": DRAFT_ORDER[state.draft_step],
        }
    if state.phase == Phase.OVER:
        view["result"] = {
            "winner": None if state.winner == EMPTY else state.winner,
            "reason": state.reason,
        }
    return view


def determinize(state: NineDomainsState, p: int, rng: random.Random) -> NineDomainsState:
    new = state.clone()
    q = 1 - p
    # -- the opponent's cards: the known ones plus unknown specials drawn from what is left
    known = known_unplayed(state, q)
    n_hidden = len(state.hand[q]) + state.nplaced[q]
    k = n_hidden - len(known)
    sampled: list[int] = []
    if k > 0:
        own = [*state.hand[p], *state.used[p], *(c for c in state.placed[p] if c != EMPTY)]
        pool = sorted(
            possible_specials(state.seen[q], own, state.options.special_deal == "independent")
        )
        rng.shuffle(pool)
        sampled = pool[:k]
    cards = sorted(known + sampled)
    m = state.nplaced[q]
    new.placed[q] = [EMPTY] * PILES
    if state.phase == Phase.PLACE and m:
        spots = sorted(rng.sample(range(PILES), m))
        rng.shuffle(cards)
        for i, spot in enumerate(spots):
            new.placed[q][spot] = cards[i]
        cards = sorted(cards[m:])
    new.hand[q] = cards
    # -- the piles: everything under the visible tops, from the domains nobody has seen
    if not state.options.open_piles:
        visible = {pile[-1] for pile in state.piles if pile}
        gone = set(state.won[0]) | set(state.won[1]) | set(state.removed) | visible
        pool = sorted(d for d in range(len(DOMAINS)) if d not in gone)
        rng.shuffle(pool)
        at = 0
        for i, pile in enumerate(state.piles):
            depth = len(pile) - 1
            if depth > 0:
                new.piles[i] = [*pool[at : at + depth], pile[-1]]
                at += depth
    new.rng = Rng.from_random(rng)
    return new
