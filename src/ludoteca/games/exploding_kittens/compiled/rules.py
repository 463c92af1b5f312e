"""Exploding Kittens, compiled: twin of ``rules.py``, ``effects.py`` and ``legal.py`` (with
``turns.py``, ``pile.py``, ``nope.py``): the rules and the legal moves over one flat int64 array, for playouts that never leave compiled code.

The pure-Python package is the reference; this is a second implementation of it that must agree
move for move, state for state (tests/games/exploding_kittens/test_compiled.py checks it over thousands of games). It reads the
state's attributes (``EKState.hands``, ``pile``, ``pk``, ...), never its JSON, and writes them
back the same way. Card codes, decks and action codes come from the game package at import and
are handed to the compiled functions as a table (``T``), never frozen into the compiled code, so
a catalog change cannot meet a stale cache.

Layout of a state ``S`` (int64): scalars at the start, then fixed-capacity blocks for at most
``MAXN`` seats and ``CAP`` cards (offsets below). Lists carry their length in a scalar.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ....engine.compiled.jit import njit
from ....engine.compiled.layout import Count, Field, Layout, List, Rows, Scalar, SeatLists, Seats
from ....engine.compiled.rng import MT_N, mt_below, mt_random, mt_seed, randbelow, shuffle_range
from .. import actions as A
from .. import cards as C

if TYPE_CHECKING:
    from ..game import ExplodingKittens
    from ..state import EKState

MAXN = 10
NKC = 32  # card codes fit in 5 bits: ``hk`` stores holder * 32 + card
CAP = 192  # cards in one list (pile, discard, a hand's knowledge, the cards gone with a seat)
ACAP = 1024  # action codes

# -- the array: declared once (offsets, copy in and out and the field check derive from it) --
LAYOUT = Layout(
    [
        Scalar("N", "num_players", store_back=False),
        Scalar("CUR", "cur"),
        Scalar("DIR", "dir"),
        Scalar("OWED", "owed"),
        Scalar("ATTACKED", "attacked", as_bool=True),
        Scalar("PHASE", "phase"),
        Scalar("PEND", "pend"),
        Scalar("PCARD", "pcard"),
        Scalar("PWILDS", "pwilds"),
        Scalar("PTARGET", "ptarget"),
        Scalar("PNAME", "pname"),
        Scalar("NOPES", "nopes"),
        Scalar("ANSWERED", "answered"),
        Scalar("WANTS", "wants"),
        Scalar("AK", "ak"),
        Scalar("AI", "ai"),
        Scalar("LIMBO", "limbo"),
        Scalar("LMASK", "lmask"),
        Scalar("TURNS", "turns"),
        # the options' flags, kept in the state for speed: read, never written back
        Scalar("O_STACK", "o_stack", as_bool=True, store_back=False),
        Scalar("O_SSPASS", "o_sspass", as_bool=True, store_back=False),
        Scalar("O_BURY", "o_bury_any", as_bool=True, store_back=False),
        Scalar("O_FIVE", "o_five_diff", as_bool=True, store_back=False),
        Count("PILEN"),
        Count("DISCN"),
        Count("OUTN"),
        Count("PICKN"),
        Count("ACTN"),
        Field("NALIVE"),  # len(alive_t): the core keeps it (rules.py's ``alive_t``)
    ],
    [
        Rows("HANDS", "hands", cap=MAXN, width=NKC),  # [seat * NKC + card]: how many
        Seats("HN", "hn", cap=MAXN),
        List("PILE", "pile", cap=CAP, count="PILEN"),  # bottom first
        List("PK", "pk", cap=CAP, count="PILEN"),  # who knows each pile card (seat bits)
        List("DISC", "discard", cap=CAP, count="DISCN"),
        Seats("ALIVE", "alive", cap=MAXN, as_bool=True),
        List("OUT", "out", cap=MAXN, count="OUTN"),
        Seats("GONEN", cap=MAXN),
        SeatLists("GONE", "gone", seats=MAXN, cap=CAP, counts="GONEN"),
        Seats("HKN", cap=MAXN),
        SeatLists("HK", "hk", seats=MAXN, cap=CAP, counts="HKN"),  # holder * NKC + card
        List("PICKS", "picks", cap=8, count="PICKN"),
        Seats("TTURNS", "tturns", cap=MAXN),
        List("ACTORS", "_actors", cap=MAXN, count="ACTN", as_tuple=True),
    ],
    reserve=32,
)
# the state's slots the array does not mirror, and why
NOT_MIRRORED = {
    "game": "the game object",
    "options": "read through the o_* flags",
    "rng": "the generator travels beside the array",
    "alive_t": "derived from alive (NALIVE holds its length)",
}
(
    N, CUR, DIR, OWED, ATTACKED, PHASE, PEND, PCARD, PWILDS, PTARGET, PNAME,
    NOPES, ANSWERED, WANTS, AK, AI, LIMBO, LMASK, TURNS,
    O_STACK, O_SSPASS, O_BURY, O_FIVE,
    PILEN, DISCN, OUTN, PICKN, ACTN, NALIVE,
    HANDS, HN, PILE, PK, DISC, ALIVE, OUT, GONEN, GONE, HKN, HK, PICKS, TTURNS, ACTORS,
    SIZE,
) = LAYOUT.offsets  # fmt: skip
LAYOUT.check(globals())

# -- phases (the package's numbers, checked below) --------------------------------------
MAIN, TARGET, NAME, FIVE, WINDOW, GIVE, TAKE, ALTER, DEFUSE_PHASE, BURY_PHASE, OVER = range(11)
PEND_PAIR, PEND_TRIPLE, PEND_FIVE, NO_PEND = 100, 101, 102, -1

# -- the table T: card codes, roles, decks, action codes --------------------------------
(
    T_NK,
    T_DEFUSE,
    T_KITTEN,
    T_NOPE,
    T_ATTACK,
    T_TARGETED,
    T_TRIPLE_ATTACK,
    T_SKIP,
    T_SUPER_SKIP,
    T_REVERSE,
    T_FAVOR,
    T_SHUFFLE,
    T_DRAW_BOTTOM,
    T_SEE3,
    T_SEE5,
    T_ALTER3,
    T_ALTER5,
    T_SWAP,
    T_BURY,
    T_PERSONAL,
    T_WILD,
    T_C_DRAW,
    T_C_FIVE_START,
    T_C_NOPE,
    T_C_PASS,
    T_MAXPILE,
) = range(26)
T_ISACT = 32
T_ISCAT = T_ISACT + NKC
T_PLAY = T_ISCAT + NKC
T_PAIR = T_PLAY + NKC
T_PAIRW = T_PAIR + NKC
T_TRIPLE = T_PAIRW + NKC
T_TRIPLEW = T_TRIPLE + NKC  # [card * 3 + wilds]
T_FIVESAME = T_TRIPLEW + 3 * NKC
T_FIVESAMEW = T_FIVESAME + NKC  # [card * 5 + wilds]
T_FIVEPICK = T_FIVESAMEW + 5 * NKC
T_TARGET = T_FIVEPICK + NKC
T_NAME = T_TARGET + MAXN
T_GIVE = T_NAME + NKC
T_TAKE = T_GIVE + NKC
T_ALTERC = T_TAKE + NKC
T_DEFUSEAT = T_ALTERC + NKC
T_BURYAT = T_DEFUSEAT + CAP
T_DECK = T_BURYAT + CAP  # [n * NKC + card]: the full deck for n seats
T_KIND = T_DECK + (MAXN + 1) * NKC  # action code -> kind
T_ARG = T_KIND + ACAP  # action code -> card / seat / position
T_ARG2 = T_ARG + ACAP  # action code -> wilds
T_SIZE = T_ARG2 + ACAP

# action kinds
(
    K_DRAW,
    K_PLAY,
    K_PAIR,
    K_TRIPLE,
    K_FIVE_SAME,
    K_FIVE_START,
    K_FIVE_PICK,
    K_TARGET,
    K_NAME,
    K_NOPE,
    K_PASS,
    K_GIVE,
    K_TAKE,
    K_ALTER,
    K_DEFUSE,
    K_BURY,
    K_EXPLODE,
) = range(17)

KIND_OF: dict[type, int] = {
    A.Draw: K_DRAW,
    A.Play: K_PLAY,
    A.Pair: K_PAIR,
    A.Triple: K_TRIPLE,
    A.FiveSame: K_FIVE_SAME,
    A.FiveStart: K_FIVE_START,
    A.FivePick: K_FIVE_PICK,
    A.Target: K_TARGET,
    A.Name: K_NAME,
    A.Nope: K_NOPE,
    A.Pass: K_PASS,
    A.Give: K_GIVE,
    A.Take: K_TAKE,
    A.AlterPick: K_ALTER,
    A.DefuseAt: K_DEFUSE,
    A.BuryAt: K_BURY,
    A.Explode: K_EXPLODE,
}


def build_table(game: ExplodingKittens) -> np.ndarray:
    """Card codes, roles, decks and action codes of the game as it is loaded now."""
    T = np.full(T_SIZE, -1, dtype=np.int64)
    enc = game.action_space.encode
    a: Any
    T[T_NK] = C.NK
    for slot, code in (
        (T_DEFUSE, C.DEFUSE),
        (T_KITTEN, C.KITTEN),
        (T_NOPE, C.NOPE),
        (T_ATTACK, C.ATTACK),
        (T_TARGETED, C.TARGETED_ATTACK),
        (T_TRIPLE_ATTACK, C.TRIPLE_ATTACK),
        (T_SKIP, C.SKIP),
        (T_SUPER_SKIP, C.SUPER_SKIP),
        (T_REVERSE, C.REVERSE),
        (T_FAVOR, C.FAVOR),
        (T_SHUFFLE, C.SHUFFLE),
        (T_DRAW_BOTTOM, C.DRAW_BOTTOM),
        (T_SEE3, C.SEE3),
        (T_SEE5, C.SEE5),
        (T_ALTER3, C.ALTER3),
        (T_ALTER5, C.ALTER5),
        (T_SWAP, C.SWAP),
        (T_BURY, C.BURY),
        (T_PERSONAL, C.PERSONAL_ATTACK),
        (T_WILD, C.WILD),
    ):
        T[slot] = code
    T[T_C_DRAW] = enc(A.DRAW)
    T[T_C_FIVE_START] = enc(A.FIVE_START)
    T[T_C_NOPE] = enc(A.NOPE_ACT)
    T[T_C_PASS] = enc(A.PASS)
    T[T_MAXPILE] = C.MAX_PILE
    for c in range(C.NK):
        T[T_ISACT + c] = c in C.ACTION_CARDS
        T[T_ISCAT + c] = c in C.CATS
    for c, a in A.PLAY.items():
        T[T_PLAY + c] = enc(a)
    for c, a in A.PAIR.items():
        T[T_PAIR + c] = enc(a)
    for c, a in A.PAIR_W.items():
        T[T_PAIRW + c] = enc(a)
    for c, a in A.TRIPLE.items():
        T[T_TRIPLE + c] = enc(a)
    for (c, w), a in A.TRIPLE_W.items():
        T[T_TRIPLEW + c * 3 + w] = enc(a)
    for c, a in A.FIVE_SAME.items():
        T[T_FIVESAME + c] = enc(a)
    for (c, w), a in A.FIVE_SAME_W.items():
        T[T_FIVESAMEW + c * 5 + w] = enc(a)
    for c in C.HOLDABLE:
        T[T_FIVEPICK + c] = enc(A.FIVE_PICK[c])
        T[T_NAME + c] = enc(A.NAME[c])
        T[T_GIVE + c] = enc(A.GIVE[c])
        T[T_TAKE + c] = enc(A.TAKE[c])
    for c in range(C.NK):
        T[T_ALTERC + c] = enc(A.ALTER[c])
    for p in range(MAXN):
        T[T_TARGET + p] = enc(A.TARGET[p])
    for i, a in enumerate(A.DEFUSE_AT):
        T[T_DEFUSEAT + i] = enc(a)
    for i, a in enumerate(A.BURY_AT):
        T[T_BURYAT + i] = enc(a)
    for n, deck in C.DECKS.items():
        for c, k in enumerate(deck):
            T[T_DECK + n * NKC + c] = k
    space = game.action_space
    for code in range(space.size):
        a = space.decode(code)
        T[T_KIND + code] = KIND_OF[type(a)]
        T[T_ARG + code] = getattr(a, "card", getattr(a, "player", getattr(a, "position", -1)))
        T[T_ARG2 + code] = getattr(a, "wilds", 0)
    return T


# -- state in and out (the layout's, plus what it derives) ----------------------------------
def from_state(st: EKState) -> np.ndarray:
    """The flat array of a state (its generator apart: see ``rng_of``)."""
    S = LAYOUT.load(st)
    S[NALIVE] = len(st.alive_t)
    return S


def to_state(S: np.ndarray, st: EKState) -> None:
    """Write the array back into ``st`` (same game, same seats, same options)."""
    LAYOUT.store(S, st)
    alive = st.alive
    st.alive_t = tuple(p for p in range(st.num_players) if alive[p])


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
        k = S[DISCN]
        for i in range(k):
            if S[DISC + i] == arg:
                for j in range(i, k - 1):
                    S[DISC + j] = S[DISC + j + 1]
                S[DISCN] = k - 1
                break
        S[HANDS + p * NKC + arg] += 1
        S[HN + p] += 1
        for o in range(S[N]):
            if o != p:
                _hk_append(S, o, p * 32 + arg)
        _to_main(S)
    elif kind == K_ALTER:
        _alter_pick(S, arg)
    elif kind == K_DEFUSE:
        d = T[T_DEFUSE]
        S[HANDS + p * NKC + d] -= 1
        S[HN + p] -= 1
        _discard_append(S, d)
        _played_publicly(S, p, d)
        _forget_order(S, p)
        _pile_insert(S, S[PILEN] - arg, T[T_KITTEN], 1 << p)
        S[LIMBO] = -1
        S[LMASK] = 0
        _end_one_turn(S)
    elif kind == K_BURY:
        _forget_order(S, p)
        _pile_insert(S, S[PILEN] - arg, S[LIMBO], S[LMASK])
        S[LIMBO] = -1
        S[LMASK] = 0
        _end_one_turn(S)
    elif kind == K_EXPLODE:
        _explode(S, T, p)


# -- legal moves --------------------------------------------------------------------------
@njit
def _valid_target(S: Any, T: Any, t: int) -> bool:
    if t == S[CUR] or not S[ALIVE + t]:
        return False
    return S[PEND] == T[T_TARGETED] or S[HN + t] > 0


@njit
def _main_actions(S: Any, T: Any, p: int, out: Any) -> int:
    h = HANDS + p * NKC
    nk = T[T_NK]
    tgt = False
    for q in range(S[N]):
        if q != p and S[ALIVE + q] and S[HN + q]:
            tgt = True
            break
    out[0] = T[T_C_DRAW]
    m = 1
    distinct = 0
    favor = T[T_FAVOR]
    for c in range(nk):
        k = S[h + c]
        if not k:
            continue
        distinct += 1
        if T[T_ISACT + c] and (tgt or c != favor):
            out[m] = T[T_PLAY + c]
            m += 1
        if k >= 2 and tgt:
            out[m] = T[T_PAIR + c]
            m += 1
            if k >= 3:
                out[m] = T[T_TRIPLE + c]
                m += 1
    w = S[h + T[T_WILD]]
    if w and tgt:
        for c in range(nk):
            if not T[T_ISCAT + c]:
                continue
            k = S[h + c]
            if k:
                out[m] = T[T_PAIRW + c]
                m += 1
                if k >= 2:
                    out[m] = T[T_TRIPLEW + c * 3 + 1]
                    m += 1
                if w >= 2:
                    out[m] = T[T_TRIPLEW + c * 3 + 2]
                    m += 1
    if S[O_FIVE]:
        if distinct >= 5:
            out[m] = T[T_C_FIVE_START]
            m += 1
    else:
        for c in range(nk):
            if S[h + c] >= 5:
                out[m] = T[T_FIVESAME + c]
                m += 1
        if w:
            for c in range(nk):
                if not T[T_ISCAT + c]:
                    continue
                k = S[h + c]
                if k:
                    for wi in range(max(1, 5 - k), min(w, 4) + 1):
                        out[m] = T[T_FIVESAMEW + c * 5 + wi]
                        m += 1
    return m


@njit
def legal(S: Any, T: Any, p: int, out: Any) -> int:
    """``legal.legal_actions(st, p)`` as action codes in ``out``, in the same order; returns how
    many."""
    found = False
    for i in range(S[ACTN]):
        if S[ACTORS + i] == p:
            found = True
            break
    if not found:
        return 0
    ph = S[PHASE]
    nk = T[T_NK]
    if ph == WINDOW:
        out[0] = T[T_C_PASS]
        if S[HANDS + p * NKC + T[T_NOPE]]:
            out[1] = T[T_C_NOPE]
            return 2
        return 1
    if ph == MAIN:
        return _main_actions(S, T, p, out)
    m = 0
    if ph == TARGET:
        for t in range(S[N]):
            if _valid_target(S, T, t):
                out[m] = T[T_TARGET + t]
                m += 1
        return m
    if ph == NAME:
        for c in range(nk):
            if c != T[T_KITTEN]:
                out[m] = T[T_NAME + c]
                m += 1
        return m
    if ph == FIVE:
        need = 5 - S[PICKN]
        last = S[PICKS + S[PICKN] - 1] if S[PICKN] else -1
        held = 0
        for c in range(last + 1, nk):
            if S[HANDS + p * NKC + c]:
                held += 1
        stop = held - need + 1  # Python's slice held[:stop]
        if stop < 0:
            stop = max(0, held + stop)
        for c in range(last + 1, nk):
            if m >= stop:
                break
            if S[HANDS + p * NKC + c]:
                out[m] = T[T_FIVEPICK + c]
                m += 1
        return m
    if ph == GIVE:
        for c in range(nk):
            if S[HANDS + p * NKC + c]:
                out[m] = T[T_GIVE + c]
                m += 1
        return m
    if ph == TAKE:
        for c in range(nk):
            for i in range(S[DISCN]):
                if S[DISC + i] == c:
                    out[m] = T[T_TAKE + c]
                    m += 1
                    break
        return m
    if ph == ALTER:
        low = S[PILEN] - S[AK]
        top = S[PILEN] - 1 - S[AI]
        for c in range(nk):
            for i in range(max(low, 0), top + 1):
                if S[PILE + i] == c:
                    out[m] = T[T_ALTERC + c]
                    m += 1
                    break
        return m
    if ph == DEFUSE_PHASE or ph == BURY_PHASE:  # noqa: SIM109 (plain compares compile simply)
        k = min(S[PILEN] + 1, T[T_MAXPILE] + 1)
        base = T_DEFUSEAT if ph == DEFUSE_PHASE else T_BURYAT
        for i in range(k):
            out[i] = T[base + i]
        return k
    return 0


# -- the deal -----------------------------------------------------------------------------
@njit
def deal(S: Any, T: Any, rng: Any, n: int, opts: Any) -> None:
    """``EKState.deal``: ``rng`` holds ``Rng(seed).state``; ``opts`` = (stack, sspass, bury,
    five_different)."""
    S[:] = 0
    S[N] = n
    S[DIR] = 1
    S[OWED] = 1
    S[PEND] = NO_PEND
    S[PCARD] = -1
    S[PTARGET] = -1
    S[PNAME] = -1
    S[LIMBO] = -1
    S[O_STACK] = opts[0]
    S[O_SSPASS] = opts[1]
    S[O_BURY] = opts[2]
    S[O_FIVE] = opts[3]
    nk = T[T_NK]
    deck = T_DECK + n * NKC
    defuse = T[T_DEFUSE]
    kitten = T[T_KITTEN]
    # the other cards in code order, shuffled, in the pile block (used as scratch)
    k = 0
    for c in range(nk):
        if c == defuse or c == kitten:  # noqa: SIM109
            continue
        for _ in range(T[deck + c]):
            S[PILE + k] = c
            k += 1
    shuffle_range(rng, S, PILE, k)
    for p in range(n):
        h = HANDS + p * NKC
        S[h + defuse] = 1
        for i in range(7 * p, 7 * p + 7):
            S[h + S[PILE + i]] += 1
        S[HN + p] = 8
        S[ALIVE + p] = 1
    S[NALIVE] = n
    m = 0
    for i in range(7 * n, k):
        S[PILE + m] = S[PILE + i]
        m += 1
    for _ in range(T[deck + defuse] - n):
        S[PILE + m] = defuse
        m += 1
    for _ in range(n - 1):
        S[PILE + m] = kitten
        m += 1
    shuffle_range(rng, S, PILE, m)
    S[PILEN] = m
    cur = randbelow(rng, n)
    _start_turn(S, cur, 1, 0)


# -- the heuristic agent (agents/heuristics/exploding_kittens.py) --------------------------
# its card preferences reach the compiled code as a table too, built from the agent's module
H_VAL = 0  # [card]: how much the agent wants to keep it
H_AIM_NEXT = H_VAL + NKC  # [card]: aimed at the next player (attack, triple attack)
H_AIM_TARGET = H_AIM_NEXT + NKC  # [card]: aimed at a chosen target
H_ESCAPE = H_AIM_TARGET + NKC  # [card]: worth a Nope back when Noped
H_DODGEN = H_ESCAPE + NKC
H_DODGE = H_DODGEN + 1  # the cards that dodge a known kitten, in the agent's order
H_SIZE = H_DODGE + NKC


@njit
def _has(buf: Any, m: int, code: int) -> bool:
    for i in range(m):  # noqa: SIM110 (a loop, not a generator, in compiled code)
        if buf[i] == code:
            return True
    return False


@njit
def _heuristic_main(S: Any, T: Any, H: Any, p: int, buf: Any, m: int, risk: float) -> int:
    h = HANDS + p * NKC
    top = -1
    k = S[PILEN]
    if k and S[PK + k - 1] & (1 << p):
        top = S[PILE + k - 1]
    if top == T[T_KITTEN]:
        for i in range(H[H_DODGEN]):
            code = T[T_PLAY + H[H_DODGE + i]]
            if code >= 0 and _has(buf, m, code):
                return code
        return T[T_C_DRAW]
    if top >= 0:
        return T[T_C_DRAW]
    for slot in (T_SEE3, T_SEE5, T_ALTER3, T_ALTER5):
        code = T[T_PLAY + T[slot]]
        if _has(buf, m, code):
            return code
    kittens = S[NALIVE] - 1 - (1 if (S[LIMBO] == T[T_KITTEN] and S[LMASK] == -1) else 0)
    now = kittens / max(1, k)
    if S[h + T[T_DEFUSE]] == 0:
        best = -1
        for i in range(m):  # the cheapest triple (first of the cheapest)
            code = buf[i]
            if T[T_KIND + code] == K_TRIPLE and (
                best < 0 or H[H_VAL + T[T_ARG + code]] < H[H_VAL + T[T_ARG + best]]
            ):
                best = code
        if best >= 0:
            return best
        if now > risk:
            for i in range(min(6, H[H_DODGEN])):
                code = T[T_PLAY + H[H_DODGE + i]]
                if code >= 0 and _has(buf, m, code):
                    return code
        for i in range(m):
            code = buf[i]
            if T[T_KIND + code] == K_PAIR and H[H_VAL + T[T_ARG + code]] < 10:
                return code
        code = T[T_PLAY + T[T_FAVOR]]
        if _has(buf, m, code):
            return code
    code = T[T_PLAY + T[T_ATTACK]]
    if now > 2 * risk and _has(buf, m, code):
        return code
    return T[T_C_DRAW]


@njit
def heuristic(S: Any, T: Any, H: Any, p: int, buf: Any, m: int, risk: float) -> int:
    """``HeuristicAgent.act`` over the state (what it reads of its view, read directly); -1
    where it would fall back to ``rng.choice(legal)``."""
    ph = S[PHASE]
    if ph == WINDOW:
        if not _has(buf, m, T[T_C_NOPE]):
            return T[T_C_PASS]
        pend = S[PEND]
        pc = S[PCARD]
        effective = S[NOPES] % 2 == 0
        mine = S[CUR] == p
        hits = False
        if pend == PEND_PAIR or pend == PEND_TRIPLE or (pc >= 0 and H[H_AIM_TARGET + pc]):  # noqa: SIM109
            hits = S[PTARGET] == p
        elif pc >= 0 and H[H_AIM_NEXT + pc]:
            hits = _next_alive(S, S[CUR]) == p
        if effective and hits and not mine:
            return T[T_C_NOPE]
        if not effective and mine and pc >= 0 and H[H_ESCAPE + pc]:
            return T[T_C_NOPE]
        return T[T_C_PASS]
    if ph == MAIN:
        return _heuristic_main(S, T, H, p, buf, m, risk)
    if ph == DEFUSE_PHASE:
        return buf[m - 1] if S[OWED] > 1 else buf[0]
    if ph == TARGET:
        if S[PCARD] == T[T_TARGETED]:
            code = T[T_TARGET + _next_alive(S, p)]
            return code if _has(buf, m, code) else buf[0]
        best = buf[0]
        for i in range(1, m):
            if S[HN + T[T_ARG + buf[i]]] > S[HN + T[T_ARG + best]]:
                best = buf[i]
        return best
    if ph == NAME:
        c = T[T_DEFUSE] if S[HANDS + p * NKC + T[T_DEFUSE]] == 0 else T[T_NOPE]
        return T[T_NAME + c]
    if ph == GIVE or ph == FIVE:  # noqa: SIM109
        best = buf[0]
        for i in range(1, m):
            c = T[T_ARG + buf[i]]
            b = T[T_ARG + best]
            if H[H_VAL + c] < H[H_VAL + b] or (H[H_VAL + c] == H[H_VAL + b] and c < b):
                best = buf[i]
        return best
    if ph == TAKE:
        best = buf[0]
        for i in range(1, m):
            if H[H_VAL + T[T_ARG + buf[i]]] > H[H_VAL + T[T_ARG + best]]:
                best = buf[i]
        return best
    if ph == ALTER:
        for i in range(m):
            if T[T_ARG + buf[i]] != T[T_KITTEN]:
                return buf[i]
        return buf[0]
    if ph == BURY_PHASE:
        return buf[m - 1]
    return -1


# -- playouts -----------------------------------------------------------------------------
CHOOSE_AGENTS = 0  # seat p's agent (kinds[p]) with seat p's generator mts[p]
CHOOSE_SEARCH = 1  # ISMCTS' rollout policy (kinds[0]) with one generator mts[0]
RANDOM, HEURISTIC = 0, 1


@njit
def _choose(
    S: Any, T: Any, H: Any, p: int, buf: Any, m: int, mt: Any, kind: int, risk: float, search: bool
) -> int:
    if kind == RANDOM:
        i = np.int64(mt_random(mt) * m) if search else mt_below(mt, m)
        return buf[i]
    if search and m == 1:  # ISMCTS asks its heuristic only when there is a choice
        return buf[0]
    code = heuristic(S, T, H, p, buf, m, risk)
    return code if code >= 0 else buf[mt_below(mt, m)]


@njit
def playout(
    S: Any,
    T: Any,
    H: Any,
    rng: Any,
    mts: Any,
    kinds: Any,
    risks: Any,
    mode: int,
    max_steps: int,
    seats: Any,
    codes: Any,
) -> int:
    """Moves until the game ends or ``max_steps`` moves are made; ``seats``/``codes`` (when
    long enough) receive who moved and what. Returns the number of moves made.

    CHOOSE_AGENTS: seat p plays agent ``kinds[p]`` (RANDOM: ``choice`` from ``mts[p]``;
    HEURISTIC: the heuristic agent with risk ``risks[p]``). CHOOSE_SEARCH: every seat plays
    ISMCTS' rollout policy ``kinds[0]`` (RANDOM: ``legal[int(random() * k)]`` from ``mts[0]``)."""
    buf = np.empty(ACAP, dtype=np.int64)
    steps = 0
    keep = codes.shape[0]
    search = mode == CHOOSE_SEARCH
    while S[ACTN] > 0 and steps < max_steps:
        p = S[ACTORS]
        m = legal(S, T, p, buf)
        g = 0 if search else p
        code = _choose(S, T, H, p, buf, m, mts[g], kinds[g], risks[g], search)
        if steps < keep:
            seats[steps] = p
            codes[steps] = code
        apply(S, T, rng, p, code)
        steps += 1
    return steps


@njit
def random_games(
    T: Any,
    H: Any,
    seeds: Any,
    n: int,
    opts: Any,
    agent_seeds: Any,
    moves: Any,
    turns: Any,
    winners: Any,
) -> None:
    """Whole games from the deal, game g with ``Rng(seeds[g])`` and seat p's RandomAgent seeded
    ``agent_seeds[g, p]``: for the benchmark and batched figures."""
    S = np.zeros(SIZE, dtype=np.int64)
    rng = np.zeros(1, dtype=np.uint64)
    mts = np.zeros((n, MT_N + 1), dtype=np.uint64)
    empty = np.zeros(0, dtype=np.int64)
    kinds = np.zeros(n, dtype=np.int64)
    risks = np.zeros(n, dtype=np.float64)
    for g in range(seeds.shape[0]):
        rng[0] = np.uint64(seeds[g])
        for p in range(n):
            mt_seed(mts[p], agent_seeds[g, p])
        deal(S, T, rng, n, opts)
        moves[g] = playout(S, T, H, rng, mts, kinds, risks, CHOOSE_AGENTS, 1 << 40, empty, empty)
        turns[g] = S[TURNS]
        for q in range(n):
            if S[ALIVE + q]:
                winners[g] = q


@njit
def step_many(Ss: Any, T: Any, rngs: Any, players: Any, codes: Any) -> None:
    """One move in each of many states (row g of ``Ss``, its generator ``rngs[g]``); a negative
    code leaves that row as it is."""
    for g in range(Ss.shape[0]):
        if codes[g] >= 0:
            apply(Ss[g], T, rngs[g : g + 1], players[g], codes[g])


@njit
def legal_many(Ss: Any, T: Any, players: Any, masks: Any) -> None:
    """The legal-action mask of each state's ``players[g]`` in ``masks[g]`` (action-space wide)."""
    buf = np.empty(ACAP, dtype=np.int64)
    for g in range(Ss.shape[0]):
        masks[g, :] = 0
        m = legal(Ss[g], T, players[g], buf)
        for i in range(m):
            masks[g, buf[i]] = 1
