"""Which actions are legal: the list for agents, and a cheap yes/no test for the engine's apply.

``is_legal`` must agree exactly with ``legal_actions`` (a test checks it over the whole action
space); it exists because building the list and searching it is too slow for the hot path.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.actions import Action
from ...engine.errors import IllegalAction
from . import actions as A
from .cards import (
    ACTION_CARDS,
    CATS,
    DEFUSE,
    FAVOR,
    KITTEN,
    NK,
    NOPE,
    TARGETED_ATTACK,
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
    OVER,
    TAKE,
    TARGET,
    WINDOW,
)

if TYPE_CHECKING:
    from .state import EKState


IS_ACTION = [c in ACTION_CARDS for c in range(NK)]
IS_CAT = [c in CATS for c in range(NK)]
PLAY = [A.PLAY.get(c) for c in range(NK)]
PAIR = [A.PAIR.get(c) for c in range(NK)]
TRIPLE = [A.TRIPLE.get(c) for c in range(NK)]
NAMES: list[Action] = [A.NAME[c] for c in range(NK) if c != KITTEN]


def _card(c: object) -> bool:
    return type(c) is int and 0 <= c < NK and c != KITTEN


def has_target(st: EKState, p: int) -> bool:
    """Someone else still in holds a card (Favor and combos need such a target)."""
    hn = st.hn
    return any(q != p and hn[q] for q in st.alive_t)


def valid_target(st: EKState, t: object) -> bool:
    if type(t) is not int or not 0 <= t < st.num_players or t == st.cur or not st.alive[t]:
        return False
    return st.pend == TARGETED_ATTACK or st.hn[t] > 0


def main_actions(st: EKState, p: int) -> list[Action]:
    h = st.hands[p]
    tgt = has_target(st, p)
    acts: list[Action] = [A.DRAW]
    distinct = 0
    for c in range(NK):
        k = h[c]
        if not k:
            continue
        distinct += 1
        if IS_ACTION[c] and (tgt or c != FAVOR):
            acts.append(PLAY[c])  # type: ignore[arg-type]
        if k >= 2 and tgt:
            acts.append(PAIR[c])  # type: ignore[arg-type]
            if k >= 3:
                acts.append(TRIPLE[c])  # type: ignore[arg-type]
    w = h[WILD]
    if w and tgt:
        for c in CATS:
            k = h[c]
            if k:
                acts.append(A.PAIR_W[c])
                if k >= 2:
                    acts.append(A.TRIPLE_W[c, 1])
                if w >= 2:
                    acts.append(A.TRIPLE_W[c, 2])
    if st.o_five_diff:
        if distinct >= 5:
            acts.append(A.FIVE_START)
    else:
        for c in range(NK):
            if h[c] >= 5:
                acts.append(A.FIVE_SAME[c])
        if w:
            for c in CATS:
                k = h[c]
                if k:
                    for wi in range(max(1, 5 - k), min(w, 4) + 1):
                        acts.append(A.FIVE_SAME_W[c, wi])
    return acts


def five_picks(st: EKState, p: int) -> list[Action]:
    h = st.hands[p]
    need = 5 - len(st.picks)
    last = st.picks[-1] if st.picks else -1
    held = [c for c in range(last + 1, NK) if h[c]]
    # pick in increasing card order, and only cards that leave enough different ones to finish
    return [A.FIVE_PICK[c] for c in held[: len(held) - need + 1]]


def alter_choices(st: EKState) -> list[int]:
    pile = st.pile
    low = len(pile) - st.ak
    top = len(pile) - 1 - st.ai
    return sorted(set(pile[low : top + 1]))


def legal_actions(st: EKState, p: int) -> list[Action]:
    if p not in st._actors:
        return []
    ph = st.phase
    if ph == WINDOW:
        return [A.PASS, A.NOPE_ACT] if st.hands[p][NOPE] else [A.PASS]
    if ph == MAIN:
        return main_actions(st, p)
    if ph == TARGET:
        return [A.TARGET[t] for t in range(st.num_players) if valid_target(st, t)]
    if ph == NAME:
        return NAMES[:]
    if ph == FIVE:
        return five_picks(st, p)
    if ph == GIVE:
        h = st.hands[p]
        return [A.GIVE[c] for c in range(NK) if h[c]]
    if ph == TAKE:
        return [A.TAKE[c] for c in sorted(set(st.discard))]
    if ph == ALTER:
        return [A.ALTER[c] for c in alter_choices(st)]
    if ph == DEFUSE_PHASE:
        return A.DEFUSE_AT[: len(st.pile) + 1]
    if ph == BURY_PHASE:
        return A.BURY_AT[: len(st.pile) + 1]
    return []


def _main_legal(st: EKState, p: int, a: Action) -> bool:
    t = type(a)
    if t is A.Draw:
        return True
    h = st.hands[p]
    if t is A.Play:
        c = a.card  # type: ignore[attr-defined]
        return _card(c) and IS_ACTION[c] and h[c] > 0 and (c != FAVOR or has_target(st, p))
    if t is A.Pair or t is A.Triple:
        c, w = a.card, a.wilds  # type: ignore[attr-defined]
        size = 2 if t is A.Pair else 3
        if not _card(c) or type(w) is not int or not has_target(st, p):
            return False
        if w == 0:
            return h[c] >= size
        return IS_CAT[c] and 1 <= w < size and h[c] >= size - w and h[WILD] >= w
    if t is A.FiveStart:
        return st.o_five_diff and sum(1 for k in h if k) >= 5
    if t is A.FiveSame:
        c, w = a.card, a.wilds  # type: ignore[attr-defined]
        if st.o_five_diff or not _card(c) or type(w) is not int:
            return False
        if w == 0:
            return h[c] >= 5
        return IS_CAT[c] and 1 <= w <= 4 and h[c] >= 5 - w and h[WILD] >= w
    return False


def is_legal(st: EKState, p: int, a: Action) -> bool:
    if p not in st._actors:
        return False
    ph = st.phase
    t = type(a)
    if ph == WINDOW:
        return t is A.Pass or (t is A.Nope and st.hands[p][NOPE] > 0)
    if ph == MAIN:
        return _main_legal(st, p, a)
    if ph == TARGET:
        return t is A.Target and valid_target(st, a.player)  # type: ignore[attr-defined]
    if ph == NAME:
        return t is A.Name and _card(a.card)  # type: ignore[attr-defined]
    if ph == GIVE:
        return t is A.Give and _card(a.card) and st.hands[p][a.card] > 0  # type: ignore[attr-defined]
    if ph == TAKE:
        return t is A.Take and _card(a.card) and a.card in st.discard  # type: ignore[attr-defined]
    if ph == DEFUSE_PHASE:
        pos = getattr(a, "position", None)
        return t is A.DefuseAt and type(pos) is int and 0 <= pos <= len(st.pile)
    if ph == BURY_PHASE:
        pos = getattr(a, "position", None)
        return t is A.BuryAt and type(pos) is int and 0 <= pos <= len(st.pile)
    if ph in (FIVE, ALTER):
        return a in legal_actions(st, p)
    return False


def timeout_action(st: EKState, p: int) -> Action:
    """The table clock: a kitten goes off ("se não for rápido o suficiente"), a window passes,
    a turn ends by drawing, a Favor gives the cheapest card (cats first, Defuse last);
    elsewhere the first legal choice."""
    if p not in st._actors:
        raise IllegalAction(f"player {p!r} has no decision to make now")
    ph = st.phase
    if ph == DEFUSE_PHASE:
        return A.EXPLODE
    if ph == WINDOW:
        return A.PASS
    if ph == GIVE:
        # a Favor the giver let run out: the card they would miss least, never a Defuse or a
        # Nope while anything else is in hand
        h = st.hands[p]
        for c in (*CATS, WILD, *ACTION_CARDS, NOPE, DEFUSE):
            if h[c]:
                return A.GIVE[c]
    return legal_actions(st, p)[0]


def explain_illegal(st: EKState, p: int, a: Action) -> str:
    """Why an action is refused, in terms of what p can see (p's own hand, the public table)."""
    if st.phase == OVER:
        return "the game is over"
    if p not in st._actors:
        return f"player {p} has no decision to make now"
    what = {
        MAIN: "play a card or combo, or draw",
        TARGET: "choose a target (another player still in; for Favor and combos, one holding cards)",
        NAME: "name the card you ask for",
        FIVE: "pick the next of five different cards from your hand",
        WINDOW: "answer the window: pass, or Nope if you hold one",
        GIVE: "choose a card of your hand to give",
        TAKE: "choose a card of the discard pile",
        ALTER: "choose the next card from the top",
        DEFUSE_PHASE: "choose where to put the kitten back (0 = top)",
        BURY_PHASE: "choose where to put the card back (0 = top)",
    }[st.phase]
    return f"{a.TYPE} is not legal now: {what}"
