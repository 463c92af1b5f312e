"""Why a move is refused, precisely: the rule and the card that stop it, in any language.

``refusal`` finds the first rule a move breaks (in the order a player meets them: whose turn,
the card in hand, one creature and one spell or item a turn, the places, the terrain, the
creature's action and status, the target) as a key of the catalogs' ``refusal`` table and its
parameters; ``explain`` writes it in a language (``explain_illegal`` is its English). Everything
named is public (the table, the terrain) or the asking player's own (their hand).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine import Action
from . import effects as fx
from .actions import (
    LIFE,
    NO_TARGET,
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
from .cards import OPPOSITE
from .model import CREATURE, FAINTED, HEALTHY, ITEM, SICK, SPELL, STATUS_NAMES, Card
from .words import CATALOG, card_name, terrain_name

if TYPE_CHECKING:
    from .state import SalaState

MAX_ACTIONS = PLACES  # three cats, three actions (legal.py)
# effects aimed at an enemy creature, and those without a target (effects.py)
_AT_ENEMY = frozenset({"status", "scare", "damage", "hammer"})
_NO_TARGET = frozenset({"damage_all", "heal", "draw", "cure_all", "terrain", "revive", "spring"})

Reason = tuple[str, dict[str, Any]]


def refusal(s: SalaState, p: int, a: Action) -> Reason:
    """The catalog key (under ``refusal.``) and parameters of the first rule ``a`` breaks.
    Card parameters are ids (``card``, ``item``, ``guard``), ``terrain`` a terrain id,
    ``element`` an element id; ``place`` is 1-based."""
    if s.over:
        return "over", {}
    if p != s.current:
        return "not_your_turn", {}
    if isinstance(a, PlayCreature):
        return _play_creature(s, p, a)
    if isinstance(a, PlayItem | PlaySpell):
        return _play_other(s, p, a)
    if isinstance(a, EndTurn):
        return "not_now", {}
    if s.actions_spent >= MAX_ACTIONS:
        return "actions_spent", {"n": MAX_ACTIONS}
    if isinstance(a, Attack):
        return _attack(s, p, a)
    if isinstance(a, UseAbility | UseItem | GoToCanil | GoToOficina):
        return _creature_action(s, p, a)
    return "not_now", {}


def _play_creature(s: SalaState, p: int, a: PlayCreature) -> Reason:
    card = s.cards.get(a.card)
    if a.card not in s.hand[p] or card is None:
        return "not_in_hand", {"card": a.card}
    if card.kind != CREATURE:
        return "not_a_creature", {"card": a.card}
    if s.played_creature:
        return "creature_played", {}
    if fx.free_place(s, p) < 0:
        return "no_place", {}
    if not fx.may_stand(s, a.card):
        return "terrain", {"card": a.card, "terrain": s.terrain, "element": card.element}
    return "not_now", {}


def _play_other(s: SalaState, p: int, a: PlayItem | PlaySpell) -> Reason:
    card = s.cards.get(a.card)
    if a.card not in s.hand[p] or card is None:
        return "not_in_hand", {"card": a.card}
    if card.kind != (ITEM if isinstance(a, PlayItem) else SPELL):
        key = "not_an_item" if isinstance(a, PlayItem) else "not_a_spell"
        return key, {"card": a.card}
    if s.played_other:
        return "other_played", {}
    if isinstance(a, PlayItem):
        if not 0 <= a.slot < PLACES or s.field[p][a.slot] is None:
            return "no_own_creature", {"place": a.slot + 1}
        return "not_now", {}
    assert card.effect is not None
    return _target(s, p, card.effect, card.params, a.target, a.card)


def _attack(s: SalaState, p: int, a: Attack) -> Reason:
    me = s.field[p]
    for i in a.attackers:
        r = _may_act(s, p, i)
        if r is not None:
            return r
        c = me[i]
        assert c is not None
        if c.status == SICK:
            return "sick", {"card": c.card}
        if c.status == FAINTED:
            return "fainted", {"card": c.card}
    if a.target == LIFE and len(a.attackers) > 1:
        return "life_alone", {}
    guards = fx.guards(s, 1 - p)
    if guards and a.target not in guards:
        guard = s.field[1 - p][guards[0]]
        assert guard is not None
        return "guard", {"guard": guard.card}
    enemy = s.field[1 - p]
    if a.target == LIFE:
        if any(c is not None for c in enemy):
            return "life_defended", {}
        return "not_now", {}
    if not 0 <= a.target < PLACES or enemy[a.target] is None:
        return "no_enemy", {"place": a.target + 1}
    return "not_now", {}


def _creature_action(
    s: SalaState, p: int, a: UseAbility | UseItem | GoToCanil | GoToOficina
) -> Reason:
    r = _may_act(s, p, a.slot)
    if r is not None:
        return r
    c = s.field[p][a.slot]
    assert c is not None
    if isinstance(a, GoToCanil):
        return "not_now", {}
    if isinstance(a, GoToOficina):
        if not s.oficina_enabled:
            return "no_oficina", {}
        if c.status != HEALTHY and not s.oficina_any_status:
            return "oficina_healthy", {"card": c.card, "status": c.status}
        return "not_now", {}
    if c.status == FAINTED:
        return "fainted", {"card": c.card}
    if isinstance(a, UseAbility):
        ab = s.cards[c.card]
        if ab.effect is None:
            return "no_ability", {"card": c.card}
        return _target(s, p, ab.effect, ab.params, a.target, c.card)
    if c.item is None:
        return "no_item", {"card": c.card}
    it = s.cards[c.item]
    if it.effect is None:
        return "item_passive", {"item": c.item}
    return _target(s, p, it.effect, it.params, a.target, c.item)


def _may_act(s: SalaState, p: int, slot: int) -> Reason | None:
    """Why the creature in ``slot`` has no action now, or None."""
    if not 0 <= slot < PLACES or s.field[p][slot] is None:
        return "no_own_creature", {"place": slot + 1}
    c = s.field[p][slot]
    assert c is not None
    if not c.acted:
        return None
    if s.turn == 1:
        return "first_turn", {"card": c.card}
    return "acted", {"card": c.card}


def _target(s: SalaState, p: int, effect: str, params: Any, target: int, source: str) -> Reason:
    """Why ``effect`` (of card ``source``) may not aim at ``target`` now."""
    enemy = s.field[1 - p]
    if effect in _AT_ENEMY:
        if target == NO_TARGET or not 0 <= target < PLACES:
            return "needs_enemy", {"card": source}
        c = enemy[target]
        if c is None:
            return "no_enemy", {"place": target + 1}
        if effect == "status" and fx.has_potion(s, c):
            return "potion", {"card": c.card}
        if effect == "scare" and fx.side_is_brave(s, 1 - p):
            return "courage", {"card": source}
        return "not_now", {}
    if effect in _NO_TARGET and target != NO_TARGET:
        return "no_target", {"card": source}
    if effect == "terrain" and params["terrain"] == s.terrain:
        return "same_terrain", {"terrain": s.terrain}
    if effect in ("revive", "spring") and fx.free_place(s, p) < 0:
        return "no_place", {}
    if effect == "revive" and not _can_revive(s, p):
        return "nothing_to_revive", {"terrain": s.terrain}
    if effect == "spring" and not s.deck[p]:
        return "deck_empty", {}
    if effect == "purr" and target != NO_TARGET:
        c = s.field[p][target] if 0 <= target < PLACES else None
        if c is None:
            return "no_own_creature", {"place": target + 1}
        if c.status == HEALTHY:
            return "healthy", {"card": c.card}
    return "not_now", {}


def _can_revive(s: SalaState, p: int) -> bool:
    cards: dict[str, Card] = s.cards
    return any(
        cards[cid].kind == CREATURE and cards[cid].opposite != s.terrain_element
        for cid in s.canil[p]
    )


def explain(s: SalaState, p: int, a: Action, lang: str) -> str:
    """Why ``a`` is refused, in ``lang`` (names of cards and terrains in it too)."""
    key, params = refusal(s, p, a)
    words: dict[str, Any] = dict(params)
    for k in ("card", "item", "guard"):
        if k in words:
            words[k] = card_name(str(words[k]), lang)
    if "terrain" in words:
        words["terrain"] = terrain_name(str(words["terrain"]), lang)
    if "element" in words:
        el = str(words["element"])
        words["element"] = CATALOG.text(f"element.{el}", lang)
        words["ground"] = CATALOG.text(f"element.{OPPOSITE[el]}", lang)
    if "status" in words:
        words["status"] = CATALOG.text(f"status.{STATUS_NAMES[words['status']]}", lang)
    if key == "over":
        return CATALOG.text("refusal.over", lang)
    what = s.game.describe_action(a, lang)
    why = CATALOG.text(f"refusal.{key}", lang, **words)
    return CATALOG.text("refusal.said", lang, action=what, why=why)
