"""An independent audit: one test per finding, and the sentences the other files left uncovered."""

from __future__ import annotations

import json
import random

import pytest

from ludoteca import DataError
from ludoteca.games.exploding_kittens import GAME
from ludoteca.games.exploding_kittens import actions as A
from ludoteca.games.exploding_kittens.cards import KEYS, load_decks
from ludoteca.games.exploding_kittens.phases import Phase
from ludoteca.games.exploding_kittens.state import EKState

from .helpers import C, all_pass, hand, play, setup, top


def dump(x: object) -> str:
    return json.dumps(x, sort_keys=True)


def random_states(
    n: int, count: int, seed: int, options: dict[str, object] | None = None
) -> list[EKState]:
    """Mid-game states reached by random play (windows, targets, gives and all)."""
    rng = random.Random(seed)
    out: list[EKState] = []
    for s in range(count):
        st = GAME.new_game(n, seed=seed * 1000 + s, options=options or {})
        assert isinstance(st, EKState)
        for _ in range(rng.randrange(5, 120)):
            if st.is_over:
                break
            p = rng.choice(st.actors)
            st.apply(p, rng.choice(st.legal_actions(p)))
        if not st.is_over:
            out.append(st)
    return out


# -- findings ---------------------------------------------------------------------------------


def test_determinize_keeps_the_defusers_defuse() -> None:
    """ "Se você tiver uma carta Desarmar, jogue-a rápido!": while the table waits for a player
    to defuse, everyone knows that player holds a Defuse, so every determinization keeps one
    in their hand (it used to re-deal their hand freely, leaving a defuse decision without a
    Defuse)."""
    st = setup(
        3,
        {0: ["defuse"], 1: ["skip"] * 5, 2: ["cat_red"]},
        ["exploding_kitten", "skip", "favor", "exploding_kitten"],
    )
    st.apply(0, A.DRAW)
    assert st.view(1)["phase"] == "defuse"
    for s in range(40):
        for p in (1, 2):
            d = st.determinize(p, random.Random(s))
            assert d.hands[0][C["defuse"]] >= 1, (p, s)
            assert d.hn == st.hn
            d.apply(0, A.DefuseAt(0))  # the defuser can carry out the decision
            assert min(d.hands[0]) >= 0


@pytest.mark.parametrize("n", [3, 5])
def test_determinize_in_defuse_phase_is_playable(n: int) -> None:
    """Random positions that reach a defuse decision: every other seat's determinization can
    play on (the defuse, then the game to its end) without breaking an invariant."""
    rng = random.Random(n)
    found = 0
    for s in range(60):
        st = GAME.new_game(n, seed=s)
        assert isinstance(st, EKState)
        while not st.is_over and st.phase != Phase.DEFUSE:
            p = rng.choice(st.actors)
            st.apply(p, rng.choice(st.legal_actions(p)))
        if st.is_over:
            continue
        found += 1
        for p in st.alive_t:
            d = st.determinize(p, random.Random(s))
            assert isinstance(d, EKState)
            d.check_invariants()
            d.apply(d.cur, d.legal_actions(d.cur)[-1])
            d.check_invariants()
    assert found > 10


def test_defuse_position_does_not_move_others_known_slots() -> None:
    """ "você pode devolver o gatinho explosivo ao baralho, a onde quiser" (secretly): a player
    who had seen the top of the pile must not learn the kitten's place from where their known
    cards now sit. Inserting it at 0 used to push their known card to slot 1, at 1 or deeper
    it stayed at 0. Now the others forget the order (the defuser keeps theirs)."""
    views: dict[int, str] = {}
    spectator: dict[int, str] = {}
    pile = ["skip", "exploding_kitten", "favor", "cat_red", "exploding_kitten"]
    for pos in range(4):
        st = setup(3, {1: ["see_future_3"], 2: ["defuse"]}, pile, cur=1)
        play(st, "see_future_3")
        all_pass(st)
        st.apply(1, A.DRAW)
        st.apply(2, A.DRAW)
        st.apply(2, A.DefuseAt(pos))
        views[pos] = dump(st.view(1))
        spectator[pos] = dump(st.view(None))
        assert [pos, "exploding_kitten"] in st.view(2)["known_pile"]
    assert len(set(views.values())) == 1, "seat 1's view tells where the kitten went"
    assert len(set(spectator.values())) == 1


def test_defuser_keeps_own_knowledge_of_the_pile() -> None:
    """The defuser chose the place, so their own known slots move with the cards."""
    st = setup(3, {0: ["see_future_3", "defuse"]}, ["exploding_kitten", "skip", "favor", "nope"])
    play(st, "see_future_3")
    all_pass(st)
    st.apply(0, A.DRAW)
    st.apply(0, A.DefuseAt(1))
    assert st.view(0)["known_pile"] == [[0, "skip"], [1, "exploding_kitten"], [2, "favor"]]


def test_printed_bury_position_does_not_move_others_known_slots() -> None:
    """Option bury_anywhere (the printed Bury: "put it back anywhere, secretly"): the same
    secret insertion, the same rule — the others forget the order."""
    views = set()
    pile = ["cat_red", "favor", "skip", "nope", "exploding_kitten", "exploding_kitten"]
    for pos in range(4):
        st = setup(
            3,
            {1: ["see_future_3"], 2: ["bury"]},
            pile,
            cur=1,
            options={"bury_anywhere": True},
        )
        play(st, "see_future_3")
        all_pass(st)
        st.apply(1, A.DRAW)
        play(st, "bury")
        all_pass(st)
        st.apply(2, A.BuryAt(pos))
        views.add(dump(st.view(1)))
    assert len(views) == 1, "seat 1's view tells where the buried card went"


@pytest.mark.parametrize(
    "pile",
    [
        ["skip", "skip", "skip", "favor"],
        ["nope", "favor", "favor", "skip"],
        ["skip", "favor", "nope", "cat_red"],
    ],
)
def test_alter_the_future_decisions_reveal_nothing(pile: list[str]) -> None:
    """Manipulação: "Ver e reorganizar as próximas três cartas" is seen by its player alone.
    The number of placements used to depend on the cards (none when the three were alike, one
    when the last two were), so the table learnt what was on top from the phase. Now the
    player always places k - 1 of the k cards, even when the choice is forced."""
    st = setup(3, {0: ["alter_future_3"]}, [*pile, "exploding_kitten", "exploding_kitten"])
    play(st, "alter_future_3")
    all_pass(st)
    seen = []
    while st.phase == Phase.ALTER:
        seen.append(st.view(1)["phase"])
        legal = st.legal_actions(0)
        st.apply(0, legal[0])
    assert seen == ["alter", "alter"]
    assert sorted(top(st, 3)) == sorted(pile[:3])
    assert st.phase == Phase.MAIN and st.cur == 0


def test_deck_data_must_be_exact() -> None:
    """Data files are validated: a deck written "02" (which silently replaced deck 2), or
    counts given as booleans or strings, are refused with the file and the entry."""
    good = {k: 6 for k in KEYS if k not in ("defuse", "exploding_kitten")}
    decks = {str(n): {"defuse_in_pile": 2, "cards": dict(good)} for n in range(2, 11)}
    bad = {**decks, "02": {"defuse_in_pile": 2, "cards": {**good, "nope": 1}}}
    with pytest.raises(DataError, match=r"decks\.toml: deck\.02"):
        load_decks({"deck": bad}, KEYS)
    bad = {**decks, "3": {"defuse_in_pile": True, "cards": good}}
    with pytest.raises(DataError, match=r"decks\.toml: deck\.3\.defuse_in_pile"):
        load_decks({"deck": bad}, KEYS)
    bad = {**decks, "3": {"defuse_in_pile": 2, "cards": {**good, "nope": "4"}}}
    with pytest.raises(DataError, match=r"deck\.3\.cards\.nope"):
        load_decks({"deck": bad}, KEYS)


# -- hidden information, checked generically ---------------------------------------------------


@pytest.mark.parametrize(
    ("n", "options"), [(3, {}), (4, {"bury_anywhere": True, "five_card_combo": "identical"})]
)
def test_own_choices_and_refusals_depend_only_on_the_view(n: int, options: dict) -> None:
    """What p may do, and why p is refused, read nothing p cannot see: the same in the real
    state and in any determinization for p (windows, gives, alters included)."""
    space = GAME.action_space.actions
    for st in random_states(n, 25, n, options):
        for p in range(n):
            d = st.determinize(p, random.Random(p))
            assert d.legal_actions(p) == st.legal_actions(p)
            for a in space[::7]:
                assert d.explain_illegal(p, a) == st.explain_illegal(p, a)


PRIVATE = {
    "drew": 1,
    "future": 1,
    "placed": 1,
    "buried_card": 1,
    "buried_at": 1,
    "stolen": 2,
    "gave_card": 2,
}


def test_events_carry_hidden_cards_only_to_those_who_see_them() -> None:
    """Hands, the pile's order, a kitten's new place and a moved card reach only who may see
    them: public events hold no card or position but for what the table sees."""
    rng = random.Random(5)
    kinds = set()
    for s in range(40):
        st = GAME.new_game(4, seed=s, options={"bury_anywhere": s % 2 == 1})
        while not st.is_over:
            p = rng.choice(st.actors)
            for e in st.apply(p, rng.choice(st.legal_actions(p))):
                kinds.add(e.kind)
                if e.kind in PRIVATE:
                    assert e.to is not None and len(e.to) == PRIVATE[e.kind], e
                    assert e.data["player"] in e.to
                elif e.kind in ("draw", "defused", "buried", "steal", "gave", "saw", "altered"):
                    assert e.to is None
                    assert not {"card", "cards", "position"} & set(e.data), e
    assert {"drew", "future", "stolen", "gave_card", "placed"} <= kinds


# -- sentences and decisions not covered elsewhere ---------------------------------------------


def test_exploded_players_owed_turns_are_lost() -> None:
    """ "você será eliminado do jogo": an attacked player who explodes on the first of two
    turns owes nothing any more; the next player takes one ordinary turn (decision 14)."""
    st = setup(3, {0: ["attack"], 1: [], 2: []}, ["exploding_kitten", "skip", "exploding_kitten"])
    play(st, "attack")
    all_pass(st)
    assert st.cur == 1 and st.owed == 2
    st.apply(1, A.DRAW)
    assert not st.alive[1]
    assert st.cur == 2 and st.owed == 1 and st.attacked is False


def test_defusing_under_attack_ends_only_that_turn() -> None:
    """ "Feito isso, é o turno do próximo jogador": defusing ends the turn like any draw, so an
    attacked player still owes the second turn."""
    st = setup(3, {0: ["attack"], 1: ["defuse"]}, ["exploding_kitten", "skip", "exploding_kitten"])
    play(st, "attack")
    all_pass(st)
    st.apply(1, A.DRAW)
    st.apply(1, A.DefuseAt(2))
    assert st.cur == 1 and st.owed == 1
    st.apply(1, A.DRAW)
    assert st.cur == 2


def test_triple_attack_on_attacked_players_first_turn() -> None:
    """Decision 1: Triple Attack on an attacked player's first turn -> the next owes 2 + 3."""
    st = setup(3, {0: ["attack"], 1: ["triple_attack"]}, ["skip"] * 4 + ["exploding_kitten"] * 2)
    play(st, "attack")
    all_pass(st)
    play(st, "triple_attack")
    all_pass(st)
    assert st.cur == 2 and st.owed == 5


def test_targeted_attack_stacks_and_play_continues_from_target() -> None:
    """Ataque direcionado by an attacked player: the target owes the attacker's 2 plus 2, and
    after them play goes on from the target (not from the attacker)."""
    st = setup(4, {0: ["attack"], 1: ["targeted_attack"]}, ["skip"] * 8 + ["exploding_kitten"] * 3)
    play(st, "attack")
    all_pass(st)
    play(st, "targeted_attack", target=3)
    all_pass(st)
    assert st.cur == 3 and st.owed == 4
    for _ in range(4):
        st.apply(3, A.DRAW)
    assert st.cur == 0


def test_personal_attack_while_attacked_then_attack() -> None:
    """Decision 3: Personal Attack while owing 2 -> 4; attacking then passes all 4 plus 2."""
    st = setup(
        3,
        {0: ["attack"], 1: ["personal_attack", "attack"]},
        ["skip"] * 4 + ["exploding_kitten"] * 2,
    )
    play(st, "attack")
    all_pass(st)
    play(st, "personal_attack")
    all_pass(st)
    assert st.cur == 1 and st.owed == 4
    play(st, "attack")
    all_pass(st)
    assert st.cur == 2 and st.owed == 6


def test_personal_attack_turns_end_with_an_attack() -> None:
    """Decision 1: a player not under attack who owes turns from their own Personal Attack
    ends them all with an Attack; the next player owes just 2."""
    st = setup(3, {0: ["personal_attack", "attack"]}, ["skip"] * 4 + ["exploding_kitten"] * 2)
    play(st, "personal_attack")
    all_pass(st)
    play(st, "attack")
    all_pass(st)
    assert st.cur == 1 and st.owed == 2


def test_five_card_combo_may_take_back_its_own_card() -> None:
    """ "Compre qualquer carta da pilha de descarte": the five cards are discarded first, so
    one of them, or a Nope played in the window, may be taken (decision 15)."""
    cards = ["favor", "skip", "shuffle", "cat_red", "cat_wild"]
    st = setup(
        3, {0: cards, 1: ["nope", "nope"], 2: ["nope"]}, ["skip"] * 3 + ["exploding_kitten"] * 2
    )
    st.apply(0, A.FIVE_START)
    for c in sorted(cards, key=lambda k: C[k]):
        st.apply(0, A.FivePick(C[c]))
    st.discard.insert(0, C["defuse"])
    assert st.phase == Phase.WINDOW
    all_pass(st)
    assert {a.card for a in st.legal_actions(0)} == {C[c] for c in [*cards, "defuse"]}  # type: ignore[attr-defined]
    st.apply(0, A.Take(C["favor"]))
    assert hand(st, 0) == {"favor": 1}


def test_ten_players_wrap_around() -> None:
    """ "2 a 10 jogadores": at ten seats, the last seat can be targeted and Nope priority wraps
    from seat 9 to seat 0 in turn order."""
    st = setup(
        10,
        {9: ["targeted_attack", "shuffle"], 0: ["nope"], 8: ["nope"]},
        ["skip"] * 12 + ["exploding_kitten"] * 9,
        cur=9,
    )
    play(st, "targeted_attack")
    assert A.Target(0) in st.legal_actions(9) and A.Target(9) not in st.legal_actions(9)
    st.apply(9, A.Target(0))
    assert len(st.actors) == 10
    all_pass(st)
    assert st.cur == 0 and st.owed == 2
    st2 = setup(10, {9: ["shuffle"], 0: ["nope"], 8: ["nope"]}, ["skip"] * 12, cur=9)
    play(st2, "shuffle")
    for p in list(st2.actors):
        st2.apply(p, A.NOPE_ACT if p in (0, 8) else A.PASS)
    assert hand(st2, 0) == {} and hand(st2, 8) == {"nope": 1}


def test_see_the_future_on_a_short_pile() -> None:
    """ "Ver as próximas três cartas": with fewer cards left, all of them."""
    st = setup(2, {0: ["see_future_5"]}, ["skip", "exploding_kitten"])
    ev = play(st, "see_future_5") + all_pass(st)
    assert next(e for e in ev if e.kind == "saw").data["count"] == 2
    assert st.view(0)["known_pile"] == [[0, "skip"], [1, "exploding_kitten"]]


def test_alter_one_card_pile_asks_nothing() -> None:
    """Manipulação on a one-card pile: nothing to reorder, no decision (public: the size)."""
    st = setup(2, {0: ["alter_future_3"]}, ["exploding_kitten"])
    play(st, "alter_future_3")
    all_pass(st)
    assert st.phase == Phase.MAIN and st.actors == (0,)
