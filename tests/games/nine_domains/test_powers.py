"""Scenario tests of the follow-up powers: 2- swap, 3- exchange, 3+ bonus, and their order."""

from __future__ import annotations

import pytest

from ludoteca import IllegalAction
from ludoteca.engine import Event
from ludoteca.games.nine_domains.actions import Place, Recover, SwapGive
from ludoteca.games.nine_domains.state import NineDomainsState

from .helpers import decline, exchange, kinds, last_round, play_round, setup, swap, won

# player 0 collects red, green, blue and one half; player 1 holds the Forge (red + a half)
SWAP_PILES = [
    ["volcano", "lake", "capital"],
    ["forest", "tower", "steppe"],
    ["forge", "free-city", "port"],
]


def _round_two_swap_pending() -> tuple[NineDomainsState, list[Event]]:
    s = setup(piles=SWAP_PILES)
    play_round(s, ["5", "4", "0"], ["4", "3", "1"])  # player 0: volcano, forest; player 1: forge
    events = play_round(s, ["2-", "3", "1"], ["0", "2", "5"])  # 2- wins the lake
    return s, events


def test_two_minus_winner_may_swap_a_domain() -> None:
    """ "2-: Se esta carta vencer sua batalha, seu dono pode trocar um de seus terrenos por um dos
    terrenos de seu oponente." """
    s = setup()
    play_round(s, ["2-", "4", "0"], ["1", "3", "1+"])
    assert s.actors == (0,) and s.view(1)["pending"] == {
        "player": 0,
        "power": "swap",
        "pile": 0,
        "pick": None,
    }
    with pytest.raises(IllegalAction):
        s.apply(0, SwapGive("free-city"))  # not player 0's domain
    events = swap(s, 0, "volcano", "free-city")
    assert kinds(events)[-2:] == ["swap", "round_started"]
    assert won(s, 0) == ["free-city", "hot-springs"] and won(s, 1) == ["volcano"]


def test_two_minus_may_be_declined() -> None:
    """ "seu dono pode trocar" (may): declining keeps the domains where they are."""
    s = setup()
    play_round(s, ["2-", "4", "0"], ["1", "3", "1+"])
    events = decline(s, 0)
    assert "declined" in kinds(events)
    assert won(s, 0) == ["volcano", "hot-springs"] and won(s, 1) == ["free-city"]


def test_two_minus_only_when_it_wins() -> None:
    """ "Se esta carta vencer sua batalha": a losing 2- has no power."""
    s = setup()
    play_round(s, ["2-", "4", "0"], ["3", "5", "1"])
    assert "pending" not in s.view(0) and s.actors == (0, 1)


def test_two_minus_swap_acts_before_the_element_check() -> None:
    """ "(este efeito atua antes que uma vitória de cor seja verificada)": swapping for the
    opponent's half completes purple, and the player wins at this round's check."""
    s, _ = _round_two_swap_pending()
    assert not s.is_over
    events = swap(s, 0, "volcano", "forge")
    assert kinds(events)[-1] == "won_by_elements"
    assert s.result().reason == "elements" and s.result().winners == (0,)


def test_two_minus_declined_no_element_win() -> None:
    """Same position, the swap declined: one half only, the game goes on."""
    s, _ = _round_two_swap_pending()
    decline(s, 0)
    assert not s.is_over and s.view(0)["round"] == 3


def _opponent_completes_while_two_minus_pending() -> NineDomainsState:
    piles = [
        ["steppe", "sea-temple", "capital"],
        ["tower", "volcano", "lake"],
        ["free-city", "port", "forest"],
    ]
    s = setup(piles=piles)
    play_round(s, ["1", "2", "4"], ["3", "4", "1"])  # player 1: steppe (red, green), tower (half)
    play_round(s, ["0", "2-", "5"], ["2", "0", "3+"])  # player 1 adds the sea temple (blue, half)
    return s


def test_two_minus_swap_can_break_the_opponents_elements() -> None:
    """ "(este efeito atua antes que uma vitória de cor seja verificada)": the opponent completed
    the four elements this round, but the swap takes a purple half away before the check."""
    s = _opponent_completes_while_two_minus_pending()
    assert not s.is_over and s.actors == (0,)
    swap(s, 0, "volcano", "tower")
    assert not s.is_over and won(s, 1) == ["steppe", "volcano", "sea-temple"]


def test_without_the_swap_the_opponent_wins_by_elements() -> None:
    """The same position, the swap declined: the opponent wins at the element check."""
    s = _opponent_completes_while_two_minus_pending()
    decline(s, 0)
    assert s.is_over and s.result().reason == "elements" and s.result().winners == (1,)


def test_two_two_minus_swaps_resolve_left_to_right() -> None:
    """Gap: two 2- won in the same round (possible with special_deal="independent") resolve by
    pile, left to right; the second owner chooses after seeing the first swap."""
    s = setup(
        specials0=("2-", "1-", "3-"), specials1=("2-", "1+", "3+"), special_deal="independent"
    )
    play_round(s, ["2-", "1", "4"], ["1", "2-", "3"])
    assert s.actors == (0,) and s.view(1)["pending"]["pile"] == 0
    swap(s, 0, "free-city", "hot-springs")
    assert s.actors == (1,) and s.view(0)["pending"]["pile"] == 1
    assert s.legal_actions(1)[0] == SwapGive("free-city")
    swap(s, 1, "free-city", "volcano")
    assert sorted(won(s, 0)) == ["free-city", "hot-springs"] and won(s, 1) == ["volcano"]
    assert s.actors == (0, 1)


def test_three_minus_exchanges_a_hand_card_for_a_used_one() -> None:
    """ "3-: Se esta carta vencer a batalha, seu dono pode trocar uma de suas cartas na mão por uma
    das cartas que já usou." """
    s = setup()
    play_round(s, ["3-", "5", "0"], ["2", "4", "1"])
    assert s.view(1)["pending"]["power"] == "exchange"
    with pytest.raises(IllegalAction):
        s.apply(0, Recover("4"))  # never used by player 0
    events = exchange(s, 0, "5", "1")
    assert "exchange" in kinds(events)
    v = s.view(1)["players"][0]  # public: the opponent sees both cards
    assert "5" in v["known_unplayed"] and "1" not in v["known_unplayed"]
    assert v["used"] == ["3-", "0", "1"]
    s.apply(0, Place("5", 0))  # the card taken back can be played again
    with pytest.raises(IllegalAction, match="not in your hand"):
        s.apply(0, Place("1", 1))


def test_three_minus_may_be_declined() -> None:
    """ "seu dono pode trocar" (may): declining leaves hand and used pile as they are."""
    s = setup()
    play_round(s, ["3-", "5", "0"], ["2", "4", "1"])
    hand = s.view(0)["players"][0]["hand"]
    decline(s, 0)
    assert s.view(0)["players"][0]["hand"] == hand


def test_three_minus_only_earlier_rounds_option() -> None:
    """Option exchange_this_round=False: in round 1 there is no earlier card, the power is void."""
    s = setup(exchange_this_round=False)
    events = play_round(s, ["3-", "5", "0"], ["2", "4", "1"])
    assert "power_unusable" in kinds(events) and s.actors == (0, 1)


def test_three_minus_in_the_last_round_has_no_hand_to_exchange() -> None:
    """In round 3 the hand is empty once the cards are down: the 3- has nothing to exchange."""
    s = last_round(["3-", "5", "0"], ["2", "4", "1"], specials0=("3-", "1-", "2-"))
    events = play_round(s, ["3-", "5", "0"], ["2", "4", "1"])
    assert "power_unusable" in kinds(events) and s.is_over


def test_three_plus_wins_by_two_scores_seven() -> None:
    """ "3+: Se esta carta vencer sua batalha com uma vantagem de 2 ou mais, seu dono ganha 7
    Pontos de Vitória" """
    s = setup()
    events = play_round(s, ["1", "4", "0"], ["3+", "3", "1"])
    assert "victory_bonus" in kinds(events)
    assert s.view(0)["players"][1]["vp"] == 3 + 7 + 4


def test_three_plus_wins_by_one_scores_nothing() -> None:
    """ "com uma vantagem de 2 ou mais": a margin of 1 is not enough."""
    s = setup()
    events = play_round(s, ["2", "4", "0"], ["3+", "3", "1"])
    assert "victory_bonus" not in kinds(events) and "volcano" in won(s, 1)


def test_three_plus_margin_counts_modifiers() -> None:
    """Gap: the margin is measured on final strengths: a 3+ helped to 4 by a 1- beats a 2 by 2."""
    s = setup(specials1=("3+", "1-", "2+"))
    events = play_round(s, ["2", "4", "0"], ["3+", "1-", "1"])
    assert "victory_bonus" in kinds(events)


def test_three_plus_effect_win_has_no_margin_by_default() -> None:
    """Gap: a 3+ beating the * wins by effect; values are ignored, so no margin and no 7 VP."""
    s = setup(specials0=("*", "1-", "2-"))
    events = play_round(s, ["*", "4", "0"], ["3+", "3", "1"])
    assert "volcano" in won(s, 1) and "victory_bonus" not in kinds(events)


def test_three_plus_effect_win_option() -> None:
    """Option three_plus_effect_win_scores: the * counts as 0, so the 3+ wins by 3 and scores."""
    s = setup(specials0=("*", "1-", "2-"), three_plus_effect_win_scores=True)
    events = play_round(s, ["*", "4", "0"], ["3+", "3", "1"])
    assert "victory_bonus" in kinds(events)
