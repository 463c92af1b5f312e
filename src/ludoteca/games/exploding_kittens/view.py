"""What each seat may see, and determinize: a full state consistent with one seat's view.

The view is the only door out of the state. It never says who holds a Nope, where another
player put a kitten, what another player saw of the future, or which card moved between two
other players. determinize(p) reads only what view(p) carries (the public table, p's hand,
the pile slots p knows, the cards p knows others hold, p's own window answer) and re-deals
the rest from a pool built in sorted order.
"""

from __future__ import annotations

import random
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
    n = st.num_players
    new = st.clone()
    bit = 1 << p
    # what p knows others hold stays with them
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
    # kittens are never in a hand (public): they stay among the unknown pile slots
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
    # a key per card from rng, then sort: a shuffle that costs one C call per card
    rnd = rng.random
    pool = [c for _, c in sorted([(rnd(), c) for c in pool])]
    if st.phase == FIVE and st.cur != p:
        pool = _reserve_five(st, fixed[st.cur], pool)
    if st.phase == DEFUSE_PHASE and st.cur != p and not fixed[st.cur][DEFUSE]:
        # the table is waiting for cur to defuse: everyone knows cur holds a Defuse
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
    # only p's own knowledge survives: what others know is not in p's view
    new.pk = [m & bit for m in pk]
    new.hk = [[] for _ in range(n)]
    new.hk[p] = st.hk[p][:]
    # others' hidden window answers are re-drawn: a holder of a Nope asked for it or not
    if st.phase == WINDOW:
        wants = st.wants & bit
        for q in st.alive_t:
            if q != p and st.answered >> q & 1 and new.hands[q][NOPE] and rnd() < 0.5:
                wants |= 1 << q
        new.wants = wants
    new.rng = Rng.from_random(rng)
    return new


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
