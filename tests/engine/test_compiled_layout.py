"""The declared array (engine/compiled/layout.py): Coatl's nested records, The Nine Domains'
nested lists and Sala de Miaula's words, creatures and card rules copy a state in and out
unchanged, each kind of declaration is placed slot for slot as a toy state declares it, and a
slot that the declaration does not mirror is named (numba not needed: the copies are plain
Python written from the declaration)."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

import ludoteca
from ludoteca.engine.compiled.core import unmirrored
from ludoteca.engine.compiled.layout import (
    Computed,
    Count,
    Layout,
    List,
    Record,
    Records,
    Scalar,
    SeatLists,
    Seats,
    SeatSet,
    Table,
    Word,
)
from ludoteca.games.coatl.compiled import layout as L
from ludoteca.games.coatl.model import Player
from ludoteca.games.coatl.state import CoatlState
from ludoteca.games.nine_domains.compiled import layout as NL
from ludoteca.games.sala_de_miaula.compiled import layout as SL

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
        back.legal_actions(back.actors[0])  # its cache of legal actions, for the other position
        L.to_state(S, back)
        back.rng.state = st.rng.state
        assert back.to_json() == st.to_json(), seed
        assert back._legal is None  # the layout's clears=
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


# -- words, empty places, a table of records by word, seats as bits, a cleared cache ---------
# declared for a toy state (Sala de Miaula declares its card ids, creatures and card rules so)
TREES = ("ash", "elm", "oak")  # a catalog's ids: kept as their numbers
WEATHERS = ("rain", "sun")
KINDS = ("wet", "dry")
ENDS = ("", "won")


@dataclass(slots=True)
class _Piece:
    card: str
    item: str | None
    hurt: bool


@dataclass(slots=True)
class _Rule:
    power: int
    colour: str | None
    text: str  # not mirrored: the words of the card


class _Note:
    """A record whose class has a slot the way back does not write (its __init__ fills it)."""

    __slots__ = ("seen", "tree")

    def __init__(self, tree: str, seen: bool = False) -> None:
        self.tree = tree
        self.seen = seen


def _twice(rule: _Rule) -> int:
    _twice.calls += 1  # type: ignore[attr-defined]
    return 2 * rule.power + 1


_twice.calls = 0  # type: ignore[attr-defined]


class _Board:
    def __init__(self) -> None:
        self.n = 2
        self.weather = ""
        self.weather_kind = ""
        self.set_weather_calls = 0
        self.end = ""
        self.winners: tuple[int, ...] = ()
        self.hands: list[list[str]] = [[], []]
        self.pile: list[str] = []
        self.rows: list[list[_Piece | None]] = [[None, None], [None, None]]
        self.notes: list[_Note] = []
        self.defs: dict[str, _Rule] = {}
        self.rules: dict[str, _Rule] = {}
        self._cache: object = None

    def set_weather(self, weather: str) -> None:
        """The state's own setter: the weather's kind follows from it."""
        self.set_weather_calls += 1
        self.weather = weather
        self.weather_kind = {"rain": "wet", "sun": "dry"}.get(weather, "")


_PIECE = Record(
    [
        Word("P_CARD", "card", words=TREES),
        Word("P_ITEM", "item", words=TREES, none=-1),
        Scalar("P_HURT", "hurt", as_bool=True),
    ],
    make=_Piece,
)
_RULE = Record(
    [
        Scalar("R_POWER", "power"),
        Word("R_COLOUR", "colour", words=("red", "blue"), none=-9),
        Computed("R_TWICE", "power", of=_twice),
    ],
    make=_Rule,
)
_NOTE = Record([Word("N_TREE", "tree", words=TREES)], make=_Note)
_BOARD = Layout(
    [
        Word("WEATHER", "weather", words=WEATHERS, blank=-1, other=-2, setter="set_weather"),
        Word("KIND", "weather_kind", words=KINDS, other=-1, store_back=False),
        Word("END", "end", words=ENDS, other=-1),
        SeatSet("WIN", "winners", cap=2),
    ],
    [
        Seats("HANDN", cap=2),
        Count("PILEN"),
        Count("NOTEN"),
        SeatLists("HANDS", "hands", seats=2, cap=3, counts="HANDN", words=TREES),
        List("PILE", "pile", cap=3, count="PILEN", words=TREES),
        Records("ROWS", "rows", record=_PIECE, cap=2, row=2, none={"P_CARD": -1, "P_ITEM": -1}),
        Records("NOTES", "notes", record=_NOTE, cap=2, count="NOTEN"),
        Table("RULES", "rules", record=_RULE, words=TREES, kept_per="defs"),
    ],
    reserve=4,
    seats="n",
    clears=("_cache",),
)


def _board() -> _Board:
    b = _Board()
    b.set_weather("sun")
    b.end = "won"
    b.winners = (1,)
    b.hands = [["oak", "ash"], []]
    b.pile = ["elm"]
    b.rows = [[_Piece("elm", None, True), None], [_Piece("ash", "oak", False), None]]
    b.notes = [_Note("oak", seen=True)]
    b.defs = {"oak": _Rule(4, "blue", "Old"), "ash": _Rule(1, None, "Young")}
    b.rules = dict(b.defs)
    b._cache = "the legal moves of this position"
    return b


def test_words_empty_places_and_a_table_are_placed_where_declared_and_come_back_whole():
    """Each slot written out by hand (not from the offsets): a word dropped, misnumbered or
    misplaced, an empty place not marked, a table record in the wrong row, fails here."""
    # fmt: off
    expected = [
        1, 1, 1, 0b10,          # weather sun, its kind dry, end won, winners {1}
        2, 0, 1, 1,             # hands' lengths, the pile's, the notes'
        2, 0, 0, 0, 0, 0,       # hands: oak ash | (none)
        1, 0, 0,                # pile: elm
        1, -1, 1, -1, -1, 0,    # row 0: elm holding nothing, hurt | empty place
        0, 2, 0, -1, -1, 0,     # row 1: ash holding oak, not hurt | empty place
        2, 0,                   # notes: oak | (none)
        1, -9, 3,               # rules of ash: power 1, no colour, 2 * 1 + 1
        0, 0, 0,                # elm: not in this match
        4, 1, 9,                # oak: power 4, blue, 2 * 4 + 1
    ]
    # fmt: on
    assert _BOARD.size == len(expected)
    b = _board()
    S = _BOARD.load(b)
    assert S.tolist() == expected
    back = _Board()
    back._cache = "the legal moves of the position it had"
    _BOARD.store(S, back)
    assert (back.weather, back.weather_kind, back.set_weather_calls) == ("sun", "dry", 1)
    assert (back.end, back.winners, back.hands, back.pile) == (b.end, b.winners, b.hands, b.pile)
    assert back.rows == b.rows and back.rows[1][1] is None
    assert [(x.tree, x.seen) for x in back.notes] == [("oak", False)]  # seen: __init__'s
    assert back.rules == {} and back._cache is None  # the table is read in only
    why = unmirrored(
        _BOARD, tuple(vars(b)), dict.fromkeys(("n", "defs", "set_weather_calls", "text"))
    )
    assert why == "the core's layout does not hold the _Note's seen"


def test_words_outside_the_table_are_kept_and_blank_and_none_have_numbers():
    b = _board()
    b.weather, b.weather_kind, b.end = "hail", "cold", "a reason of its own"  # hand-made
    S = _BOARD.load(b)
    assert S[:3].tolist() == [-2, -1, -1]
    back = _board()
    back.weather, back.end = "hail", "a reason of its own"
    _BOARD.store(S, back)
    assert (back.weather, back.end, back.set_weather_calls) == ("hail", "a reason of its own", 1)
    b.set_weather("")
    b.end = "won"
    b.winners = (0, 1)
    S = _BOARD.load(b)
    assert S[:4].tolist() == [-1, -1, 1, 0b11]
    _BOARD.store(S, back)
    assert (back.weather, back.weather_kind, back.winners) == ("", "", (0, 1))


def test_a_table_is_built_once_per_set_of_definition_objects():
    b = _board()
    _twice.calls = 0
    first = _BOARD.load(b)
    assert _twice.calls == 2  # oak and ash
    again = _board()  # a new game: new dicts, the same definitions
    again.defs = dict(b.defs)
    again.rules = dict(b.defs)
    assert (_BOARD.load(again) == first).all() and _twice.calls == 2
    changed = _board()
    changed.defs = {**b.defs, "oak": _Rule(7, "red", "Old")}  # one definition of its own
    changed.rules = dict(changed.defs)
    S = _BOARD.load(changed)
    assert _twice.calls == 4
    at = _BOARD.at["RULES"] + 2 * _RULE.size
    assert S[at : at + 3].tolist() == [7, 0, 15]
    assert (_BOARD.load(b) == first).all()


def test_a_word_the_table_lacks_is_refused():
    b = _board()
    b.hands[1] = ["pine"]
    with pytest.raises(KeyError, match="pine"):
        _BOARD.load(b)


def test_sala_states_go_in_and_out_unchanged():
    """Its card ids, zones, creatures (an empty place None), terrain, winners and reason are
    declared: the derived copies alone carry a state there and back, at every position."""
    sala = ludoteca.get_game("sala-de-miaula")
    seen = {"creatures": 0, "items": 0, "empty": 0, "over": 0, "odd": 0}
    for seed in range(12):
        options = {"first_player": seed % 2, "oficina_any_status": seed % 3 == 0}
        st = sala.new_game(2, seed, options)
        rng = random.Random(seed)
        while True:
            S = SL.LAYOUT.load(st)
            back = sala.new_game(2, 999, st.options.model_dump())
            if seed % 4 == 3:  # a hand-made state: a terrain and a reason the rules never give
                st = st.clone()
                st.set_terrain("moon")
                st.reason = "by hand"
                S = SL.LAYOUT.load(st)
                assert (S[SL.TERRAIN], S[SL.REASON]) == (SL.OTHER_TERRAIN, SL.NO_REASON)
                back.set_terrain("moon")
                back.reason = "by hand"
                seen["odd"] += 1
            back.legal_actions(back.current)
            SL.LAYOUT.store(S, back)
            back.rng = st.rng
            assert back.to_json() == st.to_json(), seed
            assert back._legal is None
            assert (SL.LAYOUT.load(back) == S).all()
            for p, side in enumerate(st.field):
                for i, c in enumerate(side):
                    at = SL.FIELD + (p * SL.PL + i) * SL.CF
                    card, item = S[at + SL.F_CARD], S[at + SL.F_ITEM]
                    if c is None:
                        assert (card, item) == (-1, -1)
                        seen["empty"] += 1
                        continue
                    assert SL.IDS[card] == c.card and back.field[p][i].card == c.card
                    assert item == (-1 if c.item is None else SL.IDS.index(c.item))
                    seen["creatures"] += 1
                    seen["items"] += c.item is not None
            seen["over"] += st.is_over
            if st.is_over:
                break
            p = st.actors[0]
            st.apply(p, rng.choice(st.legal_actions(p)))
    assert min(seen.values()) > 0, seen


def test_sala_carries_its_cards_rules_by_id():
    sala = ludoteca.get_game("sala-de-miaula")
    st = sala.new_game(2, 1, {})
    S = SL.LAYOUT.load(st)
    for cid, card in st.cards.items():
        at = SL.CARDS + SL.IDS.index(cid) * SL.CFN
        rules = S[at : at + SL.CFN].tolist()
        assert rules[SL.K_KIND] == card.kind and rules[SL.K_ATK] == card.attack, cid
        assert rules[SL.K_ELEM] == (SL.ELEMENTS.index(card.element) if card.element else -1)
        assert rules[SL.K_EFFECT] == (SL.EFFECTS.index(card.effect) if card.effect else -1)
        assert rules[SL.K_NAMED] == (card.ability is not None)
