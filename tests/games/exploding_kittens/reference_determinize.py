"""``determinize`` as it was written first, card by card: the twin the fast one is held to.

``view.determinize`` builds the pool from the hands' counts and shuffles by sorting float
keys; it must re-deal exactly what this one re-deals and draw exactly the same numbers from
the generator, or ISMCTS' moves (and every record of a game it played) would change. Kept
here, in the tests, only as that reference.
"""

from __future__ import annotations

import random

from ludoteca.engine.rng import Rng
from ludoteca.games.exploding_kittens.cards import DEFUSE, KITTEN, NK, NOPE
from ludoteca.games.exploding_kittens.phases import DEFUSE_PHASE, FIVE, WINDOW
from ludoteca.games.exploding_kittens.state import EKState
from ludoteca.games.exploding_kittens.view import _reserve_five


def reference_determinize(st: EKState, p: int, rng: random.Random) -> EKState:
    n = st.num_players
    new = st.clone()
    bit = 1 << p
    fixed: list[list[int]] = [[0] * NK for _ in range(n)]
    for x in st.hk[p]:
        fixed[x >> 5][x & 31] += 1
    pool: list[int] = []
    for q in st.alive_t:
        if q == p:
            continue
        h = st.hands[q]
        f = fixed[q]
        for c in range(NK):
            extra = h[c] - f[c]
            if extra > 0:
                pool += [c] * extra
    pile, pk = st.pile, st.pk
    unknown_slots = [i for i in range(len(pile)) if not pk[i] & bit]
    limbo_hidden = st.limbo >= 0 and st.lmask != -1 and not st.lmask & bit
    kittens = 0
    for i in unknown_slots:
        c = pile[i]
        if c == KITTEN:
            kittens += 1
        else:
            pool.append(c)
    if limbo_hidden:
        if st.limbo == KITTEN:
            kittens += 1
        else:
            pool.append(st.limbo)
    pool.sort()
    rnd = rng.random
    pool = [c for _, c in sorted([(rnd(), c) for c in pool])]
    if st.phase == FIVE and st.cur != p:
        pool = _reserve_five(st, fixed[st.cur], pool)
    if st.phase == DEFUSE_PHASE and st.cur != p and not fixed[st.cur][DEFUSE]:
        pool.remove(DEFUSE)
        fixed[st.cur][DEFUSE] = 1
    i = 0
    for q in st.alive_t:
        if q == p:
            continue
        h = fixed[q]
        k = st.hn[q] - sum(h)
        for c in pool[i : i + k]:
            h[c] += 1
        i += k
        new.hands[q] = h
    rest = pool[i:]
    if kittens:
        rest += [KITTEN] * kittens
        rest = [c for _, c in sorted([(rnd(), c) for c in rest])]
    new_pile = pile[:]
    for j, i in enumerate(unknown_slots):
        new_pile[i] = rest[j]
    new.pile = new_pile
    if limbo_hidden:
        new.limbo = rest[-1]
        new.lmask = st.lmask & bit
    new.pk = [m & bit for m in pk]
    new.hk = [[] for _ in range(n)]
    new.hk[p] = st.hk[p][:]
    if st.phase == WINDOW:
        wants = st.wants & bit
        for q in st.alive_t:
            if q != p and st.answered >> q & 1 and new.hands[q][NOPE] and rnd() < 0.5:
                wants |= 1 << q
        new.wants = wants
    new.rng = Rng.from_random(rng)
    return new
