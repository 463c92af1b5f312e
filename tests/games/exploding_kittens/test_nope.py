"""Não!: windows for everyone, one Nope per window, chains by parity."""

from __future__ import annotations

import pytest

from ludoteca import IllegalAction
from ludoteca.games.exploding_kittens import actions as A
from ludoteca.games.exploding_kittens.phases import Phase

from .helpers import C, all_pass, hand, play, setup, window

PILE = [
    "cat_red",
    "skip",
    "favor",
    "nope",
    "exploding_kitten",
    "exploding_kitten",
    "exploding_kitten",
]


def test_window_asks_everyone_still_in() -> None:
    """ "Esta carta pode ser jogada a qualquer momento, mesmo que não seja seu turno": every
    player still in answers, Nope holder or not."""
    st = setup(4, {0: ["shuffle"], 2: ["nope"]}, PILE)
    st.alive[3] = False
    st.alive_t = (0, 1, 2)
    play(st, "shuffle")
    assert st.actors == (0, 1, 2)
    assert st.legal_actions(1) == [A.PASS]
    assert st.legal_actions(2) == [A.PASS, A.NOPE_ACT]
    with pytest.raises(IllegalAction):
        st.apply(1, A.NOPE_ACT)


@pytest.mark.parametrize("chain", [1, 2, 3, 4])
def test_chains_resolve_by_parity(chain: int) -> None:
    """ "Não! ... desativar a última carta jogada" / "contra-atacar um Não! com outro Não! para
    que a carta inicial jogada finalmente tenha efeito": odd chains cancel, even ones don't."""
    st = setup(3, {0: ["attack", "nope", "nope"], 1: ["nope", "nope"]}, PILE)
    play(st, "attack")
    for i in range(chain):
        window(st, [1] if i % 2 == 0 else [0])
    assert st.nopes == chain
    all_pass(st)
    if chain % 2:
        assert st.cur == 0 and st.owed == 1, "the Attack was cancelled"
    else:
        assert st.cur == 1 and st.owed == 2, "the Attack took effect"
    assert st.discard.count(C["nope"]) == chain


def test_one_nope_counts_per_window() -> None:
    """Several Nope at once: the first in turn order from the active player counts, the others
    keep their card, and a new window opens for everyone."""
    st = setup(4, {2: ["shuffle"], 0: ["nope"], 3: ["nope"]}, PILE, cur=2)
    play(st, "shuffle")
    window(st, [0, 3])
    assert st.nopes == 1
    assert hand(st, 3) == {}, "seat 3 comes first after the active seat 2"
    assert hand(st, 0) == {"nope": 1}
    assert st.phase == Phase.WINDOW and set(st.actors) == {0, 1, 2, 3}


def test_active_player_first_in_order() -> None:
    """The active player counts first when they too answer Nope."""
    st = setup(3, {1: ["nope", "shuffle"], 0: ["nope"], 2: ["nope"]}, PILE, cur=1)
    play(st, "shuffle")
    window(st, [0, 1, 2])
    assert hand(st, 1) == {} and hand(st, 0) == {"nope": 1} and hand(st, 2) == {"nope": 1}


def test_turn_order_after_reverse_sets_priority() -> None:
    """After a Reverse, "first in turn order" follows the new direction."""
    st = setup(4, {0: ["shuffle"], 1: ["nope"], 3: ["nope"]}, PILE)
    st.dir = -1
    play(st, "shuffle")
    window(st, [1, 3])
    assert hand(st, 3) == {} and hand(st, 1) == {"nope": 1}


def test_window_reveals_no_nope_holder() -> None:
    """The window reveals nothing about who holds a Nope: others' views are the same whether a
    seat answered Nope or passed, until a Nope counts."""
    a = setup(3, {0: ["shuffle"], 1: ["nope"], 2: ["nope"]}, PILE)
    b = a.clone()
    play(a, "shuffle")
    play(b, "shuffle")
    a.apply(1, A.NOPE_ACT)
    b.apply(1, A.PASS)
    for q in (0, 2, None):
        assert a.view(q) == b.view(q)
    assert a.view(1)["my_answer"] == "nope" and b.view(1)["my_answer"] == "pass"


def test_noped_targeted_card_keeps_target_choice() -> None:
    """Targets are chosen before the window opens."""
    st = setup(3, {0: ["favor"], 1: ["nope", "cat_red"]}, PILE)
    play(st, "favor", target=1)
    assert st.phase == Phase.WINDOW and st.view(2)["pending"]["target"] == 1
    window(st, [1])
    all_pass(st)
    assert st.phase == Phase.MAIN and hand(st, 1) == {"cat_red": 1}


def test_last_card_nope_then_favor_gives_nothing() -> None:
    """A Favor's target who spends their last card on a Nope that is itself Noped gives nothing."""
    st = setup(3, {0: ["favor", "nope"], 1: ["nope"]}, PILE)
    play(st, "favor", target=1)
    window(st, [1])
    window(st, [0])
    ev = all_pass(st)
    assert "empty_hand" in [e.kind for e in ev] and st.phase == Phase.MAIN


def test_a_pair_on_a_target_whose_last_card_was_a_nope_steals_nothing() -> None:
    """Decision 8: the target spent their last card on a Nope that was itself Noped; the pair
    takes effect on an empty hand and nothing moves."""
    st = setup(3, {0: ["cat_red", "cat_red", "nope"], 1: ["nope"]}, PILE)
    st.apply(0, A.Pair(C["cat_red"], 0))
    st.apply(0, A.Target(1))
    window(st, [1])
    window(st, [0])
    ev = all_pass(st)
    assert [e.kind for e in ev] == ["empty_hand"] and ev[0].data == {"player": 1}
    assert st.phase == Phase.MAIN and hand(st, 0) == {} and hand(st, 1) == {}
