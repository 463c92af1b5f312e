"""Scenario tests of "Cartas e combate": values, effects, the tie rules and the strength powers."""

from __future__ import annotations

import pytest

from ludoteca.games.nine_domains.cards import CARDS
from ludoteca.games.nine_domains.combat import REMOVED, fight, modifiers

from .helpers import combat_event, last_round, play_round, setup, specials_for, won


def test_higher_value_wins() -> None:
    """ "Quando duas cartas lutam entre si, a carta de maior valor vence." """
    s = setup()
    events = play_round(s, ["5", "2", "1"], ["4", "3", "0"])
    assert won(s, 0) == ["volcano", "free-city"]
    assert won(s, 1) == ["hot-springs"]
    e = combat_event(events, 0)
    assert e.data["player"] == 0 and e.data["strength"] == 5 and e.data["other_strength"] == 4


def test_zero_beats_five() -> None:
    """ "a carta zero tem uma habilidade especial que lhe permite vencer a carta 5" """
    s = setup()
    play_round(s, ["0", "2", "1"], ["5", "3", "4"])
    assert won(s, 0) == ["volcano"]


def test_effect_ignores_values_and_bonuses() -> None:
    """ "Se uma carta tem um efeito especial que altera o resultado do combate, então os valores
    e bônus de combate são ignorados, apenas o efeito conta." (a 5 helped to 7 still loses to 0)"""
    s = setup(specials1=("1-", "2+", "3+"))
    events = play_round(s, ["2", "0", "1"], ["3", "5", "1-"])
    e = combat_event(events, 1)
    assert e.data["player"] == 0 and e.data["other_strength"] == 7 and e.data["how"] == "effect"
    assert won(s, 0) == ["hot-springs", "free-city"]


def test_four_minus_loses_to_base_one_even_when_stronger() -> None:
    """ "4-: Esta carta perde contra a carta base "1" e também contra a carta "*"" (the 1 part)"""
    s = setup(specials0=("4-", "1-", "2-"))
    play_round(s, ["4-", "1-", "3"], ["1", "2", "4"])
    assert "volcano" in won(s, 1)


def test_four_minus_loses_to_star() -> None:
    """ "4-: Esta carta perde contra a carta base "1" e também contra a carta "*"" (the * part)"""
    s = setup(specials0=("4-", "1-", "2-"), specials1=("*", "2+", "3+"))
    play_round(s, ["4-", "2", "3"], ["*", "1", "4"])
    assert won(s, 1)[0] == "volcano"


@pytest.mark.parametrize(
    ("other", "star_wins"),
    [
        ("3", True),
        ("4", True),
        ("5", True),
        ("4-", True),
        ("0", False),
        ("1", False),
        ("2", False),
        ("1-", False),
        ("2+", False),
        ("3+", False),
        ("3-", False),
        ("4+", False),
    ],
)
def test_star_beats_base_three_four_five_and_four_minus_only(other: str, star_wins: bool) -> None:
    """ "*: Esta carta vence as cartas base "3", "4", "5" (assim como a carta 4-), mas perde
    contra as outras cartas" """
    specials0 = specials_for("*", {other})
    s = setup(specials0=specials0, specials1=specials_for(other, set(specials0)))
    fill1 = [c for c in ("0", "1", "2", "3") if c != other][:2]
    events = play_round(s, ["*", "4", "5"], [other, *fill1])
    e = combat_event(events, 0)
    assert e.data["player"] == (0 if star_wins else 1)
    assert e.data["how"] == "effect"


def test_star_ignores_strength_modifiers() -> None:
    """ "*: ... (modificadores de força não contam)": a 1- beside the * does not save it against a 2."""
    s = setup(specials0=("*", "1-", "2-"))
    events = play_round(s, ["*", "1-", "4"], ["2", "0", "5"])
    assert combat_event(events, 0).data["player"] == 1
    assert combat_event(events, 0).data["strength"] == 2


def test_tie_goes_to_larger_combat_bonus() -> None:
    """ "Em caso de igualdade nos valores de combate: a carta com maior bônus de combate ganha o
    empate" (a 2 raised to 4 by an edge 1- beats a plain 4)"""
    s = setup(specials1=("1-", "2+", "3+"))
    events = play_round(s, ["0", "4", "1"], ["3", "2", "1-"])
    e = combat_event(events, 1)
    assert e.data["player"] == 1 and e.data["strength"] == 4 and e.data["other_strength"] == 4
    assert e.data["how"] == "tie"


def test_identical_cards_remove_the_domain() -> None:
    """ "se forem duas cartas idênticas: ninguém obtém o domínio, ele é removido do jogo." """
    s = setup()
    events = play_round(s, ["3", "5", "0"], ["3", "4", "1"])
    assert combat_event(events, 0).kind == "domain_removed"
    assert "volcano" not in won(s, 0) + won(s, 1)
    v = s.view(0)
    assert v["removed"] == ["volcano"]
    # the pile goes on with its next domain
    assert v["piles"][0]["top"] == "forest" and v["piles"][0]["count"] == 2


def test_identical_cards_with_different_bonus_are_not_removed() -> None:
    """ "Se não houver bônus de combate (ou bônus iguais)": identical cards only remove the domain
    when their bonuses are equal; a 3 helped by +1 beats a plain 3."""
    s = setup(specials0=("1-", "2-", "3-"))
    events = play_round(s, ["3", "1-", "0"], ["3", "5", "1"])
    e = combat_event(events, 0)
    assert e.kind == "domain_won" and e.data["player"] == 0


@pytest.mark.parametrize(
    ("card0", "card1", "winner"),
    [
        ("3+", "3", 0),
        ("3-", "3", 1),
        ("2+", "2-", 0),
        ("1-", "1+", 1),
        ("4+", "4", 0),
        ("4-", "4", 1),
    ],
)
def test_plus_wins_ties_minus_loses_them(card0: str, card1: str, winner: int) -> None:
    """ "os empates são desfeitos pelos símbolos das cartas especiais, os "+" ganham os empates e
    os "-" perdem os empates." """
    specials0 = specials_for(card0, {card1})
    s = setup(specials0=specials0, specials1=specials_for(card1, {card0, *specials0}))
    events = play_round(s, [card0, "0", "1"], [card1, "5", "0"])
    e = combat_event(events, 0)
    assert e.data["player"] == winner and e.data["how"] == "tie"


def test_fight_order_effect_then_strength_then_bonus_then_signs() -> None:
    """The combat rules in the text's order, on the pure function."""
    i = CARDS.index
    assert fight(i["0"], 0, 0, i["5"], 9, 4) == (0, True)
    assert fight(i["2"], 3, 1, i["3"], 3, 0) == (0, False)
    assert fight(i["3"], 3, 0, i["3"], 3, 0) == (REMOVED, False)
    assert fight(i["3-"], 3, 0, i["3"], 3, 0) == (1, False)
    assert fight(i["3"], 2, 0, i["4"], 3, 0) == (1, False)


def test_one_minus_gives_plus_one_to_each_neighbour_in_the_centre() -> None:
    """ "1-: Esta carta aumenta a força das cartas adjacentes em +1" """
    i = CARDS.index
    total, _ = modifiers([[i["3"], i["1-"], i["2"]], [i["0"], i["1"], i["4"]]], None, 0)
    assert total == [[1, 0, 1], [0, 0, 0]]


def test_one_minus_gives_plus_two_at_an_edge() -> None:
    """ "(ou em +2 se apenas uma carta for adjacente)" """
    s = setup()
    events = play_round(s, ["1-", "3", "0"], ["0", "5", "1"])
    e = combat_event(events, 1)  # the centre 3 becomes 5: equal to the 5, and wins on its bonus
    assert e.data["player"] == 0 and e.data["strength"] == 5 and e.data["how"] == "tie"
    i = CARDS.index
    total, _ = modifiers([[i["3"], i["2"], i["1-"]], [i["0"], i["1"], i["4"]]], None, 0)
    assert total == [[0, 2, 0], [0, 0, 0]]


def test_one_plus_raises_its_owners_next_card_in_the_row_by_two() -> None:
    """ "1+: Esta carta aumenta a força da próxima carta jogada na mesma fileira em +2" """
    s = setup()
    play_round(s, ["5", "4", "0"], ["1+", "3", "1"])
    play_round(s, ["3", "2", "1"], ["2", "4", "0"])  # player 1's 2 at the left is now 4
    assert "forest" in won(s, 1)
    h = s.view(None)["history"][1]
    assert h["strength"][1][0] == 4 and h["strength"][0][0] == 3


def test_two_plus_raises_its_owners_next_card_in_the_row_by_one() -> None:
    """ "2+: Esta carta aumenta a força da próxima carta jogada na masma fileira em +1" """
    s = setup()
    play_round(s, ["5", "4", "0"], ["4", "2+", "1"])
    play_round(s, ["3", "2", "1"], ["5", "2", "0"])  # player 1's 2 at the centre is now 3
    h = s.view(None)["history"][1]
    assert h["strength"][1][1] == 3
    assert "steppe" in won(s, 1)  # 3 (bonus 1) against 2


def test_one_minus_next_to_a_card_raised_by_one_plus_adds_up() -> None:
    """Interaction: a card raised by last round's 1+ and standing next to a 1- gets both (+3)."""
    s = setup(specials1=("1+", "1-", "3+"))
    play_round(s, ["4", "3", "0"], ["1+", "4", "1"])
    events = play_round(s, ["5", "2", "1"], ["2", "1-", "0"])
    e = combat_event(events, 0)
    assert e.data["strength"] == 5 and e.data["other_strength"] == 5
    assert e.data["player"] == 1 and e.data["how"] == "tie"  # equal strength, bonus 3 against 0


def test_four_plus_weakens_its_owners_next_card_at_that_place() -> None:
    """ "4+: Esta carta reduz a força da próxima carta jogada no mesmo local em -1" (default
    reading: its owner's next card there)"""
    s = setup(specials0=("4+", "1-", "2-"))
    play_round(s, ["4+", "3", "0"], ["2", "5", "1"])
    play_round(s, ["5", "4", "1"], ["4", "3", "0"])
    h = s.view(None)["history"][1]
    assert h["strength"][0][0] == 4  # the owner's 5 at the left pile
    assert h["strength"][1][0] == 4  # the opponent's card is untouched


def test_four_plus_opponent_reading_is_an_option() -> None:
    """ "reduz a força da próxima carta jogada no mesmo local": option four_plus_target="opponent"
    weakens the opponent's next card at that pile instead."""
    s = setup(specials0=("4+", "1-", "2-"), four_plus_target="opponent")
    play_round(s, ["4+", "3", "0"], ["2", "5", "1"])
    play_round(s, ["5", "4", "1"], ["4", "3", "0"])
    h = s.view(None)["history"][1]
    assert h["strength"][0][0] == 5 and h["strength"][1][0] == 3


def test_four_plus_in_the_third_round_is_itself_minus_two() -> None:
    """ "(se jogada no terceiro turno, esta carta tem -2 em força)" """
    s = last_round(["4+", "0", "1"], ["3", "2", "5"], specials0=("4+", "1-", "2-"))
    events = play_round(s, ["4+", "0", "1"], ["3", "2", "5"])
    e = combat_event(events, 0)
    assert e.data["player"] == 1 and e.data["other_strength"] == 2


def test_four_plus_malus_counts_as_a_negative_bonus_in_ties() -> None:
    """Gap: the 4+ malus is a negative combat bonus for the tie rule (default): a 4 weakened to 3
    loses the tie even against a "-" card."""
    s = setup(specials0=("4+", "1-", "2-"), specials1=("3-", "2+", "1+"))
    play_round(s, ["4+", "5", "0"], ["3", "4", "1"])
    events = play_round(s, ["4", "3", "1"], ["3-", "2", "0"])
    e = combat_event(events, 0)
    assert e.data["player"] == 1


def test_malus_not_a_bonus_option() -> None:
    """Option malus_counts_as_bonus=False: only positive changes are bonus; then the 3- loses the
    tie by its sign."""
    s = setup(
        specials0=("4+", "1-", "2-"), specials1=("3-", "2+", "1+"), malus_counts_as_bonus=False
    )
    play_round(s, ["4+", "5", "0"], ["3", "4", "1"])
    events = play_round(s, ["4", "3", "1"], ["3-", "2", "0"])
    assert combat_event(events, 0).data["player"] == 0


def test_four_plus_loses_to_nothing_but_beats_star() -> None:
    """Interaction 4+ against *: the * beats only base 3/4/5 and 4-, so the 4+ beats it."""
    s = setup(specials0=("4+", "1-", "2-"), specials1=("*", "2+", "3+"))
    events = play_round(s, ["4+", "5", "0"], ["*", "4", "1"])
    e = combat_event(events, 0)
    assert e.data["player"] == 0 and e.data["how"] == "effect"
