"""Hidden information: views, events and determinize."""

from __future__ import annotations

import json
import random

from ludoteca.games.exploding_kittens import GAME
from ludoteca.games.exploding_kittens import actions as A
from ludoteca.games.exploding_kittens.phases import Phase
from ludoteca.games.exploding_kittens.state import EKState

from .helpers import C, all_pass, hand, play, setup

PILE = [
    "cat_red",
    "skip",
    "favor",
    "nope",
    "shuffle",
    "attack",
    "exploding_kitten",
    "exploding_kitten",
]


def dump(x: object) -> str:
    return json.dumps(x, sort_keys=True)


def random_states(n: int, seeds: range, depth: int = 60) -> list[EKState]:
    out = []
    rng = random.Random(n)
    for s in seeds:
        st = GAME.new_game(n, seed=s)
        for _ in range(rng.randrange(depth)):
            if st.is_over:
                break
            p = rng.choice(st.actors)
            st.apply(p, rng.choice(st.legal_actions(p)))
        if not st.is_over:
            out.append(st)
    return out


def test_views_do_not_depend_on_what_p_cannot_see() -> None:
    """States that differ only in others' hands and the unseen pile give the same view(p)."""
    for st in random_states(4, range(40)):
        for p in range(4):
            if st.phase == Phase.WINDOW:
                continue
            other = st.determinize(p, random.Random(1))
            # swap two unseen cards between others / pile: p's view must not move
            assert dump(other.view(p)) == dump(st.view(p))


def test_view_shows_no_other_hand_or_pile_order() -> None:
    st = setup(3, {0: ["defuse", "nope"], 1: ["attack"], 2: ["skip"]}, PILE)
    v = st.view(1)
    assert v["hand"] == ["attack"] and v["hand_sizes"] == [2, 1, 1]
    text = dump(v)
    for hidden in ("defuse", "nope", "skip", "favor", "exploding_kitten"):
        assert f'"{hidden}"' not in text, f"view(1) shows {hidden}, held by others or in the pile"
    assert "known_pile" in v and v["known_pile"] == []
    spectator = st.view(None)
    assert "hand" not in spectator and "known_pile" not in spectator


def test_kitten_position_only_to_defuser() -> None:
    """ "devolver o gatinho explosivo ao baralho, a onde quiser" in secret."""
    st = setup(3, {0: ["defuse"]}, ["exploding_kitten", "skip", "favor", "exploding_kitten"])
    st.apply(0, A.DRAW)
    ev = st.apply(0, A.DefuseAt(2))
    placed = [e for e in ev if e.kind == "placed"]
    assert placed[0].to == frozenset({0})
    public = [e for e in ev if e.to is None]
    assert all("position" not in e.data for e in public)
    assert [2, "exploding_kitten"] in st.view(0)["known_pile"]
    assert st.view(1)["known_pile"] == []


def test_favor_card_seen_only_by_the_two() -> None:
    st = setup(3, {0: ["favor"], 1: ["defuse", "skip"]}, PILE)
    play(st, "favor", target=1)
    all_pass(st)
    ev = st.apply(1, A.Give(C["skip"]))
    for e in ev:
        if "card" in e.data:
            assert e.to == frozenset({0, 1})
    assert [0, "skip"] in st.view(1)["known_hands"], "the giver knows where the card went"
    assert st.view(2)["known_hands"] == []


def test_determinize_keeps_seen_future_and_given_card() -> None:
    """determinize(p) keeps the top cards p has seen and a card p gave away."""
    st = setup(
        3, {0: ["see_future_3", "favor"], 1: ["defuse", "skip", "cat_red"], 2: ["nope"]}, PILE
    )
    play(st, "see_future_3")
    all_pass(st)
    for s in range(10):
        d = st.determinize(0, random.Random(s))
        assert [d.pile[-i] for i in (1, 2, 3)] == [C[c] for c in PILE[:3]]
        assert d.hands[0] == st.hands[0] and d.hn == st.hn
    play(st, "favor", target=1)
    all_pass(st)
    st.apply(1, A.Give(C["cat_red"]))
    # seat 1 gave a card away: seat 1 knows seat 0 holds it in every determinization
    for s in range(10):
        d = st.determinize(1, random.Random(s))
        assert d.hands[0][C["cat_red"]] >= 1
        assert d.hands[1] == st.hands[1]


def test_determinize_redeals_the_rest() -> None:
    st = GAME.new_game(3, seed=4)
    hands = {tuple(st.determinize(0, random.Random(s)).hands[1]) for s in range(10)}
    assert len(hands) > 1
    for s in range(5):
        d = st.determinize(0, random.Random(s))
        d.check_invariants()


def test_determinize_hides_window_answers() -> None:
    """Another seat's pending Nope answer is not carried over into p's determinization."""
    a = setup(3, {0: ["shuffle"], 1: ["nope"]}, PILE)
    play(a, "shuffle")
    b = a.clone()
    a.apply(1, A.NOPE_ACT)
    b.apply(1, A.PASS)
    da = a.determinize(0, random.Random(3))
    db = b.determinize(0, random.Random(3))
    assert dump(da.to_json()) == dump(db.to_json())


def test_drawn_known_card_becomes_known_hand() -> None:
    """Who saw the top card knows who drew it."""
    st = setup(3, {0: ["see_future_3"]}, PILE)
    play(st, "see_future_3")
    all_pass(st)
    st.apply(0, A.DRAW)
    st.apply(1, A.DRAW)
    assert [1, "skip"] in st.view(0)["known_hands"]
    assert hand(st, 1) == {"skip": 1}
