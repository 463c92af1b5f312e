"""Combos: pairs, triples, five cards; the wild cat; any identical cards."""

from __future__ import annotations

from ludoteca.games.exploding_kittens import actions as A
from ludoteca.games.exploding_kittens.phases import Phase

from .helpers import C, all_pass, hand, setup, window

PILE = ["cat_red", "skip", "favor", "nope", "exploding_kitten", "exploding_kitten"]


def test_pair_steals_random_card() -> None:
    """ "Duas cartas idênticas: Roube uma carta aleatória da mão do jogador selecionado"."""
    st = setup(3, {0: ["cat_red", "cat_red"], 1: ["defuse"], 2: ["skip"]}, PILE)
    st.apply(0, A.Pair(C["cat_red"], 0))
    assert st.legal_actions(0) == [A.Target(1), A.Target(2)]
    st.apply(0, A.Target(1))
    ev = all_pass(st)
    assert hand(st, 0) == {"defuse": 1} and hand(st, 1) == {}
    stolen = next(e for e in ev if e.kind == "stolen")
    assert stolen.to == frozenset({0, 1})
    assert "card" not in next(e for e in ev if e.kind == "steal").data


def test_pair_is_random() -> None:
    """The stolen card is random (from the game's own generator)."""
    got = set()
    for seed in range(30):
        st = setup(2, {0: ["skip", "skip"], 1: ["defuse", "nope", "cat_red"]}, PILE, seed=seed)
        st.apply(0, A.Pair(C["skip"], 0))
        st.apply(0, A.Target(1))
        all_pass(st)
        got |= set(hand(st, 0))
    assert got == {"defuse", "nope", "cat_red"}


def test_pair_of_any_identical_cards() -> None:
    """Pairs work with any identical cards; "Os efeitos indicados nas cartas individuais não se
    aplicam quando são jogadas em combos": a pair of Attacks attacks nobody."""
    st = setup(3, {0: ["attack", "attack"], 1: ["cat_grey"]}, PILE)
    st.apply(0, A.Pair(C["attack"], 0))
    st.apply(0, A.Target(1))
    all_pass(st)
    assert st.cur == 0 and st.owed == 1 and hand(st, 0) == {"cat_grey": 1}


def test_wild_cat_in_pair_and_triple() -> None:
    """ "Um gato selvagem pode substituir qualquer outro gato"."""
    st = setup(3, {0: ["cat_red", "cat_wild", "cat_wild", "attack"], 1: ["skip"]}, PILE)
    legal = st.legal_actions(0)
    assert A.Pair(C["cat_red"], 1) in legal and A.Triple(C["cat_red"], 2) in legal
    assert A.Pair(C["cat_wild"], 0) in legal
    assert A.Pair(C["attack"], 1) not in legal, "the wild cat stands in for cats only"
    st.apply(0, A.Triple(C["cat_red"], 2))
    st.apply(0, A.Target(1))
    st.apply(0, A.Name(C["skip"]))
    all_pass(st)
    assert hand(st, 0) == {"attack": 1, "skip": 1}


def test_triple_named_card_given() -> None:
    """ "Três cartas idênticas: Peça uma carta que quiser a um jogador selecionado. Se ele tiver,
    ela é sua"."""
    st = setup(3, {0: ["cat_tabby"] * 3, 1: ["defuse", "skip"]}, PILE)
    st.apply(0, A.Triple(C["cat_tabby"], 0))
    st.apply(0, A.Target(1))
    assert st.phase == Phase.NAME, "after the target comes the named card"
    st.apply(0, A.Name(C["defuse"]))
    assert st.phase == Phase.WINDOW, "the name is chosen before the window opens"
    ev = all_pass(st)
    assert hand(st, 0) == {"defuse": 1} and hand(st, 1) == {"skip": 1}
    assert [e.kind for e in ev] == ["ask_hit"]
    # everyone heard it: the others know seat 0 now holds a Defuse
    assert [0, "defuse"] in st.view(2)["known_hands"]


def test_triple_missed() -> None:
    """ "Se não tiver, combo perdido"."""
    st = setup(3, {0: ["skip"] * 3, 1: ["nope"]}, PILE)
    st.apply(0, A.Triple(C["skip"], 0))
    st.apply(0, A.Target(1))
    st.apply(0, A.Name(C["defuse"]))
    window(st, [])
    assert hand(st, 0) == {} and hand(st, 1) == {"nope": 1}
    assert st.discard.count(C["skip"]) == 3


def test_five_different_cards() -> None:
    """ "Compre qualquer carta da pilha de descarte": five different cards by default, the wild
    cat counting as a card of its own ("contar como uma cor única")."""
    st = setup(3, {0: ["cat_red", "cat_grey", "cat_black", "cat_white", "cat_wild", "skip"]}, PILE)
    st.discard = [C["defuse"]]
    assert A.FIVE_START in st.legal_actions(0)
    st.apply(0, A.FIVE_START)
    for c in ("cat_black", "cat_white", "cat_grey", "cat_red", "cat_wild"):
        assert A.FivePick(C[c]) in st.legal_actions(0)
        st.apply(0, A.FivePick(C[c]))
    assert st.phase == Phase.WINDOW
    all_pass(st)
    assert A.Take(C["defuse"]) in st.legal_actions(0)
    st.apply(0, A.Take(C["defuse"]))
    assert hand(st, 0) == {"skip": 1, "defuse": 1}
    assert C["defuse"] not in st.discard and len(st.discard) == 5


def test_five_needs_five_different() -> None:
    """Four different kinds are not enough for the default five-card combo."""
    st = setup(3, {0: ["cat_red", "cat_red", "cat_grey", "cat_black", "cat_white"]}, PILE)
    assert A.FIVE_START not in st.legal_actions(0)


def test_five_identical_option() -> None:
    """Option five_card_combo="identical": the text's literal "Cinco cartas idênticas", wild
    cats standing in for cats."""
    opts = {"five_card_combo": "identical"}
    st = setup(3, {0: ["cat_red"] * 3 + ["cat_wild"] * 2, 1: ["skip"]}, PILE, options=opts)
    st.discard = [C["attack"]]
    legal = st.legal_actions(0)
    assert A.FiveSame(C["cat_red"], 2) in legal and A.FIVE_START not in legal
    st.apply(0, A.FiveSame(C["cat_red"], 2))
    all_pass(st)
    st.apply(0, A.Take(C["attack"]))
    assert hand(st, 0) == {"attack": 1}


def test_combo_needs_target_with_cards() -> None:
    """Pairs and triples need another player holding a card."""
    st = setup(2, {0: ["cat_red", "cat_red", "cat_red"], 1: []}, PILE)
    assert st.legal_actions(0) == [A.DRAW]


def test_combo_can_be_noped() -> None:
    """A combo is Noped like a card: the cards are spent, nothing is stolen."""
    st = setup(3, {0: ["cat_red", "cat_red"], 1: ["nope", "skip"]}, PILE)
    st.apply(0, A.Pair(C["cat_red"], 0))
    st.apply(0, A.Target(1))
    window(st, [1])
    all_pass(st)
    assert hand(st, 0) == {} and hand(st, 1) == {"skip": 1}
