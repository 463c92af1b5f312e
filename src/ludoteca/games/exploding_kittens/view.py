"""What each seat may see, and determinize: a full state consistent with one seat's view.

The view is the only door out of the state. It never says who holds a Nope, where another
player put a kitten, what another player saw of the future, or which card moved between two
other players. determinize(p) reads only what view(p) carries (the public table, p's hand,
the pile slots p knows, the cards p knows others hold, p's own window answer) and re-deals
the rest from a pool built in sorted order.
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Iterable
from functools import reduce
from itertools import repeat, starmap
from operator import add, or_
from typing import TYPE_CHECKING, Any

from ...engine.rng import Rng
from .cards import DEFUSE, KEYS, KITTEN, NK, NOPE
from .phases import (
    ALTER,
    DEFUSE_PHASE,
    FIVE,
    PEND_FIVE,
    PEND_PAIR,
    PEND_TRIPLE,
    PHASE_NAMES,
    WINDOW,
)
from .storage import pending_json

if TYPE_CHECKING:
    from .state import EKState


def _cards(h: list[int]) -> list[str]:
    return [KEYS[c] for c in range(NK) for _ in range(h[c])]


def window_about(st: EKState) -> dict[str, Any]:
    """What an open Nope window is about, in public words: the card or combo announced, who
    played it, its target and named card, and how many Nopes were played on it so far."""
    pend = st.pend
    about: dict[str, Any] = {"seat": st.cur, "nopes": st.nopes}
    if pend < PEND_PAIR:
        about["card"] = KEYS[pend]
    else:
        about["combo"] = {PEND_PAIR: "pair", PEND_TRIPLE: "triple", PEND_FIVE: "five"}[pend]
        if st.pcard >= 0:
            about["card"] = KEYS[st.pcard]
            about["wilds"] = st.pwilds
        else:
            about["cards"] = [KEYS[c] for c in st.picks]
        if st.pname >= 0:
            about["name"] = KEYS[st.pname]
    if st.ptarget >= 0:
        about["target"] = st.ptarget
    return about


def view(st: EKState, p: int | None) -> dict[str, Any]:
    n = st.num_players
    pile_n = len(st.pile)
    v: dict[str, Any] = {
        "game": "exploding-kittens",
        "players": n,
        "seat": p,
        "phase": PHASE_NAMES[st.phase],
        "actors": list(st._actors),
        "current": st.cur,
        "direction": st.dir,
        "turns_owed": st.owed,
        "attacked": st.attacked,
        "turns": st.turns,
        "turns_by_seat": list(st.tturns),
        "alive": list(st.alive),
        "eliminated": list(st.out),
        "hand_sizes": list(st.hn),
        "gone": [[KEYS[c] for c in g] for g in st.gone],
        "pile_size": pile_n,
        # the kitten being defused is public; a card being buried (printed Bury) is not
        "kittens_in_pile": len(st.alive_t) - 1 - (st.limbo == KITTEN and st.lmask == -1),
        "discard": [KEYS[c] for c in st.discard],
        "pending": pending_json(st),
        "window": None,
        "limbo": None,
        "options": st.options.model_dump(mode="json"),
    }
    if st.phase == WINDOW:
        v["window"] = {
            "nopes": st.nopes,
            "answered": [q for q in range(n) if st.answered >> q & 1],
            "waiting": list(st._actors),
        }
    if st.limbo >= 0:
        seen = st.lmask == -1 or (p is not None and st.lmask >> p & 1)
        v["limbo"] = KEYS[st.limbo] if seen else "hidden"
    if p is not None:
        v["hand"] = _cards(st.hands[p])
        bit = 1 << p
        # pile slots p knows, counted from the top (0 = the next card drawn)
        v["known_pile"] = [
            [pile_n - 1 - i, KEYS[st.pile[i]]] for i in range(pile_n - 1, -1, -1) if st.pk[i] & bit
        ]
        v["known_hands"] = [[x >> 5, KEYS[x & 31]] for x in sorted(st.hk[p])]
        if st.phase == WINDOW and st.answered >> p & 1:
            v["my_answer"] = "nope" if st.wants >> p & 1 else "pass"
        if st.phase == ALTER and p == st.cur:
            v["alter"] = {"count": st.ak, "placed": st.ai}
    return v


def determinize(st: EKState, p: int, rng: random.Random) -> EKState:
    """A full state consistent with ``view(st, p)``, the rest re-dealt with ``rng``.

    The draws from ``rng``, in order: a key per card of the unseen pool (the others' hands
    and the unknown pile slots, kittens apart, in sorted order), then, if kittens are hidden,
    a key per card of what goes back to the pile with them, a coin per other seat that
    answered an open Nope window holding a Nope, and 64 bits for the new state's generator.
    Each shuffle orders the cards by their keys, equal keys by card.

    ISMCTS calls this every iteration from the same position (docs/fast.md, "Against the
    peers", has where the time went): the unseen pool is kept on the state between calls
    (``_unseen``), the shuffles sort plain float keys, and the pile and its masks are rebuilt
    whole when p knows no slot of it.
    """
    n = st.num_players
    bit = 1 << p
    hands = st.hands
    hkp = st.hk[p]
    pool, kittens, others, unknown_slots, limbo_hidden = _unseen(st, p)
    new = st.copy_public()
    # what p knows others hold stays with them (``fixed``, only built when there is some)
    phase = st.phase
    five = phase == FIVE and st.cur != p
    defuse = phase == DEFUSE_PHASE and st.cur != p
    fixed: list[list[int]] | None = None
    if hkp or five or defuse:
        fixed = [[0] * NK for _ in range(n)]
        for x in hkp:
            fixed[x >> 5][x & 31] += 1
    rnd = rng.random
    # the shuffle: positions sorted on the float keys alone (stable), so equal keys keep the
    # pool's order, which is by card: the same order as sorting (key, card) pairs, cheaper
    keys = list(starmap(rnd, repeat((), len(pool))))  # [rnd() for _ in pool], in C
    pool = list(map(pool.__getitem__, sorted(range(len(keys)), key=keys.__getitem__)))
    if fixed is not None:
        if five:
            pool = _reserve_five(st, fixed[st.cur], pool)
        if defuse and not fixed[st.cur][DEFUSE]:
            # the table is waiting for cur to defuse: everyone knows cur holds a Defuse
            pool.remove(DEFUSE)
            fixed[st.cur][DEFUSE] = 1
    new.hands = new_hands = hands[:]
    new_hands[p] = hands[p][:]
    for q in st.out:
        new_hands[q] = hands[q][:]
    hn = st.hn
    i = 0
    for q in others:
        if fixed is None:
            h = [0] * NK
            k = hn[q]
        else:
            h = fixed[q]
            k = hn[q] - sum(h)
        for c in pool[i : i + k]:
            h[c] += 1
        i += k
        new_hands[q] = h
    rest = pool[i:]
    if kittens:
        rest += [KITTEN] * kittens
        # not sorted: the positions go by key, equal keys by card (a second sort, only when
        # two keys are equal: a set of floats costs less than sorting by card every time)
        keys = list(starmap(rnd, repeat((), len(rest))))
        if len(set(keys)) == len(keys):
            at_ = sorted(range(len(keys)), key=keys.__getitem__)
        else:
            at_ = sorted(range(len(keys)), key=rest.__getitem__)
            at_.sort(key=keys.__getitem__)
        rest = list(map(rest.__getitem__, at_))
    pile, pk = st.pile, st.pk
    if unknown_slots is not None:
        new_pile = pile[:]
        for j, i in enumerate(unknown_slots):
            new_pile[i] = rest[j]
        new.pk = [m & bit for m in pk]
    else:
        new_pile = rest[: len(pile)]
        new.pk = [0] * len(pile)
    new.pile = new_pile
    if limbo_hidden:
        new.limbo = rest[-1]
        new.lmask = st.lmask & bit
    # only p's own knowledge survives: what others know is not in p's view
    hk: list[list[int]] = [[] for _ in range(n)]
    hk[p] = hkp[:]
    new.hk = hk
    # others' hidden window answers are re-drawn: a holder of a Nope asked for it or not
    if phase == WINDOW:
        wants = st.wants & bit
        for q in others:
            if st.answered >> q & 1 and new_hands[q][NOPE] and rnd() < 0.5:
                wants |= 1 << q
        new.wants = wants
    new.rng = Rng(rng.getrandbits(64))
    return new


def _unseen(st: EKState, p: int) -> tuple[list[int], int, list[int], list[int] | None, bool]:
    """What p has not seen, before the shuffle: the pool in sorted order (the others' hands
    less what p knows they hold, the unknown pile slots but their kittens, a hidden card in
    limbo), the hidden kittens, the other seats still in, the pile slots p does not know
    (None: all of them) and whether the card in limbo is hidden.

    Kept on the state, from the second call for the same seat on, with a copy of everything
    it was built from (the hands, p's knowledge of them, the pile and its masks, limbo, the
    seats in) and rebuilt when any of that is no longer equal: comparing lists is a fraction
    of building the pool, and whatever changed the state (a move, the compiled core writing
    back, a test's hand) cannot leave it stale.
    """
    hands, pile, pk, hkp = st.hands, st.pile, st.pk, st.hk[p]
    key = (p, st.limbo, st.lmask, st.alive_t)
    kept = st._unseen
    # the copies to check against are made on the second call for the same seat and key:
    # a position determinized once (a new seat each visit, a sample's own determinize) does
    # not pay for copies nothing would read
    again = False
    if kept is not None and kept[0] == key:
        if (
            kept[1] is not None
            and kept[1] == hands
            and kept[2] == pile
            and kept[3] == pk
            and kept[4] == hkp
        ):
            return kept[5]
        again = True
    bit = 1 << p
    others = [q for q in st.alive_t if q != p]
    pool: list[int] = []
    if others:
        # the pool is sorted below, so the others' hands count as one, less what p knows
        # they hold (never more than they hold, check_invariants; only seats still in:
        # pile.py forgets a seat's cards when it goes out)
        counts: Iterable[int] = hands[others[0]]
        for q in others[1:]:
            counts = map(add, counts, hands[q])
        if hkp:
            counts = list(counts)
            for x in hkp:
                counts[x & 31] -= 1
        for c, k in enumerate(counts):
            if k:
                pool += [c] * k
    unknown_slots: list[int] | None = None
    # the common case: p knows no slot of the pile (C-level passes to find out: no slot
    # known to anyone, or none to p)
    if pk.count(0) != len(pk) and reduce(or_, pk, 0) & bit:
        unknown_slots = [i for i in range(len(pile)) if not pk[i] & bit]
        unknown = [pile[i] for i in unknown_slots]
    else:
        unknown = pile
    pool += unknown
    pool.sort()
    # kittens are never in a hand (public): they stay among the unknown pile slots, so the
    # pile's are taken out of the pool (sorted, they sit together)
    kittens = unknown.count(KITTEN)
    if kittens:
        at = pool.index(KITTEN)
        del pool[at : at + kittens]
    limbo_hidden = st.limbo >= 0 and st.lmask != -1 and not st.lmask & bit
    if limbo_hidden:
        if st.limbo == KITTEN:
            kittens += 1
        else:
            insort(pool, st.limbo)
    got = (pool, kittens, others, unknown_slots, limbo_hidden)
    if again:
        st._unseen = (key, [h[:] for h in hands], pile[:], pk[:], hkp[:], got)
    else:
        st._unseen = (key, None, None, None, None, None)
    return got


def _reserve_five(st: EKState, fixed: list[int], pool: list[int]) -> list[int]:
    """A player picking five different cards (in rising order) has enough different ones left:
    that much is public, so the re-dealt hand keeps it. Takes them from the shuffled pool."""
    last = st.picks[-1] if st.picks else -1
    have = {c for c in range(last + 1, NK) if fixed[c]}
    need = 5 - len(st.picks) - len(have)
    if need <= 0:
        return pool
    rest: list[int] = []
    for c in pool:
        if need > 0 and c > last and c not in have:
            have.add(c)
            fixed[c] += 1
            need -= 1
        else:
            rest.append(c)
    return rest
