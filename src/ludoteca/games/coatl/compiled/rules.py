"""Coatl, compiled: what a move does (twin of ``rules.py``). Chance comes from the state's
SplitMix64 during play too (pieces drawn from the bags, the Prophecy deck reshuffled), so
``apply`` takes the generator.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ....engine.compiled.jit import njit
from .layout import (
    ALEFT,
    BAGS,
    BODY,
    BODYN,
    BODYS,
    C_DONE,
    C_NP,
    C_PC,
    C_PR,
    C_PRN,
    C_TEMPLE,
    CSIZE,
    CUR,
    DISC,
    DISCN,
    DISPLAY,
    END,
    FINAL,
    FINALN,
    HEAD,
    HEADS,
    LCAP,
    NC,
    NDISPLAY,
    NHEAD,
    NPILE,
    NPL,
    NSPACE,
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
    PASSES,
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
    TRIGGER,
    TURNS,
    VISION,
)
from .legal import (
    _candidates,
    _cards_to_take,
)
from .lists import (
    _insort,
    _push,
    _remove,
)
from .patterns import (
    _colours,
)
from .supply import (
    _bodies_exhausted,
    _draw_card,
    _fill_empty,
    _needs_refill,
    _refill_display,
)
from .table import (
    ASSEMBLY,
    E_BODIES,
    E_COATL,
    E_NONE,
    E_STALLED,
    K_ADD,
    K_ATTACH,
    K_DRAW,
    K_DSTART,
    K_ENDA,
    K_FINISH,
    K_KEEP,
    K_PASS,
    K_PICK,
    K_PROMISE,
    K_START,
    K_STOP,
    K_TAKEP,
    K_TAKEPR,
    K_TEMPLE,
    K_VDISC,
    K_VDONE,
    K_VISION,
    OVER,
    PROPHECY,
    T_A1,
    T_A2,
    T_A3,
    T_HAND_LIMIT,
    T_KIND,
    T_MAX_COATLS,
    TEMPLE,
    TURN,
    VISION_PHASE,
)


# -- what a move does (rules.py) ----------------------------------------------------------
@njit
def _from_hand(S: Any, pb: int, t: int) -> None:
    _remove(S, pb + P_HAND, pb + P_HANDN, t)
    _remove(S, pb + P_SHOWN, pb + P_SHOWNN, t)


@njit
def _end_turn(S: Any, rng: Any) -> None:
    _refill_display(S, rng)
    S[TURNS] += 1
    n = S[NPL]
    if S[END] != E_NONE:
        k = S[FINALN]
        if k == 0:
            S[PHASE] = OVER
            return
        S[CUR] = S[FINAL]
        S[ALEFT] = S[FINAL + 1]
        for j in range(2, 2 * k):
            S[FINAL + j - 2] = S[FINAL + j]
        S[FINALN] = k - 1
    elif S[PASSES] >= n:
        S[END] = E_STALLED
        S[PHASE] = OVER
        return
    else:
        S[CUR] = (S[CUR] + 1) % n
        S[ALEFT] = 1
    S[PHASE] = TURN


@njit
def _owe(S: Any, seat: int, k: int) -> None:
    j = S[FINALN]
    S[FINAL + 2 * j] = seat
    S[FINAL + 2 * j + 1] = k
    S[FINALN] = j + 1


@njit
def _end_action(S: Any, rng: Any) -> None:
    S[TAKEN] = 0
    if S[END] == E_NONE and _bodies_exhausted(S):
        p = S[CUR]
        n = S[NPL]
        S[END] = E_BODIES
        S[TRIGGER] = p
        S[FINALN] = 0
        for q in range(p + 1, n):
            _owe(S, q, 1)
        for q in range(n):
            _owe(S, q, 1)
    S[ALEFT] -= 1
    if S[ALEFT] > 0:
        S[PHASE] = TURN
        return
    _end_turn(S, rng)


@njit
def _after_take(S: Any, T: Any, rng: Any, pb: int) -> None:
    S[TAKEN] += 1
    S[PHASE] = PROPHECY
    if S[pb + P_HANDN] >= T[T_HAND_LIMIT] or not _cards_to_take(S):
        _end_action(S, rng)


@njit
def _after_finish(S: Any, T: Any, rng: Any, pb: int) -> None:
    p = S[CUR]
    S[TCOATL] = -1
    finished = 0
    for j in range(S[pb + P_NCOATL]):
        if S[pb + P_COATL + j * CSIZE + C_DONE]:
            finished += 1
    if finished >= T[T_MAX_COATLS]:
        if S[END] == E_NONE:
            n = S[NPL]
            S[END] = E_COATL
            S[TRIGGER] = p
            S[FINALN] = 0
            for q in range(p + 1, n):
                _owe(S, q, 2)
            for q in range(p):
                _owe(S, q, 1)
        _end_action(S, rng)
    else:
        S[PHASE] = ASSEMBLY


@njit
def _take_pieces(S: Any, rng: Any, pb: int, space: int) -> None:
    """TakePieces: a body space's pieces, or a head or tail, onto the player's board."""
    if space < NSPACE:
        for i in range(S[BODYN + space]):
            _insort(S, pb + P_BOARD, pb + P_BOARDN, BODY * NC + S[BODYS + 2 * space + i])
        S[BODYN + space] = 0
    elif space < NSPACE + NHEAD:
        _insort(S, pb + P_BOARD, pb + P_BOARDN, HEAD * NC + S[HEADS + space - NSPACE])
        S[HEADS + space - NSPACE] = -1
    else:
        i = space - NSPACE - NHEAD
        _insort(S, pb + P_BOARD, pb + P_BOARDN, TAIL * NC + S[TAILS + i])
        S[TAILS + i] = -1
    if _needs_refill(S):
        _fill_empty(S, rng)
    _end_action(S, rng)


@njit
def _start_coatl(S: Any, pb: int, piece: int) -> None:
    """StartCoatl: a new Coatl of one piece from the board."""
    _remove(S, pb + P_BOARD, pb + P_BOARDN, piece)
    ci = S[pb + P_NCOATL]
    cb = pb + P_COATL + ci * CSIZE
    S[cb + C_NP] = 1
    S[cb + C_PC] = piece
    S[cb + C_PRN] = 0
    S[cb + C_DONE] = 0
    S[cb + C_TEMPLE] = -1
    S[pb + P_NCOATL] = ci + 1
    S[PHASE] = ASSEMBLY


@njit
def _add_piece(S: Any, pb: int, ci: int, x: int, back: bool) -> None:
    """AddPiece: a board piece at the Coatl's head side (front) or tail side (back)."""
    _remove(S, pb + P_BOARD, pb + P_BOARDN, x)
    cb = pb + P_COATL + ci * CSIZE
    k = S[cb + C_NP]
    if not back:
        for i in range(k, 0, -1):
            S[cb + C_PC + i] = S[cb + C_PC + i - 1]
        S[cb + C_PC] = x
    else:
        S[cb + C_PC + k] = x
    S[cb + C_NP] = k + 1
    S[PHASE] = ASSEMBLY


@njit
def _finish_coatl(S: Any, T: Any, rng: Any, pb: int, ci: int) -> None:
    """FinishCoatl: done; a Temple to choose when one fits, else the turn goes on."""
    cb = pb + P_COATL + ci * CSIZE
    S[cb + C_DONE] = 1
    S[TCOATL] = ci
    seq = np.empty(LCAP + 1, dtype=np.int64)
    tmp = np.empty(TCAP, dtype=np.int64)
    n = _colours(S, cb, seq)
    if _candidates(S, T, pb, seq, n, tmp) > 0:
        S[PHASE] = TEMPLE
    else:
        _after_finish(S, T, rng, pb)


@njit
def _choose_temple(S: Any, T: Any, rng: Any, pb: int, temple: int) -> None:
    """ChooseTemple: from the player's Temples, promised ones, or the top of a pile."""
    cb = pb + P_COATL + S[TCOATL] * CSIZE
    if not _remove(S, pb + P_TEMP, pb + P_TEMPN, temple) and not _remove(
        S, pb + P_PROM, pb + P_PROMN, temple
    ):
        for i in range(NPILE):
            k = S[PILEN + i]
            if k > 0 and S[PILES + i * TCAP + k - 1] == temple:
                S[PILEN + i] = k - 1
                break
    S[cb + C_TEMPLE] = temple
    _after_finish(S, T, rng, pb)


@njit
def _perfect_pick(S: Any, rng: Any, pb: int, kind: int, c1: int, c2: int) -> None:
    """PerfectPick: the token spent, one or two pieces of a kind straight from the bag."""
    S[pb + P_TOK + PERFECT_PICK] = 0
    bag = BAGS + kind * NC
    S[bag + c1] -= 1
    _insort(S, pb + P_BOARD, pb + P_BOARDN, kind * NC + c1)
    if c2 >= 0:
        S[bag + c2] -= 1
        _insort(S, pb + P_BOARD, pb + P_BOARDN, kind * NC + c2)
    _fill_empty(S, rng)
    _end_action(S, rng)


@njit
def _vision(S: Any, rng: Any, pb: int) -> None:
    """Vision: the token spent, the display discarded and dealt anew."""
    S[pb + P_TOK + VISION] = 0
    for i in range(NDISPLAY):
        if S[DISPLAY + i] >= 0:
            _push(S, DISC, DISCN, S[DISPLAY + i])
        S[DISPLAY + i] = -1
    _refill_display(S, rng)
    S[PHASE] = VISION_PHASE


@njit
def _promise(S: Any, rng: Any, pb: int, pile: int) -> None:
    """Promise: the token spent, a pile's top Temple promised."""
    S[pb + P_TOK + PROMISE] = 0
    k = S[PILEN + pile] - 1
    S[PILEN + pile] = k
    _insort(S, pb + P_PROM, pb + P_PROMN, S[PILES + pile * TCAP + k])
    _end_action(S, rng)


@njit
def apply(S: Any, T: Any, rng: Any, p: int, code: int) -> None:
    """One legal move of seat p (the action ``code``): its handler, by the action's kind."""
    kind = T[T_KIND + code]
    a1 = T[T_A1 + code]
    pb = PLAYERS + p * PSIZE
    if kind != K_PASS:
        S[PASSES] = 0
    if kind == K_TAKEP:
        _take_pieces(S, rng, pb, a1)
    elif kind == K_TAKEPR:
        card = S[DISPLAY + a1]
        S[DISPLAY + a1] = -1
        _insort(S, pb + P_HAND, pb + P_HANDN, card)
        _insort(S, pb + P_SHOWN, pb + P_SHOWNN, card)
        _after_take(S, T, rng, pb)
    elif kind == K_DRAW:
        card = _draw_card(S, rng)
        _insort(S, pb + P_HAND, pb + P_HANDN, card)
        _after_take(S, T, rng, pb)
    elif kind == K_STOP or kind == K_ENDA:  # noqa: SIM109
        _end_action(S, rng)
    elif kind == K_START:
        _start_coatl(S, pb, a1)
    elif kind == K_ADD:
        _add_piece(S, pb, a1, T[T_A2 + code], T[T_A3 + code] != 0)
    elif kind == K_ATTACH:
        t = T[T_A2 + code]
        _from_hand(S, pb, t)
        cb = pb + P_COATL + a1 * CSIZE
        _push(S, cb + C_PR, cb + C_PRN, t)
        S[PHASE] = ASSEMBLY
    elif kind == K_FINISH:
        _finish_coatl(S, T, rng, pb, a1)
    elif kind == K_TEMPLE:
        _choose_temple(S, T, rng, pb, a1)
    elif kind == K_PICK:
        _perfect_pick(S, rng, pb, a1, T[T_A2 + code], T[T_A3 + code])
    elif kind == K_VISION:
        _vision(S, rng, pb)
    elif kind == K_VDISC:
        _from_hand(S, pb, a1)
        _push(S, DISC, DISCN, a1)
    elif kind == K_VDONE:
        S[PHASE] = PROPHECY
        S[TAKEN] = 0
        if S[pb + P_HANDN] >= T[T_HAND_LIMIT] or not _cards_to_take(S):
            _end_action(S, rng)
    elif kind == K_PROMISE:
        _promise(S, rng, pb, a1)
    elif kind == K_PASS:
        S[PASSES] += 1
        _end_action(S, rng)
    elif kind == K_DSTART:
        _remove(S, pb + P_HAND, pb + P_HANDN, a1)
        _push(S, DISC, DISCN, a1)
    elif kind == K_KEEP:
        S[CUR] += 1
        if S[CUR] == S[NPL]:
            S[CUR] = 0
            S[PHASE] = TURN
            S[ALEFT] = 1
