"""Exploding Kittens, compiled: what a move does, over the flat array (``layout.py``). Twin of
``rules.py`` (``apply``), ``effects.py`` (``_resolve``: the card and combo effects),
``turns.py``, ``hands.py`` (who knows which card), ``pile.py`` (drawing, kittens) and
``nope.py`` (the Nope window).
"""

from __future__ import annotations

from typing import Any

from ....engine.compiled.jit import njit
from ....engine.compiled.rng import randbelow, shuffle_range
from .layout import (
    ACTN,
    ACTORS,
    AI,
    AK,
    ALIVE,
    ALTER,
    ANSWERED,
    ATTACKED,
    BURY_PHASE,
    CAP,
    CUR,
    DEFUSE_PHASE,
    DIR,
    DISC,
    DISCN,
    FIVE,
    GIVE,
    GONE,
    GONEN,
    HANDS,
    HK,
    HKN,
    HN,
    K_ALTER,
    K_BURY,
    K_DEFUSE,
    K_DRAW,
    K_EXPLODE,
    K_FIVE_PICK,
    K_FIVE_SAME,
    K_FIVE_START,
    K_GIVE,
    K_NAME,
    K_NOPE,
    K_PAIR,
    K_PASS,
    K_PLAY,
    K_TAKE,
    K_TARGET,
    K_TRIPLE,
    LIMBO,
    LMASK,
    MAIN,
    NALIVE,
    NAME,
    NKC,
    NO_PEND,
    NOPES,
    O_BURY,
    O_SSPASS,
    O_STACK,
    OUT,
    OUTN,
    OVER,
    OWED,
    PCARD,
    PEND,
    PEND_FIVE,
    PEND_PAIR,
    PEND_TRIPLE,
    PHASE,
    PICKN,
    PICKS,
    PILE,
    PILEN,
    PK,
    PNAME,
    PTARGET,
    PWILDS,
    T_ALTER3,
    T_ALTER5,
    T_ARG,
    T_ARG2,
    T_ATTACK,
    T_BURY,
    T_DEFUSE,
    T_DRAW_BOTTOM,
    T_FAVOR,
    T_KIND,
    T_KITTEN,
    T_NK,
    T_NOPE,
    T_PERSONAL,
    T_REVERSE,
    T_SEE3,
    T_SEE5,
    T_SHUFFLE,
    T_SKIP,
    T_SUPER_SKIP,
    T_SWAP,
    T_TARGETED,
    T_TRIPLE_ATTACK,
    T_WILD,
    TAKE,
    TARGET,
    TTURNS,
    TURNS,
    WANTS,
    WINDOW,
    N,
)


# -- turns --------------------------------------------------------------------------------
@njit
def _next_alive(S: Any, p: int) -> int:
    d = S[DIR]
    n = S[N]
    q = (p + d) % n
    while not S[ALIVE + q]:
        q = (q + d) % n
    return q


@njit
def _one_actor(S: Any, p: int) -> None:
    S[ACTN] = 1
    S[ACTORS] = p


@njit
def _start_turn(S: Any, p: int, owed: int, attacked: int) -> None:
    S[CUR] = p
    S[OWED] = owed
    S[ATTACKED] = attacked
    S[TURNS] += 1
    S[TTURNS + p] += 1
    S[PHASE] = MAIN
    _one_actor(S, p)


@njit
def _end_one_turn(S: Any) -> None:
    S[OWED] -= 1
    if S[OWED] > 0:
        p = S[CUR]
        S[TURNS] += 1
        S[TTURNS + p] += 1
        S[PHASE] = MAIN
        _one_actor(S, p)
    else:
        _start_turn(S, _next_alive(S, S[CUR]), 1, 0)


@njit
def _attack(S: Any, k: int, target: int) -> None:
    owed = k + S[OWED] if (S[ATTACKED] and S[O_STACK]) else k
    _start_turn(S, target, owed, 1)


@njit
def _super_skip(S: Any) -> None:
    rest = S[OWED] - 1
    nxt = _next_alive(S, S[CUR])
    if S[O_SSPASS] and rest > 0:
        _start_turn(S, nxt, rest, S[ATTACKED])
    else:
        _start_turn(S, nxt, 1, 0)


# -- knowledge of hands -------------------------------------------------------------------
@njit
def _hk_remove(S: Any, o: int, code: int) -> None:
    """``list.remove`` of the first ``code`` in ``hk[o]``, if it is there."""
    base = HK + o * CAP
    k = S[HKN + o]
    for i in range(k):
        if S[base + i] == code:
            for j in range(i, k - 1):
                S[base + j] = S[base + j + 1]
            S[HKN + o] = k - 1
            return


@njit
def _hk_append(S: Any, o: int, code: int) -> None:
    k = S[HKN + o]
    S[HK + o * CAP + k] = code
    S[HKN + o] = k + 1


@njit
def _hk_forget_holder(S: Any, o: int, holder: int) -> None:
    base = HK + o * CAP
    k = S[HKN + o]
    w = 0
    for i in range(k):
        x = S[base + i]
        if x >> 5 != holder:
            S[base + w] = x
            w += 1
    S[HKN + o] = w


@njit
def _played_publicly(S: Any, p: int, c: int) -> None:
    code = p * 32 + c
    for o in range(S[N]):
        if S[HKN + o]:
            _hk_remove(S, o, code)


@njit
def _transfer(S: Any, src: int, dst: int, c: int, seers: int) -> None:
    S[HANDS + src * NKC + c] -= 1
    S[HN + src] -= 1
    S[HANDS + dst * NKC + c] += 1
    S[HN + dst] += 1
    code = src * 32 + c
    for o in range(S[N]):
        if (seers >> o) & 1:
            _hk_remove(S, o, code)
            if o != dst:
                _hk_append(S, o, dst * 32 + c)
        elif S[HKN + o]:
            _hk_forget_holder(S, o, src)


@njit
def _discard_append(S: Any, c: int) -> None:
    S[DISC + S[DISCN]] = c
    S[DISCN] += 1


@njit
def _discard_from_hand(S: Any, p: int, c: int, k: int) -> None:
    S[HANDS + p * NKC + c] -= k
    S[HN + p] -= k
    for _ in range(k):
        _discard_append(S, c)
        _played_publicly(S, p, c)


@njit
def _forget_order(S: Any, p: int) -> None:
    keep = 1 << p
    for i in range(S[PILEN]):
        S[PK + i] &= keep


# -- the pile -----------------------------------------------------------------------------
@njit
def _pile_insert(S: Any, i: int, c: int, m: int) -> None:
    k = S[PILEN]
    for j in range(k, i, -1):
        S[PILE + j] = S[PILE + j - 1]
        S[PK + j] = S[PK + j - 1]
    S[PILE + i] = c
    S[PK + i] = m
    S[PILEN] = k + 1


@njit
def _pile_pop_bottom(S: Any) -> tuple[int, int]:
    k = S[PILEN]
    c = S[PILE]
    m = S[PK]
    for j in range(k - 1):
        S[PILE + j] = S[PILE + j + 1]
        S[PK + j] = S[PK + j + 1]
    S[PILEN] = k - 1
    return c, m


@njit
def _pile_pop(S: Any) -> tuple[int, int]:
    k = S[PILEN] - 1
    S[PILEN] = k
    return S[PILE + k], S[PK + k]


# -- drawing and kittens ------------------------------------------------------------------
@njit
def _draw(S: Any, T: Any, bottom: bool) -> None:
    p = S[CUR]
    if bottom:
        c, m = _pile_pop_bottom(S)
    else:
        c, m = _pile_pop(S)
    if c == T[T_KITTEN]:
        if S[HANDS + p * NKC + T[T_DEFUSE]]:
            S[LIMBO] = c
            S[LMASK] = -1
            S[PHASE] = DEFUSE_PHASE
            _one_actor(S, p)
        else:
            _explode(S, T, p)
        return
    S[HANDS + p * NKC + c] += 1
    S[HN + p] += 1
    m &= ~(1 << p)
    if m:
        for o in range(S[N]):
            if (m >> o) & 1:
                _hk_append(S, o, p * 32 + c)
    _end_one_turn(S)


@njit
def _explode(S: Any, T: Any, p: int) -> None:
    base = GONE + p * CAP
    S[base] = T[T_KITTEN]
    g = 1
    for c in range(T[T_NK]):
        for _ in range(S[HANDS + p * NKC + c]):
            S[base + g] = c
            g += 1
        S[HANDS + p * NKC + c] = 0
    S[GONEN + p] = g
    S[HN + p] = 0
    S[LIMBO] = -1
    S[LMASK] = 0
    S[ALIVE + p] = 0
    S[NALIVE] -= 1
    S[OUT + S[OUTN]] = p
    S[OUTN] += 1
    S[HKN + p] = 0
    for o in range(S[N]):
        if S[HKN + o]:
            _hk_forget_holder(S, o, p)
    if S[NALIVE] == 1:
        S[PHASE] = OVER
        S[ACTN] = 0
    else:
        _start_turn(S, _next_alive(S, p), 1, 0)


# -- the Nope window ----------------------------------------------------------------------
@njit
def _open_window(S: Any) -> None:
    S[PHASE] = WINDOW
    S[ANSWERED] = 0
    S[WANTS] = 0
    k = 0
    for q in range(S[N]):
        if S[ALIVE + q]:
            S[ACTORS + k] = q
            k += 1
    S[ACTN] = k


@njit
def _answer(S: Any, T: Any, rng: Any, p: int, nope: bool) -> None:
    S[ANSWERED] |= 1 << p
    if nope:
        S[WANTS] |= 1 << p
    k = S[ACTN]
    w = 0
    for i in range(k):
        q = S[ACTORS + i]
        if q != p:
            S[ACTORS + w] = q
            w += 1
    S[ACTN] = w
    if w == 0:
        _close_window(S, T, rng)


@njit
def _close_window(S: Any, T: Any, rng: Any) -> None:
    wants = S[WANTS]
    if wants:
        q = S[CUR]
        n = S[N]
        while not (wants >> q) & 1:
            q = (q + S[DIR]) % n
        _discard_from_hand(S, q, T[T_NOPE], 1)
        S[NOPES] += 1
        _open_window(S)
    elif S[NOPES] & 1:
        _to_main(S)
    else:
        _resolve(S, T, rng)


@njit
def _to_main(S: Any) -> None:
    S[PHASE] = MAIN
    S[PEND] = NO_PEND
    _one_actor(S, S[CUR])


# -- effects ------------------------------------------------------------------------------
@njit
def _resolve(S: Any, T: Any, rng: Any) -> None:
    pend = S[PEND]
    p = S[CUR]
    S[PEND] = NO_PEND
    if pend == T[T_ATTACK]:
        _attack(S, 2, _next_alive(S, p))
    elif pend == T[T_TRIPLE_ATTACK]:
        _attack(S, 3, _next_alive(S, p))
    elif pend == T[T_TARGETED]:
        _attack(S, 2, S[PTARGET])
    elif pend == T[T_SKIP]:
        _end_one_turn(S)
    elif pend == T[T_REVERSE]:
        S[DIR] = -S[DIR]
        _end_one_turn(S)
    elif pend == T[T_SUPER_SKIP]:
        _super_skip(S)
    elif pend == T[T_PERSONAL]:
        S[OWED] += 2
        _to_main(S)
    elif pend == T[T_FAVOR]:
        t = S[PTARGET]
        if S[HN + t] == 0:
            _to_main(S)
        else:
            S[PHASE] = GIVE
            _one_actor(S, t)
    elif pend == T[T_SHUFFLE]:
        shuffle_range(rng, S, PILE, S[PILEN])
        for i in range(S[PILEN]):
            S[PK + i] = 0
        _to_main(S)
    elif pend == T[T_DRAW_BOTTOM]:
        _draw(S, T, True)
    elif pend == T[T_SEE3] or pend == T[T_SEE5]:
        _see(S, 3 if pend == T[T_SEE3] else 5)
    elif pend == T[T_ALTER3] or pend == T[T_ALTER5]:
        _alter_start(S, 3 if pend == T[T_ALTER3] else 5)
    elif pend == T[T_SWAP]:
        top = S[PILEN] - 1
        a = S[PILE]
        S[PILE] = S[PILE + top]
        S[PILE + top] = a
        a = S[PK]
        S[PK] = S[PK + top]
        S[PK + top] = a
        _to_main(S)
    elif pend == T[T_BURY]:
        _bury(S)
    elif pend == PEND_PAIR:
        _steal(S, rng)
    elif pend == PEND_TRIPLE:
        _ask(S)
    elif pend == PEND_FIVE:
        S[PHASE] = TAKE
        _one_actor(S, p)
    else:  # supported() declines a package with an effect not above: never a silent no-op
        raise ValueError("a pending effect the compiled core does not implement")


@njit
def _see(S: Any, k: int) -> None:
    p = S[CUR]
    k = min(k, S[PILEN])
    bit = 1 << p
    top = PK + S[PILEN]
    for i in range(1, k + 1):
        S[top - i] |= bit
    _to_main(S)


@njit
def _alter_start(S: Any, k: int) -> None:
    p = S[CUR]
    k = min(k, S[PILEN])
    bit = 1 << p
    top = PK + S[PILEN]
    for i in range(1, k + 1):
        S[top - i] = bit
    if k <= 1:
        _to_main(S)
        return
    S[PHASE] = ALTER
    S[AK] = k
    S[AI] = 0
    _one_actor(S, p)


@njit
def _alter_pick(S: Any, c: int) -> None:
    top = PILE + S[PILEN] - 1 - S[AI]
    j = top
    while S[j] != c:
        j -= 1
    a = S[j]
    S[j] = S[top]
    S[top] = a
    S[AI] += 1
    if S[AI] == S[AK] - 1:
        S[AK] = 0
        S[AI] = 0
        _to_main(S)


@njit
def _bury(S: Any) -> None:
    p = S[CUR]
    c, m = _pile_pop(S)
    if S[O_BURY]:
        S[LIMBO] = c
        S[LMASK] = m & (1 << p)
        S[PHASE] = BURY_PHASE
        _one_actor(S, p)
        return
    _pile_insert(S, 0, c, m | (1 << p))
    _end_one_turn(S)


@njit
def _steal(S: Any, rng: Any) -> None:
    p = S[CUR]
    t = S[PTARGET]
    _to_main(S)
    if S[HN + t] == 0:
        return
    r = randbelow(rng, S[HN + t])
    base = HANDS + t * NKC
    c = 0
    while r >= S[base + c]:
        r -= S[base + c]
        c += 1
    _transfer(S, t, p, c, (1 << p) | (1 << t))


@njit
def _ask(S: Any) -> None:
    p = S[CUR]
    t = S[PTARGET]
    c = S[PNAME]
    _to_main(S)
    if S[HANDS + t * NKC + c]:
        _transfer(S, t, p, c, -1)


# -- action handlers ----------------------------------------------------------------------
@njit
def _pend(S: Any, pend: int, card: int, wilds: int) -> None:
    S[PEND] = pend
    S[PCARD] = card
    S[PWILDS] = wilds
    S[PTARGET] = -1
    S[PNAME] = -1
    S[NOPES] = 0


@njit
def _combo(S: Any, T: Any, p: int, c: int, wilds: int, size: int, pend: int) -> None:
    _discard_from_hand(S, p, c, size - wilds)
    if wilds:
        _discard_from_hand(S, p, T[T_WILD], wilds)
    _pend(S, pend, c, wilds)


@njit
def _take_from_discard(S: Any, p: int, card: int) -> None:
    """A take from the discard: the first such card leaves it for p's hand, every other
    seat knows p holds it, the turn goes back to its main phase."""
    k = S[DISCN]
    for i in range(k):
        if S[DISC + i] == card:
            for j in range(i, k - 1):
                S[DISC + j] = S[DISC + j + 1]
            S[DISCN] = k - 1
            break
    S[HANDS + p * NKC + card] += 1
    S[HN + p] += 1
    for o in range(S[N]):
        if o != p:
            _hk_append(S, o, p * 32 + card)
    _to_main(S)


@njit
def _defuse(S: Any, T: Any, p: int, depth: int) -> None:
    """p's Defuse: the card played publicly, the kitten back into the pile ``depth`` cards
    from the top (known to p only), the turn ends."""
    d = T[T_DEFUSE]
    S[HANDS + p * NKC + d] -= 1
    S[HN + p] -= 1
    _discard_append(S, d)
    _played_publicly(S, p, d)
    _forget_order(S, p)
    _pile_insert(S, S[PILEN] - depth, T[T_KITTEN], 1 << p)
    S[LIMBO] = -1
    S[LMASK] = 0
    _end_one_turn(S)


@njit
def apply(S: Any, T: Any, rng: Any, p: int, code: int) -> None:
    """``rules.apply(st, p, action)`` for a legal ``action`` given by its action-space code."""
    kind = T[T_KIND + code]
    arg = T[T_ARG + code]
    if kind == K_DRAW:
        _draw(S, T, False)
    elif kind == K_PLAY:
        _discard_from_hand(S, p, arg, 1)
        _pend(S, arg, arg, 0)
        if arg == T[T_TARGETED] or arg == T[T_FAVOR]:
            S[PHASE] = TARGET
        else:
            _open_window(S)
    elif kind == K_PAIR:
        _combo(S, T, p, arg, T[T_ARG2 + code], 2, PEND_PAIR)
        S[PHASE] = TARGET
    elif kind == K_TRIPLE:
        _combo(S, T, p, arg, T[T_ARG2 + code], 3, PEND_TRIPLE)
        S[PHASE] = TARGET
    elif kind == K_FIVE_SAME:
        _combo(S, T, p, arg, T[T_ARG2 + code], 5, PEND_FIVE)
        S[PICKN] = 0
        _open_window(S)
    elif kind == K_FIVE_START:
        _pend(S, PEND_FIVE, -1, 0)
        S[PICKN] = 0
        S[PHASE] = FIVE
    elif kind == K_FIVE_PICK:
        _discard_from_hand(S, p, arg, 1)
        S[PICKS + S[PICKN]] = arg
        S[PICKN] += 1
        if S[PICKN] == 5:
            _open_window(S)
    elif kind == K_TARGET:
        S[PTARGET] = arg
        if S[PEND] == PEND_TRIPLE:
            S[PHASE] = NAME
        else:
            _open_window(S)
    elif kind == K_NAME:
        S[PNAME] = arg
        _open_window(S)
    elif kind == K_NOPE:
        _answer(S, T, rng, p, True)
    elif kind == K_PASS:
        _answer(S, T, rng, p, False)
    elif kind == K_GIVE:
        to = S[CUR]
        _transfer(S, p, to, arg, (1 << p) | (1 << to))
        _to_main(S)
    elif kind == K_TAKE:
        _take_from_discard(S, p, arg)
    elif kind == K_ALTER:
        _alter_pick(S, arg)
    elif kind == K_DEFUSE:
        _defuse(S, T, p, arg)
    elif kind == K_BURY:
        _forget_order(S, p)
        _pile_insert(S, S[PILEN] - arg, S[LIMBO], S[LMASK])
        S[LIMBO] = -1
        S[LMASK] = 0
        _end_one_turn(S)
    elif kind == K_EXPLODE:
        _explode(S, T, p)
