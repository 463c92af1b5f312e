"""The 12 abilities, every spell and every item: one scenario each (our designs, see the rules doc)."""

from __future__ import annotations

import pytest

from ludoteca.games.sala_de_miaula import GAME
from ludoteca.games.sala_de_miaula.actions import (
    END_TURN,
    LIFE,
    NO_TARGET,
    Attack,
    PlayItem,
    PlaySpell,
    UseAbility,
    UseItem,
)
from ludoteca.games.sala_de_miaula.cards import POOL
from ludoteca.games.sala_de_miaula.model import FAINTED, HEALTHY, SICK

from .helpers import card, fresh, kinds, play, table


# -- the 12 abilities -------------------------------------------------------------------------
def test_espirro_makes_sick_until_end_of_owners_next_turn() -> None:
    """Espirro (offensive, action): the target becomes sick; it lasts through its owner's next turn."""
    s = table(mine=["bolha"], theirs=["toco"])
    play(s, UseAbility(0, 0))
    assert s.field[1][0].status == SICK  # type: ignore[union-attr]
    play(s, END_TURN)
    assert not any(isinstance(a, Attack) for a in s.legal_actions(1))
    play(s, END_TURN)  # the end of the owner's turn clears it
    assert s.field[1][0].status == HEALTHY  # type: ignore[union-attr]


def test_hipnose_faints_and_worse_status_wins() -> None:
    """Hipnose (offensive, action): the target faints; a fainted cat stays fainted when made sick."""
    s = table(mine=["cochilo", "bolha"], theirs=["toco"])
    play(s, UseAbility(0, 0), UseAbility(1, 0))
    assert s.field[1][0].status == FAINTED  # type: ignore[union-attr]


def test_chiado_scares() -> None:
    """Chiado (offensive, action): the target goes back to its owner's hand."""
    s = table(mine=["chuvisco"], theirs=["toco"])
    play(s, UseAbility(0, 0))
    assert s.field[1][0] is None and "toco" in s.hand[1]


def test_bola_de_pelo_hits_every_enemy_separately() -> None:
    """Bola de Pelo (offensive, action): 3 damage to each enemy creature, each on its own."""
    s = table(mine=["barro"], theirs=["pluma", "toco", ("pipa", "coleira")])
    events = play(s, UseAbility(0, NO_TARGET))
    # Pluma (life 3) falls; Toco (4) and Pipa with a Coleira (3 + 2) each withstand their 3
    assert kinds(events).count("resisted") == 2 and kinds(events).count("defeated") == 1
    assert [card(s, 1, i) for i in range(3)] == [None, "toco", "pipa"]


def test_guardiao_must_be_attacked_first() -> None:
    """Guardião (defensive, passive): enemy attacks must aim at an awake guard first."""
    s = table(mine=["toco"], theirs=["pedregulho", "muralha"])
    attacks = [a for a in s.legal_actions(0) if isinstance(a, Attack)]
    assert attacks and all(a.target == 1 for a in attacks)
    s.field[1][1].status = FAINTED  # type: ignore[union-attr]
    fresh(s)
    assert Attack((0,), 0) in s.legal_actions(0)


def test_pelagem_reduces_damage() -> None:
    """Pelagem (defensive, passive): each damage it takes is 1 smaller."""
    s = table(mine=["brisa"], theirs=["casca"])  # 3 - 1 < 4
    play(s, Attack((0,), 0))
    assert card(s, 1, 0) == "casca"
    s = table(mine=["brisa", "barro"], theirs=["casca"])  # 5 - 1 = 4
    play(s, Attack((0, 1), 0))
    assert card(s, 1, 0) is None


def test_ronrono_cures_an_ally_or_heals_its_owner() -> None:
    """Ronrono (defensive, action): cures an ally's status, or its owner regains 2 life (max 15)."""
    s = table(mine=["orvalho", "toco"])
    s.field[0][1].status = SICK  # type: ignore[union-attr]
    fresh(s)
    assert UseAbility(0, 1) in s.legal_actions(0)
    play(s, UseAbility(0, 1))
    assert s.field[0][1].status == HEALTHY  # type: ignore[union-attr]
    s = table(mine=["orvalho"])
    s.life[0] = 14
    play(s, UseAbility(0, NO_TARGET))
    assert s.life[0] == 15


def test_sete_vidas_survives_once() -> None:
    """Sete Vidas (defensive, passive): the first time it would be defeated, it survives."""
    s = table(mine=["toco", "brisa"], theirs=["gaviao"])
    events = play(s, Attack((0,), 0))
    assert card(s, 1, 0) == "gaviao" and "seven_lives" in kinds(events)
    play(s, Attack((1,), 0))
    assert card(s, 1, 0) is None


def test_retorno_brings_back_the_newest_creature() -> None:
    """Retorno (Eclipse, action): the newest creature of the Canil comes back to a free place, not acting."""
    s = table(mine=["lua_nova"], deck0_extra=["marola", "toco"])
    for c in ("marola", "toco"):
        s.deck[0].remove(c)
        s.canil[0].append(c)
    fresh(s)
    play(s, UseAbility(0, NO_TARGET))
    assert card(s, 0, 1) == "toco" and s.canil[0] == ["marola"] and s.field[0][1].acted  # type: ignore[union-attr]


def test_coragem_shields_itself_and_allies() -> None:
    """Coragem (Eclipse, passive): this creature and its allies cannot be scared."""
    s = table(mine=["chuvisco"], theirs=["breu", "toco"], hand=["susto"])
    legal = s.legal_actions(0)
    assert UseAbility(0, 1) not in legal and PlaySpell("susto", 1) not in legal


def test_martelo_breaks_item_and_hits() -> None:
    """Martelo (Bugingangas, action): the target's item goes to the Canil, then 3 damage."""
    s = table(mine=["martelinho"], theirs=[("pipa", "coleira")])  # pipa 3+2 life -> 3 after
    play(s, UseAbility(0, 0))
    assert s.canil[1] == ["coleira", "pipa"] and card(s, 1, 0) is None
    s = table(mine=["martelinho"], theirs=[("toco", "coleira")])  # toco 4+2 life -> 4 after
    play(s, UseAbility(0, 0))
    assert s.canil[1] == ["coleira"] and card(s, 1, 0) == "toco"


def test_mola_springs_a_creature_or_mills() -> None:
    """Mola (Bugingangas, action): the top card springs into a free place if a creature, else to the Canil."""
    s = table(mine=["engrenagem"])
    s.deck[0].remove("toco")
    s.deck[0].append("toco")
    fresh(s)
    play(s, UseAbility(0, NO_TARGET))
    assert card(s, 0, 1) == "toco"
    s = table(mine=["engrenagem"], deck0_extra=["arranhao"])
    s.deck[0].remove("arranhao")
    s.deck[0].append("arranhao")
    fresh(s)
    events = play(s, UseAbility(0, NO_TARGET))
    assert s.canil[0] == ["arranhao"] and "spring_missed" in kinds(events)


def test_every_ability_has_a_creature() -> None:
    """Each of the 12 abilities is carried by at least one creature of its set."""
    used = {c.ability: c.set for c in POOL.cards.values() if c.ability}
    for k, a in POOL.abilities.items():
        assert used.get(k) == a.set, k


# -- spells -----------------------------------------------------------------------------------
SPELLS = [cid for cid, c in POOL.cards.items() if c.type == "spell"]


@pytest.mark.parametrize("spell", SPELLS)
def test_every_spell(spell: str) -> None:
    """Every spell resolves its effect at once and goes to the Canil."""
    spec = POOL.cards[spell]
    terrain = "terra" if spec.effect == "terrain" and spec.params["terrain"] != "terra" else "agua"
    s = table(mine=["toco"], theirs=["pedregulho"], hand=[spell], terrain=terrain)
    s.life[0] = 10
    s.field[0][0].status = SICK  # type: ignore[union-attr]
    fresh(s)
    target = 0 if spec.effect in ("damage", "status", "scare") else NO_TARGET
    hand_before = len(s.hand[0])
    play(s, PlaySpell(spell, target))
    assert spell in s.canil[0]
    e, p = spec.effect, spec.params
    if e == "terrain":
        assert s.terrain == p["terrain"]
    elif e == "damage":
        assert (card(s, 1, 0) is None) == (p["amount"] >= 5)
    elif e == "heal":
        assert s.life[0] == 10 + p["amount"]
    elif e == "draw":
        assert len(s.hand[0]) == hand_before - 1 + p["count"]
    elif e == "scare":
        assert card(s, 1, 0) is None and "pedregulho" in s.hand[1]
    elif e == "cure_all":
        assert s.field[0][0].status == HEALTHY  # type: ignore[union-attr]
    elif e == "status":
        assert s.field[1][0].status == {"sick": SICK, "fainted": FAINTED}[p["status"]]  # type: ignore[union-attr]
    elif e == "damage_all":
        assert card(s, 1, 0) == "pedregulho"
    else:
        raise AssertionError(f"no scenario for effect {e}")


def test_draw_spell_on_empty_deck_ends_the_game() -> None:
    """ "precisa comprar e não tem mais nenhuma carta": a draw effect on an empty deck ends the game too."""
    s = table(hand=["caixa_surpresa"])
    s.canil[0] += s.deck[0]
    s.deck[0] = []
    s.life = [9, 3]
    fresh(s)
    play(s, PlaySpell("caixa_surpresa", NO_TARGET))
    assert s.is_over and s.result().winners == (0,)


# -- items ------------------------------------------------------------------------------------
ITEMS = [cid for cid, c in POOL.cards.items() if c.type == "item"]


@pytest.mark.parametrize("item", ITEMS)
def test_every_item(item: str) -> None:
    """Every item: its bonus, its passive or the action it gives its holder."""
    spec = POOL.cards[item]
    s = table(
        mine=["pedregulho"], theirs=[("toco", "garra_afiada"), "casca"], hand=[item], terrain="agua"
    )
    s.life[0] = 10
    fresh(s)
    play(s, PlayItem(item, 0))
    c = s.field[0][0]
    assert c is not None and c.item == item
    from ludoteca.games.sala_de_miaula import effects as fx

    base = POOL.cards["pedregulho"]
    assert fx.attack_value(s, c) == base.attack + spec.attack
    assert fx.life_value(s, c) == base.life + spec.life
    if spec.passive == "reduce":
        assert fx.reduction(s, c) == spec.passive_params["amount"]
    if spec.passive == "potion":
        assert fx.has_potion(s, c)
    if spec.passive == "courage":
        assert fx.side_is_brave(s, 0)
    if spec.effect is not None:
        legal = [a for a in s.legal_actions(0) if isinstance(a, UseItem)]
        assert legal, "the item gives its holder an action"
        play(s, legal[0])
        assert c.acted
    if spec.effect is None and spec.passive is None:
        assert spec.attack or spec.life


def test_garra_afiada_adds_attack() -> None:
    """Garra Afiada: +2 attack, so barro (2) defeats toco (4)."""
    s = table(mine=[("barro", "garra_afiada")], theirs=["toco"])
    play(s, Attack((0,), 0))
    assert card(s, 1, 0) is None


def test_life_attack_with_item_bonus() -> None:
    """Item bonuses count against life too (no defender)."""
    s = table(mine=[("barro", "garra_afiada")])
    play(s, Attack((0,), LIFE))
    assert s.life[1] == 11


def test_card_texts_exist_in_both_languages() -> None:
    for cid in POOL.cards:
        for lang in ("pt-BR", "en"):
            text = GAME.card_text(cid, lang)
            assert text and "{" not in text, (cid, lang, text)
