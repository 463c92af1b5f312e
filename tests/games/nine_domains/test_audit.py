"""Independent rules audit: one test per finding, and per rule sentence the other files left open.

Each docstring quotes the sentence of the rule text (or the rules doc decision) it checks.
"""

from __future__ import annotations

import random

import pytest

from ludoteca import DataError
from ludoteca.engine import Event, visible_events
from ludoteca.games.nine_domains import GAME
from ludoteca.games.nine_domains.actions import Decline, Draft, Place, Recover, SwapGive
from ludoteca.games.nine_domains.cards import CardModel, CardTable

from .helpers import (
    combat_event,
    exchange,
    kinds,
    last_round,
    play_round,
    setup,
    won,
)

# -- findings -----------------------------------------------------------------------------


def test_star_against_star_ignores_modifiers_and_removes_the_domain() -> None:
    """ "*: ... (modificadores de força não contam)" and "se forem duas cartas idênticas: ninguém
    obtém o domínio". Two * (possible with special_deal="independent") are identical cards whatever
    a 1- beside one of them gives: the domain is removed. (It used to go to the * next to the 1-,
    "by strength".)"""
    s = setup(specials0=("*", "1-", "2-"), specials1=("*", "2+", "3+"), special_deal="independent")
    events = play_round(s, ["*", "1-", "0"], ["*", "5", "1"])
    e = combat_event(events, 0)
    assert e.kind == "domain_removed" and e.data["card"] == e.data["other"] == "*"
    assert "volcano" not in won(s, 0) + won(s, 1)
    assert s.view(None)["history"][0]["strength"][0][0] is None


def test_star_against_star_ignores_last_rounds_one_plus() -> None:
    """ "*: ... (modificadores de força não contam)": a 1+ of the previous round does not raise the
    * that its owner plays next at that pile either."""
    s = setup(
        specials0=("*", "1-", "2-"),
        specials1=("*", "1+", "3+"),
        special_deal="independent",
    )
    play_round(s, ["5", "4", "0"], ["1+", "3", "1"])
    events = play_round(s, ["*", "2", "1"], ["*", "0", "2"])
    assert combat_event(events, 0).kind == "domain_removed"


def test_removed_domain_sentence_is_true_for_unequal_cards() -> None:
    """Decision 6, option malus_counts_as_bonus=false: "a base 4 at −1 against a base 3 ... the
    domain is removed as for identical cards". The event names both cards; its sentence no longer
    calls a 4 and a 3 "identical cards"."""
    s = setup(
        specials0=("4+", "1-", "2-"), specials1=("1+", "2+", "3+"), malus_counts_as_bonus=False
    )
    play_round(s, ["4+", "5", "0"], ["2", "4", "1"])
    events = play_round(s, ["4", "3", "1"], ["3", "5", "0"])
    e = combat_event(events, 0)
    assert e.kind == "domain_removed" and (e.data["card"], e.data["other"]) == ("4", "3")
    for lang in ("en", "pt-BR"):
        text = GAME.describe_event(e, lang, 0)
        assert "4" in text and "3" in text
        assert "dentical" not in text and "idênticas" not in text


def test_card_cannot_beat_itself() -> None:
    """Data: a card naming itself in beats / loses_to is refused (it used to lose to itself)."""
    with pytest.raises(DataError, match=r"'0'.*itself"):
        CardTable([CardModel(id="0", value=0, beats=["0"])], "x/cards.toml")


def test_two_cards_that_lose_to_every_other_card_contradict() -> None:
    """Data: two cards with loses_to_others cannot both lose to each other (the second one used to
    beat the first silently)."""
    cards = [
        CardModel(id="a", value=0, loses_to_others=True),
        CardModel(id="b", value=0, loses_to_others=True),
    ]
    with pytest.raises(DataError, match="contradict"):
        CardTable(cards, "x/cards.toml")


def test_card_fields_that_would_be_ignored_are_refused() -> None:
    """Data: a field the rules code would never read is an error, not a silent no-op."""
    with pytest.raises(DataError, match=r"'x'.*victory_bonus"):
        CardTable([CardModel(id="x", value=3, bonus_vp=7, bonus_margin=2)], "x/cards.toml")
    with pytest.raises(DataError, match=r"'x'.*adjacent_bonus"):
        CardTable([CardModel(id="x", value=1, adjacent_bonus_single=2)], "x/cards.toml")


def test_rules_version_bumped() -> None:
    """The * against * fix changes how old records (independent deal) replay."""
    assert GAME.rules_version == "2"


# -- sentences not covered elsewhere ------------------------------------------------------


def test_one_minus_in_the_centre_raises_both_neighbours_in_play() -> None:
    """ "1-: Esta carta aumenta a força das cartas adjacentes em +1": in the centre, both of its
    owner's neighbours get +1 (2 and 3 become 3 and 4, and win the ties on their bonus)."""
    s = setup()
    events = play_round(s, ["2", "1-", "3"], ["3", "0", "4"])
    for pile, strength in ((0, 3), (2, 4)):
        e = combat_event(events, pile)
        assert e.data["player"] == 0 and e.data["strength"] == strength
        assert e.data["how"] == "tie"
    assert combat_event(events, 1).data["player"] == 0  # the 1- itself is unchanged: 1 > 0
    assert s.view(1)["history"][0]["strength"][0] == [3, 1, 4]


def test_three_plus_winning_a_tie_scores_nothing() -> None:
    """ "3+: Se esta carta vencer sua batalha com uma vantagem de 2 ou mais": a 3+ that wins a
    tie on its "+" (margin 0) takes the domain but not the 7 VP."""
    s = setup()
    events = play_round(s, ["3", "4", "0"], ["3+", "2", "1"])
    assert combat_event(events, 0).data["player"] == 1
    assert "victory_bonus" not in kinds(events) and s.bonus == [0, 0]


def test_two_minus_with_an_opponent_without_domains_is_skipped() -> None:
    """ "2-: ... trocar um de seus terrenos por um dos terrenos de seu oponente": with no domain
    on the opponent's side there is nothing to swap; the power is skipped (power_unusable) and the
    next round begins."""
    s = setup()
    events = play_round(s, ["2-", "5", "4"], ["1", "2", "3"])
    assert won(s, 1) == []
    assert kinds(events)[-2:] == ["power_unusable", "round_started"]
    assert s.actors == (0, 1)


def test_two_minus_may_be_declined_after_choosing_what_to_give() -> None:
    """ "seu dono pode trocar" (may), rules doc: "or decline at either step": declining after
    swap_give moves no domain."""
    s = setup()
    play_round(s, ["2-", "4", "0"], ["1", "3", "1+"])
    s.apply(0, SwapGive("volcano"))
    assert s.view(1)["pending"]["pick"] == "volcano"
    s.apply(0, Decline())
    assert won(s, 0) == ["volcano", "hot-springs"] and won(s, 1) == ["free-city"]
    assert s.actors == (0, 1)


def test_three_minus_may_take_itself_back() -> None:
    """ "3-: ... trocar uma de suas cartas na mão por uma das cartas que já usou" (decision 11:
    the round's own cards count as used, the 3- included): the 3- returns to the hand and can be
    played again."""
    s = setup()
    play_round(s, ["3-", "5", "0"], ["2", "4", "1"])
    assert Recover("3-") in s.legal_actions(0)
    exchange(s, 0, "3-", "1")
    assert s.view(1)["players"][0]["used"] == ["5", "0", "1"]
    assert "3-" in s.view(1)["players"][0]["known_unplayed"]
    s.apply(0, Place("3-", 1))


def test_three_minus_earlier_rounds_only_in_round_two() -> None:
    """Option exchange_this_round=false: in round 2 only round 1's cards may be taken back."""
    s = setup(exchange_this_round=False)
    play_round(s, ["5", "4", "0"], ["4", "3", "1"])
    play_round(s, ["3-", "1", "2"], ["2", "0", "5"])
    assert s.view(0)["pending"]["power"] == "exchange"
    offered = [a.card for a in s.legal_actions(0) if isinstance(a, Recover)]
    assert sorted(offered) == ["0", "4", "5"]


def test_element_win_in_round_three_beats_a_points_lead() -> None:
    """ "Se um jogador tiver todos os 4 elementos ... ele vence o jogo imediatamente" also after
    round 3, before points count: player 0 wins with 9 VP against 17."""
    piles = [
        ["forge", "lake", "volcano"],
        ["grove", "port", "steppe"],
        ["capital", "free-city", "sea-temple"],
    ]
    s = setup(specials0=("1-", "4-", "4+"), specials1=("1+", "2+", "3+"), piles=piles)
    play_round(s, ["5", "4", "0"], ["4", "3", "1"])
    play_round(s, ["1", "2", "3"], ["5", "2+", "3+"])
    assert not s.is_over
    events = play_round(s, ["4-", "1-", "4+"], ["0", "1+", "2"])
    assert kinds(events)[-1] == "won_by_elements"
    r = s.result()
    assert r.reason == "elements" and r.winners == (0,) and r.scores == (9.0, 17.0)
    assert r.details["turns"] == 3


def test_four_plus_in_round_three_is_minus_two_under_the_opponent_reading() -> None:
    """Decision 3: with four_plus_target="opponent" the 4+ "still has −2 itself in round 3"."""
    s = last_round(
        ["4+", "0", "1"], ["3", "2", "5"], specials0=("4+", "1-", "2-"), four_plus_target="opponent"
    )
    events = play_round(s, ["4+", "0", "1"], ["3", "2", "5"])
    e = combat_event(events, 0)
    assert e.data["player"] == 1 and e.data["other_strength"] == 2


def test_draft_clock_takes_the_first_special_of_the_pool() -> None:
    """Rules doc, Clock: "in a draft, the first special of the pool"."""
    s = GAME.new_game(2, 1, {"special_deal": "draft"})
    assert s.timeout_action(0) == Draft("1-")
    s.apply(0, Draft("1-"))
    assert s.timeout_action(1) == Draft("1+")


def test_spectator_sees_no_hand_and_no_face_down_card() -> None:
    """Decision 16: a spectator sees what both players see of each other, nothing more."""
    s = setup()
    s.apply(0, Place("3-", 0))
    s.apply(1, Place("3+", 2))
    for info in s.view(None)["players"]:
        assert "hand" not in info and "placed" not in info and info["placed_count"] == 1
    events = s.apply(0, Place("1-", 1))
    assert [e.kind for e in visible_events(events, None)] == ["placed"]


def test_determinize_keeps_own_cards_and_redraws_the_opponents_hidden_ones() -> None:
    """ "determinize re-draws ... the opponent's unknown specials and face-down placements":
    the viewer's own hand and face-down cards survive; the opponent keeps its count and its
    known cards, and its unknown specials come only from specials the viewer does not hold."""
    s = setup()
    s.apply(0, Place("3-", 0))
    s.apply(1, Place("3+", 2))
    s.apply(1, Place("5", 0))
    mine = set(s.view(0)["players"][0]["hand"]) | {"3-"}
    seen = set()
    for k in range(30):
        d = s.determinize(0, random.Random(k))
        v = d.view(0)
        assert v == s.view(0)
        opp = [c for c in d.to_json()["hand"][1] + d.to_json()["placed"][1] if c is not None]
        assert len(opp) == 9 and not {c for c in opp if c not in "012345"} & mine
        seen.add(tuple(d.to_json()["placed"][1]))
    assert len(seen) > 1


def test_describe_event_of_every_kind_in_a_game_mentions_nothing_hidden() -> None:
    """Events sent to a seat, and their sentences, never name the other seat's face-down card."""
    s = setup()
    events: list[Event] = []
    events += s.apply(0, Place("1-", 2))
    for e in visible_events(events, 1):
        for lang in ("en", "pt-BR"):
            assert "1-" not in GAME.describe_event(e, lang, 1)


def test_two_minus_cards_tied_without_bonus_lose_both_under_the_positive_bonus_option() -> None:
    """Option malus_counts_as_bonus=false: a 4- weakened to 3 by its owner's 4+ ties a 3- with
    equal (zero) bonuses; "os "-" perdem os empates" makes both lose, so nobody gets the domain.
    Under the default reading the 4-'s malus is a bonus of −1 and the 3- wins."""
    for option, outcome in ((False, "domain_removed"), (True, "domain_won")):
        s = setup(
            specials0=("4+", "4-", "1-"),
            specials1=("3-", "2+", "1+"),
            malus_counts_as_bonus=option,
        )
        play_round(s, ["4+", "5", "0"], ["2", "4", "1"])
        events = play_round(s, ["4-", "3", "1"], ["3-", "5", "0"])
        e = combat_event(events, 0)
        assert e.kind == outcome
        if option:
            assert e.data["player"] == 1
