"""One scenario per sentence of the rule text (000_ab141ad98be04e66.txt), quoted in each docstring."""

from __future__ import annotations

import pytest

from ludoteca import IllegalAction, InvalidOptions
from ludoteca.games.sala_de_miaula import GAME
from ludoteca.games.sala_de_miaula.actions import (
    END_TURN,
    LIFE,
    NO_TARGET,
    Attack,
    GoToCanil,
    GoToOficina,
    PlayCreature,
    PlayItem,
    PlaySpell,
    UseAbility,
    UseItem,
)
from ludoteca.games.sala_de_miaula.model import FAINTED, SICK

from .helpers import card, deck_with, fresh, kinds, play, table


# -- setup ------------------------------------------------------------------------------------
def test_fifteen_life() -> None:
    """ "cada jogador entra com 15 pontos de vida" """
    s = GAME.new_game(2, 3, {})
    assert s.life == [15, 15]


def test_the_last_to_pet_a_cat_starts() -> None:
    """ "a última pessoa a fazer carinho num gato: é ela quem começa" """
    for seat in (0, 1):
        s = GAME.new_game(2, 3, {"first_player": seat})
        assert s.actors == (seat,) and s.first == seat


def test_nobody_remembers_draw_lots() -> None:
    """ "Se ninguém lembrar, deixem a sorte resolver e sorteiem." """
    firsts = {GAME.new_game(2, seed, {}).first for seed in range(30)}
    assert firsts == {0, 1}
    assert GAME.new_game(2, 5, {}).first == GAME.new_game(2, 5, {}).first


def test_zero_life_wins() -> None:
    """ "zerar a vida do oponente" """
    s = table(mine=["toco"], theirs=[])
    s.life[1] = 3
    play(s, Attack((0,), LIFE))
    assert s.is_over and s.result().winners == (0,) and s.result().reason == "life"
    assert s.life[1] == 0


def test_deck_out_ends_at_once() -> None:
    """ "No instante em que alguém precisa comprar e não tem mais nenhuma carta, a partida acaba na hora" """
    s = table(mine=["toco"])
    s.canil[1] += s.deck[1]
    s.deck[1] = []
    play(s, END_TURN)
    assert s.is_over and s.actors == ()
    assert s.result().reason == "deck_out"


@pytest.mark.parametrize(("lives", "winners"), [((9, 4), (0,)), ((3, 12), (1,))])
def test_deck_out_higher_life_wins(lives: tuple[int, int], winners: tuple[int, ...]) -> None:
    """ "Aí vence quem estiver com mais vida." """
    s = table()
    s.life = list(lives)
    s.canil[1] += s.deck[1]
    s.deck[1] = []
    play(s, END_TURN)
    assert s.result().winners == winners


def test_deck_out_equal_life_is_a_draw() -> None:
    """ "Deu empate? O combinado justo é dividir o lanche." """
    s = table()
    s.life = [7, 7]
    s.canil[1] += s.deck[1]
    s.deck[1] = []
    play(s, END_TURN)
    r = s.result()
    assert r.is_draw and r.winners == (0, 1) and r.ranking == (1, 1)


def test_deck_of_25_and_hand_of_5() -> None:
    """ "Você precisa de um deck de 25 cartas e, com ele pronto, compra 5 cartas pra formar a mão inicial." """
    s = GAME.new_game(2, 3, {"first_player": 0})
    assert len(s.hand[1]) == 5 and len(s.deck[1]) == 20
    assert len(s.hand[0]) == 6 and len(s.deck[0]) == 19  # the first turn's draw
    with pytest.raises(InvalidOptions, match="exactly 25 cards, this one has 24"):
        GAME.new_game(2, 1, {"deck_0": deck_with([])[:24]})


def test_at_most_two_copies() -> None:
    """ "cada carta pode aparecer no máximo duas vezes ... Não vale montar o deck com três ou mais iguais." """
    deck = deck_with(["toco", "toco"])
    deck[-1] = "toco"
    with pytest.raises(InvalidOptions, match="at most 2 copies of a card: toco x3"):
        GAME.new_game(2, 1, {"deck_0": deck})
    GAME.new_game(2, 1, {"deck_0": deck_with(["toco", "toco"])})


def test_canil_gets_defeated_cats_and_used_cards() -> None:
    """ "Canil — é pra lá que vão os gatos derrotados e as cartas já usadas" """
    s = table(mine=["toco"], theirs=["cochilo"], hand=["arranhao"])
    play(s, Attack((0,), 0))
    assert s.canil[1] == ["cochilo"]
    assert s.canil[0] == []
    s2 = table(theirs=["pedregulho"], hand=["arranhao"])
    play(s2, PlaySpell("arranhao", 0))
    assert s2.canil[0] == ["arranhao"]


def test_suggested_mix_is_not_a_law() -> None:
    """ "um bom ponto de partida é 15 criaturas e 10 magias/itens. Mas não encare isso como lei" """
    creatures = [
        c
        for c, spec in GAME.card_pool().items()
        if spec.type == "creature" and spec.set == "despertar"
    ]
    deck = sorted(creatures * 2)[:25]  # 25 creatures, no spell or item at all
    s = GAME.new_game(2, 1, {"deck_0": deck})
    assert len(s.decklists[0]) == 25


# -- the turn ---------------------------------------------------------------------------------
def test_turn_starts_with_a_draw() -> None:
    """ "Pra começar, você compra uma carta." """
    s = table()
    before = len(s.hand[1]), len(s.deck[1])
    events = play(s, END_TURN)
    assert (len(s.hand[1]), len(s.deck[1])) == (before[0] + 1, before[1] - 1)
    assert "drew" in kinds(events)


def test_up_to_two_cards_a_creature_and_a_non_creature() -> None:
    """ "pode descer até duas cartas — a ideia é sempre montar um par: uma criatura e uma não criatura" """
    s = table(mine=["toco"], hand=["pedregulho", "casca", "garra_afiada", "leite_morno"])
    play(s, PlayCreature("pedregulho"), PlayItem("garra_afiada", 0))
    legal = s.legal_actions(0)
    assert not any(isinstance(a, PlayCreature | PlayItem | PlaySpell) for a in legal)


def test_not_two_creatures_nor_two_non_creatures() -> None:
    """ "Não vale descer duas criaturas nem duas não criaturas no mesmo turno." """
    s = table(mine=["toco"], hand=["pedregulho", "casca", "garra_afiada", "leite_morno"])
    play(s, PlayCreature("pedregulho"))
    with pytest.raises(IllegalAction):
        s.apply(0, PlayCreature("casca"))
    play(s, PlaySpell("leite_morno", NO_TARGET))
    with pytest.raises(IllegalAction):
        s.apply(0, PlayItem("garra_afiada", 0))


def test_only_one_kind_in_hand() -> None:
    """ "Se você só tem um dos tipos na mão, tudo bem: desce só ele, ou nada." """
    s = table(hand=["toco", "casca"])
    play(s, PlayCreature("toco"), END_TURN)
    assert card(s, 0, 0) == "toco"
    s = table(hand=["toco", "casca"])
    play(s, END_TURN)  # nothing at all
    assert s.field[0] == [None, None, None] and s.current == 1


def test_spells_act_at_once_then_canil() -> None:
    """ "As magias fazem efeito na hora e seguem direto pro Canil." """
    s = table(hand=["leite_morno"])
    s.life[0] = 10
    events = play(s, PlaySpell("leite_morno", NO_TARGET))
    assert s.life[0] == 13 and s.canil[0] == ["leite_morno"] and "healed" in kinds(events)


def test_items_go_on_an_empty_handed_creature() -> None:
    """ "Os itens se equipam numa criatura de mão vazia." """
    s = table(mine=["toco"], hand=["garra_afiada"])
    play(s, PlayItem("garra_afiada", 0))
    assert s.field[0][0] is not None and s.field[0][0].item == "garra_afiada"
    assert s.hand[0] == []


def test_each_creature_one_action() -> None:
    """ "cada criatura sua no campo tem uma ação no turno e escolhe uma opção — atacar, usar a habilidade ou ir pro Canil" """
    s = table(mine=["cochilo"], theirs=["toco", "pedregulho"])
    legal = s.legal_actions(0)
    assert Attack((0,), 0) in legal and UseAbility(0, 0) in legal and GoToCanil(0) in legal
    play(s, UseAbility(0, 0))
    legal = s.legal_actions(0)
    assert not any(isinstance(a, Attack | UseAbility | GoToCanil) for a in legal)


def test_oficina_only_with_bugingangas() -> None:
    """ "Em Bugingangas e Traquitanas, também vale ir pra Oficina." """
    s = table(mine=["toco"])
    assert GoToOficina(0) in s.legal_actions(0)
    s = table(mine=["toco"], sets=["despertar", "eclipse"])
    assert GoToOficina(0) not in s.legal_actions(0)


def test_declare_and_resolve_one_by_one() -> None:
    """ "O certo é ir declarando e resolvendo ação por ação — o gato A ataca e resolve; então o gato B" """
    s = table(mine=["toco", "pedregulho"], theirs=["cochilo", "barro"])
    events = play(s, Attack((0,), 0))
    assert "defeated" in kinds(events) and card(s, 1, 0) is None  # resolved before B declares
    assert s.actors == (0,) and Attack((1,), 1) in s.legal_actions(0)


def test_canil_on_purpose_spends_the_action() -> None:
    """ "mandar um gato ao Canil de propósito gasta a ação dele" """
    s = table(mine=["toco", "pedregulho"])
    play(s, GoToCanil(0))
    assert s.actions_spent == 1 and s.canil[0] == ["toco"]


def test_no_attack_then_canil_then_act_with_replacement() -> None:
    """ "Não vale atacar, depois mandar pro Canil e ainda agir com outro gato que desceu no lugar no mesmo turno." """
    s = table(mine=["toco", "pedregulho", "casca"], theirs=["muralha"], hand=["barro"])
    play(s, Attack((0,), 0))
    assert GoToCanil(0) not in s.legal_actions(0)  # the attacker has no action left
    play(s, GoToCanil(1), PlayCreature("barro"))
    assert card(s, 0, 1) == "barro"
    legal = s.legal_actions(0)
    assert not any(getattr(a, "slot", None) == 1 for a in legal)
    assert not any(isinstance(a, Attack) and 1 in a.attackers for a in legal)
    play(s, Attack((2,), 0))
    assert s.actions_spent == 3


def test_first_players_first_turn_creatures_do_not_act() -> None:
    """ "No primeiríssimo turno da partida: as criaturas que o primeiro jogador coloca não agem nesse turno." """
    s = GAME.new_game(2, 11, {"first_player": 0, "terrain": "agua", "deck_0": deck_with(["toco"])})
    fresh(s)
    s.deck[0].remove("toco") if "toco" not in s.hand[0] else s.hand[0].remove("toco")
    s.hand[0].append("toco")
    fresh(s)
    play(s, PlayCreature("toco"))
    assert [a for a in s.legal_actions(0) if not isinstance(a, PlayItem | PlaySpell)] == [END_TURN]


def test_second_players_first_turn_is_normal() -> None:
    """ "Já no primeiro turno do segundo jogador, tudo funciona normalmente — as criaturas entram e já podem agir." """
    s = GAME.new_game(2, 11, {"first_player": 0, "terrain": "agua", "deck_1": deck_with(["toco"])})
    play(s, END_TURN)
    if "toco" not in s.hand[1]:
        s.deck[1].remove("toco")
        s.hand[1].append("toco")
        s.deck[1].append(s.hand[1].pop(0))
    fresh(s)
    play(s, PlayCreature("toco"))
    assert Attack((0,), LIFE) in s.legal_actions(1)


def test_life_only_without_defenders() -> None:
    """ "só dá pra atacar os pontos de vida dele depois de derrotar todas as criaturas que estão na defesa" """
    s = table(mine=["toco", "pedregulho"], theirs=["cochilo"])
    assert not any(isinstance(a, Attack) and a.target == LIFE for a in s.legal_actions(0))
    play(s, Attack((0,), 0))
    assert Attack((1,), LIFE) in s.legal_actions(0)


def test_while_a_cat_remains_life_is_protected() -> None:
    """ "Enquanto sobrar um gato na mesa inimiga, a vida fica protegida." (a fainted cat too)"""
    s = table(mine=["toco"], theirs=["cochilo"])
    s.field[1][0].status = FAINTED  # type: ignore[union-attr]
    fresh(s)
    assert Attack((0,), LIFE) not in s.legal_actions(0)
    with pytest.raises(IllegalAction):
        s.apply(0, Attack((0,), LIFE))


@pytest.mark.parametrize(("attacker", "defeated"), [("toco", True), ("barro", False)])
def test_damage_at_least_life_defeats(attacker: str, defeated: bool) -> None:
    """ "o dano do atacante precisa ser maior ou igual à vida dela. Quando isso acontece, ela vai direto pro Canil." """
    s = table(mine=[attacker], theirs=["cochilo"])  # toco 3 = cochilo's life 3; barro 2
    play(s, Attack((0,), 0))
    assert (card(s, 1, 0) is None) == defeated
    assert ("cochilo" in s.canil[1]) == defeated


def test_no_damage_back() -> None:
    """ "Quem ataca não leva dano de volta — aqui não existe dano cruzado." """
    s = table(mine=["pluma"], theirs=["muralha"])  # pluma has 2 life, muralha 1 attack
    play(s, Attack((0,), 0))
    assert card(s, 0, 0) == "pluma" and s.life == [15, 15]


def test_damage_does_not_build_up() -> None:
    """ "O dano não se acumula de um turno pro outro; cada ataque começa do zero." """
    s = table(mine=["barro", "casca"], theirs=["toco"])  # 2 + 2 separately on 4 life
    play(s, Attack((0,), 0), Attack((1,), 0))
    assert card(s, 1, 0) == "toco"


def test_no_change_left_over() -> None:
    """ "Bateu com 4 de dano numa criatura de 1 de vida? Os 3 que sobraram não vão pra lugar nenhum" """
    s = table(mine=["pluma"], theirs=["pipa"])
    play(s, Attack((0,), 0))
    assert card(s, 1, 0) is None and s.life[1] == 15


def test_combined_attack() -> None:
    """ "Você pode somar o ataque de duas ou mais criaturas pra derrubar uma criatura oponente mais durona." """
    s = table(mine=["barro", "casca"], theirs=["toco"])
    events = play(s, Attack((0, 1), 0))
    assert card(s, 1, 0) is None and kinds(events).count("attack") == 1
    assert s.actions_spent == 2


def test_three_cats_three_actions() -> None:
    """ "com três criaturas na mesa, você tem três ações no turno ... mandar as ações que sobraram direto na vida dele" """
    s = table(mine=["barro", "casca", "toco"], theirs=["toco", "cochilo"])
    play(s, Attack((0, 1), 0), Attack((2,), 1))
    assert s.field[1] == [None, None, None]
    s = table(mine=["barro", "casca", "toco"], theirs=["cochilo"])
    play(s, Attack((2,), 0), Attack((0,), LIFE), Attack((1,), LIFE))
    assert s.life[1] == 11 and s.actions_spent == 3
    assert not any(isinstance(a, Attack) for a in s.legal_actions(0))


def test_twelve_abilities() -> None:
    """ "O jogo base ... 8 habilidades ... Retorno e Coragem ... Martelo e Mola — dá 12 no total." """
    ab = GAME.ability_pool()
    assert len(ab) == 12
    assert sum(a.set == "despertar" for a in ab.values()) == 8
    assert {k for k, a in ab.items() if a.set == "eclipse"} == {"retorno", "coragem"}
    assert {k for k, a in ab.items() if a.set == "bugingangas"} == {"martelo", "mola"}


def test_defensive_passives_cost_no_action() -> None:
    """ "boa parte delas é passiva, sempre ligada, sem gastar ação" """
    s = table(mine=["muralha", "casca"], theirs=["toco"])
    assert not any(isinstance(a, UseAbility) for a in s.legal_actions(0))
    sides = {a.side for a in GAME.ability_pool().values() if a.kind == "passive"}
    assert sides == {"defensive"}


# -- spells and items -------------------------------------------------------------------------
def test_spell_is_the_pairs_non_creature() -> None:
    """ "As magias têm o ícone de livro e valem como a não criatura do par" """
    s = table(mine=["toco"], hand=["leite_morno", "garra_afiada", "casca"])
    play(s, PlaySpell("leite_morno", NO_TARGET))
    assert PlayItem("garra_afiada", 0) not in s.legal_actions(0)
    assert PlayCreature("casca") in s.legal_actions(0)


def test_some_spells_change_the_terrain() -> None:
    """ "Algumas magias especiais até trocam o terreno do Campo de Batalha." """
    s = table(hand=["terremoto"])
    play(s, PlaySpell("terremoto", NO_TARGET))
    assert s.terrain == "terra"


def test_item_is_the_pairs_non_creature() -> None:
    """ "Os itens têm o ícone de mão e também contam como a não criatura do par" """
    s = table(mine=["toco"], hand=["leite_morno", "garra_afiada"])
    play(s, PlayItem("garra_afiada", 0))
    assert not any(isinstance(a, PlaySpell) for a in s.legal_actions(0))


def test_one_item_at_a_time() -> None:
    """ "cada criatura só carrega um item por vez, e precisa estar de mão vazia pra receber" """
    s = table(mine=[("toco", "coleira")], hand=["garra_afiada"])
    play(s, PlayItem("garra_afiada", 0))
    c = s.field[0][0]
    assert c is not None and c.item == "garra_afiada" and s.canil[0] == ["coleira"]


def test_item_ability_same_turn_if_not_acted() -> None:
    """ "ela pode usar a habilidade do item no mesmo turno, contanto que ainda não tenha gastado a ação" """
    s = table(mine=["toco", "pedregulho"], theirs=["casca"], hand=["sininho", "novelo"])
    play(s, PlayItem("sininho", 0))
    assert UseItem(0, 0) in s.legal_actions(0)
    play(s, UseItem(0, 0))
    assert s.field[1][0].status == SICK  # type: ignore[union-attr]
    s = table(mine=["toco", "pedregulho"], theirs=["casca", "cochilo"], hand=["sininho"])
    play(s, Attack((0,), 1), PlayItem("sininho", 0))
    assert not any(isinstance(a, UseItem) for a in s.legal_actions(0))


def test_defeated_goes_with_its_item() -> None:
    """ "Se a criatura for derrotada, item e criatura vão juntos pro Canil." """
    s = table(mine=["toco"], theirs=[("cochilo", "garra_afiada")])
    play(s, Attack((0,), 0))
    assert sorted(s.canil[1]) == ["cochilo", "garra_afiada"]


def test_scared_goes_back_to_hand_separated() -> None:
    """ "Se a criatura for assustada, os dois voltam pra mão e se separam." """
    s = table(theirs=[("toco", "garra_afiada")], hand=["susto"])
    play(s, PlaySpell("susto", 0))
    assert s.field[1][0] is None
    assert sorted(s.hand[1]) == ["garra_afiada", "toco"]
    assert sorted(s.view(0)["players"][1]["known_in_hand"]) == ["garra_afiada", "toco"]


def test_swap_item_old_to_canil() -> None:
    """ "No seu turno, você pode trocar o item de uma criatura — e o item antigo vai pro Canil." """
    s = table(mine=[("toco", "botinha")], hand=["garra_afiada"])
    events = play(s, PlayItem("garra_afiada", 0))
    assert s.canil[0] == ["botinha"] and "item_replaced" in kinds(events)


# -- terrains ---------------------------------------------------------------------------------
def test_terrains_not_in_deck_agreed_or_drawn() -> None:
    """ "Eles não entram no deck: ficam no centro da mesa, escolhidos de comum acordo ou por sorteio." """
    assert GAME.new_game(2, 1, {"terrain": "fogo"}).terrain == "fogo"
    drawn = {
        GAME.new_game(
            2, seed, {"sets": ["despertar"], "deck_0": deck_with([]), "deck_1": deck_with([])}
        ).terrain
        for seed in range(40)
    }
    assert drawn == {"agua", "ar", "terra", "fogo"}
    assert not any(c in GAME.terrain_pool() for c in GAME.card_pool())


def test_terrain_change_sweeps_opposed_creatures() -> None:
    """ "quando o terreno muda, todas as criaturas sentem o efeito na mesma hora ... vão direto pro Canil." """
    s = table(
        mine=[("marola", "coleira"), "toco"],
        theirs=["pingo", "bolha"],
        hand=["erupcao"],
        terrain="agua",
    )
    events = play(s, PlaySpell("erupcao", NO_TARGET))
    assert s.terrain_element == "fogo"
    assert s.field[1] == [None, None, None] and sorted(s.canil[1]) == ["bolha", "pingo"]
    assert card(s, 0, 0) is None and card(s, 0, 1) == "toco"
    assert kinds(events).count("swept") == 3


def test_opposed_creature_cannot_be_played() -> None:
    """(ours) a creature of the element opposed to the terrain cannot come down."""
    s = table(hand=["brasa", "toco"], terrain="agua")
    legal = s.legal_actions(0)
    assert PlayCreature("toco") in legal and PlayCreature("brasa") not in legal


def test_eclipse_terrains_same_mechanics() -> None:
    """ "a mecânica elemental é exatamente a mesma; o que muda é o visual" """
    s = table(theirs=["brasa"], hand=["mare_sombria"], terrain="terra")
    play(s, PlaySpell("mare_sombria", NO_TARGET))
    assert s.terrain == "agua_sombria" and s.terrain_element == "agua" and s.field[1][0] is None


def test_terrain_bonus() -> None:
    """(ours) a creature of the terrain's element attacks with +1."""
    s = table(mine=["pingo"], theirs=["toco"], terrain="agua")  # pingo 2 (+1) = toco's 3... life 4
    play(s, Attack((0,), 0))
    assert card(s, 1, 0) == "toco"
    s = table(mine=["marola"], theirs=["toco"], terrain="agua")  # 3 + 1 = 4
    play(s, Attack((0,), 0))
    assert card(s, 1, 0) is None


# -- other rules ------------------------------------------------------------------------------
def test_at_most_three_creatures() -> None:
    """ "Você pode ter no máximo 3 criaturas no campo ao mesmo tempo." """
    s = table(mine=["toco", "pedregulho", "casca"], hand=["barro"])
    assert PlayCreature("barro") not in s.legal_actions(0)


def test_oficina_takes_a_place() -> None:
    """ "o gato na Oficina também ocupa uma dessas vagas" """
    s = table(mine=["toco", "pedregulho", None], hand=["barro", "casca"])
    play(s, GoToOficina(0), PlayCreature("barro"))
    assert PlayCreature("casca") not in s.legal_actions(0)
    assert s.field[0][0] is not None and s.field[0][0].oficina


def test_oficina_cat_defends_and_can_be_attacked() -> None:
    """(ours) a cat in the Oficina is on the table: it protects its owner's life and can be attacked."""
    s = table(mine=["toco"], theirs=["pedregulho"])
    s.field[1][0].oficina = True  # type: ignore[union-attr]
    fresh(s)
    legal = s.legal_actions(0)
    assert Attack((0,), 0) in legal and Attack((0,), LIFE) not in legal


def test_oficina_return_with_item() -> None:
    """(ours) back from the Oficina at the start of its owner's turn, with the newest item of the Canil."""
    s = table(mine=["toco"], deck0_extra=["garra_afiada"])
    s.deck[0].remove("garra_afiada")
    s.canil[0].append("garra_afiada")
    fresh(s)
    play(s, GoToOficina(0), END_TURN, END_TURN)
    c = s.field[0][0]
    assert c is not None and not c.oficina and c.item == "garra_afiada" and not c.acted


def test_spells_and_items_with_three_creatures() -> None:
    """ "Mesmo com as três na mesa, ainda dá pra descer magias e itens." """
    s = table(mine=["toco", "pedregulho", "casca"], hand=["garra_afiada", "leite_morno"])
    legal = s.legal_actions(0)
    assert PlayItem("garra_afiada", 0) in legal and PlaySpell("leite_morno", NO_TARGET) in legal


@pytest.mark.parametrize("status", [0, SICK, FAINTED])
def test_canil_to_make_room_any_status(status: int) -> None:
    """ "Pra baixar mais uma criatura, mande alguma pro Canil ... (vale mandar embora criaturas saudáveis, doentes ou desmaiadas)" """
    s = table(mine=["toco", "pedregulho", "casca"], hand=["barro"])
    s.field[0][1].status = status  # type: ignore[union-attr]
    fresh(s)
    play(s, GoToCanil(1))
    assert PlayCreature("barro") in s.legal_actions(0)


def test_sick_cat_ability_or_canil_no_attack() -> None:
    """ "Gato doente pode ir ao Canil ou usar habilidade (não ataca)." """
    s = table(mine=["cochilo"], theirs=["toco"])
    s.field[0][0].status = SICK  # type: ignore[union-attr]
    fresh(s)
    legal = s.legal_actions(0)
    assert GoToCanil(0) in legal and UseAbility(0, 0) in legal
    assert not any(isinstance(a, Attack) for a in legal)
    assert GoToOficina(0) not in legal  # ours: the Oficina is for healthy cats


def test_fainted_cat_only_canil() -> None:
    """ "Gato desmaiado só tem o Canil como opção de ação." """
    s = table(mine=[("cochilo", "sininho")], theirs=["toco"])
    s.field[0][0].status = FAINTED  # type: ignore[union-attr]
    fresh(s)
    legal = [a for a in s.legal_actions(0) if a is not END_TURN]
    assert legal == [GoToCanil(0)]


def test_potion_never_sick_nor_fainted() -> None:
    """ "Criaturas com Poção não ficam doentes nem desmaiam" """
    s = table(mine=["cochilo"], theirs=[("toco", "pocao")], hand=["pulgas"])
    assert UseAbility(0, 0) not in s.legal_actions(0)
    assert PlaySpell("pulgas", 0) not in s.legal_actions(0)
    s = table(mine=["toco"], hand=["pocao"])
    s.field[0][0].status = FAINTED  # type: ignore[union-attr]
    fresh(s)
    play(s, PlayItem("pocao", 0))
    assert s.field[0][0].status == 0  # type: ignore[union-attr]


def test_retorno_and_mola_need_a_free_place() -> None:
    """ "A habilidade Retorno (e a Mola) só funciona se houver espaço livre na mesa (... contando a Oficina)." """
    s = table(mine=["lua_nova", "engrenagem", "toco"], deck0_extra=["marola"])
    s.deck[0].remove("marola")
    s.canil[0].append("marola")
    fresh(s)
    legal = s.legal_actions(0)
    assert UseAbility(0, NO_TARGET) not in legal and UseAbility(1, NO_TARGET) not in legal
    s.field[0][2] = None
    s.canil[0].append("toco")
    fresh(s)
    legal = s.legal_actions(0)
    assert UseAbility(0, NO_TARGET) in legal and UseAbility(1, NO_TARGET) in legal


# -- options for the readings the text leaves open ---------------------------------------------
def test_option_first_player_draws() -> None:
    """ "Pra começar, você compra uma carta." applies to every turn; the option skips turn 1's draw."""
    s = GAME.new_game(2, 3, {"first_player": 0, "first_player_draws": False})
    assert len(s.hand[0]) == 5 and len(s.deck[0]) == 20


def test_option_draw_effects_end_game() -> None:
    """With draw_effects_end_game off, a draw spell on an empty deck draws nothing and play goes on."""
    s = table(hand=["caixa_surpresa"])
    s.options = s.options.model_copy(update={"draw_effects_end_game": False})
    s.canil[0] += s.deck[0]
    s.deck[0] = []
    fresh(s)
    play(s, PlaySpell("caixa_surpresa", NO_TARGET))
    assert not s.is_over


def test_option_oficina_any_status() -> None:
    """The literal reading (default) keeps sick cats out of the Oficina; the option lets them in."""
    opts = {
        "oficina_any_status": True,
        "deck_0": deck_with(["toco"]),
        "terrain": "agua",
        "first_player": 1,
    }
    s = GAME.new_game(2, 1, opts)
    play(s, END_TURN)
    s.deck[0].remove("toco") if "toco" in s.deck[0] else s.hand[0].remove("toco")
    from ludoteca.games.sala_de_miaula.model import Creature

    c = Creature("toco")
    c.acted, c.status = False, SICK
    s.field[0][0] = c
    fresh(s)
    assert GoToOficina(0) in s.legal_actions(0)


def test_every_end_has_a_sentence() -> None:
    for reason in ("life", "deck_out"):
        for lang in ("pt-BR", "en"):
            text = GAME.catalog.text(f"result.{reason}", lang, turns=4)
            assert not text.startswith("result.") and "{" not in text
