"""Exploding Kittens, compiled: the state as one flat int64 array (twin of ``state.py``'s
``EKState`` fields) and the table ``T`` of the package's numbers (card codes and roles from
``cards.py``, decks, action codes from ``actions.py``).

The array is declared once (``LAYOUT``): its offsets, the copy in (``from_state``) and out
(``to_state``) and the check against the state's slots derive from the declaration. Card codes,
decks and action codes reach the compiled functions as the table, never frozen into compiled
code, so a catalog change cannot meet a stale cache. The Python package is the reference;
tests/games/exploding_kittens/test_compiled.py holds the twin to it over thousands of games.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ....engine.compiled.layout import Count, Field, Layout, List, Rows, Scalar, SeatLists, Seats
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
    "_unseen": "determinize's kept pool, checked against the state on every use",
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
