"""Every effect of the card pool can change a game (docs/rules/sala-de-miaula.md, 3. Balance).

Damage never builds up, so a damage effect that cannot reach a creature's life on its own is a
blank card. These tests read the data files: change a number there and they say which card went
blank, and they play the effect on a real table to prove the defeat happens.
"""

from __future__ import annotations

import pytest

from ludoteca.games.sala_de_miaula import GAME
from ludoteca.games.sala_de_miaula import effects as fx
from ludoteca.games.sala_de_miaula.actions import NO_TARGET
from ludoteca.games.sala_de_miaula.cards import POOL, CardSpec

from .helpers import card, table

DAMAGE_EFFECTS = ("damage", "damage_all", "hammer")
DAMAGING = [cid for cid, c in POOL.cards.items() if c.effect in DAMAGE_EFFECTS]


def _in_play_with(spec: CardSpec) -> list[str]:
    """Creatures that can meet this card: the base set is always in play, and its own set."""
    return [
        cid
        for cid, c in POOL.cards.items()
        if c.type == "creature" and c.set in ("despertar", spec.set)
    ]


def _defeatable(spec: CardSpec) -> list[str]:
    """Creatures (no item, no damage reduction) that this card's damage defeats alone."""
    out = []
    for cid in _in_play_with(spec):
        c = POOL.cards[cid]
        reduce = c.passive_params.get("amount", 0) if c.passive == "reduce" else 0
        if spec.params["amount"] - reduce >= c.life:
            out.append(cid)
    return out


def test_the_pool_has_damage_effects() -> None:
    names = {GAME.card_name(cid) for cid in DAMAGING}
    assert {"Arranhão", "Tempestade de Pelos", "Novelo de Lã", "Barro", "Martelinho"} <= names


@pytest.mark.parametrize("cid", DAMAGING)
def test_every_damage_effect_can_defeat_a_creature_of_the_pool(cid: str) -> None:
    spec = POOL.cards[cid]
    victims = _defeatable(spec)
    assert victims, f"{cid} deals {spec.params['amount']}: it can defeat no creature"
    # and on the table it does: the effect alone sends the weakest such creature to the Canil
    victim = min(victims, key=lambda v: (POOL.cards[v].life, v))
    sets = sorted({"despertar", spec.set, POOL.cards[victim].set})
    s = table(theirs=[victim], sets=sets, terrain=str(POOL.cards[victim].element))
    target = NO_TARGET if spec.effect == "damage_all" else 0
    assert fx.can_use(s, spec.effect, 0, target, spec.params)
    fx.run(s, spec.effect, 0, target, spec.params)
    if POOL.cards[victim].passive == "lives":
        assert card(s, 1, 0) == victim  # Sete Vidas spends its extra life first...
        fx.run(s, spec.effect, 0, target, spec.params)
    assert card(s, 1, 0) is None and victim in s.canil[1]


def test_every_damage_reduction_leaves_some_damage_that_matters() -> None:
    """Pelagem and its items take 1 off each damage: some attack or effect still gets through."""
    reducers = [c for c in POOL.cards.values() if c.passive == "reduce"]
    assert reducers
    biggest = max(
        [c.params["amount"] for c in POOL.cards.values() if c.effect in DAMAGE_EFFECTS]
        + [c.attack + 1 for c in POOL.cards.values() if c.type == "creature"]
    )
    for c in reducers:
        assert biggest - c.passive_params["amount"] >= min(
            x.life for x in POOL.cards.values() if x.type == "creature"
        )
