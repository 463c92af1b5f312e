"""Assembling: start, add at an end, attach Prophecies, finish, Temples; every limit."""

import random

import pytest

from ludoteca import IllegalAction
from ludoteca.games.coatl import GAME
from ludoteca.games.coatl.actions import (
    BACK,
    FRONT,
    AddPiece,
    AttachProphecy,
    ChooseTemple,
    EndAssembly,
    FinishCoatl,
    StartCoatl,
    TakePieces,
)
from ludoteca.games.coatl.phases import Phase

from .helpers import (
    TM,
    P,
    T,
    build,
    give_pieces,
    give_temple,
    pieces,
    put_on_pile_top,
    set_hand,
    started,
    types,
)


def test_start_a_coatl_and_keep_assembling() -> None:
    """'Começar um novo Cóatl: Coloque uma peça do seu tabuleiro na mesa'."""
    s = started(2)
    give_pieces(s, 0, pieces("hY bR bR"))
    s.apply(0, StartCoatl(P("hY")))
    assert s.phase == Phase.ASSEMBLY and s.actors == (0,)
    assert [c.pieces for c in s.players[0].coatls] == [[P("hY")]]
    s.apply(0, AddPiece(0, P("bR"), BACK))
    s.apply(0, EndAssembly())
    assert s.actors == (1,) and s.phase == Phase.TURN
    assert s.players[0].board == [P("bR")]


def test_at_most_two_unfinished() -> None:
    """'Não é possível fazer isso se você já tiver 2 Coameh incompletos'."""
    s = started(2)
    build(s, 0, "bY")
    build(s, 0, "bR")
    give_pieces(s, 0, pieces("bK"))
    assert not types(s.legal_actions(0), StartCoatl)
    with pytest.raises(IllegalAction, match=r"the most unfinished Coatls \(2\)"):
        s.apply(0, StartCoatl(P("bK")))


def test_three_coatls_in_all() -> None:
    """Three Coatls in all: with two finished and one unfinished, no fourth may start."""
    s = started(2)
    build(s, 0, "hY bY bY bY tY", [T("colour-count-y")], done=True)
    build(s, 0, "hR bR bR bR tR", [T("colour-count-r")], done=True)
    build(s, 0, "bK")
    give_pieces(s, 0, pieces("bG"))
    assert not types(s.legal_actions(0), StartCoatl)


def test_one_head_one_tail_at_their_ends() -> None:
    """'Um Cóatl pode ter quantas partes do corpo desejar, mas apenas 1 cabeça e 1 cauda'."""
    s = started(2)
    build(s, 0, "hY bR")
    give_pieces(s, 0, pieces("hK bG tB"))
    legal = types(s.legal_actions(0), AddPiece)
    assert AddPiece(0, P("hK"), FRONT) not in legal  # it already has a head
    assert AddPiece(0, P("bG"), FRONT) not in legal  # nothing goes before the head
    assert AddPiece(0, P("bG"), BACK) in legal
    assert not [a for a in legal if a.piece == P("tB") and a.end == FRONT]


@pytest.mark.parametrize(
    ("piece", "end"), [("black_head", "back"), ("blue_tail", "front")], ids=["head", "tail"]
)
def test_a_head_at_the_tail_end_is_an_illegal_move_with_its_reason(piece: str, end: str) -> None:
    """Well formed, but no position allows it: refused as illegal (with why), not as an action
    the game does not know, and nothing changes."""
    s = started(2)
    build(s, 0, "bR")
    give_pieces(s, 0, pieces("hK tB"))
    before = s.to_json()
    a = GAME.action_from_json({"type": "add_piece", "coatl": 0, "piece": piece, "end": end})
    assert not s.is_legal(0, a)
    why = "a head goes only at the head end of a Coatl, a tail only at the tail end"
    assert why in s.explain_illegal(0, a)
    with pytest.raises(IllegalAction, match=why):
        s.apply(0, a)
    assert s.to_json() == before


def test_bodies_go_at_either_open_end() -> None:
    s = started(2)
    build(s, 0, "bR")
    give_pieces(s, 0, pieces("bG"))
    legal = s.legal_actions(0)
    assert AddPiece(0, P("bG"), FRONT) in legal and AddPiece(0, P("bG"), BACK) in legal
    s.apply(0, AddPiece(0, P("bG"), FRONT))
    assert s.players[0].coatls[0].colours() == [3, 1]


def test_no_head_and_tail_without_a_body() -> None:
    """'Para completar um Cóatl, ele precisa de 1 cabeça, 1 cauda e pelo menos 1 parte do corpo':
    closing head-to-tail with no body would be a dead end, so it is not offered."""
    s = started(2)
    build(s, 0, "hY")
    give_pieces(s, 0, pieces("tY"))
    set_hand(s, 0, [T("ordered-pair-yb"), T("exact-pair-y")])
    assert AddPiece(0, P("tY"), BACK) not in s.legal_actions(0)


def test_closing_needs_a_prophecy_it_would_fulfil() -> None:
    """No dead end: the last head or tail goes on only if a Prophecy can then be fulfilled."""
    s = started(2)
    build(s, 0, "hY bY")
    give_pieces(s, 0, pieces("tB tY"))
    set_hand(s, 0, [T("colour-count-y")])
    legal = s.legal_actions(0)
    assert AddPiece(0, P("tY"), BACK) in legal  # YYY: count of yellow scores
    assert AddPiece(0, P("tB"), BACK) not in legal  # YYB fulfils nothing in hand


def test_a_closed_coatl_must_be_finished_now() -> None:
    """Our rule: once head and tail are both on, only attaching to it and finishing remain."""
    s = started(2)
    build(s, 0, "hY bY")
    give_pieces(s, 0, pieces("tY bR"))
    set_hand(s, 0, [T("colour-count-y"), T("exact-pair-y")])
    s.apply(0, AddPiece(0, P("tY"), BACK))
    legal = s.legal_actions(0)
    assert set(legal) == {AttachProphecy(0, T("colour-count-y"))}
    s.apply(0, AttachProphecy(0, T("colour-count-y")))
    assert FinishCoatl(0) in s.legal_actions(0) and EndAssembly() not in s.legal_actions(0)


def test_attach_only_when_fulfilled() -> None:
    """'Coloque uma Carta de Profecia ... ao lado de um Coameh incompleto que satisfaça os requisitos'."""
    s = started(2)
    build(s, 0, "bY bG")
    set_hand(s, 0, [T("ordered-pair-yg"), T("ordered-pair-gb"), T("trio-y")])
    legal = types(s.legal_actions(0), AttachProphecy)
    assert legal == [AttachProphecy(0, T("ordered-pair-yg"))]
    s.apply(0, AttachProphecy(0, T("ordered-pair-yg")))
    assert s.players[0].coatls[0].prophecies == [T("ordered-pair-yg")]
    with pytest.raises(IllegalAction):
        s.apply(0, AttachProphecy(0, T("trio-y")))


def test_no_attach_to_a_finished_coatl() -> None:
    s = started(2)
    build(s, 0, "hY bY bY tY", [T("colour-count-y")], done=True)
    set_hand(s, 0, [T("trio-y")])
    assert not types(s.legal_actions(0), AttachProphecy)


def test_at_most_four_prophecies_and_no_two_of_a_type() -> None:
    """'Um Cóatl deve cumprir de 1 a 4 Cartas de Profecia'; no two cards of the same type."""
    s = started(2)
    build(
        s,
        0,
        "bY bY bY bG bB",
        [T("colour-count-y"), T("trio-y"), T("ordered-pair-yg"), T("ordered-pair-gb")],
    )
    set_hand(s, 0, [T("bridge-ybg")])
    assert not types(s.legal_actions(0), AttachProphecy)
    s.players[0].coatls[0].prophecies.pop()
    s.deck.append(T("ordered-pair-gb"))
    set_hand(s, 0, [T("colour-count-y"), T("ordered-pair-gb")])  # the second copy of a count card
    legal = types(s.legal_actions(0), AttachProphecy)
    assert legal == [AttachProphecy(0, T("ordered-pair-gb"))]


def test_pieces_may_not_break_an_attached_prophecy() -> None:
    """Our rule: a piece that would leave a card beside the Coatl unfulfilled is refused."""
    s = started(2)
    build(s, 0, "bR bR", [T("exact-pair-r")])
    give_pieces(s, 0, pieces("bR bK"))
    legal = s.legal_actions(0)
    assert AddPiece(0, P("bR"), BACK) not in legal and AddPiece(0, P("bR"), FRONT) not in legal
    assert AddPiece(0, P("bK"), BACK) in legal


def test_finish_needs_a_prophecy() -> None:
    """'Se não tiver nenhuma, deve cumprir pelo menos uma.'"""
    s = started(2)
    build(s, 0, "hY bY")
    give_pieces(s, 0, pieces("tY"))
    set_hand(s, 0, [T("colour-count-y")])
    s.apply(0, AddPiece(0, P("tY"), BACK))
    assert FinishCoatl(0) not in s.legal_actions(0)


def test_finish_scores_and_temple_must_be_fulfilled_if_possible() -> None:
    """'Cumprir uma Carta de Templo (da mão ou da mesa) se possível.'"""
    s = started(2)
    give_temple(s, 0, TM("absent-k-length-8"))
    build(s, 0, "hY bY bY", [T("colour-count-y")])
    give_pieces(s, 0, pieces("tB"))
    s.apply(0, AddPiece(0, P("tB"), BACK))
    s.apply(0, FinishCoatl(0))
    assert s.phase == Phase.TEMPLE
    legal = s.legal_actions(0)
    assert ChooseTemple(TM("absent-k-length-8")) in legal
    assert all(isinstance(a, ChooseTemple) for a in legal)  # no way round it
    s.apply(0, ChooseTemple(TM("absent-k-length-8")))
    c = s.players[0].coatls[0]
    assert c.done and c.temple == TM("absent-k-length-8")
    assert s.phase == Phase.ASSEMBLY
    # three yellow (2) + the Temple with one condition met, no black (3)
    assert s.view(1)["players"][0]["score"] == 2 + 3


def test_temple_from_the_table() -> None:
    """A Temple may come from the top of a face-up pile; the next card then shows."""
    s = started(2)
    put_on_pile_top(s, TM("absent-r-equal-bg"), 1)
    under = s.piles[1][-2]
    build(s, 0, "hB bG bG bG", [T("trio-g")])
    give_pieces(s, 0, pieces("tB"))
    s.apply(0, AddPiece(0, P("tB"), BACK))
    s.apply(0, FinishCoatl(0))
    assert ChooseTemple(TM("absent-r-equal-bg")) in s.legal_actions(0)
    s.apply(0, ChooseTemple(TM("absent-r-equal-bg")))
    assert s.piles[1][-1] == under
    assert s.players[0].coatls[0].temple == TM("absent-r-equal-bg")


def test_no_temple_when_none_fits() -> None:
    s = started(2)
    for t in s.players[0].temples[:]:
        s.players[0].temples.remove(t)
        s.piles[0].insert(0, t)
    put_on_pile_top(s, TM("absent-y-length-7"), 0)
    put_on_pile_top(s, TM("equal-ry-length-12"), 1)
    build(s, 0, "hY bY bY", [T("colour-count-y")])
    give_pieces(s, 0, pieces("tY"))
    s.apply(0, AddPiece(0, P("tY"), BACK))
    s.apply(0, FinishCoatl(0))
    assert s.phase == Phase.ASSEMBLY and s.players[0].coatls[0].temple == -1
    assert s.players[0].coatls[0].done


def test_unfinished_coatls_do_not_score() -> None:
    """'Cada jogador soma os pontos de seus Coameh completos'."""
    s = started(2)
    build(s, 0, "bY bY bY", [T("colour-count-y")])
    assert s.view(None)["players"][0]["score"] == 0


def test_pieces_never_move_once_placed() -> None:
    """'Uma vez colocadas, as peças não podem ser movidas ou removidas' (random games)."""
    rng = random.Random(5)
    for seed in range(12):
        s = GAME.new_game(2 + seed % 3, seed)
        while not s.is_over:
            before = [[c.pieces[:] for c in pl.coatls] for pl in s.players]
            p = s.actors[0]
            s.apply(p, rng.choice(s.legal_actions(p)))
            for pl, old in zip(s.players, before, strict=True):
                for c, o in zip(pl.coatls, old, strict=False):
                    k = len(c.pieces)
                    assert any(c.pieces[i : i + len(o)] == o for i in range(k - len(o) + 1))


def test_taking_pieces_is_not_part_of_assembly() -> None:
    """'Em cada turno, o jogador deve escolher uma das três ações principais': after the first
    assembly step, no taking."""
    s = started(2)
    give_pieces(s, 0, pieces("bY"))
    s.apply(0, StartCoatl(P("bY")))
    assert not types(s.legal_actions(0), TakePieces)


def test_promised_temple_can_be_fulfilled() -> None:
    """A Temple taken with the Priest's Promise is in hand: it may be fulfilled later."""
    s = started(2)
    for t in s.players[0].temples[:]:
        s.players[0].temples.remove(t)
        s.piles[0].insert(0, t)
    put_on_pile_top(s, TM("absent-y-length-7"), 0)
    put_on_pile_top(s, TM("equal-ry-length-12"), 1)
    put_on_pile_top(s, TM("absent-b-length-10"), 1)  # above "R = Y / 12 pieces"
    from ludoteca.games.coatl.actions import Promise

    s.apply(0, Promise(1))  # takes "no blue / 10 pieces"
    s.apply(1, TakePieces(6))
    build(s, 0, "hY bY bY", [T("colour-count-y")])
    give_pieces(s, 0, pieces("tY"))
    s.apply(0, AddPiece(0, P("tY"), BACK))
    s.apply(0, FinishCoatl(0))
    assert s.legal_actions(0) == [ChooseTemple(TM("absent-b-length-10"))]
    s.apply(0, ChooseTemple(TM("absent-b-length-10")))
    assert s.players[0].promised == [] and s.players[0].coatls[0].temple == TM("absent-b-length-10")


def test_more_pieces_after_a_card_raise_its_score_at_the_end() -> None:
    """'Você pode adicionar mais peças depois para aumentar a pontuação, mas a carta só é
    pontuada no final do jogo.'"""
    s = started(2)
    build(s, 0, "hY bY bY", [T("colour-count-y")])  # 3 yellow: 2 points so far
    give_pieces(s, 0, pieces("bY tY"))
    s.apply(0, AddPiece(0, P("bY"), BACK))
    s.apply(0, AddPiece(0, P("tY"), BACK))
    s.apply(0, FinishCoatl(0))
    if s.phase == Phase.TEMPLE:
        s.apply(0, s.legal_actions(0)[0])
    c = s.players[0].coatls[0]
    from ludoteca.games.coatl.patterns import prophecy_points
    from ludoteca.games.coatl.scoring import coatl_points

    assert prophecy_points(T("colour-count-y"), c.colours()) == 4  # 5 yellow: 4 points
    assert coatl_points(c) >= 4


def test_fulfilled_cards_stay_visible() -> None:
    """'Vire as cartas cumpridas para baixo': our reading, every player still sees them."""
    s = started(2)
    give_temple(s, 0, TM("absent-k-length-8"))
    build(s, 0, "hY bY bY", [T("colour-count-y")])
    give_pieces(s, 0, pieces("tB"))
    s.apply(0, AddPiece(0, P("tB"), BACK))
    s.apply(0, FinishCoatl(0))
    s.apply(0, ChooseTemple(TM("absent-k-length-8")))
    seen = s.view(1)["players"][0]["coatls"][0]
    assert seen["prophecies"] == ["colour-count-y"] and seen["temple"] == "absent-k-length-8"
    assert seen["pieces"] == ["yellow_head", "yellow_body", "yellow_body", "blue_tail"]
    assert seen["done"] is True


def test_fast_assembly_moves_match_the_rule_piece_by_piece() -> None:
    """The optimised move list equals the one built from ``piece_fits`` (the rule as written)."""
    from ludoteca import Action
    from ludoteca.games.coatl.assembly import assembly_actions, attachable, closed_coatl, piece_fits
    from ludoteca.games.coatl.model import Player

    def reference(pl: Player) -> list[Action]:
        ci = closed_coatl(pl)
        if ci >= 0:
            c = pl.coatls[ci]
            closing: list[Action] = [AttachProphecy(ci, t) for t in attachable(pl, c, c.colours())]
            return closing + ([FinishCoatl(ci)] if c.prophecies else [])
        acts: list[Action] = []
        board = sorted(set(pl.board))
        if pl.unfinished() < 2 and len(pl.coatls) < 3:
            acts += [StartCoatl(p) for p in board]
        for ci, c in enumerate(pl.coatls):
            if c.done:
                continue
            seq, head, tail = c.colours(), c.has_head(), c.has_tail()
            for p in board:
                for end in (FRONT, BACK):
                    if piece_fits(pl, c, seq, p, end, head, tail):
                        acts.append(AddPiece(ci, p, end))
            acts += [AttachProphecy(ci, t) for t in attachable(pl, c, seq)]
        return acts

    checked = 0
    for seed in range(40):
        rng = random.Random(seed)
        s = GAME.new_game(2 + seed % 3, seed, {})
        while not s.is_over:
            p = s.actors[0]
            pl = s.players[p]
            assert assembly_actions(pl) == reference(pl)
            checked += 1
            s.apply(p, rng.choice(s.legal_actions(p)))
    assert checked > 1000
