"""The Nine Domains, compiled: ``games/nine_domains/state.py`` and ``combat.py`` over one flat
int64 array (see ``exploding_kittens.py`` for the pattern: the package is the reference; card
and domain data reach the compiled code as a table, never as frozen constants).

Nothing in a game draws from the state's generator after the deal (the deal shuffles; play has
no chance), so the generator is only read by ``deal``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ..engine.game import Game
from ..games.nine_domains import actions as A
from ..games.nine_domains import state as ND
from ..games.nine_domains.cards import CARDS, DOMAINS, PILES, ROUNDS, SPECIALS_PER_PLAYER
from ._jit import njit
from .rng import MT_N, mt_below, mt_random, mt_seed, randbelow

if TYPE_CHECKING:
    from ..games.nine_domains.state import NineDomainsState

NP = 3  # piles (the package insists on three)
RCAP = 8  # rounds
CCAP = 32  # cards
DCAP = 32  # domains
ACAP = 512

# -- scalars ----------------------------------------------------------------------------
PHASE, RND, DRAFT_STEP, PICK, ELEMENTS_OFF, WINNER, REASON, PENDN = range(8)
O_FOUR_OPP, O_MALUS, O_EFFECT_SCORES, O_EXCH_ROUND, O_VP_DOMAINS = range(8, 13)
REMOVEDN, POOLN, HISTN = range(13, 16)
# -- blocks -----------------------------------------------------------------------------
PILEN = 16  # [3]
PILE = PILEN + NP  # [3][DCAP]
WONN = PILE + NP * DCAP  # [2]
WON = WONN + 2  # [2][DCAP]
REMOVED = WON + 2 * DCAP
BONUS = REMOVED + DCAP  # [2]
HANDN = BONUS + 2
HAND = HANDN + 2  # [2][CCAP], sorted
PLACED = HAND + 2 * CCAP  # [2][3]
NPLACED = PLACED + 2 * NP
USEDN = NPLACED + 2
USED = USEDN + 2
SEENN = USED + 2 * CCAP
SEEN = SEENN + 2  # sorted
HIST = SEEN + 2 * CCAP  # [round][2][3]
CONT = HIST + RCAP * 2 * NP  # [round][3]
OUTC = CONT + RCAP * NP  # [round][3]
POOL = OUTC + RCAP * NP
PEND = POOL + CCAP  # [k][owner, kind, pile]
SIZE = PEND + 3 * RCAP * NP

DRAFTING, PLACING, POWERS, OVER = 0, 1, 2, 3
SWAP, EXCHANGE = 0, 1
EMPTY = -1
REMOVED_W = -1
REASONS = ("", "elements", "points", "draw")
P_NONE, P_SWAP, P_EXCHANGE, P_BONUS = 0, 1, 2, 3
_POWERS = {"": P_NONE, "swap_domain": P_SWAP, "exchange_card": P_EXCHANGE, "victory_bonus": P_BONUS}

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

_ATTRS = (
    "phase",
    "rnd",
    "piles",
    "won",
    "removed",
    "bonus",
    "hand",
    "placed",
    "nplaced",
    "used",
    "seen",
    "history",
    "contested",
    "outcomes",
    "draft_pool",
    "draft_step",
    "pending",
    "pick",
    "elements_off",
    "winner",
    "reason",
)


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
    missing = [a for a in _ATTRS if a not in ND.NineDomainsState.__slots__]
    if missing:
        return f"the state no longer has {', '.join(missing)}"
    if PILES != NP or ROUNDS > RCAP or len(CARDS) > CCAP or len(DOMAINS) > DCAP:
        return "the catalog is larger than the core's capacity"
    if set(CARDS.power) - set(_POWERS):
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
    from ..games.nine_domains.cards import ALL_ELEMENTS_MASK, PURPLE_HALVES_NEEDED

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
        T[T_POWER + c] = _POWERS[CARDS.power[c]]
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


# -- state in and out --------------------------------------------------------------------
def _put(S: np.ndarray, at: int, xs: list[int]) -> None:
    S[at : at + len(xs)] = xs


def from_state(st: NineDomainsState) -> np.ndarray:
    S = np.zeros(SIZE, dtype=np.int64)
    o = st.options
    S[PHASE] = st.phase
    S[RND] = st.rnd
    S[DRAFT_STEP] = st.draft_step
    S[PICK] = st.pick
    S[ELEMENTS_OFF] = bool(st.elements_off)
    S[WINNER] = st.winner
    S[REASON] = REASONS.index(st.reason)
    S[O_FOUR_OPP] = o.four_plus_target == "opponent"
    S[O_MALUS] = bool(o.malus_counts_as_bonus)
    S[O_EFFECT_SCORES] = bool(o.three_plus_effect_win_scores)
    S[O_EXCH_ROUND] = bool(o.exchange_this_round)
    S[O_VP_DOMAINS] = o.vp_tie == "domains"
    for i, pile in enumerate(st.piles):
        S[PILEN + i] = len(pile)
        _put(S, PILE + i * DCAP, pile)
    for p in (0, 1):
        S[WONN + p] = len(st.won[p])
        _put(S, WON + p * DCAP, st.won[p])
        S[HANDN + p] = len(st.hand[p])
        _put(S, HAND + p * CCAP, st.hand[p])
        _put(S, PLACED + p * NP, st.placed[p])
        S[USEDN + p] = len(st.used[p])
        _put(S, USED + p * CCAP, st.used[p])
        S[SEENN + p] = len(st.seen[p])
        _put(S, SEEN + p * CCAP, st.seen[p])
    S[REMOVEDN] = len(st.removed)
    _put(S, REMOVED, st.removed)
    _put(S, BONUS, st.bonus)
    _put(S, NPLACED, st.nplaced)
    S[HISTN] = len(st.history)
    for r, rows in enumerate(st.history):
        _put(S, HIST + r * 2 * NP, rows[0])
        _put(S, HIST + r * 2 * NP + NP, rows[1])
        _put(S, CONT + r * NP, st.contested[r])
        _put(S, OUTC + r * NP, st.outcomes[r])
    S[POOLN] = len(st.draft_pool)
    _put(S, POOL, st.draft_pool)
    S[PENDN] = len(st.pending)
    for j, (owner, kind, where) in enumerate(st.pending):
        S[PEND + 3 * j : PEND + 3 * j + 3] = (owner, kind, where)
    return S


def to_state(S: np.ndarray, st: NineDomainsState) -> None:
    v = S[:PILE].tolist()
    st.phase = v[PHASE]
    st.rnd = v[RND]
    st.draft_step = v[DRAFT_STEP]
    st.pick = v[PICK]
    st.elements_off = bool(v[ELEMENTS_OFF])
    st.winner = v[WINNER]
    st.reason = REASONS[v[REASON]]
    st.piles = [S[PILE + i * DCAP : PILE + i * DCAP + v[PILEN + i]].tolist() for i in range(NP)]
    n = S[WONN : WONN + 2].tolist()
    st.won = [S[WON + p * DCAP : WON + p * DCAP + n[p]].tolist() for p in (0, 1)]
    st.removed = S[REMOVED : REMOVED + v[REMOVEDN]].tolist()
    st.bonus = S[BONUS : BONUS + 2].tolist()
    n = S[HANDN : HANDN + 2].tolist()
    st.hand = [S[HAND + p * CCAP : HAND + p * CCAP + n[p]].tolist() for p in (0, 1)]
    st.placed = S[PLACED : PLACED + 2 * NP].reshape(2, NP).tolist()
    st.nplaced = S[NPLACED : NPLACED + 2].tolist()
    n = S[USEDN : USEDN + 2].tolist()
    st.used = [S[USED + p * CCAP : USED + p * CCAP + n[p]].tolist() for p in (0, 1)]
    n = S[SEENN : SEENN + 2].tolist()
    st.seen = [S[SEEN + p * CCAP : SEEN + p * CCAP + n[p]].tolist() for p in (0, 1)]
    h = v[HISTN]
    st.history = S[HIST : HIST + h * 2 * NP].reshape(h, 2, NP).tolist()
    st.contested = S[CONT : CONT + h * NP].reshape(h, NP).tolist()
    st.outcomes = S[OUTC : OUTC + h * NP].reshape(h, NP).tolist()
    st.draft_pool = S[POOL : POOL + v[POOLN]].tolist()
    st.pending = [tuple(x) for x in S[PEND : PEND + 3 * v[PENDN]].reshape(-1, 3).tolist()]


# -- sorted lists -------------------------------------------------------------------------
@njit
def _remove(S: Any, base: int, nslot: int, x: int) -> None:
    k = S[nslot]
    for i in range(k):
        if S[base + i] == x:
            for j in range(i, k - 1):
                S[base + j] = S[base + j + 1]
            S[nslot] = k - 1
            return


@njit
def _insort(S: Any, base: int, nslot: int, x: int) -> None:
    """``bisect.insort`` (after equal items)."""
    k = S[nslot]
    i = k
    while i > 0 and S[base + i - 1] > x:
        S[base + i] = S[base + i - 1]
        i -= 1
    S[base + i] = x
    S[nslot] = k + 1


@njit
def _contains(S: Any, base: int, k: int, x: int) -> bool:
    for i in range(k):  # noqa: SIM110 (a loop, not a generator, in compiled code)
        if S[base + i] == x:
            return True
    return False


# -- who acts -----------------------------------------------------------------------------
@njit
def actors(S: Any, out: Any) -> int:
    ph = S[PHASE]
    if ph == PLACING:
        m = 0
        for p in range(2):
            if S[NPLACED + p] < NP:
                out[m] = p
                m += 1
        return m
    if ph == POWERS:
        out[0] = S[PEND]
        return 1
    if ph == DRAFTING:
        s = S[DRAFT_STEP]
        out[0] = 0 if s == 0 or s == 3 or s == 4 else 1  # DRAFT_ORDER (0, 1, 1, 0, 0, 1)
        return 1
    return 0


@njit
def _recoverable(S: Any, p: int, out: Any) -> int:
    """``state.recoverable(p)``: the used cards the 3- may take back, sorted."""
    k = S[USEDN + p]
    m = 0
    skip_round = not S[O_EXCH_ROUND] and S[HISTN] > 0
    last = HIST + (S[HISTN] - 1) * 2 * NP + p * NP
    for i in range(k):
        c = S[USED + p * CCAP + i]
        if skip_round and _contains(S, last, NP, c):
            continue
        j = m
        while j > 0 and out[j - 1] > c:
            out[j] = out[j - 1]
            j -= 1
        out[j] = c
        m += 1
    return m


@njit
def _sorted_copy(S: Any, base: int, k: int, out: Any) -> int:
    for i in range(k):
        c = S[base + i]
        j = i
        while j > 0 and out[j - 1] > c:
            out[j] = out[j - 1]
            j -= 1
        out[j] = c
    return k


@njit
def legal(S: Any, T: Any, p: int, out: Any) -> int:
    ph = S[PHASE]
    m = 0
    if ph == PLACING:
        if p < 0 or p > 1 or S[NPLACED + p] >= NP:
            return 0
        for i in range(S[HANDN + p]):
            c = S[HAND + p * CCAP + i]
            for j in range(NP):
                if S[PLACED + p * NP + j] == EMPTY:
                    out[m] = T[T_C_PLACE + c * NP + j]
                    m += 1
        return m
    if ph == POWERS:
        owner = S[PEND]
        kind = S[PEND + 1]
        if p != owner:
            return 0
        tmp = np.empty(CCAP, dtype=np.int64)
        if kind == SWAP:
            if S[PICK] == EMPTY:
                k = _sorted_copy(S, WON + owner * DCAP, S[WONN + owner], tmp)
                for i in range(k):
                    out[m] = T[T_C_GIVE + tmp[i]]
                    m += 1
            else:
                q = 1 - owner
                k = _sorted_copy(S, WON + q * DCAP, S[WONN + q], tmp)
                for i in range(k):
                    out[m] = T[T_C_TAKE + tmp[i]]
                    m += 1
        elif S[PICK] == EMPTY:
            k = _recoverable(S, owner, tmp)
            for i in range(k):
                out[m] = T[T_C_RECOVER + tmp[i]]
                m += 1
        else:
            for i in range(S[HANDN + owner]):
                out[m] = T[T_C_DISCARD + S[HAND + owner * CCAP + i]]
                m += 1
        out[m] = T[T_DECLINE]
        return m + 1
    if ph == DRAFTING:
        tmp = np.empty(1, dtype=np.int64)
        actors(S, tmp)
        if p != tmp[0]:
            return 0
        for i in range(S[POOLN]):
            out[m] = T[T_C_DRAFT + S[POOL + i]]
            m += 1
        return m
    return 0


# -- combat -------------------------------------------------------------------------------
@njit
def _add(T: Any, cards: Any, total: Any, plus: Any, p: int, i: int, v: int) -> None:
    if T[T_NOSTR + cards[p, i]]:
        return
    total[p, i] += v
    if v > 0:
        plus[p, i] += v


@njit
def _modifiers(S: Any, T: Any, cards: Any, total: Any, plus: Any) -> None:
    last = S[RND] == T[T_ROUNDS] - 1
    four_opp = S[O_FOUR_OPP]
    hist = S[HISTN]
    for p in range(2):
        for i in range(NP):
            c = cards[p, i]
            if T[T_ADJ + c]:
                single = i == 0 or i == NP - 1
                amount = T[T_ADJ1 + c] if single else T[T_ADJ + c]
                if i - 1 >= 0:
                    _add(T, cards, total, plus, p, i - 1, amount)
                if i + 1 < NP:
                    _add(T, cards, total, plus, p, i + 1, amount)
            if last and T[T_LAST + c]:
                _add(T, cards, total, plus, p, i, T[T_LAST + c])
        if hist > 0:
            base = HIST + (hist - 1) * 2 * NP + p * NP
            for i in range(NP):
                c = S[base + i]
                if T[T_NEXT + c]:
                    target = 1 - p if (T[T_NEXTOPT + c] and four_opp) else p
                    _add(T, cards, total, plus, target, i, T[T_NEXT + c])


@njit
def _fight(T: Any, a: int, sa: int, ta: int, b: int, sb: int, tb: int) -> tuple[int, bool]:
    e = T[T_EFFECT + a * CCAP + b]
    if e:
        return (0 if e > 0 else 1), True
    if sa != sb:
        return (0 if sa > sb else 1), False
    if ta != tb:
        return (0 if ta > tb else 1), False
    if a == b:
        return REMOVED_W, False
    if T[T_SIGN + a] != T[T_SIGN + b]:
        return (0 if T[T_SIGN + a] > T[T_SIGN + b] else 1), False
    return REMOVED_W, False


@njit
def _has_all_elements(S: Any, T: Any, p: int) -> bool:
    mask = 0
    halves = 0
    for i in range(S[WONN + p]):
        d = S[WON + p * DCAP + i]
        mask |= T[T_DMASK + d]
        halves += T[T_DHALVES + d]
    return mask == T[T_ALLMASK] and halves >= T[T_HALVES]


@njit
def _points(S: Any, T: Any, p: int) -> int:
    vp = S[BONUS + p]
    for i in range(S[WONN + p]):
        vp += T[T_DVP + S[WON + p * DCAP + i]]
    return vp


@njit
def _resolve_round(S: Any, T: Any) -> None:
    cards = np.empty((2, NP), dtype=np.int64)
    for p in range(2):
        for i in range(NP):
            cards[p, i] = S[PLACED + p * NP + i]
    total = np.zeros((2, NP), dtype=np.int64)
    plus = np.zeros((2, NP), dtype=np.int64)
    _modifiers(S, T, cards, total, plus)
    tie = total if S[O_MALUS] else plus
    r = S[HISTN]
    for i in range(NP):
        k = S[PILEN + i] - 1
        S[PILEN + i] = k
        S[CONT + r * NP + i] = S[PILE + i * DCAP + k]
    for i in range(NP):
        a = cards[0, i]
        b = cards[1, i]
        sa = T[T_VALUE + a] + total[0, i]
        sb = T[T_VALUE + b] + total[1, i]
        w, by_effect = _fight(T, a, sa, tie[0, i], b, sb, tie[1, i])
        d = S[CONT + r * NP + i]
        S[OUTC + r * NP + i] = w
        if w == REMOVED_W:
            S[REMOVED + S[REMOVEDN]] = d
            S[REMOVEDN] += 1
            continue
        S[WON + w * DCAP + S[WONN + w]] = d
        S[WONN + w] += 1
        wc = cards[w, i]
        lc = cards[1 - w, i]
        ws = sa if w == 0 else sb
        ls = sb if w == 0 else sa
        power = T[T_POWER + wc]
        if power == P_BONUS:
            has_margin = True
            if not by_effect:
                mg = ws - ls
            elif not S[O_EFFECT_SCORES]:
                has_margin = False
                mg = 0
            else:
                mg = ws - (0 if T[T_NOSTR + lc] else ls)
            if has_margin and mg >= T[T_BMARGIN + wc]:
                S[BONUS + w] += T[T_BVP + wc]
        elif power == P_SWAP or power == P_EXCHANGE:  # noqa: SIM109 (plain compares compile simply)
            k = S[PENDN]
            S[PEND + 3 * k] = w
            S[PEND + 3 * k + 1] = SWAP if power == P_SWAP else EXCHANGE
            S[PEND + 3 * k + 2] = i
            S[PENDN] = k + 1
    for p in range(2):
        for i in range(NP):
            c = cards[p, i]
            S[USED + p * CCAP + S[USEDN + p]] = c
            S[USEDN + p] += 1
        for i in range(NP):
            c = cards[p, i]
            if T[T_SPECIAL + c] and not _contains(S, SEEN + p * CCAP, S[SEENN + p], c):
                _insort(S, SEEN + p * CCAP, SEENN + p, c)
        for i in range(NP):
            S[HIST + r * 2 * NP + p * NP + i] = cards[p, i]
            S[PLACED + p * NP + i] = EMPTY
        S[NPLACED + p] = 0
    S[HISTN] = r + 1
    S[PHASE] = POWERS
    _next_power(S, T)


@njit
def _pop_pending(S: Any) -> None:
    k = S[PENDN]
    for j in range(3, 3 * k):
        S[PEND + j - 3] = S[PEND + j]
    S[PENDN] = k - 1


@njit
def _next_power(S: Any, T: Any) -> None:
    S[PICK] = EMPTY
    tmp = np.empty(CCAP, dtype=np.int64)
    while S[PENDN] > 0:
        owner = S[PEND]
        kind = S[PEND + 1]
        if kind == SWAP and S[WONN + owner] and S[WONN + 1 - owner]:
            return
        if kind == EXCHANGE and S[HANDN + owner] and _recoverable(S, owner, tmp):
            return
        _pop_pending(S)
    _end_round(S, T)


@njit
def _finish(S: Any, winner: int, reason: int) -> None:
    S[PHASE] = OVER
    S[WINNER] = winner
    S[REASON] = reason
    S[PENDN] = 0
    S[PICK] = EMPTY


@njit
def _end_round(S: Any, T: Any) -> None:
    if not S[ELEMENTS_OFF]:
        d0 = _has_all_elements(S, T, 0)
        d1 = _has_all_elements(S, T, 1)
        if d0 and d1:
            S[ELEMENTS_OFF] = 1
        elif d0 or d1:
            _finish(S, 0 if d0 else 1, 1)
            return
    S[RND] += 1
    if S[RND] < T[T_ROUNDS]:
        S[PHASE] = PLACING
        return
    v0 = _points(S, T, 0)
    v1 = _points(S, T, 1)
    if v0 != v1:
        _finish(S, 0 if v0 > v1 else 1, 2)
    elif S[O_VP_DOMAINS] and S[WONN] != S[WONN + 1]:
        _finish(S, 0 if S[WONN] > S[WONN + 1] else 1, 2)
    else:
        _finish(S, EMPTY, 3)


@njit
def apply(S: Any, T: Any, p: int, code: int) -> None:
    kind = T[T_KIND + code]
    arg = T[T_ARG + code]
    if kind == K_PLACE:
        _remove(S, HAND + p * CCAP, HANDN + p, arg)
        S[PLACED + p * NP + T[T_ARG2 + code]] = arg
        S[NPLACED + p] += 1
        if S[NPLACED] == NP and S[NPLACED + 1] == NP:
            _resolve_round(S, T)
    elif kind == K_DRAFT:
        _remove(S, POOL, POOLN, arg)
        _insort(S, HAND + p * CCAP, HANDN + p, arg)
        _insort(S, SEEN + p * CCAP, SEENN + p, arg)
        S[DRAFT_STEP] += 1
        if S[DRAFT_STEP] == 6:
            S[PHASE] = PLACING
    elif kind == K_DECLINE:
        _pop_pending(S)
        _next_power(S, T)
    elif kind == K_GIVE or kind == K_RECOVER:  # noqa: SIM109
        S[PICK] = arg
    elif kind == K_TAKE:
        give = S[PICK]
        mine = WON + p * DCAP
        theirs = WON + (1 - p) * DCAP
        for i in range(S[WONN + p]):
            if S[mine + i] == give:
                S[mine + i] = arg
                break
        for i in range(S[WONN + 1 - p]):
            if S[theirs + i] == arg:
                S[theirs + i] = give
                break
        _pop_pending(S)
        _next_power(S, T)
    elif kind == K_DISCARD:
        recover = S[PICK]
        _remove(S, USED + p * CCAP, USEDN + p, recover)
        S[USED + p * CCAP + S[USEDN + p]] = arg
        S[USEDN + p] += 1
        _remove(S, HAND + p * CCAP, HANDN + p, arg)
        _insort(S, HAND + p * CCAP, HANDN + p, recover)
        if T[T_SPECIAL + arg] and not _contains(S, SEEN + p * CCAP, S[SEENN + p], arg):
            _insort(S, SEEN + p * CCAP, SEENN + p, arg)
        _pop_pending(S)
        _next_power(S, T)


# -- the deal -----------------------------------------------------------------------------
@njit
def _shuffle(rng: Any, xs: Any, k: int) -> None:
    """``Rng.shuffle`` (rejection sampling, unlike Exploding Kittens' multiply-shift)."""
    for i in range(k - 1, 0, -1):
        j = randbelow(rng, i + 1)
        a = xs[i]
        xs[i] = xs[j]
        xs[j] = a


@njit
def deal(S: Any, T: Any, rng: Any, deal_kind: int, opts: Any) -> None:
    """``NineDomainsState.new``: deal_kind 0 random, 1 draft, 2 independent; ``opts`` = (four
    opponent, malus counts, effect scores, exchange this round, vp tie by domains)."""
    S[:] = 0
    S[PICK] = EMPTY
    S[WINNER] = EMPTY
    S[PHASE] = PLACING
    for i in range(5):
        S[O_FOUR_OPP + i] = opts[i]
    for p in range(2):
        for i in range(NP):
            S[PLACED + p * NP + i] = EMPTY
    nd = T[T_ND]
    deck = np.arange(nd)
    _shuffle(rng, deck, nd)
    size = T[T_PSIZE]
    for i in range(NP):
        for j in range(size):
            S[PILE + i * DCAP + j] = deck[i * size + j]
        S[PILEN + i] = size
    nb = T[T_NBASE]
    ns = T[T_NSPEC]
    k = T[T_K]
    for p in range(2):
        for c in range(nb):
            S[HAND + p * CCAP + c] = c
        S[HANDN + p] = nb
    if deal_kind == 1:
        for i in range(ns):
            S[POOL + i] = T[T_SPECIALS + i]
        S[POOLN] = ns
        S[PHASE] = DRAFTING
        return
    pool = np.empty(ns, dtype=np.int64)
    if deal_kind == 2:
        for p in range(2):
            for i in range(ns):
                pool[i] = T[T_SPECIALS + i]
            _shuffle(rng, pool, ns)
            for i in range(k):
                _insort(S, HAND + p * CCAP, HANDN + p, pool[i])
        return
    for i in range(ns):
        pool[i] = T[T_SPECIALS + i]
    _shuffle(rng, pool, ns)
    for p in range(2):
        for i in range(k):
            _insort(S, HAND + p * CCAP, HANDN + p, pool[p * k + i])


# -- playouts -----------------------------------------------------------------------------
CHOOSE_AGENTS, CHOOSE_SEARCH = 0, 1


@njit
def playout(
    S: Any,
    T: Any,
    rng: Any,
    mts: Any,
    kinds: Any,
    mode: int,
    max_steps: int,
    seats: Any,
    codes: Any,
) -> int:
    """Random moves (``kinds`` must be all 0: no compiled heuristic for this game yet); see
    exploding_kittens.playout."""
    buf = np.empty(ACAP, dtype=np.int64)
    who = np.empty(2, dtype=np.int64)
    steps = 0
    keep = codes.shape[0]
    while steps < max_steps:
        if actors(S, who) == 0:
            break
        p = who[0]
        m = legal(S, T, p, buf)
        i = mt_below(mts[p], m) if mode == CHOOSE_AGENTS else np.int64(mt_random(mts[0]) * m)
        code = buf[i]
        if steps < keep:
            seats[steps] = p
            codes[steps] = code
        apply(S, T, p, code)
        steps += 1
    return steps


@njit
def random_games(
    T: Any, seeds: Any, deal_kind: int, opts: Any, agent_seeds: Any, moves: Any, winners: Any
) -> None:
    S = np.zeros(SIZE, dtype=np.int64)
    rng = np.zeros(1, dtype=np.uint64)
    mts = np.zeros((2, MT_N + 1), dtype=np.uint64)
    empty = np.zeros(0, dtype=np.int64)
    kinds = np.zeros(2, dtype=np.int64)
    for g in range(seeds.shape[0]):
        rng[0] = np.uint64(seeds[g])
        for p in range(2):
            mt_seed(mts[p], agent_seeds[g, p])
        deal(S, T, rng, deal_kind, opts)
        moves[g] = playout(S, T, rng, mts, kinds, CHOOSE_AGENTS, 1 << 40, empty, empty)
        winners[g] = S[WINNER]


@njit
def step_many(Ss: Any, T: Any, players: Any, codes: Any) -> None:
    for g in range(Ss.shape[0]):
        if codes[g] >= 0:
            apply(Ss[g], T, players[g], codes[g])


@njit
def legal_many(Ss: Any, T: Any, players: Any, masks: Any) -> None:
    buf = np.empty(ACAP, dtype=np.int64)
    for g in range(Ss.shape[0]):
        masks[g, :] = 0
        m = legal(Ss[g], T, players[g], buf)
        for i in range(m):
            masks[g, buf[i]] = 1


_DEALS = {"random": 0, "draft": 1, "independent": 2}


class NDCore:
    heuristic_class: type | None = None  # its heuristic agent is not compiled (yet)
    # ISMCTS iterations/s measured 0.8-1.0x with the core (benchmarks/playouts.py): its
    # rollouts are a dozen moves, so moving the state and generator in and out costs what the
    # compiled moves save; the search keeps its Python playouts here
    search_pays = False

    def __init__(self, game: Game) -> None:
        self.game = game
        self.table = build_table(game)
        self.size = SIZE

    def load(self, state: Any) -> np.ndarray:
        return from_state(state)

    def store(self, S: np.ndarray, state: Any) -> None:
        to_state(S, state)

    def playout(
        self,
        S: np.ndarray,
        rng: np.ndarray,
        mts: np.ndarray,
        kinds: np.ndarray,
        risks: np.ndarray,
        mode: int,
        max_steps: int,
        seats: np.ndarray,
        codes: np.ndarray,
    ) -> int:
        return int(playout(S, self.table, rng, mts, kinds, mode, max_steps, seats, codes))

    def apply_many(
        self, Ss: np.ndarray, rngs: np.ndarray, players: np.ndarray, codes: np.ndarray
    ) -> None:
        step_many(Ss, self.table, players, codes)

    def legal_many(self, Ss: np.ndarray, players: np.ndarray, masks: np.ndarray) -> None:
        legal_many(Ss, self.table, players, masks)

    def actors(self, S: np.ndarray) -> tuple[int, ...]:
        out = np.empty(2, dtype=np.int64)
        return tuple(out[: actors(S, out)].tolist())

    def random_games(
        self, seeds: np.ndarray, n: int, options: Any, agent_seeds: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Whole random games from the deal: moves, rounds (-1: not kept) and winner per seed."""
        opts = np.array(
            [
                options.four_plus_target == "opponent",
                options.malus_counts_as_bonus,
                options.three_plus_effect_win_scores,
                options.exchange_this_round,
                options.vp_tie == "domains",
            ],
            dtype=np.int64,
        )
        g = len(seeds)
        moves = np.zeros(g, dtype=np.int64)
        winners = np.zeros(g, dtype=np.int64)
        random_games(
            self.table, seeds, _DEALS[options.special_deal], opts, agent_seeds, moves, winners
        )
        return moves, np.full(g, -1, dtype=np.int64), winners
