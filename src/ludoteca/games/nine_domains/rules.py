"""What each action does: one handler per action type, found by the action's type, and the
round's flow after the sixth card is down (docs/rules/nine-domains.md).

A round: both players place their three cards face down, one ``Place`` at a time and at the
same time (both are actors until each has placed three). When the sixth card is down, the
cards are revealed and the three combats are fought; the domains go to the winners (or are
removed on identical cards), 3+ scores its VP, and the cards are set aside face up. Then the
follow-up powers (2- swap, 3- exchange) are resolved left to right by pile, each by its owner;
then the element check; then the next round, or the end after round 3.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...engine import Action, Event
from .actions import Decline, Discard, Draft, Place, Recover, SwapGive, SwapTake
from .cards import CARDS, DOMAINS, EMPTY, PILES, ROUNDS
from .combat import REMOVED, fight, has_all_elements, margin, modifiers
from .legal import recoverable
from .phases import DRAFT_ORDER, EXCHANGE, PLAYERS, POWER_NAMES, SWAP, Phase

if TYPE_CHECKING:
    from .state import NineDomainsState

Move = Callable[["NineDomainsState", int, Any], list[Event]]
# the hot path compares plain ints (the specialised int comparison), so the phases are read as ints
DRAFTING, PLACING, POWERS, OVER = map(int, Phase)
_VALUE = CARDS.value
_POWER = CARDS.power
_SPECIAL = CARDS.is_special
_INDEX = CARDS.index


def apply(s: NineDomainsState, player: int, action: Action) -> list[Event]:
    return MOVES[type(action)](s, player, action)


def _on_decline(s: NineDomainsState, player: int, a: Decline) -> list[Event]:
    kind = s.pending[0][1]
    ev = [Event("declined", {"player": player, "power": POWER_NAMES[kind]})]
    return ev + _power_done(s)


def _on_swap_give(s: NineDomainsState, player: int, a: SwapGive) -> list[Event]:
    s.pick = DOMAINS.index[a.domain]
    return [Event("swap_offered", {"player": player, "domain": a.domain})]


def _on_swap_take(s: NineDomainsState, player: int, a: SwapTake) -> list[Event]:
    return _swap(s, player, s.pick, DOMAINS.index[a.domain]) + _power_done(s)


def _on_recover(s: NineDomainsState, player: int, a: Recover) -> list[Event]:
    s.pick = _INDEX[a.card]
    return [Event("recover_chosen", {"player": player, "card": a.card})]


def _on_discard(s: NineDomainsState, player: int, a: Discard) -> list[Event]:
    return _exchange(s, player, s.pick, _INDEX[a.card]) + _power_done(s)


def _place(s: NineDomainsState, p: int, a: Place) -> list[Event]:
    card, pile = _INDEX[a.card], a.pile
    s.hand[p].remove(card)
    s.placed[p][pile] = card
    s.nplaced[p] += 1
    events = [
        Event("placed", {"player": p, "count": s.nplaced[p]}),
        Event("placed_own", {"player": p, "card": CARDS.ids[card], "pile": pile}, frozenset((p,))),
    ]
    if s.nplaced[0] == PILES and s.nplaced[1] == PILES:
        events += _resolve_round(s)
    return events


def _draft(s: NineDomainsState, p: int, a: Draft) -> list[Event]:
    card = _INDEX[a.card]
    s.draft_pool.remove(card)
    insort(s.hand[p], card)
    insort(s.seen[p], card)  # an open draft: both players saw the pick
    s.draft_step += 1
    events = [Event("drafted", {"player": p, "card": CARDS.ids[card]})]
    if s.draft_step == len(DRAFT_ORDER):
        s.phase = PLACING
        events.append(Event("round_started", {"round": 1}))
    return events


def _resolve_round(s: NineDomainsState) -> list[Event]:
    opts = s.options
    cards = [s.placed[0], s.placed[1]]
    previous = s.history[-1] if s.history else None
    total, plus = modifiers(cards, previous, s.rnd, opts.four_plus_target == "opponent")
    tie = total if opts.malus_counts_as_bonus else plus
    ids = CARDS.ids
    events = [
        Event(
            "revealed",
            {
                "round": s.rnd + 1,
                "cards0": " ".join(ids[c] for c in cards[0]),
                "cards1": " ".join(ids[c] for c in cards[1]),
            },
        )
    ]
    contested = [pile.pop() for pile in s.piles]
    outcome = []
    for i in range(PILES):
        a, b = cards[0][i], cards[1][i]
        sa, sb = _VALUE[a] + total[0][i], _VALUE[b] + total[1][i]
        w, by_effect = fight(a, sa, tie[0][i], b, sb, tie[1][i])
        d = contested[i]
        outcome.append(w)
        if w == REMOVED:
            s.removed.append(d)
            events.append(
                Event(
                    "domain_removed",
                    {"pile": i, "domain": DOMAINS.ids[d], "card": ids[a], "other": ids[b]},
                )
            )
            continue
        s.won[w].append(d)
        wc, lc = cards[w][i], cards[1 - w][i]
        ws, ls = (sa, sb) if w == 0 else (sb, sa)
        events.append(
            Event(
                "domain_won",
                {
                    "player": w,
                    "pile": i,
                    "domain": DOMAINS.ids[d],
                    "card": ids[wc],
                    "other": ids[lc],
                    "strength": "*" if CARDS.no_strength[wc] else ws,
                    "other_strength": "*" if CARDS.no_strength[lc] else ls,
                    "how": "effect" if by_effect else ("tie" if ws == ls else "strength"),
                },
            )
        )
        power = _POWER[wc]
        if power == "victory_bonus":
            m = margin(wc, ws, lc, ls, by_effect, opts.three_plus_effect_win_scores)
            if m is not None and m >= CARDS.bonus_margin[wc]:
                s.bonus[w] += CARDS.bonus_vp[wc]
                events.append(
                    Event(
                        "victory_bonus",
                        {"player": w, "card": ids[wc], "vp": CARDS.bonus_vp[wc]},
                    )
                )
        elif power == "swap_domain":
            s.pending.append((w, SWAP, i))
        elif power == "exchange_card":
            s.pending.append((w, EXCHANGE, i))
    # the revealed cards are set aside face up: public from now on
    for p in PLAYERS:
        row = cards[p]
        s.used[p].extend(row)
        for c in row:
            if _SPECIAL[c] and c not in s.seen[p]:
                insort(s.seen[p], c)
    s.history.append([cards[0][:], cards[1][:]])
    s.contested.append(contested)
    s.outcomes.append(outcome)
    s.placed = [[EMPTY] * PILES, [EMPTY] * PILES]
    s.nplaced = [0, 0]
    s.phase = POWERS
    return events + _next_power(s)


def _next_power(s: NineDomainsState) -> list[Event]:
    """Skip the pending powers that have nothing to act on; end the round when none is left."""
    events: list[Event] = []
    s.pick = EMPTY
    while s.pending:
        owner, kind, pile = s.pending[0]
        if kind == SWAP and s.won[owner] and s.won[1 - owner]:
            return events
        if kind == EXCHANGE and s.hand[owner] and recoverable(s, owner):
            return events
        s.pending.pop(0)
        events.append(
            Event("power_unusable", {"player": owner, "power": POWER_NAMES[kind], "pile": pile})
        )
    return events + _end_round(s)


def _power_done(s: NineDomainsState) -> list[Event]:
    s.pending.pop(0)
    return _next_power(s)


def _swap(s: NineDomainsState, p: int, give: int, take: int) -> list[Event]:
    mine, theirs = s.won[p], s.won[1 - p]
    mine[mine.index(give)] = take
    theirs[theirs.index(take)] = give
    return [Event("swap", {"player": p, "gave": DOMAINS.ids[give], "took": DOMAINS.ids[take]})]


def _exchange(s: NineDomainsState, p: int, recover: int, discard: int) -> list[Event]:
    used = s.used[p]
    used.remove(recover)
    used.append(discard)
    hand = s.hand[p]
    hand.remove(discard)
    insort(hand, recover)
    if _SPECIAL[discard] and discard not in s.seen[p]:
        insort(s.seen[p], discard)
    return [
        Event(
            "exchange",
            {"player": p, "recovered": CARDS.ids[recover], "discarded": CARDS.ids[discard]},
        )
    ]


def _end_round(s: NineDomainsState) -> list[Event]:
    events: list[Event] = []
    if not s.elements_off:
        done = [has_all_elements(s.won[p]) for p in PLAYERS]
        if done[0] and done[1]:
            s.elements_off = True
            events.append(Event("elements_ignored", {"round": s.rnd + 1}))
        elif done[0] or done[1]:
            w = 0 if done[0] else 1
            _finish(s, w, "elements")
            events.append(Event("won_by_elements", {"player": w}))
            return events
    s.rnd += 1
    if s.rnd < ROUNDS:
        s.phase = PLACING
        events.append(Event("round_started", {"round": s.rnd + 1}))
        return events
    vp = [s.points(p) for p in PLAYERS]
    if vp[0] != vp[1]:
        w = 0 if vp[0] > vp[1] else 1
        _finish(s, w, "points")
        events.append(Event("won_by_points", {"player": w, "vp": vp[w], "other_vp": vp[1 - w]}))
    elif s.options.vp_tie == "domains" and len(s.won[0]) != len(s.won[1]):
        w = 0 if len(s.won[0]) > len(s.won[1]) else 1
        _finish(s, w, "points")
        events.append(Event("won_by_domains", {"player": w, "vp": vp[w]}))
    else:
        _finish(s, EMPTY, "draw")
        events.append(Event("drawn", {"vp": vp[0]}))
    return events


def _finish(s: NineDomainsState, winner: int, reason: str) -> None:
    s.phase = OVER
    s.winner = winner
    s.reason = reason
    s.pending = []
    s.pick = EMPTY


MOVES: dict[type[Action], Move] = {
    Place: _place,
    Draft: _draft,
    Decline: _on_decline,
    SwapGive: _on_swap_give,
    SwapTake: _on_swap_take,
    Recover: _on_recover,
    Discard: _on_discard,
}
