"""The declared array (engine/compiled/layout.py): Coatl's nested records copy a state in and
out unchanged, and a slot that the declaration does not mirror is named (numba not needed:
the copies are plain Python written from the declaration)."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

import ludoteca
from ludoteca.engine.compiled.core import unmirrored
from ludoteca.engine.compiled.layout import Count, Layout, List, Record, Records, Scalar
from ludoteca.games.coatl.compiled import layout as L
from ludoteca.games.coatl.model import Player
from ludoteca.games.coatl.state import CoatlState
from ludoteca.games.nine_domains.compiled import layout as NL

GAME = ludoteca.get_game("coatl")


def _played(seed: int) -> CoatlState:
    n = 2 + seed % 3
    st = GAME.new_game(n, seed, {"sacrifice_tokens": seed % 2 == 0})
    rng = random.Random(seed)
    for _ in range(rng.randrange(0, 400)):
        if st.is_over:
            break
        p = st.actors[0]
        st.apply(p, rng.choice(st.legal_actions(p)))
    return st  # type: ignore[return-value]


def test_coatl_states_go_in_and_out_unchanged():
    coatls = 0
    for seed in range(40):
        st = _played(seed)
        S = L.from_state(st)
        back = GAME.new_game(st.num_players, 999, st.options.model_dump())
        L.to_state(S, back)
        back.rng.state = st.rng.state
        assert back.to_json() == st.to_json(), seed
        assert (L.from_state(back) == S).all()
        coatls += sum(len(pl.coatls) for pl in st.players)
    assert coatls > 20, "the nested Coatl records are exercised"


def test_nine_domains_states_go_in_and_out_unchanged():
    """Its per-round records (nested lists), pending powers (tuples), reason and option flags
    are all declared: the derived copies alone carry a state there and back."""
    nine = ludoteca.get_game("nine-domains")
    seen = {"history": 0, "pending": 0, "reason": 0}
    for seed in range(30):
        options = {
            "special_deal": ("random", "draft", "independent")[seed % 3],
            "four_plus_target": ("owner", "opponent")[seed % 2],
            "exchange_this_round": seed % 4 == 1,
        }
        st = nine.new_game(2, seed, options)
        rng = random.Random(seed)
        while True:  # every position of the game
            S = NL.LAYOUT.load(st)
            assert S[NL.O_FOUR_OPP] == (options["four_plus_target"] == "opponent")
            assert S[NL.O_INDEP] == (options["special_deal"] == "independent")
            back = nine.new_game(2, 999, options)
            NL.LAYOUT.store(S, back)
            back.rng = st.rng
            assert back.to_json() == st.to_json(), seed
            assert back.pending == st.pending and back.history == st.history, seed
            assert (NL.LAYOUT.load(back) == S).all()
            seen["history"] += bool(st.history)
            seen["pending"] += bool(st.pending)
            seen["reason"] += bool(st.reason)
            if st.is_over:
                break
            p = st.actors[0]
            st.apply(p, rng.choice(st.legal_actions(p)))
    assert min(seen.values()) > 0, seen


def test_the_records_offsets_follow_the_declaration():
    assert (L.PLAYER.size, L.COATL.size) == (L.PSIZE, L.CSIZE)
    assert L.P_COATL + L.COATLS * L.CSIZE == L.PSIZE
    assert L.LAYOUT.at["PLAYERS"] + L.MAXP * L.PSIZE == L.SIZE


def test_a_record_slot_the_declaration_leaves_out_is_named():
    fields = [f for f in L.PLAYER.fields if f.attr != "shown" and f.name != "P_SHOWNN"]
    short = Record(fields, make=Player)
    layout = Layout([], [Records("PLAYERS", "players", record=short, cap=L.MAXP)], reserve=0)
    why = unmirrored(layout, ("players",), {})
    assert why == "the core's layout does not hold the Player's shown"
    assert unmirrored(L.LAYOUT, CoatlState.__slots__, L.NOT_MIRRORED) == ""


def test_a_list_beyond_the_core_s_capacity_is_refused():
    st = _played(3)
    st.players[0].hand = list(range(L.HCAP + 1))
    with pytest.raises(ValueError, match="hand: more than the core's 8"):
        L.from_state(st)


def test_a_count_names_the_list_it_measures():
    layout = Layout([Count("N")], [List("XS", "xs", cap=4, count="N")], reserve=1, seats="n")

    class St:
        def __init__(self, xs: list[int]) -> None:
            self.n = 1
            self.xs = xs

    S = layout.load(St([3, 1]))
    assert S.tolist() == [2, 3, 1, 0, 0]
    out = St([])
    layout.store(S, out)
    assert out.xs == [3, 1]


# -- nested records, declared for a toy state (any game could declare its players so) -------
@dataclass(slots=True)
class _Group:
    done: bool
    items: list[int]


@dataclass(slots=True)
class _Seat:
    score: int
    cards: list[int]
    pairs: list[tuple[int, int]]
    rounds: list[list[list[int]]]
    groups: list[_Group]


class _Table:
    def __init__(self, turn: int, seats: list[_Seat]) -> None:
        self.turn = turn
        self.n = len(seats)
        self.seats = seats


_GROUP = Record(
    [
        Scalar("G_DONE", "done", as_bool=True),
        Count("G_N"),
        List("G_ITEMS", "items", cap=3, count="G_N"),
    ],
    make=_Group,
)
_SEAT = Record(
    [
        Scalar("S_SCORE", "score"),
        Count("S_NC"),
        List("S_CARDS", "cards", cap=4, count="S_NC"),
        Count("S_NP"),
        List("S_PAIRS", "pairs", cap=3, count="S_NP", shape=(2,), item_tuple=True),
        Count("S_NR"),
        List("S_ROUNDS", "rounds", cap=2, count="S_NR", shape=(2, 2)),
        Count("S_NG"),
        Records("S_GROUPS", "groups", record=_GROUP, cap=2, count="S_NG"),
    ],
    make=_Seat,
)
_TOY = Layout(
    [Scalar("TURN", "turn")], [Records("SEATS", "seats", record=_SEAT, cap=2)], reserve=2, seats="n"
)


def _toy() -> _Table:
    return _Table(
        7,
        [
            _Seat(5, [9, 8], [(1, 2)], [[[1, 0], [0, 1]]], [_Group(True, [4, 5, 6])]),
            _Seat(3, [], [(3, 4), (5, 6)], [], [_Group(False, [7]), _Group(True, [])]),
        ],
    )


def test_nested_records_are_placed_where_declared_and_come_back_whole():
    """Every nested field at its declared slot (written out by hand here, not from the
    offsets), and back into the records' classes unchanged: a field the derived copy drops or
    misplaces, at any depth, fails one of the two."""
    # fmt: off
    seat0 = [
        5,                                  # score
        2, 9, 8, 0, 0,                      # cards: how many, then four slots
        1, 1, 2, 0, 0, 0, 0,                # pairs: how many, then three pairs
        1, 1, 0, 0, 1, 0, 0, 0, 0,          # rounds: how many, then two rounds of 2 x 2
        1,                                  # groups: how many
        1, 3, 4, 5, 6,                      # group 0: done, how many items, three items
        0, 0, 0, 0, 0,                      # group 1: none
    ]
    seat1 = [
        3,
        0, 0, 0, 0, 0,
        2, 3, 4, 5, 6, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0,
        2,
        0, 1, 7, 0, 0,
        1, 0, 0, 0, 0,
    ]
    # fmt: on
    assert (_SEAT.size, _GROUP.size, _TOY.size) == (33, 5, 68)
    S = _TOY.load(_toy())
    assert S.tolist() == [7, 0, *seat0, *seat1]
    back = _Table(0, [])
    back.n = 2
    _TOY.store(S, back)
    assert (back.turn, back.seats) == (7, _toy().seats)
    assert all(type(p) is tuple for s in back.seats for p in s.pairs)
    assert unmirrored(_TOY, ("turn", "seats"), {}) == ""
