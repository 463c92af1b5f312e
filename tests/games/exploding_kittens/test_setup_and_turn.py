"""Distribuição, Seu turno, and the kitten: one scenario per sentence of the text."""

from __future__ import annotations

import pytest

from ludoteca import IllegalAction, InvalidAction, InvalidOptions
from ludoteca.games.exploding_kittens import GAME
from ludoteca.games.exploding_kittens import actions as A
from ludoteca.games.exploding_kittens.cards import BEYOND_TEXT, CODE, DECKS, KEYS
from ludoteca.games.exploding_kittens.phases import Phase

from .helpers import C, all_pass, hand, play, setup, top


@pytest.mark.parametrize("n", range(2, 11))
def test_deal(n: int) -> None:
    """ "cada jogador recebe uma carta desarmar e 7 outras cartas aleatórias" ... "gatinhos
    explosivos de acordo com a quantidade de jogadores menos um"."""
    st = GAME.new_game(n, seed=n)
    for p in range(n):
        assert st.hn[p] == 8
        assert st.hands[p][C["defuse"]] >= 1
        assert st.hands[p][C["exploding_kitten"]] == 0
    assert st.pile.count(C["exploding_kitten"]) == n - 1
    assert len(st.pile) == sum(DECKS[n]) - 8 * n
    st.check_invariants()


def test_deal_is_random_but_seeded() -> None:
    """ "7 outras cartas aleatórias": the same seed deals the same, another seed differs."""
    a, b, c = (GAME.new_game(4, seed=s) for s in (5, 5, 6))
    assert a.to_json() == b.to_json()
    assert a.hands != c.hands or a.pile != c.pile


def test_deck_depends_on_player_count() -> None:
    """ "O conteúdo exato e o número de cartas dependem do número de jogadores"."""
    sizes = [sum(DECKS[n]) for n in range(2, 11)]
    assert sizes == sorted(sizes) and len(set(sizes)) > 1
    for n in range(2, 11):
        for k in KEYS:
            if k in BEYOND_TEXT:  # a designer's card: in play only through extra_cards
                assert DECKS[n][CODE[k]] == 0
                continue
            assert DECKS[n][CODE[k]] >= 1, f"{k} missing from the {n}-player deck"


def test_player_counts() -> None:
    """ "Gatinhos explosivos pode ser jogado com 2 a 10 jogadores"."""
    assert (GAME.min_players, GAME.max_players) == (2, 10)
    with pytest.raises(InvalidOptions, match="2 to 10"):
        GAME.new_game(11)


def test_play_many_cards_then_draw() -> None:
    """ "você pode jogar quantas cartas quiser, na ordem que desejar" ... "você termina seu
    turno comprando uma carta"."""
    st = setup(3, {0: ["shuffle", "see_future_3", "swap_top_bottom"]}, ["nope", "skip", "attack"])
    for card in ("see_future_3", "shuffle", "swap_top_bottom"):
        play(st, card)
        all_pass(st)
        assert st.cur == 0 and st.phase == Phase.MAIN
    st.apply(0, A.DRAW)
    assert st.hn[0] == 1 and st.cur == 1


def test_empty_hand_still_draws() -> None:
    """ "ou se não tiver mais nenhuma carta na mão, você termina seu turno comprando"."""
    st = setup(2, {0: []}, ["skip", "exploding_kitten"])
    assert st.legal_actions(0) == [A.DRAW]
    st.apply(0, A.DRAW)
    assert hand(st, 0) == {"skip": 1} and st.cur == 1


def test_safe_draw_ends_turn() -> None:
    """ "Se a carta que você acaba de comprar não for um gatinho explosivo ... seu turno termina
    e será o turno do próximo jogador"."""
    st = setup(3, {0: ["skip"]}, ["favor", "exploding_kitten", "exploding_kitten"])
    st.apply(0, A.DRAW)
    assert hand(st, 0) == {"skip": 1, "favor": 1}
    assert st.cur == 1 and st.owed == 1 and st.turns == 2


@pytest.mark.parametrize("position", [0, 1, 3])
def test_defuse_puts_kitten_anywhere(position: int) -> None:
    """ "Se você tiver uma carta Desarmar ... você pode devolver o gatinho explosivo ao baralho,
    a onde quiser" ... "Feito isso, é o turno do próximo jogador"."""
    st = setup(
        3, {0: ["defuse"]}, ["exploding_kitten", "skip", "favor", "shuffle", "exploding_kitten"]
    )
    st.apply(0, A.DRAW)
    assert st.phase == Phase.DEFUSE and st.actors == (0,)
    assert st.legal_actions(0) == [A.DefuseAt(i) for i in range(5)]
    st.apply(0, A.DefuseAt(position))
    assert top(st, 5)[position] == "exploding_kitten"
    assert hand(st, 0) == {} and st.discard == [C["defuse"]]
    assert st.cur == 1


def test_defuse_on_top_explodes_next_player() -> None:
    """ "Você pode colocá-lo diretamente no topo para explodir imediatamente o próximo jogador"."""
    st = setup(2, {0: ["defuse"], 1: []}, ["exploding_kitten", "skip"])
    st.apply(0, A.DRAW)
    st.apply(0, A.DefuseAt(0))
    st.apply(1, A.DRAW)
    assert st.is_over and st.result().winners == (0,)


def test_defuse_at_bottom() -> None:
    """ "ou no fundo para ficar seguro por um tempo"."""
    st = setup(2, {0: ["defuse"]}, ["exploding_kitten", "skip", "favor"])
    st.apply(0, A.DRAW)
    st.apply(0, A.DefuseAt(2))
    assert top(st, 3) == ["skip", "favor", "exploding_kitten"]


def test_no_defuse_explodes() -> None:
    """ "Se você não tiver nenhuma carta desarmar ... você será eliminado do jogo"; exploded
    kittens leave the game (not the discard pile)."""
    st = setup(3, {0: ["skip", "cat_red"]}, ["exploding_kitten", "exploding_kitten", "nope"])
    ev = st.apply(0, A.DRAW)
    assert not st.alive[0] and st.out == [0]
    assert C["exploding_kitten"] not in st.discard
    assert sorted(st.gone[0]) == sorted([C["exploding_kitten"], C["skip"], C["cat_red"]])
    assert st.cur == 1 and "exploded" in [e.kind for e in ev]


def test_too_slow_explodes_by_clock() -> None:
    """ "ou se não for rápido o suficiente, o gatinho explodirá": the clock's action, never legal."""
    st = setup(3, {0: ["defuse"]}, ["exploding_kitten", "exploding_kitten", "skip"])
    st.apply(0, A.DRAW)
    assert st.timeout_action(0) == A.EXPLODE
    assert A.EXPLODE not in st.legal_actions(0) and not st.is_legal(0, A.EXPLODE)
    assert GAME.action_from_json({"type": "explode"}) == A.EXPLODE
    with pytest.raises(InvalidAction):
        GAME.encode(A.EXPLODE)
    st.apply(0, A.EXPLODE)
    assert not st.alive[0] and st.cur == 1


def test_explode_refused_outside_defuse() -> None:
    """The clock's "let it explode" is refused when no kitten is being defused."""
    st = setup(3, {0: ["defuse"]})
    with pytest.raises(IllegalAction):
        st.apply(0, A.EXPLODE)


def test_last_player_standing_wins() -> None:
    """ "O objetivo do jogo é ser o último jogador que não explodiu"."""
    st = setup(3, {0: [], 1: [], 2: []}, ["exploding_kitten", "exploding_kitten", "skip"])
    st.apply(0, A.DRAW)
    st.apply(1, A.DRAW)
    assert st.is_over and st.actors == ()
    r = st.result()
    assert r.winners == (2,) and r.ranking == (3, 2, 1) and r.reason == "last_standing"
    assert r.details["turns"] == 2


def test_all_kittens_drawn_leaves_one() -> None:
    """ "quando todos os gatinhos explosivos forem comprados, reste um único jogador"."""
    st = setup(4, {p: [] for p in range(4)}, ["exploding_kitten"] * 3 + ["skip"])
    for p in range(3):
        st.apply(p, A.DRAW)
    assert st.is_over and st.result().winners == (3,)


def test_kitten_cannot_be_noped() -> None:
    """ "Não é possível combater um gatinho explosivo com outra carta que não seja um desarmar"."""
    st = setup(
        3, {0: ["nope", "skip"], 1: ["nope"], 2: ["nope"]}, ["exploding_kitten", "exploding_kitten"]
    )
    st.apply(0, A.DRAW)
    assert st.is_over is False and not st.alive[0]
    assert st.phase == Phase.MAIN and st.actors == (1,)
    st2 = setup(3, {0: ["nope", "defuse"], 1: ["nope"]}, ["exploding_kitten", "exploding_kitten"])
    st2.apply(0, A.DRAW)
    assert st2.actors == (0,) and all(type(a) is A.DefuseAt for a in st2.legal_actions(0))
    st2.apply(0, A.DefuseAt(0))
    assert st2.phase == Phase.MAIN, "a Defuse opens no window: nobody can Nope it"


def test_turn_order_survives_elimination() -> None:
    """Turn order skips the exploded player and goes on around the table."""
    st = setup(
        4,
        {p: [] for p in range(4)},
        ["skip", "exploding_kitten", "skip", "skip", "exploding_kitten", "exploding_kitten"],
    )
    st.apply(0, A.DRAW)
    st.apply(1, A.DRAW)  # 1 explodes
    assert st.cur == 2
    st.apply(2, A.DRAW)
    st.apply(3, A.DRAW)
    assert st.cur == 0
    st.apply(0, A.DRAW)
    assert st.cur == 2


def test_turns_in_result_details() -> None:
    """result().details["turns"] counts the turns the game lasted."""
    st = setup(2, {0: ["skip"], 1: []}, ["cat_red", "exploding_kitten"])
    play(st, "skip")
    all_pass(st)
    st.apply(1, A.DRAW)
    st.apply(0, A.DRAW)
    assert st.result().details["turns"] == 3
    assert st.result().details["turns_by_seat"] == [2, 1]
