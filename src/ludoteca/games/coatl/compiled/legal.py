"""Coatl, compiled: who acts and the legal moves (twin of ``legal.py`` and ``assembly.py``)."""

from __future__ import annotations

from typing import Any

import numpy as np

from ....engine.compiled.jit import njit
from .layout import (
    BAGS,
    BODY,
    BODYN,
    C_DONE,
    C_NP,
    C_PC,
    C_PR,
    C_PRN,
    CSIZE,
    CUR,
    DECKN,
    DISCN,
    DISPLAY,
    HEAD,
    HEADS,
    LCAP,
    NC,
    NDISPLAY,
    NHEAD,
    NPILE,
    NSPACE,
    O_KEEP3,
    O_TOKENS,
    P_BOARD,
    P_BOARDN,
    P_COATL,
    P_HAND,
    P_HANDN,
    P_NCOATL,
    P_PROM,
    P_PROMN,
    P_TEMP,
    P_TEMPN,
    P_TOK,
    PCAP,
    PERFECT_PICK,
    PHASE,
    PILEN,
    PILES,
    PLAYERS,
    PROMISE,
    PSIZE,
    TAIL,
    TAILS,
    TAKEN,
    TCAP,
    TCOATL,
    VISION,
)
from .lists import (
    _contains,
)
from .patterns import (
    _colours,
    _ppoints,
    _tpoints,
)
from .table import (
    ASSEMBLY,
    OVER,
    PROPHECY,
    SETUP,
    T_BOARD_LIMIT,
    T_C_ADD,
    T_C_ATTACH,
    T_C_DRAW,
    T_C_DSTART,
    T_C_ENDA,
    T_C_FINISH,
    T_C_KEEP,
    T_C_PASS,
    T_C_PICK1,
    T_C_PICK2,
    T_C_PROMISE,
    T_C_START,
    T_C_STOP,
    T_C_TAKEP,
    T_C_TAKEPR,
    T_C_TEMPLE,
    T_C_VDISC,
    T_C_VDONE,
    T_C_VISION,
    T_HAND_LIMIT,
    T_KEEP,
    T_MAX_COATLS,
    T_MAX_PR,
    T_MAX_UNF,
    T_NTEMPLES,
    TEMPLE,
    TURN,
    VISION_PHASE,
    WSIZE,
)


# -- legal moves (legal.py, assembly.py) ----------------------------------------------------
@njit
def actors(S: Any, out: Any) -> int:
    if S[PHASE] == OVER:
        return 0
    out[0] = S[CUR]
    return 1


@njit
def _closed(S: Any, pb: int) -> int:
    for ci in range(S[pb + P_NCOATL]):
        cb = pb + P_COATL + ci * CSIZE
        k = S[cb + C_NP]
        if not S[cb + C_DONE] and k > 0 and S[cb + C_PC] < NC and S[cb + C_PC + k - 1] >= 2 * NC:
            return ci
    return -1


@njit
def _attachable(S: Any, T: Any, pb: int, ci: int, seq: Any, n: int, out: Any, m: int) -> int:
    cb = pb + P_COATL + ci * CSIZE
    if S[cb + C_PRN] >= T[T_MAX_PR]:
        return m
    prev = -1
    for i in range(S[pb + P_HANDN]):
        t = S[pb + P_HAND + i]
        if t == prev:
            continue
        prev = t
        if _contains(S, cb + C_PR, S[cb + C_PRN], t):
            continue
        if _ppoints(T, t, seq, n) > 0:
            out[m] = T[T_C_ATTACH + ci * PCAP + t]
            m += 1
    return m


@njit
def _fits(
    S: Any,
    T: Any,
    pb: int,
    cb: int,
    seq: Any,
    n: int,
    col: int,
    front: bool,
    closes: bool,
    new: Any,
) -> bool:
    if front:
        new[0] = col
        for i in range(n):
            new[i + 1] = seq[i]
    else:
        for i in range(n):
            new[i] = seq[i]
        new[n] = col
    k = n + 1
    nb = S[cb + C_PRN]
    for i in range(nb):
        if _ppoints(T, S[cb + C_PR + i], new, k) <= 0:
            return False
    if closes:
        bodies = False
        for i in range(S[cb + C_NP]):
            if S[cb + C_PC + i] // NC == BODY:
                bodies = True
                break
        if not bodies:
            return False
        if nb == 0:
            prev = -1
            for i in range(S[pb + P_HANDN]):
                t = S[pb + P_HAND + i]
                if t == prev:
                    continue
                prev = t
                if _ppoints(T, t, new, k) > 0:
                    return True
            return False
    return True


@njit
def _assembly(S: Any, T: Any, pb: int, out: Any, m: int, seq: Any, new: Any, memo: Any) -> int:
    ci = _closed(S, pb)
    if ci >= 0:
        cb = pb + P_COATL + ci * CSIZE
        n = _colours(S, cb, seq)
        m = _attachable(S, T, pb, ci, seq, n, out, m)
        if S[cb + C_PRN] > 0:
            out[m] = T[T_C_FINISH + ci]
            m += 1
        return m
    ncoatl = S[pb + P_NCOATL]
    unfinished = 0
    for j in range(ncoatl):
        if not S[pb + P_COATL + j * CSIZE + C_DONE]:
            unfinished += 1
    nboard = S[pb + P_BOARDN]
    if unfinished < T[T_MAX_UNF] and ncoatl < T[T_MAX_COATLS]:
        prev = -1
        for i in range(nboard):
            x = S[pb + P_BOARD + i]
            if x != prev:
                out[m] = T[T_C_START + x]
                m += 1
                prev = x
    # memo: the pattern checks per (colour, end, closes), 5 * 2 * 2, -1 unknown
    for ci in range(ncoatl):
        cb = pb + P_COATL + ci * CSIZE
        if S[cb + C_DONE]:
            continue
        n = _colours(S, cb, seq)
        k = S[cb + C_NP]
        head = k > 0 and S[cb + C_PC] < NC
        tail = k > 0 and S[cb + C_PC + k - 1] >= 2 * NC
        plain = S[cb + C_PRN] == 0
        memo[:] = -1
        adds = T_C_ADD + ci * 3 * NC * 2
        prev = -1
        for i in range(nboard):
            x = S[pb + P_BOARD + i]
            if x == prev:
                continue
            prev = x
            kind = x // NC
            col = x % NC
            if not head and kind != TAIL:
                closes = kind == HEAD and tail
                if plain and not closes:
                    out[m] = T[adds + x * 2]
                    m += 1
                else:
                    key = (col * 2) * 2 + int(closes)
                    if memo[key] < 0:
                        memo[key] = int(_fits(S, T, pb, cb, seq, n, col, True, closes, new))
                    if memo[key]:
                        out[m] = T[adds + x * 2]
                        m += 1
            if not tail and kind != HEAD:
                closes = kind == TAIL and head
                if plain and not closes:
                    out[m] = T[adds + x * 2 + 1]
                    m += 1
                else:
                    key = (col * 2 + 1) * 2 + int(closes)
                    if memo[key] < 0:
                        memo[key] = int(_fits(S, T, pb, cb, seq, n, col, False, closes, new))
                    if memo[key]:
                        out[m] = T[adds + x * 2 + 1]
                        m += 1
        m = _attachable(S, T, pb, ci, seq, n, out, m)
    return m


@njit
def _can_draw(S: Any) -> bool:
    return S[DECKN] > 0 or S[DISCN] > 0


@njit
def _take(S: Any, T: Any, pb: int, out: Any, m: int) -> int:
    if S[pb + P_HANDN] >= T[T_HAND_LIMIT]:
        return m
    for i in range(NDISPLAY):
        if S[DISPLAY + i] >= 0:
            out[m] = T[T_C_TAKEPR + i]
            m += 1
    if _can_draw(S):
        out[m] = T[T_C_DRAW]
        m += 1
    return m


@njit
def _turn(S: Any, T: Any, pb: int, out: Any, seq: Any, new: Any, memo: Any) -> int:
    m = 0
    room = T[T_BOARD_LIMIT] - S[pb + P_BOARDN]
    for i in range(NSPACE):
        k = S[BODYN + i]
        if k > 0 and k <= room:
            out[m] = T[T_C_TAKEP + i]
            m += 1
    if room >= 1:
        for i in range(NHEAD):
            if S[HEADS + i] >= 0:
                out[m] = T[T_C_TAKEP + NSPACE + i]
                m += 1
        for i in range(NHEAD):
            if S[TAILS + i] >= 0:
                out[m] = T[T_C_TAKEP + NSPACE + NHEAD + i]
                m += 1
    m = _take(S, T, pb, out, m)
    m = _assembly(S, T, pb, out, m, seq, new, memo)
    if S[O_TOKENS]:
        if S[pb + P_TOK + PERFECT_PICK]:
            if room >= 1:
                for kind in (HEAD, TAIL):
                    for c in range(NC):
                        if S[BAGS + kind * NC + c] > 0:
                            out[m] = T[T_C_PICK1 + kind * NC + c]
                            m += 1
            if room >= 2:
                bag = BAGS + BODY * NC
                for a in range(NC):
                    for b in range(a, NC):
                        if S[bag + a] >= (2 if a == b else 1) and S[bag + b] >= 1:
                            out[m] = T[T_C_PICK2 + a * NC + b]
                            m += 1
        if S[pb + P_TOK + VISION] and _cards_to_take(S):
            out[m] = T[T_C_VISION]
            m += 1
        if S[pb + P_TOK + PROMISE]:
            for i in range(NPILE):
                if S[PILEN + i] > 0:
                    out[m] = T[T_C_PROMISE + i]
                    m += 1
    if m == 0:
        out[0] = T[T_C_PASS]
        m = 1
    return m


@njit
def _cards_to_take(S: Any) -> bool:
    if _can_draw(S):
        return True
    for i in range(NDISPLAY):  # noqa: SIM110
        if S[DISPLAY + i] >= 0:
            return True
    return False


@njit
def _candidates(S: Any, T: Any, pb: int, seq: Any, n: int, out: Any) -> int:
    """``temple_candidates``: the Temples (own hand, promised, pile tops) the Coatl fulfils,
    sorted."""
    pool = np.zeros(TCAP, dtype=np.int64)
    for i in range(S[pb + P_TEMPN]):
        pool[S[pb + P_TEMP + i]] = 1
    for i in range(S[pb + P_PROMN]):
        pool[S[pb + P_PROM + i]] = 1
    for i in range(NPILE):
        k = S[PILEN + i]
        if k > 0:
            pool[S[PILES + i * TCAP + k - 1]] = 1
    m = 0
    for t in range(T[T_NTEMPLES]):
        if pool[t] and _tpoints(T, t, seq, n) > 0:
            out[m] = t
            m += 1
    return m


@njit
def legal(S: Any, T: Any, p: int, out: Any) -> int:
    """``legal_actions(p)``'s codes in ``out``, in its order; returns how many."""
    return _legal(S, T, p, out, np.empty(WSIZE, dtype=np.int64))


@njit
def _legal(S: Any, T: Any, p: int, out: Any, W: Any) -> int:
    ph = S[PHASE]
    if ph == OVER or p != S[CUR]:
        return 0
    pb = PLAYERS + p * PSIZE
    seq = W[: LCAP + 1]
    new = W[LCAP + 1 : 2 * (LCAP + 1)]
    memo = W[2 * (LCAP + 1) :]
    if ph == TURN:
        return _turn(S, T, pb, out, seq, new, memo)
    if ph == ASSEMBLY:
        m = _assembly(S, T, pb, out, 0, seq, new, memo)
        if _closed(S, pb) < 0:
            out[m] = T[T_C_ENDA]
            m += 1
        return m
    if ph == PROPHECY:
        m = _take(S, T, pb, out, 0)
        if S[TAKEN] > 0:
            out[m] = T[T_C_STOP]
            m += 1
        return m
    if ph == TEMPLE:
        n = _colours(S, pb + P_COATL + S[TCOATL] * CSIZE, seq)
        k = _candidates(S, T, pb, seq, n, new)
        for i in range(k):
            out[i] = T[T_C_TEMPLE + new[i]]
        return k
    nh = S[pb + P_HANDN]
    m = 0
    if ph == VISION_PHASE:
        prev = -1
        for i in range(nh):
            t = S[pb + P_HAND + i]
            if t != prev:
                out[m] = T[T_C_VDISC + t]
                m += 1
                prev = t
        if nh < T[T_HAND_LIMIT]:
            out[m] = T[T_C_VDONE]
            m += 1
        return m
    if ph == SETUP:
        keep3 = S[O_KEEP3]
        floor = T[T_KEEP] if keep3 else 0
        if nh > floor:
            prev = -1
            for i in range(nh):
                t = S[pb + P_HAND + i]
                if t != prev:
                    out[m] = T[T_C_DSTART + t]
                    m += 1
                    prev = t
        if nh == T[T_KEEP] or (nh < T[T_KEEP] and not keep3):
            out[m] = T[T_C_KEEP]
            m += 1
        return m
    return 0
