"""Coatl, compiled: the heuristic agent (twin of ``agents/heuristics/coatl.py``; its numbers
arrive as a table from ``agents/heuristics/compiled/coatl.py``, so this module imports no
agent).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ....engine.compiled.jit import njit
from ....engine.compiled.rng import MT_N, genrand32, mt_below, mt_random, mt_seed
from .layout import (
    BODY,
    C_DONE,
    C_NP,
    C_PC,
    C_PR,
    C_PRN,
    C_TEMPLE,
    COATLS,
    CSIZE,
    DECK,
    DECKN,
    DISC,
    DISCN,
    DISPLAY,
    HCAP,
    HEAD,
    LCAP,
    NC,
    NDISPLAY,
    NPILE,
    NPL,
    NTOK,
    P_BOARD,
    P_BOARDN,
    P_COATL,
    P_HAND,
    P_HANDN,
    P_NCOATL,
    P_PROM,
    P_PROMN,
    P_SHOWN,
    P_SHOWNN,
    P_TEMP,
    P_TEMPN,
    P_TOK,
    PCAP,
    PILEN,
    PILES,
    PLAYERS,
    PSIZE,
    TAIL,
    TCAP,
)
from .lists import (
    _insort,
)
from .patterns import (
    _colours,
    _count,
    _ppoints,
    _tpoints,
)
from .rules import (
    apply,
)
from .scoring import (
    _coatl_points,
)
from .table import (
    F_BRIDGE,
    F_COUNT,
    F_MIRROR,
    F_PAIR,
    F_TRIO,
    T_FULL,
    T_NDECK,
    T_NPT,
    T_NTEMPLES,
    T_PCOL,
    T_PFAM,
    T_PNC,
    T_PVAL,
    TIERS,
)

# -- the heuristic agent (agents/heuristics/coatl.py) ------------------------------------
# Its weights are read from the agent's module into a float table. Per decision it draws a
# 64-bit seed from its generator, determinizes with random.Random(seed) (view.determinize),
# tries every legal move on a copy and scores the copy (position_value) plus noise * random().
(
    H_ATTACHED,
    H_CARD,
    H_FIT,
    H_PIECE_COATL,
    H_END,
    H_TEMPLE_FIT,
    H_PIECE_BOARD,
    H_WANTED,
    H_TEMPLE,
    H_TOKEN,
    H_FINISHED,
    H_FIRST_END,
    H_MORE_ENDS,
    H_NEEDED_END,
    H_NOISE,
) = range(15)
H_WANTS = 15  # [type][colour]: 1 where the Prophecy names that colour
H_SIZE = H_WANTS + PCAP * NC
# the agent's weights, in the table's order
WEIGHTS = (
    "W_ATTACHED",
    "W_CARD",
    "W_FIT",
    "W_PIECE_COATL",
    "W_END",
    "W_TEMPLE_FIT",
    "W_PIECE_BOARD",
    "W_WANTED",
    "W_TEMPLE",
    "W_TOKEN",
    "W_FINISHED",
    "W_FIRST_END",
    "W_MORE_ENDS",
    "W_NEEDED_END",
)


# the heuristic's integer scratch (heuristic's ``W``): two card pools, the Temples in reach,
# a pattern and the wanted colours, the open Coatls' lengths
HW_POOL = 0
HW_MARK = HW_POOL + PCAP
HW_TEMPLES = HW_MARK + PCAP
HW_PAT = HW_TEMPLES + TCAP + NPILE
HW_LENS = HW_PAT + 5 + NC
HW_SIZE = HW_LENS + COATLS


@njit
def _mt_shuffle(mt: Any, xs: Any, k: int) -> None:
    """``random.Random.shuffle`` of ``xs[:k]``."""
    for i in range(k - 1, 0, -1):
        j = mt_below(mt, i + 1)
        a = xs[i]
        xs[i] = xs[j]
        xs[j] = a


@njit
def _getrandbits64(mt: Any) -> Any:
    """``random.Random.getrandbits(64)``: the first 32-bit output is the low word."""
    lo = genrand32(mt)
    hi = genrand32(mt)
    return lo | (hi << np.uint64(32))


@njit
def _deal_prophecies(S: Any, T: Any, B: Any, p: int, dm: Any, pool: Any, mark: Any) -> None:
    """The Prophecies p cannot place (counted from the public places, sorted by type, then
    shuffled) dealt into the others' hidden hands and the deck of ``B``."""
    n = S[NPL]
    left = mark
    left[:] = 0
    for i in range(T[T_NDECK]):
        left[T[T_FULL + i]] += 1
    pb = PLAYERS + p * PSIZE
    for i in range(S[pb + P_HANDN]):
        left[S[pb + P_HAND + i]] -= 1
    for i in range(S[DISCN]):
        left[S[DISC + i]] -= 1
    for i in range(NDISPLAY):
        if S[DISPLAY + i] >= 0:
            left[S[DISPLAY + i]] -= 1
    for q in range(n):
        qb = PLAYERS + q * PSIZE
        for ci in range(S[qb + P_NCOATL]):
            cb = qb + P_COATL + ci * CSIZE
            for j in range(S[cb + C_PRN]):
                left[S[cb + C_PR + j]] -= 1
        if q != p:
            for j in range(S[qb + P_SHOWNN]):
                left[S[qb + P_SHOWN + j]] -= 1
    k = 0
    for t in range(T[T_NPT]):
        for _ in range(left[t]):
            pool[k] = t
            k += 1
    _mt_shuffle(dm, pool, k)
    at = 0
    # dealt in the order [current] + the others, so here (p current) the others in seat order
    for q in range(n):
        if q == p:
            continue
        qb = PLAYERS + q * PSIZE
        hidden = S[qb + P_HANDN] - S[qb + P_SHOWNN]
        B[qb + P_HANDN] = 0
        for i in range(S[qb + P_SHOWNN]):
            _insort(B, qb + P_HAND, qb + P_HANDN, S[qb + P_SHOWN + i])
        for i in range(hidden):
            _insort(B, qb + P_HAND, qb + P_HANDN, pool[at + i])
        at += hidden
    for i in range(at, k):
        B[DECK + i - at] = pool[i]
    B[DECKN] = k - at


@njit
def _deal_temples(S: Any, T: Any, B: Any, p: int, dm: Any, pool: Any, mark: Any) -> None:
    """The Temples p cannot see (the other hands and the cards under each pile's top),
    shuffled and dealt back into those places of ``B``."""
    n = S[NPL]
    pb = PLAYERS + p * PSIZE
    seen = mark
    seen[:] = 0
    for i in range(S[pb + P_TEMPN]):
        seen[S[pb + P_TEMP + i]] = 1
    for q in range(n):
        qb = PLAYERS + q * PSIZE
        for i in range(S[qb + P_PROMN]):
            seen[S[qb + P_PROM + i]] = 1
    for i in range(NPILE):
        kp = S[PILEN + i]
        if kp > 0:
            seen[S[PILES + i * TCAP + kp - 1]] = 1
    for q in range(n):
        qb = PLAYERS + q * PSIZE
        for ci in range(S[qb + P_NCOATL]):
            t = S[qb + P_COATL + ci * CSIZE + C_TEMPLE]
            if t >= 0:
                seen[t] = 1
    k = 0
    for t in range(T[T_NTEMPLES]):
        if not seen[t]:
            pool[k] = t
            k += 1
    _mt_shuffle(dm, pool, k)
    at = 0
    for q in range(n):
        if q == p:
            continue
        qb = PLAYERS + q * PSIZE
        kt = S[qb + P_TEMPN]
        B[qb + P_TEMPN] = 0
        for i in range(kt):
            _insort(B, qb + P_TEMP, qb + P_TEMPN, pool[at + i])
        at += kt
    for i in range(NPILE):
        kp = S[PILEN + i]
        if kp > 0:
            base = PILES + i * TCAP
            for j in range(kp - 1):
                B[base + j] = pool[at + j]
            B[base + kp - 1] = S[base + kp - 1]
            at += kp - 1


@njit
def _determinize(S: Any, T: Any, B: Any, p: int, dm: Any, pool: Any, mark: Any) -> Any:
    """``view.determinize(S, p, dm)`` into ``B`` for the seat to act: p is the current
    player (the only one who acts), so no re-dealt hand must hold a card the rules revealed
    (determinize's ``_needed_*`` apply to other seats only). Returns the new state's
    generator. Only what p sees is read: the unseen pools are counted from the public places."""
    n = S[NPL]
    B[: PLAYERS + n * PSIZE] = S[: PLAYERS + n * PSIZE]
    _deal_prophecies(S, T, B, p, dm, pool, mark)
    _deal_temples(S, T, B, p, dm, pool, mark)
    return _getrandbits64(dm)


@njit
def _prefix_progress(seq: Any, n: int, pat: Any, k: int, front: bool, back: bool) -> int:
    """The agent's ``_prefix_progress``: pieces of ``pat[:k]`` already at an open end (-1 in
    the pattern matches no colour)."""
    best = 0
    top = min(k - 1, n)
    if back:
        for j in range(top, 0, -1):
            ok = True
            for d in range(j):
                if seq[n - j + d] != pat[d]:
                    ok = False
                    break
            if ok:
                best = j
                break
    if front:
        for j in range(top, best, -1):
            ok = True
            for d in range(j):
                if seq[d] != pat[k - j + d]:
                    ok = False
                    break
            if ok:
                best = j
                break
    return best


@njit
def _progress(T: Any, t: int, seq: Any, n: int, front: bool, back: bool, pat: Any) -> float:
    """The agent's ``progress``: 0..1 toward Prophecy ``t``'s first tier, along open ends."""
    fam = T[T_PFAM + t]
    cb = T_PCOL + t * 5
    c0 = T[cb]
    if fam == F_COUNT:
        return min(_count(seq, n, c0), 3) / 3
    if fam == F_PAIR or fam == F_TRIO:  # noqa: SIM109
        need = 2 if fam == F_PAIR else 3
        run = 0
        if back:
            while run < n and seq[n - 1 - run] == c0:
                run += 1
        if front and run == 0:
            while run < n and seq[run] == c0:
                run += 1
        return min(run, need - 1) / need
    if fam == F_BRIDGE:
        pat[0] = c0
        pat[1] = T[cb + 1]
        pat[2] = T[cb + 2]
        return _prefix_progress(seq, n, pat, 3, front, back) / 3
    if fam == F_MIRROR:
        c1 = T[cb + 1]
        if back and n >= 3:
            for i in range(n - 2):
                if seq[i] == c0 and seq[i + 1] == c1:
                    return 0.8 if seq[n - 1] == c1 and i + 3 < n else 0.6
        pat[0] = c0
        pat[1] = c1
        pat[2] = -1
        pat[3] = c1
        pat[4] = c0
        return _prefix_progress(seq, n, pat, 5, front, back) / 5
    k = T[T_PNC + t]
    for d in range(k):
        pat[d] = T[cb + d]
    return _prefix_progress(seq, n, pat, k, front, back) / k


@njit
def _card_potentials(
    S: Any, T: Any, pb: int, seqs: Any, lens: Any, opens: Any, no: int, pat: Any, out: Any
) -> None:
    """The agent's ``card_potential`` of each hand card into ``out`` (hand order). Coatl by
    Coatl, each card's best so far kept: a max, so the order does not change the value."""
    nh = S[pb + P_HANDN]
    out[:nh] = 0.0
    for j in range(no):
        seq = seqs[j]
        n = lens[j]
        front = opens[j, 0]
        back = opens[j, 1]
        for i in range(nh):
            t = S[pb + P_HAND + i]
            now = _ppoints(T, t, seq, n)
            if now:
                x = float(now)
            elif front or back:
                pr = _progress(T, t, seq, n, front, back, pat)
                # pr ** 2 is pr * pr for every value progress takes (k / d, 0.6, 0.8)
                x = 0.7 * T[T_PVAL + t * TIERS] * (pr * pr)
            else:
                continue
            if x > out[i]:  # max(best, x): the first of equals
                out[i] = x


@njit
def _visible_temples(S: Any, pb: int, temples: Any) -> int:
    """The Temples the player at ``pb`` may aim a Coatl at (its own, its promised, the piles'
    tops) into ``temples``; returns how many."""
    nt = 0
    for i in range(S[pb + P_TEMPN]):
        temples[nt] = S[pb + P_TEMP + i]
        nt += 1
    for i in range(S[pb + P_PROMN]):
        temples[nt] = S[pb + P_PROM + i]
        nt += 1
    for i in range(NPILE):
        kp = S[PILEN + i]
        if kp > 0:
            temples[nt] = S[PILES + i * TCAP + kp - 1]
            nt += 1
    return nt


@njit
def _coatls_value(
    S: Any, T: Any, H: Any, pb: int, seqs: Any, lens: Any, opens: Any, temples: Any, nt: int
) -> tuple[float, int, float, float]:
    """The player's Coatls' part of ``position_value`` (summed from 0.0, in its order), the
    unfinished ones' colours into ``seqs``/``lens``/``opens``; returns the value, how many
    are unfinished, and what a head and a tail are worth besides."""
    v = 0.0
    no = 0
    need_head = 0.0
    need_tail = 0.0
    for ci in range(S[pb + P_NCOATL]):
        cb = pb + P_COATL + ci * CSIZE
        if S[cb + C_DONE]:
            v += _coatl_points(S, T, cb, seqs[no]) + H[H_FINISHED]
            continue
        seq = seqs[no]
        n = _colours(S, cb, seq)
        head = n > 0 and S[cb + C_PC] // NC == HEAD
        tail = n > 0 and S[cb + C_PC + n - 1] // NC == TAIL
        lens[no] = n
        opens[no, 0] = not head
        opens[no, 1] = not tail
        no += 1
        pts = 0
        for i in range(S[cb + C_PRN]):
            pts += _ppoints(T, S[cb + C_PR + i], seq, n)
        v += H[H_ATTACHED] * pts
        v += H[H_PIECE_COATL] * n + H[H_END] * (int(head) + int(tail))
        if S[cb + C_PRN] > 0:
            best = 0
            for i in range(nt):
                x = _tpoints(T, temples[i], seq, n)
                if x > best:
                    best = x
            v += H[H_TEMPLE_FIT] * best
            # a head (tail) is worth more while a Coatl with cards beside it lacks one
            if not head:
                need_head = H[H_NEEDED_END]
            if not tail:
                need_tail = H[H_NEEDED_END]
    return v, no, need_head, need_tail


@njit
def _board_value(
    S: Any, H: Any, pb: int, v: float, wanted: Any, need_head: float, need_tail: float
) -> float:
    """``v`` plus the player's board pieces (bodies by how wanted their colour is, the first
    head and tail above the rest), in ``position_value``'s order."""
    heads = 0
    tails = 0
    for i in range(S[pb + P_BOARDN]):
        code = S[pb + P_BOARD + i]
        kind = code // NC
        if kind == BODY:
            v += H[H_PIECE_BOARD] + H[H_WANTED] * wanted[code % NC]
        elif kind == HEAD:
            v += H[H_FIRST_END] + need_head if heads == 0 else H[H_MORE_ENDS]
            heads += 1
        else:
            v += H[H_FIRST_END] + need_tail if tails == 0 else H[H_MORE_ENDS]
            tails += 1
    return v


@njit
def _position_value(
    S: Any,
    T: Any,
    H: Any,
    me: int,
    seqs: Any,
    lens: Any,
    opens: Any,
    temples: Any,
    pat: Any,
    pots: Any,
) -> float:
    """The agent's ``position_value``, its floating-point operations in its order (scratch:
    ``pat`` 5 + NC long, ``pots`` HCAP)."""
    pb = PLAYERS + me * PSIZE
    nt = _visible_temples(S, pb, temples)
    v, no, need_head, need_tail = _coatls_value(S, T, H, pb, seqs, lens, opens, temples, nt)
    wanted = pat[5:]
    wanted[:] = 0
    _card_potentials(S, T, pb, seqs, lens, opens, no, pat, pots)
    for i in range(S[pb + P_HANDN]):
        t = S[pb + P_HAND + i]
        v += H[H_CARD] + H[H_FIT] * pots[i]
        for c in range(NC):
            if H[H_WANTS + t * NC + c]:
                wanted[c] += 1
    v = _board_value(S, H, pb, v, wanted, need_head, need_tail)
    tokens = 0
    for i in range(NTOK):
        tokens += S[pb + P_TOK + i]
    v += H[H_TEMPLE] * (S[pb + P_TEMPN] + S[pb + P_PROMN]) + H[H_TOKEN] * tokens
    return v


@njit
def position_value(S: Any, T: Any, H: Any, me: int) -> float:
    """``agents.heuristics.coatl.position_value`` of S for seat ``me`` (scratch of its own)."""
    W = np.empty(HW_SIZE, dtype=np.int64)
    return _position_value(
        S,
        T,
        H,
        me,
        np.empty((COATLS, LCAP + 1), dtype=np.int64),
        W[HW_LENS : HW_LENS + COATLS],
        np.empty((COATLS, 2), dtype=np.bool_),
        W[HW_TEMPLES : HW_TEMPLES + TCAP + NPILE],
        W[HW_PAT : HW_PAT + 5 + NC],
        np.empty(HCAP, dtype=np.float64),
    )


@njit
def _restore(C2: Any, B: Any, pb: int) -> None:
    """``C2 = B`` again after a move of the seat whose block is at ``pb``: a move changes the
    shared part and the mover's block only, and everything is read up to its count, so only
    the counted parts are copied back."""
    C2[:PLAYERS] = B[:PLAYERS]
    C2[pb : pb + P_COATL] = B[pb : pb + P_COATL]
    for ci in range(B[pb + P_NCOATL]):
        cb = pb + P_COATL + ci * CSIZE
        end = cb + C_PC + B[cb + C_NP]
        C2[cb:end] = B[cb:end]


@njit
def heuristic(S: Any, T: Any, H: Any, p: int, buf: Any, m: int, mt: Any, X: Any, W: Any) -> int:
    """``HeuristicAgent.act`` for the seat to act, over legal codes ``buf[:m]``, drawing from
    its generator ``mt`` as the agent does. Scratch: ``X`` two state rows (the sample and
    its copy per move), ``W`` HW_SIZE integers."""
    if m == 1:
        return buf[0]
    B = X[0]
    C2 = X[1]
    pool = W[HW_POOL : HW_POOL + PCAP]
    mark = W[HW_MARK : HW_MARK + PCAP]
    temples = W[HW_TEMPLES : HW_TEMPLES + TCAP + NPILE]
    pat = W[HW_PAT : HW_PAT + 5 + NC]
    lens = W[HW_LENS : HW_LENS + COATLS]
    seqs = np.empty((COATLS, LCAP + 1), dtype=np.int64)
    opens = np.empty((COATLS, 2), dtype=np.bool_)
    pots = np.empty(HCAP, dtype=np.float64)
    dm = np.empty(MT_N + 1, dtype=np.uint64)
    rngs = np.empty(2, dtype=np.uint64)
    mt_seed(dm, _getrandbits64(mt))
    rngs[0] = _determinize(S, T, B, p, dm, pool, mark)
    used = PLAYERS + S[NPL] * PSIZE
    C2[:used] = B[:used]
    pb = PLAYERS + p * PSIZE
    best = buf[0]
    best_v = -np.inf
    for i in range(m):
        if i:
            _restore(C2, B, pb)
        rngs[1] = rngs[0]
        apply(C2, T, rngs[1:], p, buf[i])
        v = _position_value(C2, T, H, p, seqs, lens, opens, temples, pat, pots)
        v = v + H[H_NOISE] * mt_random(mt)
        if v > best_v:
            best_v = v
            best = buf[i]
    return best
