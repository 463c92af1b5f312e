"""An independent rules audit: one test per finding, or per sentence the other files leave open."""

import random

import pytest

from ludoteca import DataError
from ludoteca.games.coatl import GAME
from ludoteca.games.coatl.actions import (
    BACK,
    AddPiece,
    ChooseTemple,
    DrawProphecy,
    FinishCoatl,
    Promise,
    StopTaking,
    TakePieces,
    TakeProphecy,
    Vision,
    VisionDiscard,
    VisionDone,
)
from ludoteca.games.coatl.cards import parse_prophecies, parse_temples
from ludoteca.games.coatl.constants import BODY
from ludoteca.games.coatl.names import PROPHECY_IDS
from ludoteca.games.coatl.phases import Phase
from ludoteca.games.coatl.state import CoatlState
from ludoteca.testing.conformance import check_same_information

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
    set_supply,
    started,
)
from .test_cards import raw
from .test_end import ended, finish_third, one_action


# -- hidden information ----------------------------------------------------------------------
def _took_from_display(n: int = 3) -> tuple[CoatlState, int]:
    """Seat 0 takes the face-up card of slot 0 (in front of everyone) and stops."""
    s = started(n)
    card = s.display[0]
    s.apply(0, TakeProphecy(0))
    s.apply(0, StopTaking())
    return s, card


def test_a_card_taken_face_up_stays_known_in_the_takers_hand() -> None:
    """'Pegue uma ou mais Cartas de Profecia do estoque de Profecias': the table saw which card
    went into the hand. Finding: view(p) forgot it and determinize(p) dealt it anywhere (even into
    the deck). Now view shows it as `shown` and every re-deal keeps it in the taker's hand."""
    s, card = _took_from_display()
    for p in (1, 2, None):
        assert s.view(p)["players"][0]["shown"] == [PROPHECY_IDS[card]]
    assert "hand" not in s.view(1)["players"][0]  # the rest of the hand stays hidden
    for p in (1, 2):
        for k in range(20):
            d = s.determinize(p, random.Random(k))
            assert card in d.players[0].hand
            d.check_invariants()


def test_a_shown_card_is_forgotten_when_it_leaves_the_hand() -> None:
    """'Visão do Futuro: ... descarte cartas da sua mão': once the shown card is discarded (or
    placed beside a Coatl) the table knows no more about the hand."""
    s, card = _took_from_display(2)
    one_action(s)  # seat 1
    s.apply(0, Vision())
    s.apply(0, VisionDiscard(card))
    assert s.players[0].shown == [] and s.view(1)["players"][0]["shown"] == []
    s.apply(0, VisionDone())
    s.apply(0, DrawProphecy())  # a hidden draw is not shown
    s.apply(0, StopTaking())
    assert s.view(1)["players"][0]["shown"] == []


def test_a_drawn_card_is_not_shown_and_hidden_cards_stay_interchangeable() -> None:
    """A deck draw tells the table nothing: swapping that hidden card with the deck changes
    neither view(p) nor determinize(p)."""
    s, card = _took_from_display()
    a = s.clone()
    b = s.clone()
    hidden = next(t for t in b.players[0].hand if t != card)
    b.players[0].hand.remove(hidden)
    swap = next(t for t in b.deck if t != hidden)
    b.deck[b.deck.index(swap)] = hidden
    b.players[0].hand.append(swap)
    b.players[0].hand.sort()
    for p in (1, 2):
        check_same_information(a, b, p, salt=3)


# -- options ----------------------------------------------------------------------------------
def test_no_sacrifice_tokens_are_shown_without_the_option() -> None:
    """'para a primeira partida, recomenda-se não usar as Fichas de Sacrifício': with the option
    off nobody holds a token. Finding: views showed three live tokens in every such game."""
    s = started(2, sacrifice_tokens=False)
    for pl in s.view(0)["players"]:
        assert pl["tokens"] == {"perfect_pick": False, "vision": False, "promise": False}
    assert started(2).view(0)["players"][0]["tokens"] == {
        "perfect_pick": True,
        "vision": True,
        "promise": True,
    }


# -- end of the game ---------------------------------------------------------------------------
def _bodies_run_out(s: CoatlState) -> None:
    """Seat 1 takes the last body pieces of the game (3 players; seat 0 has played)."""
    set_supply(s, ["YR", "", "", "", "", "KK"], "YR", "GB")
    one_action(s)  # seat 0
    s.bags[BODY] = [0] * 5
    s.bodies = [[1, 1], [], [], [], [], []]
    s._legal = None
    s.apply(1, TakePieces(0))
    assert s.end == "bodies"


def test_a_third_coatl_after_the_bodies_ran_out_changes_nothing() -> None:
    """'O jogo termina quando: 1. ... 3º Cóatl. 2. O estoque de partes do corpo acabar': the first
    trigger sets the final turns; a second one during them changes neither them nor the reason."""
    s = started(3)
    # seat 2 is one tail away from its third Coatl
    build(s, 2, "hR bR bR bR tR", [T("colour-count-r")], done=True)
    build(s, 2, "hG bG bG bG tG", [T("colour-count-g")], done=True)
    build(s, 2, "hY bY bY", [T("colour-count-y")])
    give_pieces(s, 2, pieces("tY"))
    _bodies_run_out(s)
    final = [f[:] for f in s.final]
    assert s.actors == (2,)
    s.apply(2, AddPiece(2, P("tY"), BACK))
    s.apply(2, FinishCoatl(2))
    if s.phase == Phase.TEMPLE:
        s.apply(2, s.legal_actions(2)[0])
    assert s.end == "bodies" and s.trigger == 1 and s.final == final[1:]  # seat 0's turn now
    assert s.actors == (0,) and s.actions_left == 1
    while not s.is_over:
        one_action(s)
    assert s.result().reason == "bodies_exhausted"


def test_bodies_running_out_after_a_third_coatl_changes_nothing() -> None:
    """The reverse order: after a third Coatl the body pieces run out; the final turns stay."""
    s = started(3)
    finish_third(s, 0)
    assert s.actors == (1,) and s.actions_left == 2
    set_supply(s, ["", "", "", "RR", "", ""], "YR", "GB")
    s.bags[BODY] = [0] * 5
    s.apply(1, TakePieces(3))
    assert s.end == "coatl" and s.actors == (1,) and s.actions_left == 1
    seats = [one_action(s)]
    while not s.is_over:
        seats.append(one_action(s))
    assert seats == [1, 2, 2] and s.result().reason == "third_coatl"


# -- the last cards and pieces -----------------------------------------------------------------
def test_no_deck_and_no_discard_leaves_the_display_short() -> None:
    """'revelar novas cartas do baralho até que o estoque de Profecias tenha 6': with the deck and
    the discard pile both empty no card can be drawn and the taken slots stay empty."""
    s = started(2)
    set_hand(s, 0, [])
    s.deck = []
    s.discard = []
    s._legal = None
    legal = s.legal_actions(0)
    assert DrawProphecy() not in legal and TakeProphecy(0) in legal
    s.apply(0, TakeProphecy(0))
    assert DrawProphecy() not in s.legal_actions(0)
    s.apply(0, StopTaking())
    assert s.display[0] == -1 and all(c >= 0 for c in s.display[1:])
    assert TakeProphecy(0) not in s.legal_actions(1)


def test_a_last_single_body_piece_fills_a_space_and_can_be_taken() -> None:
    """'O reabastecimento é feito com peças sorteadas das Sacolas': with one body left in the
    bag, one space gets that single piece; a board with 7 pieces may take it."""
    s = started(2)
    give_pieces(s, 1, pieces("hY hR tG tB bR bR bK"))
    set_supply(s, ["YY", "", "", "", "", ""], "YR", "GB")
    s.bags[BODY] = [0, 0, 0, 1, 0]
    s.apply(0, TakePieces(0))
    assert [len(b) for b in s.bodies] == [1, 0, 0, 0, 0, 0] and s.bodies[0] == [3]
    assert not s.end  # a body piece is still on the board
    assert TakePieces(0) in s.legal_actions(1)
    s.apply(1, TakePieces(0))
    assert s.end == "bodies" and len(s.players[1].board) == 8


# -- Temples and the hand limit -----------------------------------------------------------------
def test_the_temple_may_come_from_hand_or_table_when_both_fit() -> None:
    """'Cumprir uma Carta de Templo (da mão ou da mesa) se possível': the player chooses."""
    s = started(2)
    give_temple(s, 0, TM("absent-k-length-8"))
    put_on_pile_top(s, TM("absent-b-length-10"), 0)
    build(s, 0, "hY bY bY", [T("colour-count-y")])
    give_pieces(s, 0, pieces("tY"))
    s.apply(0, AddPiece(0, P("tY"), BACK))
    s.apply(0, FinishCoatl(0))
    assert s.phase == Phase.TEMPLE
    legal = s.legal_actions(0)
    assert ChooseTemple(TM("absent-k-length-8")) in legal
    assert ChooseTemple(TM("absent-b-length-10")) in legal
    s.apply(0, ChooseTemple(TM("absent-b-length-10")))
    assert TM("absent-k-length-8") in s.players[0].temples


def test_the_hand_limit_counts_prophecies_only() -> None:
    """'Você pode ter no máximo 5 cartas na mão' counts Prophecies: a full hand may still take a
    Temple with the Priest's Promise."""
    s = started(2)
    hand = s.players[0].hand[:]
    set_hand(s, 0, hand + [t for t in s.deck if t not in hand][:2])
    assert len(s.players[0].hand) == 5
    top = s.piles[0][-1]
    assert Promise(0) in s.legal_actions(0)
    s.apply(0, Promise(0))
    assert s.players[0].promised == [top] and len(s.players[0].hand) == 5


# -- scoring -----------------------------------------------------------------------------------
def test_a_tie_between_two_of_three_players() -> None:
    """'O jogador com mais pontos de prestígio vence': two tied leaders share the win; the
    third ranks third."""
    s = started(3)
    build(s, 0, "hY bY bY tY", [T("colour-count-y")], done=True)  # 3
    build(s, 1, "hR bR bR tR", [T("colour-count-r")], done=True)  # 3
    build(s, 2, "hK bK tG", [T("ordered-pair-kg")], done=True)  # 1
    r = ended(s).result()
    assert r.scores == (3, 3, 1) and r.winners == (0, 1) and r.ranking == (1, 1, 3)


# -- data files --------------------------------------------------------------------------------
def test_a_single_value_card_with_tiers_is_refused() -> None:
    """Decision 9 (single-value cards score once) is a property of the data: refused otherwise."""
    data = raw("prophecies.toml")
    entry = next(e for e in data["prophecy"] if e["family"] == "rainbow")
    entry["tiers"] = [[1, 7], [2, 9]]
    with pytest.raises(DataError, match=rf"prophecy '{entry['id']}'.*scores once"):
        parse_prophecies(data)


def test_a_repeated_pattern_is_refused() -> None:
    """'no two of the same type' relies on one entry per pattern (copies are `copies`)."""
    data = raw("prophecies.toml")
    data["prophecy"][0]["copies"] = 1
    data["prophecy"].append(dict(data["prophecy"][0], id="colour-count-y-again"))
    with pytest.raises(DataError, match="repeats the pattern"):
        parse_prophecies(data)


def test_temple_scoring_and_twin_temples_are_checked() -> None:
    """Temples: 'one condition met 3 points, both 7' and fifteen different cards."""
    data = raw("temples.toml")
    data["scoring"] = {"one": 7, "both": 3}
    with pytest.raises(DataError, match=r"\[scoring\]"):
        parse_temples(data)
    data = raw("temples.toml")
    data["temple"][1] = dict(data["temple"][0], id="twin")
    with pytest.raises(DataError, match="'twin' has the conditions of 'absent-y-length-7'"):
        parse_temples(data)


def test_view_never_holds_another_hand() -> None:
    """Acceptance inspects each view: no other seat's Prophecies or secret Temples, whatever
    happened (random games, every seat and the spectator)."""
    rng = random.Random(2)
    for seed in range(6):
        s = GAME.new_game(4, seed)
        while not s.is_over:
            for p in (*range(4), None):
                for q, pl in enumerate(s.view(p)["players"]):
                    if q != p:
                        assert "hand" not in pl and "temples" not in pl
            actor = s.actors[0]
            s.apply(actor, rng.choice(s.legal_actions(actor)))
