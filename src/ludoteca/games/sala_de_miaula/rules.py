"""What each action does: one handler per action type, found by the action's type; and the
turn's start (the automatic draw, the Oficina's return) and end (statuses wear off).

``apply`` is called only with a legal action of the player whose turn it is (legal.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...engine import Action, Event
from . import effects as fx
from .actions import (
    LIFE,
    PLACES,
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
from .model import HEALTHY, ITEM, Creature

if TYPE_CHECKING:
    from .state import SalaState

Move = Callable[["SalaState", int, Any], list[Event]]


def apply(s: SalaState, p: int, a: Action) -> list[Event]:
    return MOVES[type(a)](s, p, a)


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


def _end_turn(s: SalaState, p: int, a: EndTurn) -> list[Event]:
    return end_turn(s)


def _play_creature(s: SalaState, p: int, a: PlayCreature) -> list[Event]:
    _from_hand(s, p, a.card)
    slot = fx.place_for(s, p, to_act=True)
    new = fx.enter(s, p, a.card, slot)
    s.played_creature = True
    # the very first turn, and no acting in the place of one that acted this turn
    new.acted = s.turn == 1 or s.spent_places[slot]
    return [fx.ev("creature_played", player=p, card=a.card, can_act=not new.acted)]


def _play_item(s: SalaState, p: int, a: PlayItem) -> list[Event]:
    cards = s.cards
    _from_hand(s, p, a.card)
    s.played_other = True
    holder = s.field[p][a.slot]
    assert holder is not None
    out = []
    if holder.item is not None:  # swapping items: the old one goes to the Canil first
        s.canil[p].append(holder.item)
        out.append(
            fx.ev(
                "item_replaced",
                player=p,
                card=holder.card,
                item=holder.item,
            )
        )
    holder.item = a.card
    if cards[a.card].potion:  # with a Potion, a creature is never sick nor fainted
        holder.status = HEALTHY
    return [
        *out,
        fx.ev("item_played", player=p, card=holder.card, item=a.card),
    ]


def _play_spell(s: SalaState, p: int, a: PlaySpell) -> list[Event]:
    _from_hand(s, p, a.card)
    s.played_other = True
    spell = s.cards[a.card]
    assert spell.effect is not None
    out = [fx.ev("spell_played", player=p, card=a.card)]
    out += fx.run(s, spell.effect, p, a.target, spell.params)
    s.canil[p].append(a.card)  # once resolved, to the Canil
    return out


def _use_ability(s: SalaState, p: int, a: UseAbility) -> list[Event]:
    c = _spend(s, a.slot)
    src = s.cards[c.card]
    assert src.effect is not None
    out = [fx.ev("ability_used", player=p, card=c.card, ability=src.ability)]
    return out + fx.run(s, src.effect, p, a.target, src.params)


def _use_item(s: SalaState, p: int, a: UseItem) -> list[Event]:
    c = _spend(s, a.slot)
    src = s.cards[c.item or ""]
    assert src.effect is not None
    out = [fx.ev("item_used", player=p, card=c.card, source=c.item)]
    return out + fx.run(s, src.effect, p, a.target, src.params)


def _go_to_canil(s: SalaState, p: int, a: GoToCanil) -> list[Event]:
    c = _spend(s, a.slot)
    fx.to_canil(s, p, a.slot)
    return [fx.ev("to_canil", player=p, card=c.card)]


def _go_to_oficina(s: SalaState, p: int, a: GoToOficina) -> list[Event]:
    c = _spend(s, a.slot)
    c.oficina = True
    return [fx.ev("to_oficina", player=p, card=c.card)]


def attack(s: SalaState, p: int, a: Attack) -> list[Event]:
    total = 0
    who = []  # card ids: describe_event names them in the reader's language
    for i in a.attackers:
        c = _spend(s, i)
        total += fx.attack_value(s, c)
        who.append(c.card)
    if a.target == LIFE:
        return [
            fx.ev("attack_life", player=p, attackers=who, damage=total),
            *fx.damage_life(s, 1 - p, total),
        ]
    target = s.field[1 - p][a.target]
    assert target is not None
    out = [fx.ev("attack", player=p, attackers=who, target=target.card, damage=total)]
    return out + fx.damage_creature(s, 1 - p, a.target, total)


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
                    card=c.card,
                    item=item,
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


MOVES: dict[type[Action], Move] = {
    EndTurn: _end_turn,
    Attack: attack,
    PlayCreature: _play_creature,
    PlayItem: _play_item,
    PlaySpell: _play_spell,
    UseAbility: _use_ability,
    UseItem: _use_item,
    GoToCanil: _go_to_canil,
    GoToOficina: _go_to_oficina,
}
