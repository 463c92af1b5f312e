"""An independent audit of the rules against the text (000_ab141ad98be04e66.txt) and the rules
doc: one test per finding, and per sentence the other tests did not pin down yet."""

from __future__ import annotations

import random

import pytest

from ludoteca import InvalidOptions
from ludoteca.games.sala_de_miaula import GAME
from ludoteca.games.sala_de_miaula.actions import (
    END_TURN,
    NO_TARGET,
    Attack,
    GoToCanil,
    GoToOficina,
    PlayCreature,
    PlaySpell,
    UseAbility,
)
from ludoteca.games.sala_de_miaula.model import SICK
from ludoteca.games.sala_de_miaula.options import dump_inline
from ludoteca.games.sala_de_miaula.state import SalaState

from .helpers import card, fresh, play, table


def _acts(s: SalaState, slot: int) -> bool:
    """Whether the creature of seat 0 in ``slot`` has an action to take now."""
    return GoToCanil(slot) in s.legal_actions(0)


# -- finding 1: a cat that came down in the place of one that went to the Canil acted -----------
def test_no_acting_in_the_place_of_a_cat_that_went_to_the_canil_beside_a_returned_one() -> None:
    """ "Não vale atacar, depois mandar pro Canil e ainda agir com outro gato que desceu no lugar
    no mesmo turno." — also when a creature brought back by Retorno holds the third place."""
    s = table(mine=["lua_nova", "toco", None], theirs=["muralha"], hand=["pedregulho"])
    s.deck[0].remove("marola")
    s.canil[0].append("marola")
    fresh(s)
    play(s, UseAbility(0, NO_TARGET))  # Marola comes back to place 3, and does not act
    assert card(s, 0, 2) == "marola" and not _acts(s, 2)
    play(s, GoToCanil(1), PlayCreature("pedregulho"))  # in Toco's place
    assert card(s, 0, 1) == "pedregulho"
    assert not _acts(s, 1)
    assert s.legal_actions(0) == [END_TURN]  # three places, three actions: all spent


def test_a_creature_from_the_hand_takes_a_place_that_gave_no_action() -> None:
    """ "Três gatos, três ações" with a place freed on purpose: the new cat comes down in the
    place nobody used this turn (not in the place of the one that went to the Canil) and acts."""
    s = table(mine=["toco", "casca", None], theirs=["muralha"], hand=["pedregulho"])
    play(s, GoToCanil(1), PlayCreature("pedregulho"))
    assert card(s, 0, 1) is None and card(s, 0, 2) == "pedregulho"
    assert _acts(s, 2) and s.view(0)["spent_places"] == [False, True, False]
    play(s, Attack((0, 2), 0))
    assert s.actions_spent == 3 and not any(isinstance(a, Attack) for a in s.legal_actions(0))


def test_a_returned_creature_takes_a_spent_place_first() -> None:
    """(ours) A creature brought by Retorno, which does not act, goes first to a place that has
    already given its action, so the creature of the hand can still come down and act."""
    s = table(mine=["lua_nova", None, "toco"], theirs=["muralha"], hand=["pedregulho"])
    play(s, GoToCanil(2), UseAbility(0, NO_TARGET))  # Toco, the newest of the Canil, is back
    assert card(s, 0, 2) == "toco" and card(s, 0, 1) is None and not _acts(s, 2)
    play(s, PlayCreature("pedregulho"))
    assert card(s, 0, 1) == "pedregulho" and _acts(s, 1)


def test_sprung_creature_takes_a_spent_place_first() -> None:
    """(ours) Mola, like Retorno: the creature that springs from the deck does not take away a
    place that has not given its action."""
    s = table(mine=["engrenagem", None, "toco"], theirs=["muralha"], hand=["pedregulho"])
    s.deck[0].remove("marola")
    s.deck[0].append("marola")  # the top of the deck
    fresh(s)
    play(s, GoToCanil(2), UseAbility(0, NO_TARGET))
    assert card(s, 0, 2) == "marola" and not _acts(s, 2)
    play(s, PlayCreature("pedregulho"))
    assert card(s, 0, 1) == "pedregulho" and _acts(s, 1)


def test_never_more_actions_than_places_in_random_games() -> None:
    """ "isso burlaria o limite de ações": in random games no place gives two actions a turn."""
    rng = random.Random(5)
    for seed in range(40):
        s = GAME.new_game(2, 900 + seed, {"deck_0": "mare_e_pedra", "deck_1": "fogo_e_vento"})
        while not s.is_over:
            p = s.actors[0]
            s.apply(p, rng.choice(s.legal_actions(p)))
            s.check_invariants()  # actions_spent == places spent, no actor in a spent place


# -- finding 2: embedded card definitions could change a card's type ---------------------------
def test_embedded_cards_keep_their_type() -> None:
    """Option `cards` (validated like the data files): a card may not change its type, or its
    actions would fall outside the game's action space."""
    opts = dump_inline(GAME.new_game(2, 1, {}).options)
    spec = opts["cards"]["toco"]
    spec.update(
        type="spell",
        element=None,
        attack=0,
        life=0,
        ability=None,
        effect="heal",
        params={"amount": 3},
    )
    with pytest.raises(InvalidOptions, match="'toco' must keep its type 'creature'"):
        GAME.new_game(2, 1, opts)


def test_embedded_spell_has_no_attack_or_life() -> None:
    """Option `cards` is checked like the data files: "a spell has no attack or life"."""
    opts = dump_inline(GAME.new_game(2, 1, {}).options)
    opts["cards"]["arranhao"]["attack"] = 5
    with pytest.raises(InvalidOptions, match="'arranhao': a spell has no attack or life"):
        GAME.new_game(2, 1, opts)


# -- sentences not pinned down before ----------------------------------------------------------
def test_retorno_and_mola_count_the_oficina() -> None:
    """ "A habilidade Retorno (e a Mola) só funciona se houver espaço livre na mesa (máximo de 3
    criaturas, contando a Oficina)." """
    s = table(mine=["lua_nova", "engrenagem", "toco"], deck0_extra=["marola"])
    s.deck[0].remove("marola")
    s.canil[0].append("marola")
    fresh(s)
    play(s, GoToOficina(2))
    legal = s.legal_actions(0)
    assert UseAbility(0, NO_TARGET) not in legal and UseAbility(1, NO_TARGET) not in legal


def test_oficina_spends_the_place_too() -> None:
    """ "o gato na Oficina também ocupa uma dessas vagas": going there is the place's action, and
    the cat keeps the place (nothing comes down there)."""
    s = table(mine=["toco", None, None], hand=["pedregulho"])
    play(s, GoToOficina(0), PlayCreature("pedregulho"))
    assert card(s, 0, 0) == "toco" and card(s, 0, 1) == "pedregulho" and _acts(s, 1)
    assert s.view(0)["spent_places"] == [True, False, False]


def test_scared_cards_survive_determinize() -> None:
    """ "Se a criatura for assustada, os dois voltam pra mão": the table saw them, so every
    determinization keeps them in that hand (and hides the rest)."""
    s = table(theirs=[("toco", "garra_afiada")], hand=["susto"], their_hand=["pingo", "marola"])
    play(s, PlaySpell("susto", 0))
    for k in range(5):
        d = s.determinize(0, random.Random(k))
        assert {"toco", "garra_afiada"} <= set(d.hand[1]) and len(d.hand[1]) == 4
        assert d.view(0) == s.view(0)
        d.check_invariants()


def test_offensive_aim_at_the_enemy_defensive_look_after_you() -> None:
    """ "As ofensivas miram no inimigo; as defensivas cuidam de você e dos seus aliados" """
    s = table(mine=["bolha", "orvalho", "lua_nova"], theirs=["toco"])
    s.field[0][2].status = SICK  # type: ignore[union-attr]
    s.canil[0].append(s.deck[0].pop(s.deck[0].index("marola")))
    fresh(s)
    legal = [a for a in s.legal_actions(0) if isinstance(a, UseAbility)]
    assert UseAbility(0, 0) in legal  # Espirro: the enemy in place 1
    assert not any(a.slot == 0 and a.target != 0 for a in legal)
    assert UseAbility(1, 2) in legal and UseAbility(1, NO_TARGET) in legal  # Ronrono: an ally, you
    assert UseAbility(1, 0) not in legal  # never the enemy... nor a healthy ally
    assert not any(a.slot == 1 and a.target == 1 for a in legal)


def test_terrain_spell_of_the_terrain_that_lies_is_not_offered() -> None:
    """(ours) A terrain spell cannot be cast while its terrain already lies; a shadow terrain of
    the same element is another terrain."""
    s = table(hand=["chuva_forte", "mare_sombria"], terrain="agua")
    legal = s.legal_actions(0)
    assert PlaySpell("chuva_forte", NO_TARGET) not in legal
    assert PlaySpell("mare_sombria", NO_TARGET) in legal


def test_retorno_skips_a_creature_that_could_not_stand() -> None:
    """(ours) Retorno brings the newest creature of the Canil that may stand on the terrain."""
    s = table(mine=["lua_nova"], terrain="agua")
    for cid in ("marola", "brasa"):  # brasa (fire) is the newest but cannot stand on water
        s.canil[0].append(s.deck[0].pop(s.deck[0].index(cid)))
    fresh(s)
    play(s, UseAbility(0, NO_TARGET))
    assert card(s, 0, 1) == "marola" and s.canil[0] == ["brasa"]
