"""Setup, the turn, taking pieces and Prophecies, the refills, the sacrifice tokens."""

import pytest

from ludoteca import IllegalAction
from ludoteca.games.coatl import GAME
from ludoteca.games.coatl.actions import (
    DiscardStarting,
    DrawProphecy,
    KeepStarting,
    Pass,
    PerfectPick,
    Promise,
    StopTaking,
    TakePieces,
    TakeProphecy,
    Vision,
    VisionDiscard,
    VisionDone,
)
from ludoteca.games.coatl.constants import BODY, HEAD, TAIL
from ludoteca.games.coatl.names import TEMPLE_IDS
from ludoteca.games.coatl.phases import Phase

from .helpers import (
    T,
    build,
    empty_board,
    give_pieces,
    pieces,
    set_hand,
    set_supply,
    started,
    types,
)


# -- setup ----------------------------------------------------------------------------------
def test_supply_board_is_filled() -> None:
    """'Preencha os espaços do Tabuleiro de Estoque comprando peças aleatórias das Sacolas'."""
    s = GAME.new_game(4, 3)
    assert [len(b) for b in s.bodies] == [2] * 6
    assert all(h >= 0 for h in s.heads) and all(t >= 0 for t in s.tails)
    assert sum(s.bags[BODY]) == 120 - 12 and sum(s.bags[HEAD]) == 13 and sum(s.bags[TAIL]) == 13


def test_fewer_bodies_variant() -> None:
    """Variant (design notes): 14 body pieces per colour with 2 players, 18 with 3."""
    s2 = GAME.new_game(2, 3, {"reduced_bodies": True})
    s3 = GAME.new_game(3, 3, {"reduced_bodies": True})
    assert sum(s2.bags[BODY]) + 12 == 70 and sum(s3.bags[BODY]) + 12 == 90


def test_temples_dealt_and_two_face_up_piles() -> None:
    """'Distribua 1 Carta de Templo para cada jogador (mantendo-a escondida) e ... dois montes'."""
    s = GAME.new_game(4, 5)
    assert [len(p.temples) for p in s.players] == [1, 1, 1, 1]
    assert sorted(len(p) for p in s.piles) == [5, 6]
    v = s.view(1)
    assert "temples" not in v["players"][0] and v["players"][0]["temple_hand_size"] == 1
    top = TEMPLE_IDS[s.piles[0][-1]]
    assert v["piles"][0]["top"] == top and v["piles"][0]["size"] == len(s.piles[0])


def test_six_face_up_prophecies() -> None:
    """'Embaralhe as Cartas de Profecia e revele 6 delas para formar o estoque de Profecias'."""
    s = GAME.new_game(2, 5)
    assert len(s.display) == 6 and all(c >= 0 for c in s.display)


def test_starting_prophecies_by_seat() -> None:
    """'o 1º jogador recebe 3, o 2º recebe 4, o 3º recebe 5 e o 4º recebe 6'."""
    s = GAME.new_game(4, 5)
    assert [len(p.hand) for p in s.players] == [3, 4, 5, 6]
    assert len(s.deck) == 54 - 6 - 18


def test_keep_up_to_three() -> None:
    """'Cada jogador escolhe até 3 cartas para manter na mão e descarta o restante'."""
    s = GAME.new_game(3, 5)
    assert s.phase == Phase.SETUP and s.actors == (0,)
    assert KeepStarting() in s.legal_actions(0)  # seat 0 may keep its 3
    s.apply(0, DiscardStarting(s.players[0].hand[0]))  # ... or fewer
    s.apply(0, KeepStarting())
    assert len(s.players[0].hand) == 2
    # seat 1 holds 4: it must discard before keeping
    assert KeepStarting() not in s.legal_actions(1)
    with pytest.raises(IllegalAction):
        s.apply(1, KeepStarting())
    card = s.players[1].hand[0]
    s.apply(1, DiscardStarting(card))
    assert card in s.discard  # the discard pile is face up
    s.apply(1, KeepStarting())
    s.apply(2, DiscardStarting(s.players[2].hand[0]))
    s.apply(2, DiscardStarting(s.players[2].hand[0]))
    s.apply(2, KeepStarting())
    assert s.phase == Phase.TURN


def test_keep_exactly_three_option() -> None:
    """Option keep_exactly_three: a player may not keep fewer than 3 (the text says 'até 3')."""
    s = GAME.new_game(2, 5, {"keep_exactly_three": True})
    assert s.legal_actions(0) == [KeepStarting()]
    s.apply(0, KeepStarting())
    s.apply(1, DiscardStarting(s.players[1].hand[0]))
    assert s.legal_actions(1) == [KeepStarting()]


def test_first_player_starts() -> None:
    """'O jogo ocorre em turnos, seguindo o sentido horário, começando pelo jogador indicado pelo
    Marcador de Primeiro Jogador'."""
    s = started(3)
    assert s.actors == (0,)
    s.apply(0, TakePieces(6))
    assert s.actors == (1,)
    s.apply(1, TakePieces(7))
    s.apply(2, TakePieces(8))
    assert s.actors == (0,)


# -- taking pieces ---------------------------------------------------------------------------
def test_take_a_body_space_takes_both_pieces() -> None:
    """'Se escolher um espaço de partes do corpo, você deve pegar ambas as peças'."""
    s = started(2)
    before = list(s.bodies[2])
    s.apply(0, TakePieces(2))
    assert sorted(c % 5 for c in s.players[0].board) == sorted(before)
    assert all(c // 5 == BODY for c in s.players[0].board)
    assert s.bodies[2] == []
    assert s.actors == (1,)  # one action per turn


def test_take_one_head_or_one_tail() -> None:
    """'Escolha um espaço ... (1 cabeça, 1 cauda ou 2 partes do corpo)'."""
    s = started(2)
    head = s.heads[0]
    s.apply(0, TakePieces(6))
    assert s.players[0].board == [HEAD * 5 + head]
    tail = s.tails[1]
    s.apply(1, TakePieces(9))
    assert s.players[1].board == [TAIL * 5 + tail]


def test_board_limit_of_eight() -> None:
    """'seu Tabuleiro de Jogador tem um limite de 8 peças'."""
    s = started(2)
    give_pieces(s, 0, pieces("bY bY bR bR bK bK bG"))
    legal = s.legal_actions(0)
    assert not [a for a in types(legal, TakePieces) if a.space < 6]  # two would make 9
    assert TakePieces(6) in legal and TakePieces(8) in legal
    with pytest.raises(IllegalAction, match=r"no room for 2 more pieces \(7 of 8\)"):
        s.apply(0, TakePieces(0))
    give_pieces(s, 0, pieces("bG"))
    assert not types(s.legal_actions(0), TakePieces)


def test_refill_when_all_body_spaces_are_empty() -> None:
    """'reabastecido sempre que todos os espaços de partes do corpo estiverem vazios'."""
    s = started(2)
    set_supply(s, ["", "", "", "", "", "YR"], "YK", "GB")
    s.apply(0, TakePieces(5))
    assert all(len(b) == 2 for b in s.bodies)


def test_no_refill_while_a_body_space_holds_pieces() -> None:
    s = started(2)
    set_supply(s, ["", "", "", "", "RR", "YR"], "Y-", "--")
    s.apply(0, TakePieces(5))
    assert s.bodies[5] == [] and s.bodies[0] == []
    assert s.heads == [0, -1]


def test_refill_when_all_head_and_tail_spaces_are_empty() -> None:
    """'OU quando todos os espaços de cabeças e caudas estiverem vazios'."""
    s = started(2)
    set_supply(s, ["YR", "", "", "", "", "KK"], "--", "G-")
    s.apply(0, TakePieces(8))
    assert all(h >= 0 for h in s.heads) and all(t >= 0 for t in s.tails)
    assert all(len(b) == 2 for b in s.bodies)  # the whole board is refilled


# -- taking Prophecies -------------------------------------------------------------------------
def test_take_one_or_more_prophecies_then_refill_at_end_of_turn() -> None:
    """'Pegue uma ou mais Cartas de Profecia do estoque ... ou do topo do baralho';
    'Ao final de cada turno ... revelar novas cartas ... até ... 6 cartas'."""
    s = started(2)
    set_hand(s, 0, [])
    card = s.display[1]
    s.apply(0, TakeProphecy(1))
    assert s.phase == Phase.PROPHECY and s.actors == (0,)
    assert s.display[1] == -1  # not refilled during the action
    assert TakeProphecy(1) not in s.legal_actions(0)
    deck = len(s.deck)
    s.apply(0, DrawProphecy())
    assert len(s.deck) == deck - 1
    s.apply(0, StopTaking())
    assert card in s.players[0].hand and len(s.players[0].hand) == 2
    assert all(c >= 0 for c in s.display)
    assert s.actors == (1,)


def test_hand_limit_five() -> None:
    """'Você pode ter no máximo 5 cartas na mão' (Prophecies only)."""
    s = started(2)
    hand = s.players[0].hand[:]
    extra = [t for t in s.deck if t not in hand][:2]
    set_hand(s, 0, hand + extra[:1])  # 4 cards
    s.apply(0, TakeProphecy(0))  # the fifth ends the action by itself
    assert len(s.players[0].hand) == 5 and s.actors == (1,)
    s.apply(1, TakePieces(6))
    legal = s.legal_actions(0)
    assert not types(legal, TakeProphecy) and DrawProphecy() not in legal
    with pytest.raises(IllegalAction, match=r"the most Prophecies it may \(5\)"):
        s.apply(0, DrawProphecy())


def test_stop_only_after_taking() -> None:
    s = started(2)
    assert StopTaking() not in s.legal_actions(0)


def test_deck_runs_out_discard_is_reshuffled() -> None:
    """Our rule: an empty deck is made again from the shuffled discard pile."""
    s = started(2)
    set_hand(s, 0, [])
    s.discard.extend(s.deck)
    s.deck = []
    s.apply(0, DrawProphecy())
    assert s.discard == [] and len(s.players[0].hand) == 1


# -- sacrifice tokens ---------------------------------------------------------------------------
def test_perfect_pick() -> None:
    """'Escolha Perfeita: Pegue 1 cabeça, 1 cauda ou 2 partes do corpo à sua escolha da sacola e
    reabasteça o Tabuleiro de Estoque'."""
    s = started(2)
    set_supply(s, ["", "", "", "YY", "", ""], "Y-", "-K")
    assert PerfectPick(BODY, (2, 4)) in s.legal_actions(0)
    s.apply(0, PerfectPick(BODY, (2, 4)))
    assert s.players[0].board == pieces("bK bB")
    assert all(len(b) == 2 for b in s.bodies) and all(h >= 0 for h in s.heads)
    assert s.players[0].tokens[0] is False and s.actors == (1,)
    s.apply(1, TakePieces(6))
    assert not types(s.legal_actions(0), PerfectPick)  # each token once


def test_perfect_pick_respects_board_limit_and_bag() -> None:
    s = started(2)
    give_pieces(s, 0, pieces("bY bY bR bR bK bK bG"))
    legal = s.legal_actions(0)
    assert PerfectPick(HEAD, (0,)) in legal and not [
        a for a in types(legal, PerfectPick) if a.kind == BODY
    ]
    s.bags[HEAD][0] = 0
    s._legal = None
    assert PerfectPick(HEAD, (0,)) not in s.legal_actions(0)


def test_vision_of_the_future() -> None:
    """'Visão do Futuro: Descarte as Cartas de Profecia abertas, reabasteça ... e descarte cartas
    da sua mão para usar a ação Escolher cartas de Profecia'."""
    s = started(2)
    old = s.display[:]
    mine = s.players[0].hand[:]
    s.apply(0, Vision())
    assert s.phase == Phase.VISION
    assert all(c in s.discard for c in old) and all(c >= 0 for c in s.display)
    s.apply(0, VisionDiscard(mine[0]))
    assert mine[0] in s.discard
    s.apply(0, VisionDone())
    assert s.phase == Phase.PROPHECY and StopTaking() not in s.legal_actions(0)  # must take one
    s.apply(0, DrawProphecy())
    s.apply(0, StopTaking())
    assert s.actors == (1,) and not s.players[0].tokens[1]


def test_vision_with_full_hand_must_discard() -> None:
    s = started(2)
    hand = s.players[0].hand[:]
    set_hand(s, 0, hand + [t for t in s.deck if t not in hand][:2])
    s.apply(0, Vision())
    assert VisionDone() not in s.legal_actions(0)


def test_priests_promise() -> None:
    """'Promessa do Sacerdote: Pegue uma Carta de Templo aberta e adicione à sua mão'."""
    s = started(2)
    top = s.piles[1][-1]
    s.apply(0, Promise(1))
    assert s.players[0].promised == [top] and len(s.players[0].temples) == 1
    assert s.actors == (1,)
    # everyone saw which Temple it was: it shows in every view
    assert s.view(1)["players"][0]["promised"] == [TEMPLE_IDS[top]]


def test_first_game_without_sacrifice_tokens() -> None:
    """'para a primeira partida, recomenda-se não usar as Fichas de Sacrifício' (an option)."""
    s = started(2, sacrifice_tokens=False)
    legal = s.legal_actions(0)
    assert not types(legal, PerfectPick) and Vision() not in legal and not types(legal, Promise)


def _stuck(s, p: int, board: str, c1: str, c2: str, hand: list[str]) -> None:
    """Full board of heads and tails, full hand, two unfinished Coatls that cannot close."""
    empty_board(s, p)
    give_pieces(s, p, pieces(board))
    build(s, p, c1)
    build(s, p, c2)
    set_hand(s, p, [T(x) for x in hand])


def test_pass_only_when_nothing_else_is_possible() -> None:
    """Our rule (the text is silent): a player with no legal action passes."""
    s = started(2, sacrifice_tokens=False)
    assert Pass() not in s.legal_actions(0)
    hand = ["rainbow-ykrgb", "rainbow-rkbyg", "rainbow-kgrby", "three-two-rrrgg", "three-two-kkggg"]
    _stuck(s, 0, "hY hY hR hR tY tY tR tR", "bR tB", "hB bK", hand)
    assert s.legal_actions(0) == [Pass()]
    s.apply(0, Pass())
    assert s.actors == (1,)


def test_everyone_passing_ends_the_game() -> None:
    """Our rule: when every player passes in a row nobody can ever act again; the game ends."""
    s = started(2, sacrifice_tokens=False)
    hand0 = [
        "rainbow-ykrgb",
        "rainbow-rkbyg",
        "rainbow-kgrby",
        "three-two-rrrgg",
        "three-two-kkggg",
    ]
    hand1 = ["three-two-yybbb", "two-two-bbyy", "two-two-rrbb", "two-two-kkyy", "two-two-ggrr"]
    _stuck(s, 0, "hY hY hR hR tY tY tR tR", "bR tB", "hB bK", hand0)
    _stuck(s, 1, "hG hG hK hK tG tG tK tK", "bR tY", "hY bK", hand1)
    s.check_invariants()
    s.apply(0, Pass())
    s.apply(1, Pass())
    assert s.is_over and s.result().reason == "stalled"


def test_clock_keeps_starting_cards_and_ends_chains() -> None:
    """Our clock: keep the starting cards, stop taking, end the assembly."""
    s = GAME.new_game(2, 9)
    assert s.timeout_action(0) == KeepStarting()
    s = started(2)
    set_hand(s, 0, [])
    s.apply(0, TakeProphecy(0))
    assert s.timeout_action(0) == StopTaking()


def test_bad_options_and_bad_saves_are_refused() -> None:
    import pytest as _pytest

    from ludoteca import DataError, InvalidOptions

    with _pytest.raises(InvalidOptions, match="sacrifice_tokens"):
        GAME.new_game(2, 1, {"sacrifice_tokens": "perhaps"})
    with _pytest.raises(DataError):
        GAME.state_from_json({"game": "coatl", "num_players": 2})
    with _pytest.raises(DataError):
        GAME.state_from_json({"game": "chess"})


def test_empty_space_is_explained() -> None:
    s = started(2)
    set_supply(s, ["", "YY", "", "", "", ""], "YR", "GB")
    with pytest.raises(IllegalAction, match="empty"):
        s.apply(0, TakePieces(0))
