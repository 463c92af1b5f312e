"""Which actions are legal now: draw first (automatic), then any order of small decisions.

Decisions (docs/rules/sala-de-miaula.md, "Our rules"): the turn's draw is automatic; after it
the active player makes small decisions in any order until EndTurn. Each place gives at most one
action a turn (``SalaState.spent_places``): a creature that comes down in the place of one that
already acted or went to the Canil does not act, so a turn never has more actions than places
("three cats, three actions").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Action, IllegalAction
from . import effects as fx
from . import refusals
from .actions import (
    ABILITIES,
    ATTACKER_SETS,
    ATTACKS,
    END_TURN,
    ITEM_USES,
    LIFE,
    PLACES,
    TARGETS,
    TO_CANIL,
    TO_OFICINA,
    PlayCreature,
    PlayItem,
    PlaySpell,
)
from .model import CREATURE, FAINTED, HEALTHY, ITEM, Creature

if TYPE_CHECKING:
    from .state import SalaState

MAX_ACTIONS = PLACES  # three cats, three actions
# attacker groups available for each set of ready places (a bit mask)
_GROUPS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(a for a in ATTACKER_SETS if all(mask >> i & 1 for i in a)) for mask in range(1 << PLACES)
)

_PLAY_CREATURE: dict[str, PlayCreature] = {}
_PLAY_ITEM: dict[tuple[str, int], PlayItem] = {}
_PLAY_SPELL: dict[tuple[str, int], PlaySpell] = {}


def _pc(card: str) -> PlayCreature:
    a = _PLAY_CREATURE.get(card)
    if a is None:
        a = _PLAY_CREATURE[card] = PlayCreature(card)
    return a


def _pi(card: str, slot: int) -> PlayItem:
    a = _PLAY_ITEM.get((card, slot))
    if a is None:
        a = _PLAY_ITEM[card, slot] = PlayItem(card, slot)
    return a


def _ps(card: str, target: int) -> PlaySpell:
    a = _PLAY_SPELL.get((card, target))
    if a is None:
        a = _PLAY_SPELL[card, target] = PlaySpell(card, target)
    return a


def can_act(c: Creature | None) -> bool:
    return c is not None and not c.acted


def may_attack(c: Creature | None) -> bool:
    """Sick cats do not attack, fainted cats only go to the Canil."""
    return c is not None and not c.acted and c.status == HEALTHY


def attack_targets(s: SalaState, p: int) -> list[int]:
    """Enemy places an attack may aim at: a Guardião first; life only with no defender."""
    enemy = s.field[1 - p]
    g = fx.guards(s, 1 - p)
    if g:
        return g
    places = [i for i, c in enumerate(enemy) if c is not None]
    return places if places else [LIFE]


def legal_actions(s: SalaState, p: int) -> list[Action]:
    if s.over or p != s.current:
        return []
    out: list[Action] = [END_TURN]
    me = s.field[p]
    cards = s.cards
    seen: set[str] = set()
    free = fx.free_place(s, p) >= 0
    for cid in s.hand[p]:
        if cid in seen:
            continue
        seen.add(cid)
        card = cards[cid]
        if card.kind == CREATURE:
            if not s.played_creature and free and fx.may_stand(s, cid):
                out.append(_pc(cid))
        elif s.played_other:
            continue
        elif card.kind == ITEM:
            out += [_pi(cid, i) for i in range(PLACES) if me[i] is not None]
        else:
            assert card.effect is not None
            for t in TARGETS:
                if fx.can_use(s, card.effect, p, t, card.params):
                    out.append(_ps(cid, t))
    if s.actions_spent >= MAX_ACTIONS:
        return out
    ready = 0
    for i in range(PLACES):
        if may_attack(me[i]):
            ready |= 1 << i
    if ready:
        groups = _GROUPS[ready]
        for t in attack_targets(s, p):
            if t == LIFE:
                out += [ATTACKS[a, LIFE] for a in groups if len(a) == 1]
            else:
                out += [ATTACKS[a, t] for a in groups]
    for i in range(PLACES):
        c = me[i]
        if c is None or c.acted:
            continue
        if c.status != FAINTED:
            ab = cards[c.card]
            if ab.effect is not None:
                out += [
                    ABILITIES[i, t] for t in TARGETS if fx.can_use(s, ab.effect, p, t, ab.params)
                ]
            if c.item is not None:
                it = cards[c.item]
                if it.effect is not None:
                    out += [
                        ITEM_USES[i, t]
                        for t in TARGETS
                        if fx.can_use(s, it.effect, p, t, it.params)
                    ]
        out.append(TO_CANIL[i])
        if s.oficina_enabled and (c.status == HEALTHY or s.oficina_any_status):
            out.append(TO_OFICINA[i])
    return out


def explain_illegal(s: SalaState, player: int, action: Action) -> str:
    """The first rule ``action`` breaks, precisely, in English (refusals.py)."""
    return refusals.explain(s, player, action, "en")


def timeout_action(s: SalaState, player: int) -> Action:
    """A clock that runs out ends the turn (nothing else is done for the player)."""
    if player != s.current or s.over:
        raise IllegalAction(f"player {player!r} has no decision to make now")
    return END_TURN
