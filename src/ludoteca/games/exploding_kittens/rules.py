"""The rules: pure functions over an EKState, called with actions already known to be legal.

The hot path (random playouts) runs through ``apply`` -> one handler per action type. The Nope
window is three ints (nopes, answered, wants) and a tuple of the seats still to answer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.actions import Action
from ...engine.events import Event
from ...engine.rng import Rng
from . import actions as A
from .cards import (
    ALTER3,
    ALTER5,
    ATTACK,
    BURY,
    DEFUSE,
    DRAW_BOTTOM,
    FAVOR,
    KEYS,
    KITTEN,
    NOPE,
    PERSONAL_ATTACK,
    REVERSE,
    SEE3,
    SEE5,
    SHUFFLE,
    SKIP,
    SUPER_SKIP,
    SWAP,
    TARGETED_ATTACK,
    TRIPLE_ATTACK,
    WILD,
)
from .phases import (
    ALTER,
    BURY_PHASE,
    DEFUSE_PHASE,
    FIVE,
    GIVE,
    MAIN,
    NAME,
    NO_PEND,
    OVER,
    PEND_FIVE,
    PEND_PAIR,
    PEND_TRIPLE,
    TAKE,
    TARGET,
    WINDOW,
)

if TYPE_CHECKING:
    from .state import EKState


TO = [frozenset({p}) for p in range(A.MAX_PLAYERS)]


def ev(kind: str, to: frozenset[int] | None = None, **data: object) -> Event:
    return Event(kind, data, to)


def shuffle(rng: Rng, xs: list[int]) -> None:
    """Fisher-Yates from the state's generator; multiply-shift instead of rejection (its bias,
    below 2**-57 for piles of this size, is far under anything a game could show)."""
    r = rng.next64
    for i in range(len(xs) - 1, 0, -1):
        j = (r() * (i + 1)) >> 64
        xs[i], xs[j] = xs[j], xs[i]


# -- turns ------------------------------------------------------------------------------
def next_alive(st: EKState, p: int) -> int:
    d = st.dir
    n = st.num_players
    alive = st.alive
    q = (p + d) % n
    while not alive[q]:
        q = (q + d) % n
    return q


def start_turn(st: EKState, p: int, owed: int, attacked: bool) -> None:
    st.cur = p
    st.owed = owed
    st.attacked = attacked
    st.turns += 1
    st.tturns[p] += 1
    st.phase = MAIN
    st._actors = (p,)


def end_one_turn(st: EKState) -> None:
    """A draw, Skip or Reverse ends one turn: the same player goes on if more are owed."""
    st.owed -= 1
    if st.owed > 0:
        p = st.cur
        st.turns += 1
        st.tturns[p] += 1
        st.phase = MAIN
        st._actors = (p,)
    else:
        start_turn(st, next_alive(st, st.cur), 1, False)


def attack(st: EKState, k: int, target: int) -> None:
    """Ends all the attacker's turns; the target owes k, plus (stacking) what the attacker owed."""
    owed = k + st.owed if (st.attacked and st.o_stack) else k
    start_turn(st, target, owed, True)


def super_skip(st: EKState) -> None:
    rest = st.owed - 1
    nxt = next_alive(st, st.cur)
    if st.o_sspass and rest > 0:
        start_turn(st, nxt, rest, st.attacked)
    else:
        start_turn(st, nxt, 1, False)


# -- knowledge of hands -----------------------------------------------------------------
def played_publicly(st: EKState, p: int, c: int) -> None:
    """p showed card c (played, discarded): observers who knew p held one know one less."""
    code = p * 32 + c
    for k in st.hk:
        if k and code in k:
            k.remove(code)


def transfer(st: EKState, src: int, dst: int, c: int, seers: int) -> None:
    """Card c moves from src's hand to dst's; the seats in the bitmask `seers` see which."""
    st.hands[src][c] -= 1
    st.hn[src] -= 1
    st.hands[dst][c] += 1
    st.hn[dst] += 1
    code = src * 32 + c
    for o in range(st.num_players):
        k = st.hk[o]
        if seers >> o & 1:
            if code in k:
                k.remove(code)
            if o != dst:
                k.append(dst * 32 + c)
        elif k:
            # o saw a card leave src but not which: o no longer knows what src holds
            st.hk[o] = [x for x in k if x >> 5 != src]


def discard_from_hand(st: EKState, p: int, c: int, k: int = 1) -> None:
    st.hands[p][c] -= k
    st.hn[p] -= k
    for _ in range(k):
        st.discard.append(c)
        played_publicly(st, p, c)


def forget_order(st: EKState, p: int) -> None:
    """p is about to slip a card into the pile secretly: every other seat loses the slots it
    knew, since whether a known card moved down one place would tell where the card went."""
    keep = 1 << p
    st.pk = [m & keep for m in st.pk]


# -- drawing and kittens ----------------------------------------------------------------
def draw(st: EKState, bottom: bool) -> list[Event]:
    p = st.cur
    if bottom:
        c = st.pile.pop(0)
        m = st.pk.pop(0)
    else:
        c = st.pile.pop()
        m = st.pk.pop()
    if c == KITTEN:
        out = [ev("kitten", player=p, bottom=bottom)]
        if st.hands[p][DEFUSE]:
            st.limbo = KITTEN
            st.lmask = -1
            st.phase = DEFUSE_PHASE
            st._actors = (p,)
        else:
            out += explode(st, p)
        return out
    st.hands[p][c] += 1
    st.hn[p] += 1
    m &= ~(1 << p)
    if m:
        # whoever knew that slot now knows p holds the card
        for o in range(st.num_players):
            if m >> o & 1:
                st.hk[o].append(p * 32 + c)
    out = [
        Event("draw", {"player": p, "bottom": bottom}, None),
        Event("drew", {"player": p, "card": KEYS[c]}, TO[p]),
    ]
    end_one_turn(st)
    return out


def explode(st: EKState, p: int) -> list[Event]:
    """p is out: the kitten and p's hand leave the game, face up."""
    h = st.hands[p]
    gone = [KITTEN]
    for c, k in enumerate(h):
        gone += [c] * k
    st.gone[p] = gone
    st.hands[p] = [0] * len(h)
    st.hn[p] = 0
    st.limbo = -1
    st.lmask = 0
    st.alive[p] = False
    st.alive_t = tuple(q for q in st.alive_t if q != p)
    st.out.append(p)
    st.hk[p] = []
    for o in range(st.num_players):
        if st.hk[o]:
            st.hk[o] = [x for x in st.hk[o] if x >> 5 != p]
    out = [ev("exploded", player=p, cards=[KEYS[c] for c in gone[1:]])]
    if len(st.alive_t) == 1:
        st.phase = OVER
        st._actors = ()
        out.append(ev("winner", player=st.alive_t[0], turns=st.turns))
    else:
        start_turn(st, next_alive(st, p), 1, False)
    return out


# -- the Nope window --------------------------------------------------------------------
def open_window(st: EKState) -> None:
    st.phase = WINDOW
    st.answered = 0
    st.wants = 0
    st._actors = st.alive_t


def answer(st: EKState, p: int, nope: bool) -> list[Event]:
    st.answered |= 1 << p
    if nope:
        st.wants |= 1 << p
    acts = st._actors
    i = acts.index(p)
    st._actors = rest = acts[:i] + acts[i + 1 :]
    if rest:
        return []
    return close_window(st)


def close_window(st: EKState) -> list[Event]:
    wants = st.wants
    if wants:
        # one Nope counts: the first in turn order from the active player; the rest keep theirs
        q = st.cur
        n = st.num_players
        while not wants >> q & 1:
            q = (q + st.dir) % n
        discard_from_hand(st, q, NOPE)
        st.nopes += 1
        open_window(st)
        return [Event("nope", {"player": q, "count": st.nopes}, None)]
    if st.nopes & 1:
        out = [ev("cancelled", player=st.cur, nopes=st.nopes)]
        to_main(st)
        return out
    return resolve(st)


def to_main(st: EKState) -> None:
    st.phase = MAIN
    st.pend = NO_PEND
    st._actors = (st.cur,)


# -- effects ----------------------------------------------------------------------------
def resolve(st: EKState) -> list[Event]:
    """The pending card or combo takes effect (an even number of Nopes was played on it)."""
    pend = st.pend
    p = st.cur
    st.pend = NO_PEND
    if pend == ATTACK:
        attack(st, 2, next_alive(st, p))
        return [ev("turns", player=st.cur, owed=st.owed)]
    if pend == TRIPLE_ATTACK:
        attack(st, 3, next_alive(st, p))
        return [ev("turns", player=st.cur, owed=st.owed)]
    if pend == TARGETED_ATTACK:
        attack(st, 2, st.ptarget)
        return [ev("turns", player=st.cur, owed=st.owed)]
    if pend == SKIP:
        end_one_turn(st)
        return []
    if pend == REVERSE:
        st.dir = -st.dir
        end_one_turn(st)
        return []
    if pend == SUPER_SKIP:
        super_skip(st)
        return [ev("turns", player=st.cur, owed=st.owed)]
    if pend == PERSONAL_ATTACK:
        st.owed += 2
        to_main(st)
        return [ev("turns", player=p, owed=st.owed)]
    if pend == FAVOR:
        t = st.ptarget
        if st.hn[t] == 0:
            to_main(st)
            return [ev("empty_hand", player=t)]
        st.phase = GIVE
        st._actors = (t,)
        return []
    if pend == SHUFFLE:
        shuffle(st.rng, st.pile)
        st.pk = [0] * len(st.pile)
        to_main(st)
        return [ev("shuffled", player=p)]
    if pend == DRAW_BOTTOM:
        return draw(st, True)
    if pend in (SEE3, SEE5):
        return see(st, 3 if pend == SEE3 else 5)
    if pend in (ALTER3, ALTER5):
        return alter_start(st, 3 if pend == ALTER3 else 5)
    if pend == SWAP:
        pile, pk = st.pile, st.pk
        pile[0], pile[-1] = pile[-1], pile[0]
        pk[0], pk[-1] = pk[-1], pk[0]
        to_main(st)
        return [ev("swapped", player=p)]
    if pend == BURY:
        return bury(st)
    if pend == PEND_PAIR:
        return steal(st)
    if pend == PEND_TRIPLE:
        return ask(st)
    if pend == PEND_FIVE:
        st.phase = TAKE
        st._actors = (p,)
        return []
    raise AssertionError(f"nothing to resolve: {pend}")


def see(st: EKState, k: int) -> list[Event]:
    p = st.cur
    k = min(k, len(st.pile))
    bit = 1 << p
    pk = st.pk
    for i in range(1, k + 1):
        pk[-i] |= bit
    cards = [KEYS[st.pile[-i]] for i in range(1, k + 1)]
    to_main(st)
    return [ev("saw", player=p, count=k), ev("future", TO[p], player=p, cards=cards)]


def alter_start(st: EKState, k: int) -> list[Event]:
    p = st.cur
    k = min(k, len(st.pile))
    bit = 1 << p
    # the order changes secretly: only p knows these slots from now on
    for i in range(1, k + 1):
        st.pk[-i] = bit
    cards = [KEYS[st.pile[-i]] for i in range(1, k + 1)]
    out = [ev("saw", player=p, count=k), ev("future", TO[p], player=p, cards=cards)]
    # always k - 1 placements, even when some are forced: how many decisions the player makes
    # must not tell the table whether the top cards are alike
    if k <= 1:
        to_main(st)
        out.append(ev("altered", player=p))
        return out
    st.phase = ALTER
    st.ak = k
    st.ai = 0
    st._actors = (p,)
    return out


def alter_pick(st: EKState, c: int) -> list[Event]:
    pile = st.pile
    top = len(pile) - 1 - st.ai
    j = top
    while pile[j] != c:
        j -= 1
    pile[j], pile[top] = pile[top], pile[j]
    st.ai += 1
    if st.ai == st.ak - 1:  # the last card has its place
        st.ak = st.ai = 0
        to_main(st)
        return [ev("altered", player=st.cur)]
    return []


def bury(st: EKState) -> list[Event]:
    p = st.cur
    c = st.pile.pop()
    m = st.pk.pop()
    if st.o_bury_any:
        st.limbo = c
        st.lmask = m & (1 << p)
        st.phase = BURY_PHASE
        st._actors = (p,)
        return []
    st.pile.insert(0, c)
    st.pk.insert(0, m | (1 << p))
    out = [ev("buried", player=p), ev("buried_card", TO[p], player=p, card=KEYS[c])]
    end_one_turn(st)
    return out


def steal(st: EKState) -> list[Event]:
    p, t = st.cur, st.ptarget
    to_main(st)
    if st.hn[t] == 0:
        return [ev("empty_hand", player=t)]
    r = st.rng.randbelow(st.hn[t])
    h = st.hands[t]
    c = 0
    while r >= h[c]:
        r -= h[c]
        c += 1
    transfer(st, t, p, c, (1 << p) | (1 << t))
    return [
        ev("steal", player=p, target=t),
        ev("stolen", TO[p] | TO[t], player=p, target=t, card=KEYS[c]),
    ]


def ask(st: EKState) -> list[Event]:
    p, t, c = st.cur, st.ptarget, st.pname
    to_main(st)
    if st.hands[t][c]:
        transfer(st, t, p, c, -1)
        return [ev("ask_hit", player=p, target=t, card=KEYS[c])]
    return [ev("ask_miss", player=p, target=t, card=KEYS[c])]


# -- action handlers --------------------------------------------------------------------
def _pend(st: EKState, pend: int, card: int, wilds: int) -> None:
    st.pend = pend
    st.pcard = card
    st.pwilds = wilds
    st.ptarget = -1
    st.pname = -1
    st.nopes = 0


def _open(st: EKState) -> list[Event]:
    """Targets and names are chosen: announce the play and open the window for everyone."""
    pend = st.pend
    p = st.cur
    open_window(st)
    if pend < PEND_PAIR:
        return [Event("play", {"player": p, "card": KEYS[pend], "target": st.ptarget}, None)]
    size = 2 if pend == PEND_PAIR else 3 if pend == PEND_TRIPLE else 5
    return [
        ev(
            "combo",
            player=p,
            size=size,
            card=KEYS[st.pcard] if st.pcard >= 0 else "",
            cards=[KEYS[c] for c in st.picks] if pend == PEND_FIVE and st.pcard < 0 else [],
            target=st.ptarget,
            name=KEYS[st.pname] if st.pname >= 0 else "",
        )
    ]


def do_play(st: EKState, p: int, a: A.Play) -> list[Event]:
    c = a.card
    discard_from_hand(st, p, c)
    _pend(st, c, c, 0)
    if c in (TARGETED_ATTACK, FAVOR):
        st.phase = TARGET
        return []
    return _open(st)


def _combo(st: EKState, p: int, c: int, wilds: int, size: int, pend: int) -> None:
    discard_from_hand(st, p, c, size - wilds)
    if wilds:
        discard_from_hand(st, p, WILD, wilds)
    _pend(st, pend, c, wilds)


def do_pair(st: EKState, p: int, a: A.Pair) -> list[Event]:
    _combo(st, p, a.card, a.wilds, 2, PEND_PAIR)
    st.phase = TARGET
    return []


def do_triple(st: EKState, p: int, a: A.Triple) -> list[Event]:
    _combo(st, p, a.card, a.wilds, 3, PEND_TRIPLE)
    st.phase = TARGET
    return []


def do_five_same(st: EKState, p: int, a: A.FiveSame) -> list[Event]:
    _combo(st, p, a.card, a.wilds, 5, PEND_FIVE)
    st.picks = []
    return _open(st)


def do_five_start(st: EKState, p: int, a: A.FiveStart) -> list[Event]:
    _pend(st, PEND_FIVE, -1, 0)
    st.picks = []
    st.phase = FIVE
    return []


def do_five_pick(st: EKState, p: int, a: A.FivePick) -> list[Event]:
    discard_from_hand(st, p, a.card)
    st.picks.append(a.card)
    if len(st.picks) == 5:
        return _open(st)
    return []


def do_target(st: EKState, p: int, a: A.Target) -> list[Event]:
    st.ptarget = a.player
    if st.pend == PEND_TRIPLE:
        st.phase = NAME
        return []
    return _open(st)


def do_name(st: EKState, p: int, a: A.Name) -> list[Event]:
    st.pname = a.card
    return _open(st)


def do_nope(st: EKState, p: int, a: A.Nope) -> list[Event]:
    return answer(st, p, True)


def do_pass(st: EKState, p: int, a: A.Pass) -> list[Event]:
    return answer(st, p, False)


def do_give(st: EKState, p: int, a: A.Give) -> list[Event]:
    to = st.cur
    transfer(st, p, to, a.card, (1 << p) | (1 << to))
    to_main(st)
    return [
        ev("gave", player=p, target=to),
        ev("gave_card", TO[p] | TO[to], player=p, target=to, card=KEYS[a.card]),
    ]


def do_take(st: EKState, p: int, a: A.Take) -> list[Event]:
    c = a.card
    st.discard.remove(c)
    st.hands[p][c] += 1
    st.hn[p] += 1
    for o in range(st.num_players):
        if o != p:
            st.hk[o].append(p * 32 + c)
    to_main(st)
    return [ev("take", player=p, card=KEYS[c])]


def do_alter(st: EKState, p: int, a: A.AlterPick) -> list[Event]:
    return alter_pick(st, a.card)


def do_defuse(st: EKState, p: int, a: A.DefuseAt) -> list[Event]:
    st.hands[p][DEFUSE] -= 1
    st.hn[p] -= 1
    st.discard.append(DEFUSE)
    played_publicly(st, p, DEFUSE)
    forget_order(st, p)
    i = len(st.pile) - a.position
    st.pile.insert(i, KITTEN)
    st.pk.insert(i, 1 << p)
    st.limbo = -1
    st.lmask = 0
    out = [ev("defused", player=p), ev("placed", TO[p], player=p, position=a.position)]
    end_one_turn(st)
    return out


def do_bury_at(st: EKState, p: int, a: A.BuryAt) -> list[Event]:
    forget_order(st, p)
    i = len(st.pile) - a.position
    st.pile.insert(i, st.limbo)
    st.pk.insert(i, st.lmask)
    st.limbo = -1
    st.lmask = 0
    out = [ev("buried", player=p), ev("buried_at", TO[p], player=p, position=a.position)]
    end_one_turn(st)
    return out


def do_draw(st: EKState, p: int, a: A.Draw) -> list[Event]:
    return draw(st, False)


def do_explode(st: EKState, p: int, a: A.Explode) -> list[Event]:
    return explode(st, p)


HANDLERS: dict[type, object] = {
    A.Draw: do_draw,
    A.Play: do_play,
    A.Pair: do_pair,
    A.Triple: do_triple,
    A.FiveSame: do_five_same,
    A.FiveStart: do_five_start,
    A.FivePick: do_five_pick,
    A.Target: do_target,
    A.Name: do_name,
    A.Nope: do_nope,
    A.Pass: do_pass,
    A.Give: do_give,
    A.Take: do_take,
    A.AlterPick: do_alter,
    A.DefuseAt: do_defuse,
    A.BuryAt: do_bury_at,
    A.Explode: do_explode,
}


def apply(st: EKState, p: int, a: Action) -> list[Event]:
    handler = HANDLERS[type(a)]
    return handler(st, p, a)  # type: ignore[operator]
