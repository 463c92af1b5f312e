"""One implementation per effect. Cards (creature abilities, spells, items) only name an effect
and its parameters; everything here works on the plain state of state.py.

Each function returns the events it caused. ``owner`` is the player using the effect;
``target`` follows the conventions of actions.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...engine import Event
from .actions import NO_TARGET, PLACES
from .model import FAINTED, HEALTHY, STATUS_CODES, STATUS_NAMES, Creature

if TYPE_CHECKING:
    from .state import SalaState

MAX_LIFE = 15


def ev(kind: str, **data: Any) -> Event:
    return Event(kind, data)


# -- reading the table ------------------------------------------------------------------------
def attack_value(s: SalaState, c: Creature) -> int:
    """Printed attack, plus the item's bonus, plus 1 on a terrain of the creature's element."""
    card = s.cards[c.card]
    v = card.attack
    if c.item is not None:
        v += s.cards[c.item].attack
    if card.element == s.terrain_element:
        v += 1
    return v


def life_value(s: SalaState, c: Creature) -> int:
    v = s.cards[c.card].life
    if c.item is not None:
        v += s.cards[c.item].life
    return v


def reduction(s: SalaState, c: Creature) -> int:
    v = s.cards[c.card].reduce
    if c.item is not None:
        v += s.cards[c.item].reduce
    return v


def has_potion(s: SalaState, c: Creature) -> bool:
    return c.item is not None and s.cards[c.item].potion


def side_is_brave(s: SalaState, p: int) -> bool:
    """Coragem (ability or item) shields its holder and every ally from being scared."""
    for c in s.field[p]:
        if c is not None and (
            s.cards[c.card].courage or (c.item is not None and s.cards[c.item].courage)
        ):
            return True
    return False


def guards(s: SalaState, p: int) -> list[int]:
    """Places of p's Guardião creatures that are awake (a fainted guard protects nobody)."""
    return [
        i
        for i, c in enumerate(s.field[p])
        if c is not None and c.status != FAINTED and s.cards[c.card].guard
    ]


def free_place(s: SalaState, p: int) -> int:
    """The first free place of p (the Oficina keeps its place), or -1."""
    for i, c in enumerate(s.field[p]):
        if c is None:
            return i
    return -1


def place_for(s: SalaState, p: int, to_act: bool) -> int:
    """Where a creature comes down (p is the player whose turn it is): the first free place.
    One that may act prefers a place that has not given an action this turn; one that may not
    act (Retorno, Mola) prefers a place that has, so that it takes no action away."""
    free = [i for i, c in enumerate(s.field[p]) if c is None]
    for i in free:
        if s.spent_places[i] != to_act:
            return i
    return free[0]


def may_stand(s: SalaState, card_id: str) -> bool:
    """A creature of the element opposed to the terrain cannot be on the Battlefield."""
    return s.cards[card_id].opposite != s.terrain_element


# -- moving cards -----------------------------------------------------------------------------
def to_canil(s: SalaState, p: int, slot: int) -> Creature:
    """Creature and its item go to the owner's Canil together."""
    c = s.field[p][slot]
    assert c is not None
    s.field[p][slot] = None
    s.canil[p].append(c.card)
    if c.item is not None:
        s.canil[p].append(c.item)
    return c


def defeat(s: SalaState, p: int, slot: int, damage: int) -> list[Event]:
    """``damage`` reached a creature: defeated if it is at least its life (no overflow)."""
    c = s.field[p][slot]
    assert c is not None
    name = c.card
    if damage < life_value(s, c):
        return [ev("resisted", player=p, card=name, damage=damage)]
    if s.cards[c.card].lives and not c.lives_used:
        c.lives_used = True
        return [ev("seven_lives", player=p, card=name)]
    to_canil(s, p, slot)
    return [ev("defeated", player=p, card=name, damage=damage)]


def damage_creature(s: SalaState, p: int, slot: int, amount: int) -> list[Event]:
    c = s.field[p][slot]
    assert c is not None
    return defeat(s, p, slot, max(0, amount - reduction(s, c)))


def damage_life(s: SalaState, p: int, amount: int) -> list[Event]:
    s.life[p] = max(0, s.life[p] - amount)
    out = [ev("life_lost", player=p, amount=amount, life=s.life[p])]
    if s.life[p] == 0:
        s.finish((1 - p,), "life")
    return out


def draw(s: SalaState, p: int) -> list[Event]:
    """Draw one card; with none left, the game ends at once (higher life wins)."""
    if not s.deck[p]:
        s.finish_deck_out(p)
        return [ev("deck_out", player=p)]
    card = s.deck[p].pop()
    s.hand[p].append(card)
    return [
        ev("drew", player=p),
        Event("drew_card", {"player": p, "card": card}, frozenset((p,))),
    ]


def enter(s: SalaState, p: int, card: str, slot: int) -> Creature:
    c = Creature(card)
    s.field[p][slot] = c
    return c


def set_terrain(s: SalaState, terrain: str) -> list[Event]:
    """Every creature feels the change at once: the ones of the opposed element leave."""
    s.set_terrain(terrain)
    out = [ev("terrain", terrain=terrain)]
    for p in (s.current, 1 - s.current):
        for slot in range(PLACES):
            c = s.field[p][slot]
            if c is not None and not may_stand(s, c.card):
                to_canil(s, p, slot)
                out.append(ev("swept", player=p, card=c.card))
    return out


def give_status(s: SalaState, p: int, slot: int, status: int) -> list[Event]:
    c = s.field[p][slot]
    assert c is not None
    if c.status == FAINTED and status != FAINTED:
        return []  # the worse status wins
    c.status = status
    c.status_turn = s.turn
    return [ev("status", player=p, card=c.card, status=STATUS_NAMES[status])]


def scare(s: SalaState, p: int, slot: int) -> list[Event]:
    """Creature and item go back to the owner's hand, separated; the table saw them go."""
    c = s.field[p][slot]
    assert c is not None
    s.field[p][slot] = None
    back = [c.card] if c.item is None else [c.card, c.item]
    s.hand[p] += back
    s.known[p] = sorted(s.known[p] + back)
    return [ev("scared", player=p, card=c.card)]


# -- the effects ------------------------------------------------------------------------------
# can_use(s, owner, target, params) says whether the effect may be used now with that target;
# run(s, owner, target, params) carries it out.
def _enemy(s: SalaState, owner: int, target: int) -> Creature | None:
    if not 0 <= target < PLACES:
        return None
    return s.field[1 - owner][target]


def _can_enemy(s: SalaState, owner: int, target: int, params: Any) -> bool:
    return _enemy(s, owner, target) is not None


def _can_status(s: SalaState, owner: int, target: int, params: Any) -> bool:
    c = _enemy(s, owner, target)
    return c is not None and not has_potion(s, c)


def _run_status(s: SalaState, owner: int, target: int, params: Any) -> list[Event]:
    return give_status(s, 1 - owner, target, STATUS_CODES[params["status"]])


def _can_scare(s: SalaState, owner: int, target: int, params: Any) -> bool:
    return _enemy(s, owner, target) is not None and not side_is_brave(s, 1 - owner)


def _run_scare(s: SalaState, owner: int, target: int, params: Any) -> list[Event]:
    return scare(s, 1 - owner, target)


def _run_damage(s: SalaState, owner: int, target: int, params: Any) -> list[Event]:
    return damage_creature(s, 1 - owner, target, params["amount"])


def _can_hammer(s: SalaState, owner: int, target: int, params: Any) -> bool:
    return _enemy(s, owner, target) is not None


def _run_hammer(s: SalaState, owner: int, target: int, params: Any) -> list[Event]:
    p = 1 - owner
    c = s.field[p][target]
    assert c is not None
    out = []
    if c.item is not None:
        s.canil[p].append(c.item)
        out.append(ev("item_broken", player=p, card=c.card, item=c.item))
        c.item = None
    return out + damage_creature(s, p, target, params["amount"])


def _no_target(s: SalaState, owner: int, target: int, params: Any) -> bool:
    return target == NO_TARGET


def _run_damage_all(s: SalaState, owner: int, target: int, params: Any) -> list[Event]:
    out: list[Event] = []
    p = 1 - owner
    for slot in range(PLACES):  # each creature is hit on its own: no damage is shared
        if s.field[p][slot] is not None:
            out += damage_creature(s, p, slot, params["amount"])
    return out


def _run_heal(s: SalaState, owner: int, target: int, params: Any) -> list[Event]:
    s.life[owner] = min(MAX_LIFE, s.life[owner] + params["amount"])
    return [ev("healed", player=owner, life=s.life[owner])]


def _run_draw(s: SalaState, owner: int, target: int, params: Any) -> list[Event]:
    out: list[Event] = []
    for _ in range(params["count"]):
        if not s.deck[owner] and not s.options.draw_effects_end_game:
            break
        out += draw(s, owner)
        if s.over:
            break
    return out


def _run_cure_all(s: SalaState, owner: int, target: int, params: Any) -> list[Event]:
    for c in s.field[owner]:
        if c is not None:
            c.status = HEALTHY
    return [ev("cured_all", player=owner)]


def _can_terrain(s: SalaState, owner: int, target: int, params: Any) -> bool:
    return target == NO_TARGET and params["terrain"] != s.terrain


def _run_terrain(s: SalaState, owner: int, target: int, params: Any) -> list[Event]:
    return set_terrain(s, params["terrain"])


def _can_purr(s: SalaState, owner: int, target: int, params: Any) -> bool:
    if target == NO_TARGET:
        return True  # purr for the owner's life
    c = s.field[owner][target] if 0 <= target < PLACES else None
    return c is not None and c.status != HEALTHY


def _run_purr(s: SalaState, owner: int, target: int, params: Any) -> list[Event]:
    if target == NO_TARGET:
        return _run_heal(s, owner, target, params)
    c = s.field[owner][target]
    assert c is not None
    c.status = HEALTHY
    return [ev("cured", player=owner, card=c.card)]


def _revivable(s: SalaState, owner: int) -> int:
    """Index in the Canil of the most recent creature that may stand on this terrain, or -1."""
    pile = s.canil[owner]
    for i in range(len(pile) - 1, -1, -1):
        card = s.cards[pile[i]]
        if card.kind == 0 and card.opposite != s.terrain_element:
            return i
    return -1


def _can_revive(s: SalaState, owner: int, target: int, params: Any) -> bool:
    return target == NO_TARGET and free_place(s, owner) >= 0 and _revivable(s, owner) >= 0


def _run_revive(s: SalaState, owner: int, target: int, params: Any) -> list[Event]:
    card = s.canil[owner].pop(_revivable(s, owner))
    enter(s, owner, card, place_for(s, owner, to_act=False))
    return [ev("revived", player=owner, card=card)]


def _can_spring(s: SalaState, owner: int, target: int, params: Any) -> bool:
    return target == NO_TARGET and free_place(s, owner) >= 0 and bool(s.deck[owner])


def _run_spring(s: SalaState, owner: int, target: int, params: Any) -> list[Event]:
    card = s.deck[owner].pop()  # revealed to everyone
    name = card
    if s.cards[card].kind == 0 and may_stand(s, card):
        enter(s, owner, card, place_for(s, owner, to_act=False))
        return [ev("sprang", player=owner, card=name)]
    s.canil[owner].append(card)
    return [ev("spring_missed", player=owner, card=name)]


Check = Callable[["SalaState", int, int, Any], bool]
Run = Callable[["SalaState", int, int, Any], list[Event]]

EFFECTS: dict[str, tuple[Check, Run]] = {
    "status": (_can_status, _run_status),
    "scare": (_can_scare, _run_scare),
    "damage": (_can_enemy, _run_damage),
    "hammer": (_can_hammer, _run_hammer),
    "damage_all": (_no_target, _run_damage_all),
    "heal": (_no_target, _run_heal),
    "draw": (_no_target, _run_draw),
    "cure_all": (_no_target, _run_cure_all),
    "terrain": (_can_terrain, _run_terrain),
    "purr": (_can_purr, _run_purr),
    "revive": (_can_revive, _run_revive),
    "spring": (_can_spring, _run_spring),
}


def can_use(s: SalaState, effect: str, owner: int, target: int, params: Any) -> bool:
    return EFFECTS[effect][0](s, owner, target, params)


def run(s: SalaState, effect: str, owner: int, target: int, params: Any) -> list[Event]:
    return EFFECTS[effect][1](s, owner, target, params)
