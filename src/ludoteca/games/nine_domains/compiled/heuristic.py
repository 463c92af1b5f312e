"""The Nine Domains, compiled: the heuristic agent (twin of
``agents/heuristics/nine_domains.py``; its numbers arrive as a table from
``agents/heuristics/compiled/nine_domains.py``, so this module imports no agent).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ....engine.compiled.jit import njit
from .combat import (
    _fight,
    _modifiers,
)
from .layout import (
    BONUS,
    CCAP,
    DCAP,
    ELEMENTS_OFF,
    HAND,
    HANDN,
    HIST,
    HISTN,
    NP,
    NPLACED,
    O_FOUR_OPP,
    O_INDEP,
    O_MALUS,
    PEND,
    PHASE,
    PICK,
    PILE,
    PILEN,
    PLACED,
    RND,
    SEEN,
    SEENN,
    USED,
    USEDN,
    WON,
    WONN,
)
from .lists import (
    _contains,
)
from .table import (
    DRAFTING,
    EMPTY,
    K_RECOVER,
    P_BONUS,
    P_SWAP,
    PLACING,
    POWERS,
    REMOVED_W,
    SWAP,
    T_ADJ,
    T_ADJ1,
    T_ALLMASK,
    T_ARG,
    T_BMARGIN,
    T_BVP,
    T_C_DISCARD,
    T_C_GIVE,
    T_C_PLACE,
    T_C_TAKE,
    T_DECLINE,
    T_DHALVES,
    T_DMASK,
    T_DVP,
    T_HALVES,
    T_KIND,
    T_LAST,
    T_NBASE,
    T_NEXT,
    T_NEXTOPT,
    T_NSPEC,
    T_POWER,
    T_ROUNDS,
    T_SPECIALS,
    T_VALUE,
)

# -- the heuristic agent (agents/heuristics/nine_domains.py) ----------------------------
# Its numbers (the fitted weights, each card's static power, its id's place in string order)
# are read from the agent's module into a float table; it draws nothing from its generator.
H_DECISIVE, H_NEED, H_SWAPV, H_MEANVP, H_NEUMAIER, H_KEEPW, H_SHORT, H_EXACT = range(8)
H_VPW = 8  # [2]
H_UW = H_VPW + 2  # [2][5]
H_POWER = H_UW + 10  # [card]
H_IDRANK = H_POWER + CCAP  # [card]: the card id's place in sorted order (Draft's tie-break)
H_SIZE = H_IDRANK + CCAP


@njit
def _pysum(H: Any, xs: Any, n: int) -> float:
    """Python's ``sum`` of n floats (from an int 0 start), as this Python does it."""
    f = 0.0
    if not H[H_NEUMAIER]:
        for i in range(n):
            f += xs[i]
        return f
    c = 0.0
    for i in range(n):
        x = xs[i]
        t = f + x
        if abs(f) >= abs(x):
            c += (f - t) + x
        else:
            c += (x - t) + f
        f = t
    if c != 0.0 and np.isfinite(c):
        f += c
    return f


@njit
def _units(T: Any, doms: Any, n: int) -> int:
    mask = 0
    halves = 0
    for i in range(n):
        mask |= T[T_DMASK + doms[i]]
        halves += T[T_DHALVES + doms[i]]
    bits = 0
    while mask:
        bits += mask & 1
        mask >>= 1
    return bits + min(halves, 2)


@njit
def _all_elements(T: Any, doms: Any, n: int) -> bool:
    mask = 0
    halves = 0
    for i in range(n):
        mask |= T[T_DMASK + doms[i]]
        halves += T[T_DHALVES + doms[i]]
    return mask == T[T_ALLMASK] and halves >= T[T_HALVES]


@njit
def _position_value(
    T: Any, H: Any, mine: Any, nm: int, theirs: Any, nt: int, b0: int, b1: int, on: bool, done: int
) -> float:
    """agents/heuristics/nine_domains.position_value."""
    dec = H[H_DECISIVE]
    if on:
        a = _all_elements(T, mine, nm)
        b = _all_elements(T, theirs, nt)
        if a != b:
            return dec if a else -dec
        if a and b:
            on = False
    vm = 0
    for i in range(nm):
        vm += T[T_DVP + mine[i]]
    vt = 0
    for i in range(nt):
        vt += T[T_DVP + theirs[i]]
    diff = vm + b0 - vt - b1
    if done >= T[T_ROUNDS]:
        head = dec if diff > 0 else (-dec if diff < 0 else 0.0)
        return head + 0.05 * diff
    r = min(done, 2) - 1
    if r < 0:  # Python's index -1: the last weight
        r += 2
    logit = H[H_VPW + r] * diff
    if on:
        um = min(_units(T, mine, nm), 4)
        ut = min(_units(T, theirs, nt), 4)
        logit += H[H_UW + r * 5 + um] - H[H_UW + r * 5 + ut]
    return dec * (2.0 / (1.0 + math.exp(-logit)) - 1.0)


@njit
def _incoming(S: Any, T: Any, out: Any) -> None:
    """view.incoming: last round's 1+/2+/4+ on this round's cards, [player][pile]."""
    out[:, :] = 0
    h = S[HISTN]
    if h == 0 or S[RND] >= T[T_ROUNDS]:
        return
    for p in range(2):
        base = HIST + (h - 1) * 2 * NP + p * NP
        for i in range(NP):
            c = S[base + i]
            nb = T[T_NEXT + c]
            if nb:
                target = 1 - p if (T[T_NEXTOPT + c] and S[O_FOUR_OPP]) else p
                out[target, i] += nb


@njit
def _known_unplayed(S: Any, T: Any, q: int, out: Any) -> int:
    """view.known_unplayed: q's unused base cards and shown specials, sorted."""
    m = 0
    used = USED + q * CCAP
    nu = S[USEDN + q]
    for c in range(T[T_NBASE]):
        if not _contains(S, used, nu, c):
            out[m] = c
            m += 1
    for i in range(S[SEENN + q]):
        c = S[SEEN + q * CCAP + i]
        if not _contains(S, used, nu, c):
            j = m
            while j > 0 and out[j - 1] > c:
                out[j] = out[j - 1]
                j -= 1
            out[j] = c
            m += 1
    return m


@njit
def _specials_pool(S: Any, T: Any, me: int, out: Any) -> int:
    """The specials the opponent may hold unseen, in the catalog's order (possible_specials)."""
    q = 1 - me
    m = 0
    for i in range(T[T_NSPEC]):
        c = T[T_SPECIALS + i]
        if _contains(S, SEEN + q * CCAP, S[SEENN + q], c):
            continue
        if not S[O_INDEP] and (
            _contains(S, HAND + me * CCAP, S[HANDN + me], c)
            or _contains(S, USED + me * CCAP, S[USEDN + me], c)
            or _contains(S, PLACED + me * NP, NP, c)
        ):
            continue
        out[m] = c
        m += 1
    return m


@njit
def _fight_outcome(T: Any, a: int, sa: int, ta: int, b: int, sb: int, tb: int) -> int:
    w, _ = _fight(T, a, sa, ta, b, sb, tb)
    return w


@njit
def _choose_k(n: int, k: int) -> int:
    out = 1
    for i in range(k):
        out = out * (n - i) // (i + 1)
    return out


@njit
def _permutations(n: int, k: int) -> Any:
    """itertools.permutations(range(n), k) for k <= 3, in its order (rows of positions)."""
    total = 1
    for i in range(k):
        total *= n - i
    out = np.zeros((max(total, 0), NP), dtype=np.int64)
    r = 0
    for a in range(n):
        if k == 1:
            out[r, 0] = a
            r += 1
            continue
        for b in range(n):
            if b == a:
                continue
            if k == 2:
                out[r, 0] = a
                out[r, 1] = b
                r += 1
                continue
            for c in range(n):
                if c == a or c == b:  # noqa: SIM109 (plain compares compile simply)
                    continue
                out[r, 0] = a
                out[r, 1] = b
                out[r, 2] = c
                r += 1
    return out


@njit
def _perm3(n: int) -> int:
    return n * (n - 1) * (n - 2) if n >= 3 else 0


@njit
def _refine_rows(
    S: Any, T: Any, H: Any, me: int, my_rows: Any, nrows: int, tops: Any, opp: Any, nopp: int
) -> Any:
    """HeuristicAgent._refine: each of my rows' mean position value over the opponent's rows."""
    q = 1 - me
    rnd = S[RND]
    on = not S[ELEMENTS_OFF]
    out = np.zeros(nrows, dtype=np.float64)
    cards = np.empty((2, NP), dtype=np.int64)
    total = np.zeros((2, NP), dtype=np.int64)
    plus = np.zeros((2, NP), dtype=np.int64)
    side = np.empty((2, DCAP), dtype=np.int64)
    ns = np.zeros(2, dtype=np.int64)
    swappers = np.empty(NP, dtype=np.int64)
    for j in range(nrows):
        tv = 0.0
        for r in range(nopp):
            for i in range(NP):
                cards[me, i] = my_rows[j, i]
                cards[q, i] = opp[r, i]
            total[:, :] = 0
            plus[:, :] = 0
            _modifiers(S, T, cards, total, plus)
            tie = total if S[O_MALUS] else plus
            # side 0: mine, side 1: theirs
            for x in range(2):
                who = me if x == 0 else q
                ns[x] = S[WONN + who]
                for i in range(ns[x]):
                    side[x, i] = S[WON + who * DCAP + i]
            b_me = S[BONUS + me]
            b_q = S[BONUS + q]
            nsw = 0
            for i in range(NP):
                a = cards[0, i]
                c = cards[1, i]
                sa = T[T_VALUE + a] + total[0, i]
                sc = T[T_VALUE + c] + total[1, i]
                w, by_effect = _fight(T, a, sa, tie[0, i], c, sc, tie[1, i])
                if w == REMOVED_W:
                    continue
                wc = cards[w, i]
                x = 0 if w == me else 1
                side[x, ns[x]] = tops[i]
                ns[x] += 1
                power = T[T_POWER + wc]
                if power == P_BONUS and not by_effect:
                    ws = sa if w == 0 else sc
                    ls = sc if w == 0 else sa
                    if ws - ls >= T[T_BMARGIN + wc]:
                        if x == 0:
                            b_me += T[T_BVP + wc]
                        else:
                            b_q += T[T_BVP + wc]
                elif power == P_SWAP:
                    swappers[nsw] = x
                    nsw += 1
            for k in range(nsw):
                tk = swappers[k]  # the taker's side
                gv = 1 - tk
                if ns[tk] and ns[gv]:
                    ti = 0  # the giver's best domain (the first of the best)
                    for i in range(1, ns[gv]):
                        if T[T_DVP + side[gv, i]] > T[T_DVP + side[gv, ti]]:
                            ti = i
                    gi = 0  # the taker's worst (the first of the worst)
                    for i in range(1, ns[tk]):
                        if T[T_DVP + side[tk, i]] < T[T_DVP + side[tk, gi]]:
                            gi = i
                    t = side[gv, ti]
                    g = side[tk, gi]
                    if T[T_DVP + t] > T[T_DVP + g]:
                        side[tk, gi] = t
                        side[gv, ti] = g
            tv += _position_value(T, H, side[0], ns[0], side[1], ns[1], b_me, b_q, on, rnd + 1)
        out[j] = tv / nopp
    return out


@njit
def _opponent_cards(S: Any, T: Any, H: Any, me: int, ou: Any, ow: Any) -> tuple[int, float]:
    """The opponent's possible cards into ``ou`` with their weights in ``ow`` (the known
    unplayed ones weigh 1, the unknown specials share what is left): how many, and the
    weights' sum (1 when it is 0)."""
    q = 1 - me
    known = np.empty(CCAP, dtype=np.int64)
    nk = _known_unplayed(S, T, q, known)
    unknown = S[HANDN + q] + S[NPLACED + q] - nk
    pool = np.empty(CCAP, dtype=np.int64)
    npool = _specials_pool(S, T, me, pool) if unknown > 0 else 0
    no = 0
    for i in range(nk):
        ou[no] = known[i]
        ow[no] = 1.0
        no += 1
    if unknown > 0 and npool > 0:
        w = unknown / npool
        for i in range(npool):
            ou[no] = pool[i]
            ow[no] = w
            no += 1
    total_w = _pysum(H, ow, no)
    if total_w == 0.0:
        total_w = 1.0
    return no, total_w


@njit
def _outcome_values(
    T: Any, H: Any, mine: Any, theirs: Any, tops: Any, b0: int, b1: int, on: bool, rnd: int
) -> Any:
    """The value of each joint outcome of the three combats (a digit a pile: 0 mine, 1
    theirs, 2 removed), 27 of them."""
    nm, nt = mine.shape[0], theirs.shape[0]
    values = np.empty(27, dtype=np.float64)
    m2 = np.empty(DCAP, dtype=np.int64)
    t2 = np.empty(DCAP, dtype=np.int64)
    for o in range(27):
        digits = (o // 9, (o // 3) % 3, o % 3)
        a = 0
        for i in range(nm):
            m2[a] = mine[i]
            a += 1
        b = 0
        for i in range(nt):
            t2[b] = theirs[i]
            b += 1
        for i in range(NP):
            if digits[i] == 0:
                m2[a] = tops[i]
                a += 1
            elif digits[i] == 1:
                t2[b] = tops[i]
                b += 1
        values[o] = _position_value(T, H, m2, a, t2, b, b0, b1, on, rnd + 1)
    return values


@njit
def _swap_gain(T: Any, H: Any, mine: Any, theirs: Any) -> float:
    """What a won 2- swap is worth: the best domain to take against the worst one to give."""
    nm, nt = mine.shape[0], theirs.shape[0]
    if not nt:
        return 0.0
    best_take = T[T_DVP + theirs[0]]
    for i in range(1, nt):
        best_take = max(best_take, T[T_DVP + theirs[i]])
    worst_own = best_take
    if nm:
        worst_own = T[T_DVP + mine[0]]
        for i in range(1, nm):
            worst_own = min(worst_own, T[T_DVP + mine[i]])
    return H[H_SWAPV] * max(0.0, best_take - worst_own)


@njit
def _keep_odds(T: Any, hand: Any, ou: Any, ow: Any, no: int, total_w: float) -> Any:
    """Each hand card's odds against the opponent's possible cards (what keeping it is
    worth), by card."""
    keep = np.zeros(CCAP, dtype=np.float64)
    for hi in range(hand.shape[0]):
        c = hand[hi]
        score = 0.0
        for j in range(no):
            u = ou[j]
            win = _fight_outcome(T, c, T[T_VALUE + c], 0, u, T[T_VALUE + u], 0)
            if win == 0:
                score += ow[j]
            elif win == REMOVED_W:
                score += 0.5 * ow[j]
            else:
                score += 0.0
        keep[c] = score / total_w
    return keep


@njit
def _placed_changes(T: Any, full: Any, inc_me: Any, last: bool, change: Any, plus: Any) -> None:
    """The strength changes (``change``) and bonuses (``plus``) a row of three cards gets from
    the incoming powers and from its own adjacent and last-round cards."""
    for i in range(NP):
        change[i] = inc_me[i]
        plus[i] = max(0, inc_me[i])
    for i in range(NP):
        c = full[i]
        if T[T_ADJ + c]:
            single = i == 0 or i == NP - 1
            amt = T[T_ADJ1 + c] if single else T[T_ADJ + c]
            if i - 1 >= 0:
                change[i - 1] += amt
                plus[i - 1] += amt
            if i + 1 < NP:
                change[i + 1] += amt
                plus[i + 1] += amt
        if last and T[T_LAST + c]:
            change[i] += T[T_LAST + c]


@njit
def _row_odds(
    T: Any, full: Any, change: Any, plus: Any, opp_in: Any, ou: Any, ow: Any, no: int,
    total_w: float, last: bool, malus: bool, vp_unit: float, swap_gain: float, odds: Any,
) -> float:  # fmt: skip
    """Each pile's odds (win, loss, removed) for a row into ``odds``; returns what its won
    powers add (a 3+ bonus, a 2- swap)."""
    score = 0.0
    for i in range(NP):
        c = full[i]
        s_me = T[T_VALUE + c] + change[i]
        t_me = change[i] if malus else plus[i]
        pw = 0.0
        pl = 0.0
        pr = 0.0
        extra = 0.0
        for j in range(no):
            u = ou[j]
            w = ow[j]
            o_change = opp_in[i] + (T[T_LAST + u] if last else 0)
            s_u = T[T_VALUE + u] + o_change
            t_u = o_change if malus else max(0, o_change)
            win, by_effect = _fight(T, c, s_me, t_me, u, s_u, t_u)
            if win == 0:
                pw += w
                if T[T_POWER + c] == P_BONUS and not by_effect and s_me - s_u >= T[T_BMARGIN + c]:
                    extra += w * T[T_BVP + c] * vp_unit
                elif T[T_POWER + c] == P_SWAP:
                    extra += w * swap_gain * vp_unit
            elif win == 1:
                pl += w
            else:
                pr += w
        odds[i, 0] = pw / total_w
        odds[i, 1] = pl / total_w
        odds[i, 2] = pr / total_w
        score += extra / total_w
    return score


@njit
def _shortlist(scores: Any, n: int, short: int) -> Any:
    """The ``short`` best rows, the best first, equal scores in the order they came (a stable
    sort)."""
    order = np.empty(short, dtype=np.int64)
    used = np.zeros(n, dtype=np.bool_)
    for s in range(short):
        best = -1
        for j in range(n):
            if not used[j] and (best < 0 or scores[j] > scores[best]):
                best = j
        used[best] = True
        order[s] = best
    return order


@njit
def _opponent_rows(S: Any, T: Any, H: Any, me: int) -> Any:
    """Every row the opponent may have put down, when they are few enough (else none)."""
    q = 1 - me
    known = np.empty(CCAP, dtype=np.int64)
    nk = _known_unplayed(S, T, q, known)
    kk = S[HANDN + q] + S[NPLACED + q] - nk
    pool = np.empty(CCAP, dtype=np.int64)
    npool = _specials_pool(S, T, me, pool) if kk > 0 else 0
    nhands = 1
    if kk > 0 and npool >= kk:
        nhands = _choose_k(npool, kk)
        width = nk + kk
    else:
        width = nk
        kk = 0
    n_rows = _perm3(width) * nhands
    if not 0 < n_rows <= np.int64(H[H_EXACT]):
        return np.empty((0, NP), dtype=np.int64)
    opp = np.empty((n_rows, NP), dtype=np.int64)
    h = np.empty(CCAP, dtype=np.int64)
    comb = np.arange(kk)
    pr3 = _permutations(width, NP)
    r = 0
    for _ in range(nhands):
        for i in range(nk):
            h[i] = known[i]
        for i in range(kk):
            h[nk + i] = pool[comb[i]]
        for pi in range(pr3.shape[0]):
            for i in range(NP):
                opp[r, i] = h[pr3[pi, i]]
            r += 1
        # the next combination, in itertools' order
        i = kk - 1
        while i >= 0 and comb[i] == i + npool - kk:
            i -= 1
        if i >= 0:
            comb[i] += 1
            for j in range(i + 1, kk):
                comb[j] = comb[j - 1] + 1
    return opp


@njit
def _keep_term(
    S: Any, T: Any, H: Any, combo: Any, k: int, keep: Any, future_slot: float, vp_unit: float
) -> float:
    """What placing ``combo``'s k cards costs in keeping them for a later round (their odds
    there) and gains in their 1+, 2+, 4+ on the next round, summed in _place's order."""
    keep_term = 0.0
    for j in range(k):
        c = combo[j]
        keep_term -= H[H_KEEPW] * keep[c] * future_slot
        if T[T_NEXT + c] and not (T[T_NEXTOPT + c] and S[O_FOUR_OPP]):
            keep_term += 0.3 * T[T_NEXT + c] * vp_unit
    return keep_term


@njit
def _refined_best(
    S: Any, T: Any, H: Any, me: int, placed: Any, free: Any, k: int, combos: Any, keeps: Any,
    order: Any, short: int, tops: Any,
) -> int:  # fmt: skip
    """The shortlist's best (its index in ``order``) once each row is refined against every
    row the opponent may have put down (0 when the opponent has none)."""
    best_i = 0
    opp = _opponent_rows(S, T, H, me)
    n_rows = opp.shape[0]
    if n_rows > 0:
        rows = np.empty((short, NP), dtype=np.int64)
        for s in range(short):
            for i in range(NP):
                rows[s, i] = placed[i]
            for j in range(k):
                rows[s, free[j]] = combos[order[s], j]
        refined = _refine_rows(S, T, H, me, rows, short, tops, opp, n_rows)
        for s in range(1, short):
            if refined[s] + keeps[order[s]] > refined[best_i] + keeps[order[best_i]]:
                best_i = s
    return best_i


@njit
def _heuristic_place(S: Any, T: Any, H: Any, me: int) -> int:
    """HeuristicAgent._place (through _rank): the action code of its choice. Every way to fill
    the free piles from the hand is scored by its piles' odds against the opponent's possible
    cards (and what keeping the rest is worth); the shortlist is then refined against every
    row the opponent may have put down (``_refine_rows``)."""
    q = 1 - me
    rounds = T[T_ROUNDS]
    rnd = min(S[RND] + 1, rounds) - 1
    last = rnd == rounds - 1
    on = not S[ELEMENTS_OFF]
    mine = S[WON + me * DCAP : WON + me * DCAP + S[WONN + me]]
    theirs = S[WON + q * DCAP : WON + q * DCAP + S[WONN + q]]
    tops = np.empty(NP, dtype=np.int64)
    for i in range(NP):
        tops[i] = S[PILE + i * DCAP + S[PILEN + i] - 1]
    placed = S[PLACED + me * NP : PLACED + me * NP + NP]
    nh = S[HANDN + me]
    hand = S[HAND + me * CCAP : HAND + me * CCAP + nh]
    free = np.empty(NP, dtype=np.int64)
    k = 0
    for i in range(NP):
        if placed[i] == EMPTY:
            free[k] = i
            k += 1
    inc = np.zeros((2, NP), dtype=np.int64)
    _incoming(S, T, inc)
    ou = np.empty(2 * CCAP, dtype=np.int64)
    ow = np.empty(2 * CCAP, dtype=np.float64)
    no, total_w = _opponent_cards(S, T, H, me, ou, ow)
    malus = S[O_MALUS]
    values = _outcome_values(T, H, mine, theirs, tops, S[BONUS + me], S[BONUS + q], on, rnd)
    swap_gain = _swap_gain(T, H, mine, theirs)
    vp_unit = H[H_DECISIVE] * H[H_VPW + min(rnd, 1)] / 2
    future_slot = (H[H_MEANVP] + (H[H_NEED] if on else 0.0)) * vp_unit
    keep = _keep_odds(T, hand, ou, ow, no, total_w)
    # each way to fill the free piles: its score, its keep term and its cards
    ncombo = 1
    for i in range(k):
        ncombo *= nh - i
    scores = np.empty(max(ncombo, 1), dtype=np.float64)
    keeps = np.empty(max(ncombo, 1), dtype=np.float64)
    combos = np.empty((max(ncombo, 1), NP), dtype=np.int64)
    full = np.empty(NP, dtype=np.int64)
    change = np.empty(NP, dtype=np.int64)
    plus = np.empty(NP, dtype=np.int64)
    odds = np.empty((NP, 3), dtype=np.float64)
    perms = _permutations(nh, k)
    n = 0
    for pi in range(perms.shape[0]):
        for i in range(NP):
            full[i] = placed[i]
        for j in range(k):
            full[free[j]] = hand[perms[pi, j]]
            combos[n, j] = hand[perms[pi, j]]
        _placed_changes(T, full, inc[me], last, change, plus)
        score = _row_odds(
            T, full, change, plus, inc[q], ou, ow, no, total_w, last, malus, vp_unit, swap_gain,
            odds,
        )  # fmt: skip
        for o in range(27):
            score += odds[0, o // 9] * odds[1, (o // 3) % 3] * odds[2, o % 3] * values[o]
        keep_term = 0.0 if last else _keep_term(S, T, H, combos[n], k, keep, future_slot, vp_unit)
        scores[n] = score + keep_term
        keeps[n] = keep_term
        n += 1
    short: int = min(n, int(H[H_SHORT]))
    order = _shortlist(scores, n, short)
    best_i = 0
    if short > 1:
        best_i = _refined_best(S, T, H, me, placed, free, k, combos, keeps, order, short, tops)
    card = combos[order[best_i], 0]
    return T[T_C_PLACE + card * NP + free[0]]


@njit
def _heuristic_swap(S: Any, T: Any, H: Any, me: int) -> int:
    q = 1 - me
    on = not S[ELEMENTS_OFF]
    nm = S[WONN + me]
    nt = S[WONN + q]
    mine = S[WON + me * DCAP : WON + me * DCAP + nm].copy()
    theirs = S[WON + q * DCAP : WON + q * DCAP + nt].copy()
    b0 = S[BONUS + me]
    b1 = S[BONUS + q]
    rnd_view = min(S[RND] + 1, T[T_ROUNDS])
    done = rnd_view if S[PHASE] == POWERS else rnd_view - 1
    best = _position_value(T, H, mine, nm, theirs, nt, b0, b1, on, done)
    bg = -1
    bt = -1
    pick = S[PICK]
    m2 = np.empty(DCAP, dtype=np.int64)
    t2 = np.empty(DCAP, dtype=np.int64)
    ng = 1 if pick != EMPTY else nm
    for gi in range(ng):
        g = pick if pick != EMPTY else mine[gi]
        for ti in range(nt):
            t = theirs[ti]
            for i in range(nm):
                m2[i] = t if mine[i] == g else mine[i]
            for i in range(nt):
                t2[i] = g if theirs[i] == t else theirs[i]
            score = _position_value(T, H, m2, nm, t2, nt, b0, b1, on, done)
            if score > best:
                best = score
                bg = g
                bt = t
    if bg < 0:
        return T[T_DECLINE]
    if pick == EMPTY:
        return T[T_C_GIVE + bg]
    return T[T_C_TAKE + bt]


@njit
def _heuristic_exchange(S: Any, T: Any, H: Any, me: int, buf: Any, m: int) -> int:
    weakest = S[HAND + me * CCAP]
    for i in range(1, S[HANDN + me]):
        c = S[HAND + me * CCAP + i]
        if H[H_POWER + c] < H[H_POWER + weakest]:
            weakest = c
    if S[PICK] == EMPTY:
        top = -1
        for i in range(m):
            code = buf[i]
            if T[T_KIND + code] != K_RECOVER:
                continue
            if top < 0 or H[H_POWER + T[T_ARG + code]] > H[H_POWER + T[T_ARG + top]]:
                top = code
        if top < 0:
            return T[T_DECLINE]
        if H[H_POWER + T[T_ARG + top]] <= H[H_POWER + weakest]:
            return T[T_DECLINE]
        return top
    return T[T_C_DISCARD + weakest]


@njit
def heuristic(S: Any, T: Any, H: Any, p: int, buf: Any, m: int) -> int:
    """HeuristicAgent.act: the code of the action it picks from ``buf[:m]``, the legal moves."""
    if m == 1:
        return buf[0]
    ph = S[PHASE]
    if ph == PLACING:
        return _heuristic_place(S, T, H, p)
    if ph == DRAFTING:
        best = buf[0]
        for i in range(1, m):
            c = T[T_ARG + buf[i]]
            b = T[T_ARG + best]
            if H[H_POWER + c] > H[H_POWER + b] or (
                H[H_POWER + c] == H[H_POWER + b] and H[H_IDRANK + c] > H[H_IDRANK + b]
            ):
                best = buf[i]
        return best
    if ph == POWERS:
        if S[PEND + 1] == SWAP:
            return _heuristic_swap(S, T, H, p)
        return _heuristic_exchange(S, T, H, p, buf, m)
    return buf[0]
