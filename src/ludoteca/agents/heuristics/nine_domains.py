"""``heuristic`` for The Nine Domains: places a round's cards by expected outcome.

It reads only its handle's view. For every way to put its remaining cards on the free piles it
estimates each combat's odds against the opponent's possible cards (its known unplayed cards
and the specials it may still hold), with the game's own combat rules and this round's strength
modifiers, and scores the joint outcome of the three combats with ``position_value``: a won
game is +30, a lost one -30, otherwise a chance to win fitted on random games from the VP
difference and the element units each player holds. Cards spent now lose their worth for later
rounds. When the opponent's possible rows are few (round 3, often round 2) the best plans are
re-scored exactly against every one of them. Powers: the 2- swap and the 3- exchange are used
when they improve the position, declined otherwise.
"""

from __future__ import annotations

import math
from itertools import combinations, permutations, product
from typing import Any

from ...engine import Action, SeatHandle
from ...games.nine_domains.actions import (
    DECLINE,
    Decline,
    Discard,
    Draft,
    Place,
    Recover,
    SwapGive,
    SwapTake,
)
from ...games.nine_domains.cards import CARDS, DOMAINS, PILES, ROUNDS
from ...games.nine_domains.combat import (
    REMOVED,
    elements_of,
    fight,
    has_all_elements,
    modifiers,
)
from ...games.nine_domains.view import possible_specials
from ..base import Agent

NEED_BONUS = 1.5  # VP-like worth of the element a future domain may bring
SWAP_VALUE = 0.6  # share of the best swap gain a 2- is worth before it wins
_N = len(CARDS)
_CI = CARDS.index
_DI = DOMAINS.index


def _static_power() -> list[float]:
    """Each card's chance to beat a card drawn uniformly from all fifteen, without modifiers."""
    out = []
    for a in range(_N):
        score = 0.0
        for b in range(_N):
            w, _ = fight(a, CARDS.value[a], 0, b, CARDS.value[b], 0)
            score += 1.0 if w == 0 else (0.5 if w == REMOVED else 0.0)
        out.append(score / _N)
    return out


POWER = _static_power()
MEAN_VP = sum(DOMAINS.vp) / len(DOMAINS)


def _specials_pool(view: dict[str, Any], me: int) -> list[int]:
    """The specials the opponent may hold unseen, from my view (the game's own rule)."""
    mine = view["players"][me]
    own = [_CI[c] for c in (*mine["hand"], *mine["used"], *mine["placed"]) if c]
    seen = [_CI[c] for c in view["players"][1 - me]["seen_specials"]]
    return possible_specials(seen, own, view["options"]["special_deal"] == "independent")


DECISIVE = 30.0  # an outcome that decides the game
# Chance to win from a position after round 1 and after round 2, as a logistic model fitted on
# 120,000 positions of random-against-random games (VP difference; element units held:
# red, green, blue and up to two purple halves, four units being one short of the win):
# logit = VP_WEIGHT[r] * vp_difference + UNIT_WEIGHT[r][mine] - UNIT_WEIGHT[r][theirs].
VP_WEIGHT = (0.094, 0.138)
UNIT_WEIGHT = ((0.0, 0.091, 0.337, 0.593, 1.298), (0.0, 0.165, 0.322, 0.571, 1.098))


def _units(domains: list[int]) -> int:
    mask, halves = elements_of(domains)
    return bin(mask).count("1") + min(halves, 2)


def position_value(
    mine: list[int], theirs: list[int], bonus: tuple[int, int], elements_on: bool, rounds_done: int
) -> float:
    """How good a position is after ``rounds_done`` rounds, from -DECISIVE (lost) to +DECISIVE."""
    if elements_on:
        a, b = has_all_elements(mine), has_all_elements(theirs)
        if a != b:
            return DECISIVE if a else -DECISIVE
        if a and b:
            elements_on = False
    diff = (
        sum(DOMAINS.vp[d] for d in mine) + bonus[0] - sum(DOMAINS.vp[d] for d in theirs) - bonus[1]
    )
    if rounds_done >= ROUNDS:
        return (DECISIVE if diff > 0 else -DECISIVE if diff < 0 else 0.0) + 0.05 * diff
    r = min(rounds_done, len(VP_WEIGHT)) - 1
    logit = VP_WEIGHT[r] * diff
    if elements_on:
        logit += UNIT_WEIGHT[r][min(_units(mine), 4)] - UNIT_WEIGHT[r][min(_units(theirs), 4)]
    return DECISIVE * (2.0 / (1.0 + math.exp(-logit)) - 1.0)


class HeuristicAgent(Agent):
    name = "heuristic"

    def __init__(
        self, seed: int = 0, keep_weight: float = 1.0, shortlist: int = 10, exact_limit: int = 400
    ) -> None:
        super().__init__(seed)
        self.keep_weight = float(keep_weight)
        self.shortlist = max(1, int(shortlist))
        self.exact_limit = int(exact_limit)

    def act(self, handle: SeatHandle) -> Action:
        legal = handle.legal_actions()
        if len(legal) == 1:
            return legal[0]
        view = handle.view()
        me = handle.player
        first = legal[0]
        if isinstance(first, Place):
            return self._place(view, me, legal)
        if isinstance(first, Draft):
            return max(
                legal,
                key=lambda a: (POWER[_CI[a.card]], a.card) if isinstance(a, Draft) else (-1.0, ""),
            )
        if isinstance(first, (SwapGive, SwapTake)) or (
            isinstance(first, Decline) and view.get("pending", {}).get("power") == "swap"
        ):
            return self._swap(view, me, legal)
        if isinstance(first, (Recover, Discard)):
            return self._exchange(view, me, legal)
        return legal[0]

    # -- placing --------------------------------------------------------------------------
    def _opponent_cards(self, view: dict[str, Any], me: int) -> list[tuple[int, float]]:
        """(card, weight) for the cards the opponent may play now."""
        opp = view["players"][1 - me]
        known = [_CI[c] for c in opp["known_unplayed"]]
        k = opp["unknown_specials"]
        out = [(c, 1.0) for c in known]
        if k > 0:
            pool = _specials_pool(view, me)
            if pool:
                w = k / len(pool)
                out += [(c, w) for c in pool]
        return out

    def _place(self, view: dict[str, Any], me: int, legal: list[Action]) -> Action:
        shortlist, best_i, free, _ = self._rank(view, me)
        card = shortlist[best_i][0]
        pile = free[0]
        return next(
            a
            for a in legal
            if isinstance(a, Place) and a.card == CARDS.ids[card] and a.pile == pile
        )

    def ranked_plans(self, view: dict[str, Any], me: int) -> list[tuple[int, ...]]:
        """The plans this agent weighs for the rest of the round, as full rows (card index per
        pile, the cards already down included): its own choice first, then the rest of its
        shortlist by score. Reads only ``view``; for search agents that start from its picks."""
        shortlist, best_i, free, placed = self._rank(view, me)
        order = [best_i] + [j for j in range(len(shortlist)) if j != best_i]
        rows = []
        for j in order:
            row = list(placed)
            for i, c in zip(free, shortlist[j], strict=True):
                row[i] = c
            rows.append(tuple(int(c) for c in row if c is not None))
        return rows

    def _rank(
        self, view: dict[str, Any], me: int
    ) -> tuple[list[tuple[int, ...]], int, list[int], list[int | None]]:
        """(shortlisted plans for the free piles, index of the chosen one, free piles, the row
        as it stands)."""
        players = view["players"]
        rnd = view["round"] - 1
        last = rnd == ROUNDS - 1
        elements_on = not view["elements_ignored"]
        my_domains = [_DI[d] for d in players[me]["domains"]]
        opp_domains = [_DI[d] for d in players[1 - me]["domains"]]
        bonus = (players[me]["bonus_vp"], players[1 - me]["bonus_vp"])
        tops = [_DI[p["top"]] for p in view["piles"]]
        placed = [None if c is None else _CI[c] for c in players[me]["placed"]]
        hand = [_CI[c] for c in players[me]["hand"]]
        free = [i for i in range(PILES) if placed[i] is None]
        incoming = view["incoming"]
        opp_cards = self._opponent_cards(view, me)
        total_w = sum(w for _, w in opp_cards) or 1.0
        four_opp = view["options"]["four_plus_target"] == "opponent"
        malus_bonus = view["options"]["malus_counts_as_bonus"]
        # the value of each joint outcome of the three combats (0 mine, 1 theirs, 2 removed)
        outcomes = list(product((0, 1, 2), repeat=PILES))
        values = []
        for o in outcomes:
            m2 = my_domains + [tops[i] for i in range(PILES) if o[i] == 0]
            t2 = opp_domains + [tops[i] for i in range(PILES) if o[i] == 1]
            values.append(position_value(m2, t2, bonus, elements_on, rnd + 1))
        swap_gain = 0.0
        if opp_domains:
            best_take = max(DOMAINS.vp[d] for d in opp_domains)
            worst_own = min((DOMAINS.vp[d] for d in my_domains), default=best_take)
            swap_gain = SWAP_VALUE * max(0.0, best_take - worst_own)
        # one VP, in position_value's units, around an even position
        vp_unit = DECISIVE * VP_WEIGHT[min(rnd, len(VP_WEIGHT) - 1)] / 2
        future_slot = (MEAN_VP + (NEED_BONUS if elements_on else 0.0)) * vp_unit
        # a kept card's worth: its chance against the opponent's cards as they stand now
        keep = {}
        for c in hand:
            score = 0.0
            for u, w in opp_cards:
                win, _ = fight(c, CARDS.value[c], 0, u, CARDS.value[u], 0)
                score += w if win == 0 else (0.5 * w if win == REMOVED else 0.0)
            keep[c] = score / total_w
        cache: dict[tuple[int, int, int, int], tuple[float, float, float, float]] = {}

        def pile_odds(i: int, c: int, change: int, plus: int) -> tuple[float, float, float, float]:
            """(P win, P lose, P removed, expected extra VP) of card c at pile i."""
            key = (i, c, change, plus)
            got = cache.get(key)
            if got is not None:
                return got
            s_me = CARDS.value[c] + change
            t_me = change if malus_bonus else plus
            opp_in = incoming[1 - me][i]
            pw = pl = pr = extra = 0.0
            for u, w in opp_cards:
                o_change = opp_in + (CARDS.last_round_self[u] if last else 0)
                s_u = CARDS.value[u] + o_change
                t_u = o_change if malus_bonus else max(0, o_change)
                win, by_effect = fight(c, s_me, t_me, u, s_u, t_u)
                if win == 0:
                    pw += w
                    if (
                        CARDS.power[c] == "victory_bonus"
                        and not by_effect
                        and s_me - s_u >= CARDS.bonus_margin[c]
                    ):
                        extra += w * CARDS.bonus_vp[c] * vp_unit
                    elif CARDS.power[c] == "swap_domain":
                        extra += w * swap_gain * vp_unit
                elif win == 1:
                    pl += w
                else:
                    pr += w
            got = (pw / total_w, pl / total_w, pr / total_w, extra / total_w)
            cache[key] = got
            return got

        scored: list[tuple[float, float, tuple[int, ...]]] = []  # (score, keep term, combo)
        k = len(free)
        for combo in permutations(hand, k):
            row = placed[:]
            for i, c in zip(free, combo, strict=True):
                row[i] = c
            full = [c if c is not None else -1 for c in row]
            # my strength changes this round: last round's 1+/2+/4+, a 1- beside, 4+ in round 3
            change = list(incoming[me])
            plus = [max(0, x) for x in change]
            for i, c in enumerate(full):
                if c >= 0 and CARDS.adjacent[c]:
                    nbrs = [j for j in (i - 1, i + 1) if 0 <= j < PILES]
                    amt = CARDS.adjacent_single[c] if len(nbrs) == 1 else CARDS.adjacent[c]
                    for j in nbrs:
                        change[j] += amt
                        plus[j] += amt
                if c >= 0 and last and CARDS.last_round_self[c]:
                    change[i] += CARDS.last_round_self[c]
            odds = []
            score = 0.0
            for i, c in enumerate(full):
                pw, pl, pr, extra = pile_odds(i, c, change[i], plus[i])
                odds.append((pw, pl, pr))
                score += extra
            o0, o1, o2 = odds
            for o, v in zip(outcomes, values, strict=True):
                score += o0[o[0]] * o1[o[1]] * o2[o[2]] * v
            keep_term = 0.0
            if not last:
                for c in combo:
                    # the card is spent now: it no longer wins a later domain
                    keep_term -= self.keep_weight * keep[c] * future_slot
                    if CARDS.next_bonus[c] and not (CARDS.next_by_option[c] and four_opp):
                        keep_term += 0.3 * CARDS.next_bonus[c] * vp_unit
            scored.append((score + keep_term, keep_term, combo))
        scored.sort(key=lambda x: -x[0])
        shortlist = scored[: self.shortlist]
        opp_rows = self._opponent_rows(view, me) if len(shortlist) > 1 else None
        if opp_rows:
            rows = [[*placed] for _ in shortlist]
            for row, (_, _, combo) in zip(rows, shortlist, strict=True):
                for i, c in zip(free, combo, strict=True):
                    row[i] = c
            refined = self._refine(
                view, me, [[int(c) for c in r if c is not None] for r in rows], tops, opp_rows
            )
            best_i = max(range(len(shortlist)), key=lambda j: (refined[j] + shortlist[j][1], -j))
        else:
            best_i = 0
        return [combo for _, _, combo in shortlist], best_i, free, placed

    def _opponent_rows(self, view: dict[str, Any], me: int) -> list[tuple[int, ...]] | None:
        """Every row the opponent may have put down, or None when there are too many to list.

        (Sampled rows were tried: choosing the best of ten plans on a few dozen samples picks
        lucky samples more than good plans, and played worse than the pile-by-pile estimate.)"""
        opp = view["players"][1 - me]
        known = [_CI[c] for c in opp["known_unplayed"]]
        k = opp["unknown_specials"]
        pool: list[int] = []
        if k > 0:
            pool = _specials_pool(view, me)
        hands = (
            [known + list(extra) for extra in combinations(pool, k)] if len(pool) >= k else [known]
        )
        n_rows = sum(1 for _ in permutations(range(len(hands[0])), PILES)) * len(hands)
        if n_rows > self.exact_limit:
            return None
        return [row for h in hands for row in permutations(h, PILES)]

    def _refine(
        self,
        view: dict[str, Any],
        me: int,
        my_rows: list[list[int]],
        tops: list[int],
        opp_rows: list[tuple[int, ...]],
    ) -> list[float]:
        """Mean position value of each full row against the opponent's possible rows, fought exactly."""
        players = view["players"]
        rnd = view["round"] - 1
        elements_on = not view["elements_ignored"]
        my_domains = [_DI[d] for d in players[me]["domains"]]
        opp_domains = [_DI[d] for d in players[1 - me]["domains"]]
        bonus0 = (players[me]["bonus_vp"], players[1 - me]["bonus_vp"])
        history = view["history"]
        previous = [[_CI[c] for c in history[-1]["cards"][q]] for q in (0, 1)] if history else None
        four_opp = view["options"]["four_plus_target"] == "opponent"
        malus_bonus = view["options"]["malus_counts_as_bonus"]
        out = []
        for mine_row in my_rows:
            total_value = 0.0
            for opp_row in opp_rows:
                rows = (
                    [list(mine_row), list(opp_row)] if me == 0 else [list(opp_row), list(mine_row)]
                )
                total, plus = modifiers(rows, previous, rnd, four_opp)
                tie = total if malus_bonus else plus
                mine = my_domains[:]
                theirs = opp_domains[:]
                b = [bonus0[0], bonus0[1]]
                swappers = []
                for i in range(PILES):
                    a, c = rows[0][i], rows[1][i]
                    sa, sc = CARDS.value[a] + total[0][i], CARDS.value[c] + total[1][i]
                    w, by_effect = fight(a, sa, tie[0][i], c, sc, tie[1][i])
                    if w == REMOVED:
                        continue
                    winner_card = rows[w][i]
                    mine_won = w == me
                    (mine if mine_won else theirs).append(tops[i])
                    power = CARDS.power[winner_card]
                    if power == "victory_bonus" and not by_effect:
                        ws, ls = (sa, sc) if w == 0 else (sc, sa)
                        if ws - ls >= CARDS.bonus_margin[winner_card]:
                            b[0 if mine_won else 1] += CARDS.bonus_vp[winner_card]
                    elif power == "swap_domain":
                        swappers.append(mine_won)
                for mine_swaps in swappers:
                    taker, giver = (mine, theirs) if mine_swaps else (theirs, mine)
                    if taker and giver:
                        t = max(giver, key=lambda d: DOMAINS.vp[d])
                        g = min(taker, key=lambda d: DOMAINS.vp[d])
                        if DOMAINS.vp[t] > DOMAINS.vp[g]:
                            taker[taker.index(g)] = t
                            giver[giver.index(t)] = g
                total_value += position_value(mine, theirs, (b[0], b[1]), elements_on, rnd + 1)
            out.append(total_value / len(opp_rows))
        return out

    # -- powers ---------------------------------------------------------------------------
    def _swap(self, view: dict[str, Any], me: int, legal: list[Action]) -> Action:
        players = view["players"]
        elements_on = not view["elements_ignored"]
        mine = [_DI[d] for d in players[me]["domains"]]
        theirs = [_DI[d] for d in players[1 - me]["domains"]]
        bonus = (players[me]["bonus_vp"], players[1 - me]["bonus_vp"])
        done = view["round"] if view["phase"] == "power" else view["round"] - 1
        now = position_value(mine, theirs, bonus, elements_on, done)
        pick = view["pending"]["pick"]
        gives = [_DI[pick]] if pick else mine
        best = (now, -1, -1)
        for g in gives:
            for t in theirs:
                m2 = [t if d == g else d for d in mine]
                t2 = [g if d == t else d for d in theirs]
                score = position_value(m2, t2, bonus, elements_on, done)
                if score > best[0]:
                    best = (score, g, t)
        if best[1] < 0:
            return DECLINE
        if pick is None:
            return SwapGive(DOMAINS.ids[best[1]])
        return SwapTake(DOMAINS.ids[best[2]])

    def _exchange(self, view: dict[str, Any], me: int, legal: list[Action]) -> Action:
        hand = [_CI[c] for c in view["players"][me]["hand"]]
        weakest = min(hand, key=lambda c: POWER[c])
        pick = view["pending"]["pick"]
        if pick is None:
            options = [a for a in legal if isinstance(a, Recover)]
            if not options:
                return DECLINE
            top = max(options, key=lambda a: POWER[_CI[a.card]] if isinstance(a, Recover) else -1.0)
            assert isinstance(top, Recover)
            if POWER[_CI[top.card]] <= POWER[weakest]:
                return DECLINE
            return top
        return Discard(CARDS.ids[weakest])
