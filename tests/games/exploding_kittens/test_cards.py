"""Every action card of the text, and the turn debt (stacking, skips, reverse)."""

from __future__ import annotations

import pytest

import ludoteca
from ludoteca.games.exploding_kittens import actions as A
from ludoteca.games.exploding_kittens.phases import Phase

from .helpers import C, all_pass, hand, play, setup, top

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


def test_attack_gives_next_two_turns() -> None:
    """Ataque: "Termina seu turno sem comprar forçando o próximo jogador a jogar dois turnos"."""
    st = setup(3, {0: ["attack"]}, PILE)
    play(st, "attack")
    all_pass(st)
    assert st.cur == 1 and st.owed == 2 and st.hn[0] == 0
    st.apply(1, A.DRAW)
    assert st.cur == 1 and st.owed == 1
    st.apply(1, A.DRAW)
    assert st.cur == 2


def test_attack_stacks_by_default() -> None:
    """Stacking (printed rule, our default): attacked on the first of 2 turns -> next owes 4."""
    st = setup(3, {0: ["attack"], 1: ["attack"]}, PILE)
    play(st, "attack")
    all_pass(st)
    play(st, "attack")
    all_pass(st)
    assert st.cur == 2 and st.owed == 4


def test_attack_stacks_from_second_turn() -> None:
    """Attacked, draws once, then attacks: the one turn still owed plus 2 -> 3."""
    st = setup(3, {0: ["attack"], 1: ["attack"]}, PILE)
    play(st, "attack")
    all_pass(st)
    st.apply(1, A.DRAW)
    play(st, "attack")
    all_pass(st)
    assert st.cur == 2 and st.owed == 3


def test_attack_without_stacking_option() -> None:
    """Option stacking_attacks=False: the target always owes 2."""
    st = setup(3, {0: ["attack"], 1: ["attack"]}, PILE, options={"stacking_attacks": False})
    play(st, "attack")
    all_pass(st)
    play(st, "attack")
    all_pass(st)
    assert st.cur == 2 and st.owed == 2


def test_targeted_attack() -> None:
    """Ataque direcionado: "forçando o jogador selecionado a jogar dois turnos seguidos";
    play continues from the target."""
    st = setup(4, {0: ["targeted_attack"]}, PILE)
    play(st, "targeted_attack")
    assert st.legal_actions(0) == [A.Target(1), A.Target(2), A.Target(3)], "no self-target"
    st.apply(0, A.Target(2))
    all_pass(st)
    assert st.cur == 2 and st.owed == 2
    st.apply(2, A.DRAW)
    st.apply(2, A.DRAW)
    assert st.cur == 3


def test_triple_attack_and_stacking() -> None:
    """Ataque triplo: "forçando o próximo jogador a jogar três turnos"; stacked on: 3 + 2."""
    st = setup(3, {0: ["triple_attack"], 1: ["attack"]}, PILE)
    play(st, "triple_attack")
    all_pass(st)
    assert st.cur == 1 and st.owed == 3
    play(st, "attack")
    all_pass(st)
    assert st.cur == 2 and st.owed == 5


def test_skip_ends_only_one_turn() -> None:
    """Saltar: "Se você tiver que jogar vários turnos, esta carta termina apenas um deles"."""
    st = setup(3, {0: ["attack"], 1: ["skip", "skip"]}, PILE)
    play(st, "attack")
    all_pass(st)
    play(st, "skip")
    all_pass(st)
    assert st.cur == 1 and st.owed == 1 and hand(st, 1) == {"skip": 1}
    play(st, "skip")
    all_pass(st)
    assert st.cur == 2 and len(st.pile) == len(PILE), "Skip ends the turn without drawing"


def test_super_skip_passes_turns() -> None:
    """Super salto: "os turnos não jogados são passados para o próximo jogador"."""
    st = setup(3, {0: ["triple_attack"], 1: ["super_skip"]}, PILE)
    play(st, "triple_attack")
    all_pass(st)
    play(st, "super_skip")
    all_pass(st)
    assert st.cur == 2 and st.owed == 2


def test_super_skip_single_turn() -> None:
    """Super Skip with one turn owed: the next player takes an ordinary turn."""
    st = setup(3, {0: ["super_skip"]}, PILE)
    play(st, "super_skip")
    all_pass(st)
    assert st.cur == 1 and st.owed == 1


def test_super_skip_printed_option() -> None:
    """Option super_skip_passes_turns=False: the unplayed turns are simply ended."""
    st = setup(
        3,
        {0: ["triple_attack"], 1: ["super_skip"]},
        PILE,
        options={"super_skip_passes_turns": False},
    )
    play(st, "triple_attack")
    all_pass(st)
    play(st, "super_skip")
    all_pass(st)
    assert st.cur == 2 and st.owed == 1


def test_reverse() -> None:
    """Inversão: "Termina seu turno sem comprar invertendo a ordem do jogo"."""
    st = setup(4, {0: ["reverse"]}, PILE)
    play(st, "reverse")
    all_pass(st)
    assert st.cur == 3 and st.dir == -1
    st.apply(3, A.DRAW)
    assert st.cur == 2


def test_reverse_ends_one_of_several_turns() -> None:
    """ "Se você precisar jogar vários turnos seguidos, esta carta termina apenas um único turno"."""
    st = setup(4, {3: ["attack"], 0: ["reverse"]}, PILE, cur=3)
    play(st, "attack")
    all_pass(st)
    play(st, "reverse")
    all_pass(st)
    assert st.cur == 0 and st.owed == 1 and st.dir == -1
    st.apply(0, A.DRAW)
    assert st.cur == 3


def test_reverse_two_players_is_a_skip() -> None:
    """With two players Reverse acts as a Skip."""
    st = setup(2, {0: ["reverse"]}, PILE)
    play(st, "reverse")
    all_pass(st)
    assert st.cur == 1 and len(st.pile) == len(PILE)


def test_favor_target_chooses() -> None:
    """Favor: "O jogador selecionado escolhe uma carta que dará a você"."""
    st = setup(3, {0: ["favor"], 1: ["cat_red", "defuse"], 2: []}, PILE)
    play(st, "favor")
    assert st.legal_actions(0) == [A.Target(1)], "a player without cards is no target"
    st.apply(0, A.Target(1))
    all_pass(st)
    assert st.actors == (1,)
    assert set(st.legal_actions(1)) == {A.Give(C["cat_red"]), A.Give(C["defuse"])}
    st.apply(1, A.Give(C["defuse"]))
    assert hand(st, 0) == {"defuse": 1} and hand(st, 1) == {"cat_red": 1}
    assert st.cur == 0 and st.phase == Phase.MAIN


def test_favor_clock_gives_the_cheapest_card() -> None:
    """Our clock on a Favor gives a cat before an action card, a Nope or a Defuse."""
    st = setup(3, {0: ["favor"], 1: ["defuse", "nope", "skip", "cat_red"], 2: []}, PILE)
    play(st, "favor")
    st.apply(0, A.Target(1))
    all_pass(st)
    assert st.timeout_action(1) == A.Give(C["cat_red"])
    st.hands[1][C["cat_red"]] = 0
    assert st.timeout_action(1) == A.Give(C["skip"])
    st.hands[1][C["skip"]] = 0
    assert st.timeout_action(1) == A.Give(C["nope"])


def test_favor_needs_a_target_with_cards() -> None:
    """Favor can't be played when nobody else holds a card."""
    st = setup(2, {0: ["favor"], 1: []}, PILE)
    assert A.Play(C["favor"]) not in st.legal_actions(0)


def test_shuffle() -> None:
    """Embaralhar: "Embaralha o baralho"."""
    pile = [f"cat_{c}" for c in ("red", "grey", "black", "white", "tabby")] * 4 + [
        "exploding_kitten"
    ]
    st = setup(2, {0: ["shuffle", "see_future_3"]}, pile)
    play(st, "see_future_3")
    all_pass(st)
    assert st.view(0)["known_pile"]
    before = st.pile[:]
    play(st, "shuffle")
    all_pass(st)
    assert sorted(st.pile) == sorted(before) and st.pile != before
    assert st.view(0)["known_pile"] == [], "after a shuffle nobody knows the order"


def test_draw_from_bottom() -> None:
    """Compra inferior: "Termina seu turno comprando a carta na parte inferior do baralho"."""
    st = setup(3, {0: ["draw_bottom"]}, ["exploding_kitten", "skip", "favor"])
    play(st, "draw_bottom")
    all_pass(st)
    assert hand(st, 0) == {"favor": 1} and st.cur == 1


def test_draw_from_bottom_kitten() -> None:
    """A kitten drawn from the bottom explodes like any other."""
    st = setup(3, {0: ["draw_bottom"]}, ["skip", "exploding_kitten", "exploding_kitten"])
    play(st, "draw_bottom")
    all_pass(st)
    assert not st.alive[0]


@pytest.mark.parametrize(("card", "k"), [("see_future_3", 3), ("see_future_5", 5)])
def test_see_the_future(card: str, k: int) -> None:
    """Adivinhação / Super adivinhação: "Ver as próximas três / cinco cartas do baralho"."""
    st = setup(3, {0: [card]}, PILE)
    ev = play(st, card) + all_pass(st)
    assert st.view(0)["known_pile"] == [[i, PILE[i]] for i in range(k)]
    assert st.view(1)["known_pile"] == [] and st.view(None).get("known_pile") is None
    private = [e for e in ev if e.kind == "future"]
    assert private and private[0].to == frozenset({0}) and private[0].data["cards"] == PILE[:k]
    assert st.cur == 0, "seeing does not end the turn"


@pytest.mark.parametrize(("card", "k"), [("alter_future_3", 3), ("alter_future_5", 5)])
def test_alter_the_future(card: str, k: int) -> None:
    """Manipulação / Super Manipulação: "Ver e reorganizar as próximas três / cinco cartas"."""
    st = setup(3, {0: [card]}, PILE)
    play(st, card)
    all_pass(st)
    assert st.phase == Phase.ALTER
    want = list(reversed(PILE[:k]))
    for c in want[:-1]:
        assert A.AlterPick(C[c]) in st.legal_actions(0)
        st.apply(0, A.AlterPick(C[c]))
    assert st.phase == Phase.MAIN
    assert top(st, len(PILE)) == want + PILE[k:]
    assert st.view(0)["known_pile"] == [[i, c] for i, c in enumerate(want)]


def test_swap_top_and_bottom() -> None:
    """Verso reto: "Troca a primeira e a última carta do baralho"."""
    st = setup(3, {0: ["swap_top_bottom"]}, PILE)
    play(st, "swap_top_bottom")
    all_pass(st)
    assert top(st, len(PILE)) == [PILE[-1], *PILE[1:-1], PILE[0]]


def test_bury_kitten_does_not_go_off() -> None:
    """Enterrar: "Compra uma carta e imediatamente a devolve ao fundo do baralho. Se a carta
    tiver um efeito de compra como um gatinho explosivo, ela não será acionada"."""
    st = setup(3, {0: ["bury"]}, ["exploding_kitten", "skip", "exploding_kitten"])
    ev = play(st, "bury") + all_pass(st)
    assert st.alive[0] and top(st, 3) == ["skip", "exploding_kitten", "exploding_kitten"]
    assert st.cur == 1, "Bury is the turn's draw: it ends the turn"
    seen = [e for e in ev if e.kind == "buried_card"]
    assert seen[0].to == frozenset({0}) and seen[0].data["card"] == "exploding_kitten"
    assert st.view(0)["known_pile"] == [[2, "exploding_kitten"]]


def test_bury_printed_option() -> None:
    """Option bury_anywhere: the top card goes back anywhere, unseen."""
    st = setup(
        3, {0: ["bury"]}, ["exploding_kitten", "skip", "favor"], options={"bury_anywhere": True}
    )
    play(st, "bury")
    all_pass(st)
    assert st.phase == Phase.BURY and st.view(0)["limbo"] == "hidden"
    st.apply(0, A.BuryAt(1))
    assert top(st, 3) == ["skip", "exploding_kitten", "favor"] and st.cur == 1
    assert st.view(0)["known_pile"] == []


def test_personal_attack() -> None:
    """Ataque pessoal: "No final do seu turno, jogue mais dois turnos"."""
    st = setup(3, {0: ["personal_attack"]}, PILE)
    play(st, "personal_attack")
    all_pass(st)
    assert st.cur == 0 and st.owed == 3
    for _ in range(3):
        assert st.cur == 0
        st.apply(0, A.DRAW)
    assert st.cur == 1


def test_cats_alone_do_nothing() -> None:
    """ "As cartas de gato não têm nenhum efeito por si só"; nor Defuse or Nope alone."""
    st = setup(3, {0: ["cat_red", "cat_wild", "defuse", "nope"]}, PILE)
    assert not any(type(a) is A.Play for a in st.legal_actions(0))


def test_every_action_card_can_be_noped() -> None:
    """Each action card opens a window; a Nope cancels its effect."""
    st = setup(2, {0: ["attack"], 1: ["nope"]}, PILE)
    play(st, "attack")
    assert st.phase == Phase.WINDOW and set(st.actors) == {0, 1}
    st.apply(0, A.PASS)
    st.apply(1, A.NOPE_ACT)
    all_pass(st)
    assert st.cur == 0 and st.owed == 1, "a Noped Attack passes no turns"


def test_every_card_has_its_name_and_rules_text_in_both_languages() -> None:
    """A card added to cards.toml without its words would be shown by its key (the catalog's
    fallback): each language's own file names every card and says what it does."""
    from ludoteca.games.exploding_kittens.cards import KEYS as ALL

    catalog = ludoteca.get_game("exploding-kittens").catalog
    for lang in ("pt-BR", "en"):
        own = catalog.messages[lang]
        for key in ALL:
            assert own.get(f"card.{key}"), f"no {lang} name for the card {key!r} (card.{key})"
            assert own.get(f"card_text.{key}"), (
                f"no {lang} rules text for {key!r} (card_text.{key})"
            )
