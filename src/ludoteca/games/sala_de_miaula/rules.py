"""The turn: draw, play up to a creature and a non-creature, one action per creature.

Decisions (docs/rules/sala-de-miaula.md, "Our rules"): the turn's draw is automatic; after it
the active player makes small decisions in any order until EndTurn. Each place gives at most one
action a turn (``SalaState.spent_places``): a creature that comes down in the place of one that
already acted or went to the Canil does not act, so a turn never has more actions than places
("three cats, three actions").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Action, Event
from . import effects as fx
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
    Attack,
    EndTurn,
    GoToCanil,
    GoToOficina,
    PlayCreature,
    PlayItem,
    PlaySpell,
    UseAbility,
    UseItem,
)
from .table import CREATURE, FAINTED, HEALTHY, ITEM, Creature

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


# -- who may do what --------------------------------------------------------------------------
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


# -- carrying an action out -------------------------------------------------------------------
def _from_hand(s: SalaState, p: int, cid: str) -> None:
    s.hand[p].remove(cid)
    if cid in s.known[p]:
        s.known[p].remove(cid)


def _spend(s: SalaState, slot: int) -> Creature:
    """The creature in ``slot`` spends its action, and the place has given this turn's action."""
    c = s.field[s.current][slot]
    assert c is not None
    c.acted = True
    s.actions_spent += 1
    s.spent_places[slot] = True
    return c


def apply(s: SalaState, p: int, a: Action) -> list[Event]:
    ev = fx.ev
    cards = s.cards
    me = s.field[p]
    if isinstance(a, EndTurn):
        return end_turn(s)
    if isinstance(a, Attack):
        return attack(s, p, a)
    if isinstance(a, PlayCreature):
        _from_hand(s, p, a.card)
        slot = fx.place_for(s, p, to_act=True)
        new = fx.enter(s, p, a.card, slot)
        s.played_creature = True
        # the very first turn, and no acting in the place of one that acted this turn
        new.acted = s.turn == 1 or s.spent_places[slot]
        return [ev("creature_played", player=p, card=cards[a.card].name, can_act=not new.acted)]
    if isinstance(a, PlayItem):
        _from_hand(s, p, a.card)
        s.played_other = True
        holder = me[a.slot]
        assert holder is not None
        out = []
        if holder.item is not None:  # swapping items: the old one goes to the Canil first
            s.canil[p].append(holder.item)
            out.append(
                ev(
                    "item_replaced",
                    player=p,
                    card=cards[holder.card].name,
                    item=cards[holder.item].name,
                )
            )
        holder.item = a.card
        if cards[a.card].potion:  # with a Potion, a creature is never sick nor fainted
            holder.status = HEALTHY
        return [
            *out,
            ev("item_played", player=p, card=cards[holder.card].name, item=cards[a.card].name),
        ]
    if isinstance(a, PlaySpell):
        _from_hand(s, p, a.card)
        s.played_other = True
        spell = cards[a.card]
        assert spell.effect is not None
        out = [ev("spell_played", player=p, card=spell.name)]
        out += fx.run(s, spell.effect, p, a.target, spell.params)
        s.canil[p].append(a.card)  # once resolved, to the Canil
        return out
    if isinstance(a, UseAbility | UseItem):
        c = _spend(s, a.slot)
        src = cards[c.card] if isinstance(a, UseAbility) else cards[c.item or ""]
        assert src.effect is not None
        kind = "ability_used" if isinstance(a, UseAbility) else "item_used"
        out = [ev(kind, player=p, card=cards[c.card].name, source=src.name)]
        return out + fx.run(s, src.effect, p, a.target, src.params)
    if isinstance(a, GoToCanil):
        c = _spend(s, a.slot)
        fx.to_canil(s, p, a.slot)
        return [ev("to_canil", player=p, card=cards[c.card].name)]
    if isinstance(a, GoToOficina):
        c = _spend(s, a.slot)
        c.oficina = True
        return [ev("to_oficina", player=p, card=cards[c.card].name)]
    raise AssertionError(f"unhandled action {a!r}")


def attack(s: SalaState, p: int, a: Attack) -> list[Event]:
    total = 0
    names = []
    for i in a.attackers:
        c = _spend(s, i)
        total += fx.attack_value(s, c)
        names.append(s.cards[c.card].name)
    who = " + ".join(names)
    if a.target == LIFE:
        return [
            fx.ev("attack_life", player=p, attackers=who, damage=total),
            *fx.damage_life(s, 1 - p, total),
        ]
    target = s.field[1 - p][a.target]
    assert target is not None
    out = [fx.ev("attack", player=p, attackers=who, target=s.cards[target.card].name, damage=total)]
    return out + fx.damage_creature(s, 1 - p, a.target, total)


# -- turns ------------------------------------------------------------------------------------
def start_turn(s: SalaState) -> list[Event]:
    p = s.current
    s.played_creature = s.played_other = False
    s.actions_spent = 0
    s.spent_places = [False] * PLACES
    out = [fx.ev("turn", player=p, turn=s.turn)]
    for c in s.field[p]:
        if c is None:
            continue
        c.acted = False
        if c.oficina:  # back from the Oficina, with the newest item of the Canil if hands are free
            c.oficina = False
            item = None
            if c.item is None:
                for i in range(len(s.canil[p]) - 1, -1, -1):
                    if s.cards[s.canil[p][i]].kind == ITEM:
                        item = s.canil[p].pop(i)
                        break
            if item is not None:
                c.item = item
                if s.cards[item].potion:
                    c.status = HEALTHY
            out.append(
                fx.ev(
                    "from_oficina",
                    player=p,
                    card=s.cards[c.card].name,
                    item=s.cards[item].name if item else "-",
                )
            )
    if s.turn == 1 and not s.options.first_player_draws:
        return out
    return out + fx.draw(s, p)


def end_turn(s: SalaState) -> list[Event]:
    p = s.current
    for c in s.field[p]:
        # a status lasts until the end of its owner's next turn
        if c is not None and c.status != HEALTHY and c.status_turn < s.turn:
            c.status = HEALTHY
    out = [fx.ev("turn_ended", player=p)]
    s.current = 1 - p
    s.turn += 1
    return out + start_turn(s)
