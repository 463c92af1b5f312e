"""The declared array (engine/compiled/layout.py): Coatl's nested records copy a state in and
out unchanged, and a slot that the declaration does not mirror is named (numba not needed:
the copies are plain Python written from the declaration)."""

from __future__ import annotations

import random

import pytest

import ludoteca
from ludoteca.engine.compiled.core import unmirrored
from ludoteca.engine.compiled.layout import Count, Layout, List, Record, Records
from ludoteca.games.coatl.compiled import layout as L
from ludoteca.games.coatl.model import Player
from ludoteca.games.coatl.state import CoatlState

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
