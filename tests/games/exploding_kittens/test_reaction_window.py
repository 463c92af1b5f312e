"""reaction_window(): the Nope window as the engine contract states it, and the kit's checks."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ludoteca.engine.reactions import ReactionWindow
from ludoteca.games.exploding_kittens import GAME
from ludoteca.games.exploding_kittens import actions as A
from ludoteca.games.exploding_kittens.cards import KEYS
from ludoteca.games.exploding_kittens.state import EKState
from ludoteca.testing import conformance as kit

from .helpers import C, play, setup, window

PILE = ["cat_red", "skip", "favor", "nope", "exploding_kitten", "exploding_kitten"]


def test_a_played_card_opens_a_window_for_every_seat_still_in() -> None:
    st = setup(3, {0: ["attack"], 1: ["nope"]}, PILE)
    assert st.reaction_window() is None, "a turn's main decision is no window"
    play(st, "attack")
    w = st.reaction_window()
    assert w == ReactionWindow((0, 1, 2), A.PASS, {"seat": 0, "nopes": 0, "card": "attack"})
    st.apply(2, A.PASS)
    w = st.reaction_window()
    assert w is not None and w.seats == (0, 1), "a seat that answered is no longer asked"
    kit.check_reaction_window_public(st, 0)


def test_the_window_names_a_target_and_counts_nopes() -> None:
    st = setup(3, {0: ["targeted_attack"], 1: ["nope"]}, PILE)
    play(st, "targeted_attack", target=2)
    window(st, [1])
    w = st.reaction_window()
    assert w is not None
    assert w.about == {"seat": 0, "nopes": 1, "card": "targeted_attack", "target": 2}
    assert w.seats == (0, 1, 2)


def test_combos_are_named_with_their_cards() -> None:
    hand = ["cat_red", "cat_wild", "cat_black", "cat_black", "cat_black"]
    st = setup(3, {0: hand, 1: ["skip"]}, PILE)
    st.apply(0, A.TRIPLE[C["cat_black"]])
    st.apply(0, A.Target(1))
    st.apply(0, A.Name(C["nope"]))
    w = st.reaction_window()
    assert w is not None
    assert w.about == {
        "seat": 0,
        "nopes": 0,
        "combo": "triple",
        "card": "cat_black",
        "wilds": 0,
        "name": "nope",
        "target": 1,
    }
    hand = ["cat_red", "cat_black", "skip", "attack", "shuffle", "favor"]
    st = setup(3, {0: hand, 1: ["nope"]}, PILE)
    st.apply(0, A.FIVE_START)
    assert st.reaction_window() is None, "picking the five cards is no window yet"
    while st.phase == 3:
        st.apply(0, st.legal_actions(0)[0])
    w = st.reaction_window()
    assert w is not None and w.about["combo"] == "five"
    assert w.about["cards"] == [KEYS[c] for c in st.picks]
    kit.check_reaction_window_public(st, 3)


def test_random_games_report_exactly_the_nope_windows() -> None:
    """Over random games: a window is reported in the window phase and nowhere else, it asks
    exactly the seats that still owe an answer, and its pass is the one answer every seat has."""
    windows = 0
    for seed in range(40):
        rng = random.Random(seed)
        st = GAME.new_game(2 + seed % 5, seed, {})
        while not st.is_over:
            w = st.reaction_window()
            in_window = st.view(None)["phase"] == "window"
            assert (w is not None) == in_window
            if w is not None:
                windows += 1
                assert w.seats == st.actors
                assert w.pass_action == A.PASS
                kit.check_reaction_window(st)
                if windows % 25 == 0:
                    kit.check_reaction_window_public(st, seed)
            p = rng.choice(st.actors)
            st.apply(p, rng.choice(st.legal_actions(p)))
        assert st.reaction_window() is None
    assert windows > 200


def _lying(monkeypatch: pytest.MonkeyPatch, lie: Any) -> EKState:
    """A game in a Nope window whose reaction_window() says whatever ``lie`` says."""
    monkeypatch.setattr(EKState, "reaction_window", lie)
    st = setup(3, {0: ["shuffle"], 1: ["nope"]}, PILE)
    play(st, "shuffle")
    return st


@pytest.mark.parametrize(
    ("lie", "message"),
    [
        (lambda s: ReactionWindow((0, 5), A.PASS, {}), "not an actor"),
        (lambda s: ReactionWindow((), A.PASS, {}), "needs seats"),
        (lambda s: ReactionWindow((1, 1), A.PASS, {}), "twice"),
        (lambda s: ReactionWindow((0, 1), A.NOPE_ACT, {}), "not legal"),
        (lambda s: ReactionWindow((0, 1), A.PASS, {"card": ("shuffle",)}), "plain JSON"),
        (lambda s: ReactionWindow((0, 1), A.PASS, {"card": {1, 2}}), "not JSON"),
        (lambda s: ReactionWindow((0,), A.PASS, {1: "x"}), "words"),
        (lambda s: (0, 1), "must give a ReactionWindow"),
    ],
)
def test_the_kit_refuses_a_window_the_server_cannot_run(
    monkeypatch: pytest.MonkeyPatch, lie: Any, message: str
) -> None:
    st = _lying(monkeypatch, lie)
    with pytest.raises(AssertionError, match=message):
        kit.check_reaction_window(st)


def test_the_kit_catches_a_window_that_tells_hidden_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    def leak(s: EKState) -> ReactionWindow:
        holders = [q for q in s.alive_t if s.hands[q][C["nope"]]]
        return ReactionWindow(s.actors, A.PASS, {"nope_holders": holders})

    st = _lying(monkeypatch, leak)
    kit.check_reaction_window(st)  # plain JSON, legal pass: only the secrecy check can see it
    with pytest.raises(AssertionError, match="hidden state"):
        kit.check_reaction_window_public(st, 0)


def test_the_kit_catches_a_window_that_is_not_a_function_of_the_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Copies, reloads and determinizations must report the same window (the server reloads
    tables; agents search on determinized copies)."""
    st = _lying(monkeypatch, lambda s: ReactionWindow(s.actors, A.PASS, {"id": id(s)}))
    with pytest.raises(AssertionError, match="another reaction window"):
        kit.check_reaction_window_public(st, 0)


def test_the_kit_catches_a_window_left_open_after_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    st = setup(2, {}, ["exploding_kitten", "skip"])
    st.apply(0, A.DRAW)
    assert st.is_over
    monkeypatch.setattr(EKState, "reaction_window", lambda s: ReactionWindow((0,), A.PASS, {}))
    with pytest.raises(AssertionError, match="finished game"):
        kit.check_reaction_window(st)
