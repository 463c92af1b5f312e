"""Both end triggers with the exact final turns, final scoring and the tie-breaks."""

from ludoteca.games.coatl.actions import (
    BACK,
    AddPiece,
    FinishCoatl,
    StopTaking,
    TakePieces,
    TakeProphecy,
)
from ludoteca.games.coatl.constants import BODY
from ludoteca.games.coatl.phases import Phase
from ludoteca.games.coatl.state import CoatlState

from .helpers import TM, P, T, build, give_pieces, pieces, set_supply, started, types


def one_action(s: CoatlState) -> int:
    """The current player takes one piece space (a whole action); returns who acted."""
    p = s.actors[0]
    s.apply(p, types(s.legal_actions(p), TakePieces)[-1])
    return p


def finish_third(s: CoatlState, p: int) -> None:
    """Seat p finishes its third Coatl this turn."""
    build(s, p, "hR bR bR bR tR", [T("colour-count-r")], done=True)
    build(s, p, "hG bG bG bG tG", [T("colour-count-g")], done=True)
    build(s, p, "hY bY bY", [T("colour-count-y")])
    give_pieces(s, p, pieces("tY"))
    s.apply(p, AddPiece(2, P("tY"), BACK))
    s.apply(p, FinishCoatl(2))
    if s.phase == Phase.TEMPLE:
        s.apply(p, s.legal_actions(p)[0])


def test_third_coatl_final_turns_four_players() -> None:
    """'Jogadores que vêm depois do jogador que completou o Cóatl executam 2 ações no último turno;
    jogadores que vêm antes executam apenas 1 ação.'"""
    s = started(4)
    one_action(s)  # seat 0
    finish_third(s, 1)
    assert s.end == "coatl" and s.trigger == 1
    acted = []
    while not s.is_over:
        acted.append((one_action(s), s.actions_left if not s.is_over else 0))
    seats = [p for p, _ in acted]
    assert seats == [2, 2, 3, 3, 0]  # seat 1 (the trigger) takes none
    assert s.result().reason == "third_coatl"


def test_third_coatl_by_the_last_seat() -> None:
    """Everyone else came before the trigger seat: one action each, counted from the first player."""
    s = started(3)
    one_action(s)
    one_action(s)
    finish_third(s, 2)
    seats = []
    while not s.is_over:
        seats.append(one_action(s))
    assert seats == [0, 1]


def test_third_coatl_by_the_first_player() -> None:
    s = started(3)
    finish_third(s, 0)
    seats = []
    while not s.is_over:
        seats.append(one_action(s))
    assert seats == [1, 1, 2, 2]


def test_display_refills_at_end_of_a_two_action_turn() -> None:
    """The display refills at the end of the turn, not between its two actions."""
    s = started(2)
    finish_third(s, 0)
    assert s.actors == (1,) and s.actions_left == 2
    s.apply(1, TakeProphecy(0))
    s.apply(1, StopTaking())
    assert s.actors == (1,) and s.actions_left == 1 and s.display[0] == -1
    one_action(s)
    assert s.is_over and s.display[0] >= 0


def test_bodies_run_out_everyone_equal_turns_then_one_more() -> None:
    """'Se o fim foi por falta de peças: Todos jogam até terem o mesmo número de turnos, e então
    cada um tem um turno final.'"""
    s = started(3)
    set_supply(s, ["YR", "", "", "", "", "KK"], "YR", "GB")
    one_action(s)  # seat 0 takes a tail
    s.bags[BODY] = [0] * 5
    s.bodies = [[1, 1], [], [], [], [], []]
    s._legal = None
    s.apply(1, TakePieces(0))  # seat 1 takes the last body pieces
    assert s.end == "bodies" and s.trigger == 1
    seats = []
    while not s.is_over:
        p = s.actors[0]
        assert s.actions_left == 1
        s.apply(p, s.legal_actions(p)[0])
        if s.phase != Phase.OVER and s.actors[0] == p and s.actions_left == 1:
            # a chain (e.g. taking Prophecies) goes on: finish it
            while not s.is_over and s.actors[0] == p:
                legal = s.legal_actions(p)
                s.apply(p, legal[-1])
        seats.append(p)
    assert seats == [2, 0, 1, 2]
    assert s.result().reason == "bodies_exhausted"


# -- scoring and tie-breaks --------------------------------------------------------------------
def ended(s: CoatlState) -> CoatlState:
    s.phase = Phase.OVER
    s.end = "coatl"
    return s


def test_final_scores_and_turns_in_result() -> None:
    """'Cada jogador soma os pontos de seus Coameh completos ... O jogador com mais pontos ... vence.'"""
    s = started(2)
    build(
        s,
        0,
        "hY bY bY bY tG",
        [T("colour-count-y"), T("trio-y")],
        done=True,
        temple=TM("absent-k-length-8"),
    )
    build(s, 1, "hR bR tR", [T("colour-count-r")], done=True)
    build(s, 1, "bK bK bK", [T("trio-k")])  # unfinished: does not score
    r = ended(s).result()
    # count of Y 4 -> 3, trio Y -> 3 (YYYY), temple no K (3); seat 1: RRR -> 2
    assert r.scores == (9, 2)
    assert r.winners == (0,) and r.ranking == (1, 2)
    assert r.details["turns"] == s.turns


def tie(s: CoatlState) -> None:
    build(s, 0, "hY bY bY tY", [T("colour-count-y")], done=True)  # 3
    build(s, 1, "hR bR bR tR", [T("colour-count-r")], done=True)  # 3


def test_first_tiebreak_most_cards_beside_the_coatls() -> None:
    """'1. Maior número de Cartas de Profecia e Cartas de Templo ao lado dos Coameh.'"""
    s = started(2)
    tie(s)
    build(s, 1, "bK bG", [T("ordered-pair-kg")])  # unfinished, one card beside it
    r = ended(s).result()
    assert r.scores == (3, 3) and r.winners == (1,)
    assert r.details["cards_beside"] == [1, 2]


def test_first_tiebreak_without_unfinished_option() -> None:
    """Option tiebreak_counts_unfinished=False: only the cards of finished Coatls count."""
    s = started(2, tiebreak_counts_unfinished=False)
    tie(s)
    build(s, 1, "bK bG", [T("ordered-pair-kg")])
    r = ended(s).result()
    assert r.winners == (0, 1)


def test_second_tiebreak_most_valuable_coatl() -> None:
    """'2. O Cóatl mais valioso (maior soma de pontos de suas cartas).'"""
    s = started(2)
    build(s, 0, "hY bY bY tY", [T("colour-count-y"), T("trio-y")], done=True)  # 3 + 3 in one
    build(s, 1, "hR bR tR", [T("colour-count-r")], done=True)  # 2
    build(s, 1, "hG bG bG bG tG", [T("colour-count-g")], done=True)  # 4
    r = ended(s).result()
    assert r.scores == (6, 6)
    assert r.details["cards_beside"] == [2, 2]
    assert r.details["best_coatl"] == [6, 4]
    assert r.winners == (0,) and r.ranking == (1, 2)


def test_the_cards_beside_break_the_tie_before_the_best_coatl() -> None:
    """The tie-breaks in the text's order: '1.' the cards beside decide before '2.' the most
    valuable Coatl is looked at, even when the second would name the other player."""
    s = started(2)
    build(s, 0, "hY bY bY bY bY tY", [T("colour-count-y")], done=True)  # 6 yellow: 5
    build(s, 1, "hR bR bR tR", [T("colour-count-r")], done=True)  # 4 red: 3
    build(s, 1, "hG bG tG", [T("colour-count-g")], done=True)  # 3 green: 2
    r = ended(s).result()
    assert r.scores == (5, 5)
    assert r.details["cards_beside"] == [1, 2] and r.details["best_coatl"] == [5, 3]
    assert r.winners == (1,) and r.ranking == (2, 1)


def test_full_tie_is_shared() -> None:
    s = started(2)
    tie(s)
    r = ended(s).result()
    assert r.winners == (0, 1) and r.ranking == (1, 1)
