"""The Nine Domains, compiled: the numbers the core reads (twin of ``cards.py`` and
``actions.py``): the card and domain catalogs and the action codes reach the compiled code as
one table built from the package (``build_table``); ``supported()`` says when the package
outgrew the core.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ....engine.game import Game
from .. import actions as A
from ..cards import (
    ALL_ELEMENTS_MASK,
    CARDS,
    DOMAINS,
    PILES,
    PURPLE_HALVES_NEEDED,
    ROUNDS,
    SPECIALS_PER_PLAYER,
)
from .layout import (
    CCAP,
    DCAP,
    NP,
    RCAP,
)

ACAP = 512

DRAFTING, PLACING, POWERS, OVER = 0, 1, 2, 3
SWAP, EXCHANGE = 0, 1
EMPTY = -1
REMOVED_W = -1
P_NONE, P_SWAP, P_EXCHANGE, P_BONUS = 0, 1, 2, 3
CARD_POWERS = {
    "": P_NONE,
    "swap_domain": P_SWAP,
    "exchange_card": P_EXCHANGE,
    "victory_bonus": P_BONUS,
}

# -- the table --------------------------------------------------------------------------
T_NC, T_ND, T_ROUNDS, T_PSIZE, T_NBASE, T_NSPEC, T_K, T_ALLMASK, T_HALVES, T_DECLINE = range(10)
T_VALUE = 16
T_SIGN = T_VALUE + CCAP
T_ADJ = T_SIGN + CCAP
T_ADJ1 = T_ADJ + CCAP
T_NEXT = T_ADJ1 + CCAP
T_NEXTOPT = T_NEXT + CCAP
T_LAST = T_NEXTOPT + CCAP
T_NOSTR = T_LAST + CCAP
T_POWER = T_NOSTR + CCAP
T_BVP = T_POWER + CCAP
T_BMARGIN = T_BVP + CCAP
T_SPECIAL = T_BMARGIN + CCAP
T_SPECIALS = T_SPECIAL + CCAP  # the special cards in order
T_EFFECT = T_SPECIALS + CCAP  # [a * CCAP + b]
T_DVP = T_EFFECT + CCAP * CCAP
T_DMASK = T_DVP + DCAP
T_DHALVES = T_DMASK + DCAP
T_C_PLACE = T_DHALVES + DCAP  # [card * 3 + pile]
T_C_DRAFT = T_C_PLACE + CCAP * NP
T_C_GIVE = T_C_DRAFT + CCAP
T_C_TAKE = T_C_GIVE + DCAP
T_C_RECOVER = T_C_TAKE + DCAP
T_C_DISCARD = T_C_RECOVER + CCAP
T_KIND = T_C_DISCARD + CCAP
T_ARG = T_KIND + ACAP
T_ARG2 = T_ARG + ACAP
T_SIZE = T_ARG2 + ACAP

K_PLACE, K_DRAFT, K_GIVE, K_TAKE, K_RECOVER, K_DISCARD, K_DECLINE = range(7)
_DRAFT_ORDER = (0, 1, 1, 0, 0, 1)


def _const(name: str) -> Any:
    """A constant of the game package, wherever its layout keeps it (None: nowhere)."""
    import importlib

    for module in ("state", "phases", "rules", "cards"):
        try:
            mod = importlib.import_module(f"ludoteca.games.nine_domains.{module}")
        except ImportError:
            continue
        if hasattr(mod, name):
            return getattr(mod, name)
    return None


def supported() -> str:
    phases = tuple(_const(k) for k in ("DRAFTING", "PLACING", "POWERS", "OVER"))
    if phases != (DRAFTING, PLACING, POWERS, OVER):
        return "the phase numbers changed"
    powers = tuple(_const(k) for k in ("SWAP", "EXCHANGE", "EMPTY"))
    if powers != (SWAP, EXCHANGE, EMPTY) or _const("DRAFT_ORDER") != _DRAFT_ORDER:
        return "the power numbers or the draft order changed"
    if PILES != NP or ROUNDS > RCAP or len(CARDS) > CCAP or len(DOMAINS) > DCAP:
        return "the catalog is larger than the core's capacity"
    if set(CARDS.power) - set(CARD_POWERS):
        return "a card has a power the core does not know"
    return ""


def build_table(game: Game) -> np.ndarray:
    T = np.full(T_SIZE, -1, dtype=np.int64)
    enc = game.action_space.encode
    nc = len(CARDS)
    T[T_NC] = nc
    T[T_ND] = len(DOMAINS)
    T[T_ROUNDS] = ROUNDS
    T[T_PSIZE] = DOMAINS.pile_size
    T[T_NBASE] = len(CARDS.base)
    T[T_NSPEC] = len(CARDS.specials)
    T[T_K] = SPECIALS_PER_PLAYER

    T[T_ALLMASK] = ALL_ELEMENTS_MASK
    T[T_HALVES] = PURPLE_HALVES_NEEDED
    T[T_DECLINE] = enc(A.DECLINE)
    for c in range(nc):
        T[T_VALUE + c] = CARDS.value[c]
        T[T_SIGN + c] = CARDS.sign[c]
        T[T_ADJ + c] = CARDS.adjacent[c]
        T[T_ADJ1 + c] = CARDS.adjacent_single[c]
        T[T_NEXT + c] = CARDS.next_bonus[c]
        T[T_NEXTOPT + c] = CARDS.next_by_option[c]
        T[T_LAST + c] = CARDS.last_round_self[c]
        T[T_NOSTR + c] = CARDS.no_strength[c]
        T[T_POWER + c] = CARD_POWERS[CARDS.power[c]]
        T[T_BVP + c] = CARDS.bonus_vp[c]
        T[T_BMARGIN + c] = CARDS.bonus_margin[c]
        T[T_SPECIAL + c] = CARDS.is_special[c]
        for b in range(nc):
            T[T_EFFECT + c * CCAP + b] = CARDS.effect[c][b]
        for i in range(NP):
            T[T_C_PLACE + c * NP + i] = enc(A.PLACE[c][i])
        T[T_C_RECOVER + c] = enc(A.RECOVER[c])
        T[T_C_DISCARD + c] = enc(A.DISCARD[c])
    for i, c in enumerate(CARDS.specials):
        T[T_SPECIALS + i] = c
        T[T_C_DRAFT + c] = enc(A.DRAFT[c])
    for d in range(len(DOMAINS)):
        T[T_DVP + d] = DOMAINS.vp[d]
        T[T_DMASK + d] = DOMAINS.mask[d]
        T[T_DHALVES + d] = DOMAINS.halves[d]
        T[T_C_GIVE + d] = enc(A.SWAP_GIVE[d])
        T[T_C_TAKE + d] = enc(A.SWAP_TAKE[d])
    space = game.action_space
    for code in range(space.size):
        a = space.decode(code)
        if isinstance(a, A.Place):
            kind, arg, arg2 = K_PLACE, CARDS.index[a.card], a.pile
        elif isinstance(a, A.Draft):
            kind, arg, arg2 = K_DRAFT, CARDS.index[a.card], 0
        elif isinstance(a, A.SwapGive):
            kind, arg, arg2 = K_GIVE, DOMAINS.index[a.domain], 0
        elif isinstance(a, A.SwapTake):
            kind, arg, arg2 = K_TAKE, DOMAINS.index[a.domain], 0
        elif isinstance(a, A.Recover):
            kind, arg, arg2 = K_RECOVER, CARDS.index[a.card], 0
        elif isinstance(a, A.Discard):
            kind, arg, arg2 = K_DISCARD, CARDS.index[a.card], 0
        elif isinstance(a, A.Decline):
            kind, arg, arg2 = K_DECLINE, 0, 0
        else:  # pragma: no cover - checked by supported() callers through the tests
            raise ValueError(f"the core does not know the action {a!r}")
        T[T_KIND + code] = kind
        T[T_ARG + code] = arg
        T[T_ARG2 + code] = arg2
    return T
