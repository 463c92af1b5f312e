"""Sala de Miaula: each seat's win chance from a (determinized) state, for search leaves.

``leaf_values(state)`` is the result when the game is over. Otherwise the position is valued
at the first turn start at or after it: a half-played turn is finished by the heuristic agent
(a turn is a run of small decisions, and one with attacks still owed is hard to price; at the
start of a turn everything is settled). Always the *first* boundary, never the one after: the
search compares sibling moves of one turn, and ending the turn at once must be valued at the
same moment as playing on (valuing it after the opponent's next turn instead would mix two
kinds of estimate). Then, from the point of view of the player to move (``m``, the other
``o``), a logistic model:

    logit = BIAS + sum over the features k of WEIGHTS[k] * feature[k]

- ``life``: m's life minus o's life;
- ``field``, ``attack``, ``toughness``: for each side, how many creatures stand, the attack
  they bring (terrain bonus included; sick and fainted creatures count for half, they lose a
  turn) and the damage needed to clear them (life + damage reduction, plus the spare life of an
  unused Sete Vidas); m's value minus o's;
- ``hand_creatures``, ``hand_other``: cards in hand (creatures that may stand on the terrain,
  and spells and items), m minus o;
- ``reserve``: creatures still to come (deck and hand), m minus o: who runs out of defenders;
- ``exposed_m``, ``exposed_o``: a side with no creature has its life open to every attacker of
  the other (one attacker per blow): the other side's attack over that side's life, capped at 1.
  On m's side it is o's next turn (m may still put a defender down first); on o's side it is
  now, and when m's healthy attackers already carry o's whole life the game is decided.

The weights were fitted by ``benchmarks/sala_de_miaula_leaf_fit.py`` (logistic regression,
draws as half a win) on turn-start positions of heuristic-against-heuristic games over every
pair of starter decks, the first turns played with random moves mixed in (so that positions
a search wanders into are represented), the rest heuristic against heuristic to the end.

It reads the whole state: search agents call it only on their own determinized samples.
"""

from __future__ import annotations

import math
from typing import Any

from ...engine import GameState, SeatHandle
from ...games.sala_de_miaula.effects import attack_value, life_value, reduction
from ...games.sala_de_miaula.model import CREATURE, HEALTHY
from ..compiled import finish_turn as finish_in_core
from ..heuristics.sala_de_miaula import HeuristicAgent

# Fitted by ``benchmarks/sala_de_miaula_leaf_fit.py --games 8000 --seed 0`` (see the module
# docstring; held-out log loss 0.327 against 0.542 for the life difference alone).
BIAS = 0.616  # the player to move attacks first
WEIGHTS: dict[str, float] = {
    "life": 0.069,
    "field": -0.013,
    "attack": 0.154,
    "toughness": 0.157,
    "hand_creatures": 0.307,
    "hand_other": 0.251,
    "reserve": 0.074,
    "exposed_m": -0.295,
    "exposed_o": -0.257,
    "kills": 0.547,
}
FEATURES = tuple(WEIGHTS)
_W = tuple(WEIGHTS.values())

# A turn has a handful of decisions (at most 2 cards, 3 actions, the end); more is a bug.
MAX_TURN_MOVES = 40
# The heuristic's only randomness is a tie-break between items: a fixed seed per call keeps
# the evaluation a function of the state alone.
_FINISHER = HeuristicAgent(seed=0)


def at_turn_start(s: Any) -> bool:
    """Nothing played and no action spent yet this turn (every move but ending the turn plays a
    card or spends an action, so such a state is the turn's start)."""
    return not (s.played_creature or s.played_other or s.actions_spent)


def finish_turn(state: Any) -> Any:
    """A copy of ``state`` at the start of the next turn (or over), the current turn finished
    by the heuristic agent: in the compiled core where it has the game (the same moves and
    draws; ``_FINISHER``'s own generator is then left alone, which no call reads), else here."""
    s = state.clone()
    steps = finish_in_core(s, _FINISHER, 0, MAX_TURN_MOVES)
    if steps is None:
        return finish_turn_here(s)
    if steps >= MAX_TURN_MOVES:  # as below: that many moves and the turn goes on is a bug
        raise AssertionError("a turn did not end")
    return s


def finish_turn_here(s: Any) -> Any:
    """``finish_turn`` in Python, on ``s`` itself (the reference the core is held to)."""
    p = s.current
    _FINISHER.rng.seed(0)
    for _ in range(MAX_TURN_MOVES):
        if s.over or s.current != p:
            return s
        legal = s.legal_actions(p)
        a = legal[0] if len(legal) == 1 else _FINISHER.act(SeatHandle(s, p))
        s._apply(p, a)
    raise AssertionError("a turn did not end")


def _kills(ready: list[int], needs: list[int]) -> int:
    """How many of the needs the ready attacks can meet, one attacker each, greedily (the
    weakest target first, with the weakest attacker enough for it), then with the attackers
    left over joined against the weakest target left."""
    left = sorted(ready)
    kills = 0
    rest = []
    for need in sorted(needs):
        for i, a in enumerate(left):
            if a >= need:
                del left[i]
                kills += 1
                break
        else:
            rest.append(need)
    if rest and left and sum(left) >= rest[0]:
        kills += 1
    return kills


def _side(s: Any, q: int) -> tuple[int, float, float, float, list[int], list[int]]:
    """Creatures standing, their attack, their toughness, the healthy ones' attack, and each
    healthy creature's attack and each creature's damage needed."""
    cards = s.cards
    n, atk, tough, ready = 0, 0.0, 0.0, 0.0
    attacks: list[int] = []
    needs: list[int] = []
    for c in s.field[q]:
        if c is None:
            continue
        n += 1
        a = attack_value(s, c)
        atk += a if c.status == HEALTHY else a / 2
        if c.status == HEALTHY:
            ready += a
            attacks.append(a)
        t = life_value(s, c) + reduction(s, c)
        needs.append(t)
        if cards[c.card].lives and not c.lives_used:
            t += t
        tough += t
    return n, atk, tough, ready, attacks, needs


def _cards(s: Any, q: int) -> tuple[int, int, int]:
    """Standable creatures and other cards in hand, and creatures in hand and deck."""
    cards = s.cards
    el = s.terrain_element
    hc = ho = reserve = 0
    for cid in s.hand[q]:
        card = cards[cid]
        if card.kind == CREATURE:
            reserve += 1
            if card.opposite != el:
                hc += 1
        else:
            ho += 1
    for cid in s.deck[q]:
        if cards[cid].kind == CREATURE:
            reserve += 1
    return hc, ho, reserve


def features(s: Any) -> list[float] | None:
    """The model's inputs at a turn start, for the player to move; None when m wins now
    (o has no defender and m's healthy attackers carry o's whole life)."""
    m = s.current
    o = 1 - m
    nm, am, tm, rm, atks, _ = _side(s, m)
    no, ao, to, _, _, needs = _side(s, o)
    hcm, hom, resm = _cards(s, m)
    hco, hoo, reso = _cards(s, o)
    life_m, life_o = s.life[m], s.life[o]
    if no == 0 and rm >= life_o:
        return None
    return [
        float(life_m - life_o),
        float(nm - no),
        am - ao,
        tm - to,
        float(hcm - hco),
        float(hom - hoo),
        float(resm - reso),
        min(1.0, ao / life_m) if nm == 0 else 0.0,
        min(1.0, rm / life_o) if no == 0 else 0.0,
        float(_kills(atks, needs)),
    ]


def mover_chance(s: Any) -> float:
    """The chance that the player to move wins, at a turn start."""
    f = features(s)
    if f is None:
        return 1.0
    z = BIAS + sum(w * x for w, x in zip(_W, f, strict=True))
    return 1.0 / (1.0 + math.exp(-z))


def leaf_values(state: GameState) -> list[float]:
    """Each seat's expected win share (a draw is half a win)."""
    s: Any = state
    if not s.over and not at_turn_start(s):
        s = finish_turn(s)
    if s.over:
        r = s.result()
        return [r.payoff(p) for p in range(2)]
    v = mover_chance(s)
    out = [0.0, 0.0]
    out[s.current] = v
    out[1 - s.current] = 1.0 - v
    return out
