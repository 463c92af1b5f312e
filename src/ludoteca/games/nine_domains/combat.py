"""Pure combat rules: strengths with their modifiers, one fight, the element check.

Cards and domains are small integers (indices into ``CARDS`` and ``DOMAINS``). Nothing here
touches a state, so scenario tests and agents can call these functions directly.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .cards import ALL_ELEMENTS_MASK, CARDS, DOMAINS, PILES, PURPLE_HALVES_NEEDED, ROUNDS

REMOVED = -1  # fight outcome: identical cards, nobody gets the domain

_VALUE = CARDS.value
_SIGN = CARDS.sign
_EFFECT = CARDS.effect
_ADJ = CARDS.adjacent
_ADJ1 = CARDS.adjacent_single
_NEXT = CARDS.next_bonus
_NEXT_OPT = CARDS.next_by_option
_LAST = CARDS.last_round_self
_NO_STRENGTH = CARDS.no_strength
_NEIGHBOURS = tuple(tuple(j for j in (i - 1, i + 1) if 0 <= j < PILES) for i in range(PILES))


def modifiers(
    cards: Sequence[Sequence[int]],
    previous: Sequence[Sequence[int]] | None,
    rnd: int,
    four_plus_opponent: bool = False,
) -> tuple[list[list[int]], list[list[int]]]:
    """Strength changes of this round's cards: (total change, positive part) per [player][pile].

    ``cards[p][i]`` is player p's card at pile i this round, ``previous`` the same for the
    round before (None in round 0). Sources: 1- (its owner's neighbouring cards this round),
    1+/2+/4+ of the previous round (the next card at the same pile: the owner's, or for 4+ the
    opponent's under four_plus_target="opponent") and 4+ itself in the last round. A card
    without a strength of its own (the *: "modificadores de força não contam") gets none, so
    two * meeting are identical cards with equal (zero) bonuses.
    """
    total = [[0] * PILES for _ in cards]
    plus = [[0] * PILES for _ in cards]

    def add(p: int, i: int, v: int) -> None:
        if _NO_STRENGTH[cards[p][i]]:
            return
        total[p][i] += v
        if v > 0:
            plus[p][i] += v

    last = rnd == ROUNDS - 1
    for p, row in enumerate(cards):
        for i, c in enumerate(row):
            if _ADJ[c]:
                nbrs = _NEIGHBOURS[i]
                amount = _ADJ1[c] if len(nbrs) == 1 else _ADJ[c]
                for j in nbrs:
                    add(p, j, amount)
            if last and _LAST[c]:
                add(p, i, _LAST[c])
        if previous is not None:
            for i, c in enumerate(previous[p]):
                if _NEXT[c]:
                    target = 1 - p if (_NEXT_OPT[c] and four_plus_opponent) else p
                    add(target, i, _NEXT[c])
    return total, plus


def fight(a: int, sa: int, ta: int, b: int, sb: int, tb: int) -> tuple[int, bool]:
    """Who wins card ``a`` (strength sa, tie bonus ta) against ``b``: (0 a, 1 b, REMOVED; by_effect).

    Order of the text: a card effect that decides the combat overrides values and bonuses;
    then the higher strength; on equal strength the larger combat bonus; on equal bonuses
    identical cards remove the domain, otherwise "+" wins and "-" loses the tie.
    """
    e = _EFFECT[a][b]
    if e:
        return (0 if e > 0 else 1), True
    if sa != sb:
        return (0 if sa > sb else 1), False
    if ta != tb:
        return (0 if ta > tb else 1), False
    if a == b:
        return REMOVED, False
    if _SIGN[a] != _SIGN[b]:
        return (0 if _SIGN[a] > _SIGN[b] else 1), False
    # unreachable with the shipped cards (equal values and bonuses imply identical cards or
    # opposite signs); a data file that allows it gets the identical-cards outcome
    return REMOVED, False


def margin(
    winner_card: int, ws: int, loser_card: int, ls: int, by_effect: bool, effect_counts: bool
) -> int | None:
    """The winning margin for 3+, or None when the combat had no measurable margin.

    A combat decided by an effect ignores values and bonuses, so it has no margin, unless the
    option three_plus_effect_win_scores counts a strengthless loser (the *) as 0.
    """
    if not by_effect:
        return ws - ls
    if not effect_counts:
        return None
    return ws - (0 if CARDS.no_strength[loser_card] else ls)


def has_all_elements(domains: Iterable[int]) -> bool:
    mask, halves = elements_of(domains)
    return mask == ALL_ELEMENTS_MASK and halves >= PURPLE_HALVES_NEEDED


def elements_of(domains: Iterable[int]) -> tuple[int, int]:
    """(element mask, purple halves) a player's domains give."""
    mask = 0
    halves = 0
    for d in domains:
        mask |= DOMAINS.mask[d]
        halves += DOMAINS.halves[d]
    return mask, halves


def domain_points(domains: Iterable[int]) -> int:
    return sum(DOMAINS.vp[d] for d in domains)
