"""A core's flat int64 array, declared once: each field's name, size and the state attribute it
mirrors. The offsets, the copy into the array (``load``) and back (``store``) and the check
that the declaration covers the state's fields are derived from the declaration: ``load`` and
``store`` are written from it as Python source once, at import (as ``dataclasses`` writes
``__init__``), so they cost what hand-written copies cost (a rollout pays them every time).

numba freezes a module's global integers into the compiled code, so a core names its offsets
as module constants, unpacked from ``Layout.offsets`` in declaration order; ``Layout.check``
(run at import) refuses a module whose constants disagree with the declaration. Nested
records (a player's belongings, the Coatls on them) are a ``Record`` of fields of their own,
placed by ``Records``; their offsets are relative to the record (``Record.offsets``). A
``List``'s items may be nested lists of a fixed ``shape`` (a round's rows) or tuples.

Strings travel as numbers through a table of words: a ``Word`` (one string: a reason, a
terrain, a card id; None or ``""`` may have numbers of their own), ``List``/``SeatLists``
with ``words`` (a zone's card ids). ``Records`` may be rows of places, a place empty (None)
where declared slots hold a sentinel (a side's creatures); a ``Table`` is a mapping of records
by word, read in only and kept per set of source objects (a match's card rules); a
``Computed`` slot is a number a function computes from the record (a card's parameter).

    LAYOUT = Layout(
        [Scalar("N", "num_players", store_back=False), Scalar("CUR", "cur"), Count("PILEN")],
        [List("PILE", "pile", cap=192, count="PILEN")],
        scalars=32,
    )
    N, CUR, PILEN, PILE, SIZE = LAYOUT.offsets
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from operator import attrgetter
from types import SimpleNamespace
from typing import Any

import numpy as np


@dataclass(frozen=True)
class Frame:
    """Where the generated code stands: ``at`` gives a field's offset in ``S`` (an int at the
    top, ``_bK + k`` inside the K-th level of records), ``val`` a number field's value read
    back (from ``v``, the top's scalars and the counts after them as a list, or ``_wK``, the
    record's slots), ``obj`` the object whose attributes are read, ``put`` how an attribute is
    written back (an attribute of the state, or of ``_oK``, the record being built), ``depth``
    the nesting; ``listed``: the top's fields wholly in ``v``."""

    offsets: Mapping[str, int]
    base: str = ""
    values: str = "v"
    obj: str = "st"
    depth: int = 0
    listed: frozenset[str] = frozenset()

    def at(self, name: str) -> str:
        k = self.offsets[name]
        return f"{self.base} + {k}" if self.base else str(k)

    def val(self, name: str) -> str:
        return f"{self.values}[{self.offsets[name]}]"

    def get(self, attr: str) -> str:
        return f"{self.obj}.{attr}"

    def slice(self, name: str, length: str, off: str = "") -> str:
        """A Python list of ``length`` values from field ``name`` (+ ``off``), read back."""
        if self.base:
            k = self.offsets[name]
            return f"{self.values}[{k}{off} : {k}{off} + {length}]"
        at = self.at(name)
        if name in self.listed:
            return f"v[{at}{off} : {at}{off} + {length}]"
        return f"S[{at}{off} : {at}{off} + {length}].tolist()"

    def put(self, attr: str) -> str:
        return f"{self.obj}.{attr}" if self.depth == 0 else f"_o{self.depth}.{attr}"


@dataclass(frozen=True)
class Field:
    """One field of the array: ``name`` (its offset's constant), ``attr`` (the state's
    attribute it mirrors; None: written by another field, or by the core itself)."""

    name: str
    attr: str | None = None

    def size(self) -> int:
        return 1

    def load_src(self, fr: Frame) -> list[str]:
        """Python lines writing ``fr.obj``'s attribute into ``S`` (``n``: the seats)."""
        return []

    def store_src(self, fr: Frame) -> list[str]:
        """Python lines writing ``S`` back into ``fr.obj``."""
        return []

    def names(self) -> dict[str, Any]:
        """What the generated code refers to by name (a record's class, a table of words)."""
        return {}

    def written_back(self) -> str | None:
        """The attribute the way back writes (None: it writes none)."""
        return self.attr


@dataclass(frozen=True)
class Scalar(Field):
    """One number: an int, or a bool (``as_bool``); ``store_back=False``: read only (the
    state's own, like ``num_players``)."""

    as_bool: bool = False
    store_back: bool = True

    def load_src(self, fr: Frame) -> list[str]:
        if self.attr is None:
            return []
        return [f"S[{fr.at(self.name)}] = {'bool' if self.as_bool else ''}({fr.get(self.attr)})"]

    def store_src(self, fr: Frame) -> list[str]:
        if self.attr is None or not self.store_back:
            return []
        return [f"{fr.put(self.attr)} = {'bool' if self.as_bool else ''}({fr.val(self.name)})"]

    def written_back(self) -> str | None:
        return self.attr if self.store_back else None


def _index(words: Sequence[str], none: int | None = None, blank: int | None = None) -> dict:
    """Each word's number (its place in ``words``); None's and ``""``'s if they have one."""
    index: dict[Any, int] = {w: i for i, w in enumerate(words)}
    for value, number in ((None, none), ("", blank)):
        if number is not None:
            if value in index or number in index.values():
                raise ValueError(f"{value!r} or its number {number} is already a word's")
            index[value] = number
    return index


def _back(index: Mapping[Any, int]) -> tuple[Any, ...] | dict[int, Any]:
    """The word of each number: a tuple when the numbers are 0, 1, ... (indexed faster)."""
    back = {i: w for w, i in index.items()}
    return tuple(back.values()) if list(back) == list(range(len(back))) else back


@dataclass(frozen=True)
class Word(Field):
    """One of ``words`` (a state's string attribute: a reason, a terrain, a card id), kept as
    its index. ``none``: the number of None (no word: a creature holding no item); ``blank``:
    the number of ``""``; ``other``: the number of any word outside ``words`` (a hand-made
    saved state's), which the way back leaves as the state has it. ``store_back=False``: read
    in only (it follows from another field); ``setter``: the state's method that writes it
    back (and what follows from it)."""

    words: tuple[str, ...] = ()
    none: int | None = None
    blank: int | None = None
    other: int | None = None
    store_back: bool = True
    setter: str = ""

    def names(self) -> dict[str, Any]:
        index = _index(self.words, self.none, self.blank)
        return {f"_ix_{self.name}": index, f"_wd_{self.name}": _back(index)}

    def written_back(self) -> str | None:
        return self.attr if self.store_back else None

    def load_src(self, fr: Frame) -> list[str]:
        a, ix = fr.get(str(self.attr)), f"_ix_{self.name}"
        word = f"{ix}[{a}]" if self.other is None else f"{ix}.get({a}, {self.other})"
        return [f"S[{fr.at(self.name)}] = {word}"]

    def store_src(self, fr: Frame) -> list[str]:
        if not self.store_back:
            return []
        if fr.depth and (self.setter or self.other is not None):
            # a record is built anew: each attribute written once, none left as it was and
            # no method of the state's to call
            raise ValueError(f"{self.name}: a setter or an `other` word only at the top")
        v = fr.val(self.name)
        word = f"_wd_{self.name}[{v}]"
        put = (
            f"{fr.obj}.{self.setter}({word})"
            if self.setter
            else f"{fr.put(str(self.attr))} = {word}"
        )
        return [put] if self.other is None else [f"if {v} != {self.other}: {put}"]


@dataclass(frozen=True)
class Option(Field):
    """One of the state's options as a flag, read in and never written back: the option's
    value as a bool, or (``equals``) whether it is that value."""

    option: str = ""
    equals: str | None = None

    def load_src(self, fr: Frame) -> list[str]:
        value = f"{fr.get('options')}.{self.option}"
        flag = f"bool({value})" if self.equals is None else f"({value} == {self.equals!r})"
        return [f"S[{fr.at(self.name)}] = {flag}"]


@dataclass(frozen=True)
class SeatSet(Field):
    """Some of ``cap`` seats at most (a tuple in seat order: the winners) as bits: bit p set
    when seat p is among them."""

    cap: int = 0

    def names(self) -> dict[str, Any]:
        # each set of seats by its bits, for the way back (a table: no loop over the seats)
        sets = tuple(tuple(p for p in range(self.cap) if b >> p & 1) for b in range(1 << self.cap))
        return {f"_seats_{self.name}": sets}

    def load_src(self, fr: Frame) -> list[str]:
        return [f"S[{fr.at(self.name)}] = sum(1 << _p for _p in {fr.get(str(self.attr))})"]

    def store_src(self, fr: Frame) -> list[str]:
        return [f"{fr.put(str(self.attr))} = _seats_{self.name}[{fr.val(self.name)}]"]


@dataclass(frozen=True)
class Computed(Field):
    """A number the game's function ``of`` computes from the object (what no attribute holds
    as a number: a card's effect parameter, read from its effect and parameters); ``attr``:
    the attribute it stands for. Read in only."""

    of: Callable[[Any], int] | None = None

    def names(self) -> dict[str, Any]:
        return {f"_of_{self.name}": self.of}

    def written_back(self) -> str | None:
        return None

    def load_src(self, fr: Frame) -> list[str]:
        return [f"S[{fr.at(self.name)}] = _of_{self.name}({fr.obj})"]


@dataclass(frozen=True)
class Count(Field):
    """A list's length (written by the ``List`` or ``Records`` that names it)."""


@dataclass(frozen=True)
class Seats(Field):
    """One value per seat (``cap`` seats at most): the state's list of ints (of bools with
    ``as_bool``)."""

    cap: int = 0
    as_bool: bool = False

    def size(self) -> int:
        return self.cap

    def load_src(self, fr: Frame) -> list[str]:
        at = fr.at(self.name)
        return [f"S[{at} : {at} + n] = {fr.get(self.attr)}"] if self.attr else []

    def store_src(self, fr: Frame) -> list[str]:
        if not self.attr:
            return []
        xs = fr.slice(self.name, "n")
        if self.as_bool:
            return [f"{fr.put(self.attr)} = [bool(x) for x in {xs}]"]
        return [f"{fr.put(self.attr)} = {xs}"]


@dataclass(frozen=True)
class Fixed(Field):
    """A list of exactly ``length`` ints (bools with ``as_bool``), or ``rows`` such lists (a
    list of lists) laid one after another."""

    length: int = 0
    rows: int = 0  # 0: one flat list
    as_bool: bool = False

    def size(self) -> int:
        return self.length * max(self.rows, 1)

    def load_src(self, fr: Frame) -> list[str]:
        at, a = fr.at(self.name), fr.get(str(self.attr))
        if self.rows:
            return [f"S[{at} : {at} + {self.size()}] = [_x for _r in {a} for _x in _r]"]
        return [f"S[{at} : {at} + {self.length}] = {a}"]

    def store_src(self, fr: Frame) -> list[str]:
        k, put = self.length, fr.put(str(self.attr))
        if self.rows:
            xs = fr.slice(self.name, str(k), f" + _j * {k}")
            return [f"{put} = [{xs} for _j in range({self.rows})]"]
        if self.as_bool:
            return [f"{put} = [bool(x) for x in {fr.slice(self.name, str(k))}]"]
        return [f"{put} = {fr.slice(self.name, str(k))}"]


@dataclass(frozen=True)
class Rows(Field):
    """One row of ``width`` slots per seat (``cap`` seats): the state's list of equal lists,
    each as long as the state's first (at most ``width``)."""

    cap: int = 0
    width: int = 0

    def size(self) -> int:
        return self.cap * self.width

    def load_src(self, fr: Frame) -> list[str]:
        w, a, at = self.width, fr.get(str(self.attr)), fr.at(self.name)
        return [
            f"_k = len({a}[0])",
            f"if _k > {w}: raise ValueError('{self.attr}: rows longer than the core\\'s {w}')",
            f"S[{at} : {at} + n * {w}].reshape(n, {w})[:, :_k] = _asarray({a}, _int64)",
        ]

    def store_src(self, fr: Frame) -> list[str]:
        w, a, at = self.width, fr.get(str(self.attr)), fr.at(self.name)
        return [
            f"_k = len({a}[0])",
            f"{fr.put(str(self.attr))} = S[{at} : {at} + n * {w}].reshape(n, {w})[:, :_k].tolist()",
        ]


def _word_names(name: str, words: Sequence[str]) -> dict[str, Any]:
    """The tables a list of ``words`` (its items as their numbers) is written through."""
    if not words:
        return {}
    index = _index(words)
    return {f"_ix_{name}": index, f"_wd_{name}": _back(index)}


def _in(name: str, words: Sequence[str], xs: str) -> str:
    """The items of ``xs`` as numbers (through the words' index when they are words)."""
    return f"[_ix_{name}[_c] for _c in {xs}]" if words else xs


def _out(name: str, words: Sequence[str], xs: str) -> str:
    """The numbers of ``xs`` as items (back into words when they are words)."""
    return f"[_wd_{name}[_c] for _c in {xs}]" if words else xs


@dataclass(frozen=True)
class List(Field):
    """A list of at most ``cap`` items, its length in the ``Count`` named ``count`` (lists that
    share a count are as long as one another). An item is an int, or (``shape``) nested lists
    of that shape laid flat one after another: ``shape=(2,)`` a pair, ``shape=(2, 3)`` two
    lists of three ints (a round's rows), or one of ``words`` (a card id) kept as its number.
    ``as_tuple``: the state keeps the list as a tuple; ``item_tuple``: each item as a tuple (of
    ints, ``shape`` one number)."""

    cap: int = 0
    count: str = ""
    as_tuple: bool = False
    shape: tuple[int, ...] = ()
    item_tuple: bool = False
    words: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.item_tuple and len(self.shape) != 1:
            raise ValueError(f"{self.name}: item_tuple needs a shape of one number")
        if self.words and self.shape:
            raise ValueError(f"{self.name}: words are single items, not of a shape")

    def names(self) -> dict[str, Any]:
        return _word_names(self.name, self.words)

    @property
    def width(self) -> int:
        """Slots an item takes."""
        return math.prod(self.shape)

    def size(self) -> int:
        return self.cap * self.width

    def load_src(self, fr: Frame) -> list[str]:
        a, at, c, w = fr.get(str(self.attr)), fr.at(self.name), fr.at(self.count), self.width
        # an item's ints in order: one loop per level of nesting
        r = len(self.shape)
        loops = " ".join(f"for _t{i + 1} in _t{i}" for i in range(r))
        flat = f"[_t{r} for _t0 in _x {loops}]"
        return [
            f"_x = {a}",
            f"if len(_x) > {self.cap}: raise ValueError('{self.attr}: more than the core\\'s "
            f"{self.cap}')",
            f"S[{c}] = len(_x)",
            f"S[{at} : {at} + {w} * len(_x)] = {flat}"
            if r
            else f"S[{at} : {at} + len(_x)] = {_in(self.name, self.words, '_x')}",
        ]

    def store_src(self, fr: Frame) -> list[str]:
        k, put = fr.val(self.count), fr.put(str(self.attr))
        if not self.shape:
            xs = _out(self.name, self.words, fr.slice(self.name, k))
            return [f"{put} = {f'tuple({xs})' if self.as_tuple else xs}"]
        if fr.base:  # inside a record: pieces of the record's list of values
            xs = f"[{self._nested(fr, ' + _g0 * ' + str(self.width), self.shape)} for _g0 in range({k})]"
        else:  # at the top: one reshape of the array (numpy's tolist nests it); an empty
            # list, the common case, without numpy
            at, dims = fr.at(self.name), ", ".join(map(str, self.shape))
            xs = (
                f"(S[{at} : {at} + {k} * {self.width}].reshape(-1, {dims}).tolist() if {k} else [])"
            )
        if self.item_tuple:
            xs = f"[tuple(_t) for _t in {xs}]"
        return [f"{put} = {f'tuple({xs})' if self.as_tuple else xs}"]

    def _nested(self, fr: Frame, off: str, dims: tuple[int, ...]) -> str:
        """An item (or a level of it) at ``off`` in the field, read back from the values."""
        if len(dims) == 1:
            return fr.slice(self.name, str(dims[0]), off)
        inner, g = math.prod(dims[1:]), f"_g{len(self.shape) - len(dims) + 1}"
        return (
            f"[{self._nested(fr, f'{off} + {g} * {inner}', dims[1:])} for {g} in range({dims[0]})]"
        )


@dataclass(frozen=True)
class SeatLists(Field):
    """One list of at most ``cap`` ints per seat (``seats`` seats), their lengths in the
    ``Seats`` field named ``counts``; ``per_seat=False``: always ``seats`` lists, whatever the
    number at the table (a game's piles); ``words``: the items are these words (card ids),
    kept as their numbers."""

    seats: int = 0
    cap: int = 0
    counts: str = ""
    per_seat: bool = True
    words: tuple[str, ...] = ()

    def names(self) -> dict[str, Any]:
        return _word_names(self.name, self.words)

    def size(self) -> int:
        return self.seats * self.cap

    def load_src(self, fr: Frame) -> list[str]:
        a, cap, at, cn = fr.get(str(self.attr)), self.cap, fr.at(self.name), fr.at(self.counts)
        return [
            f"for _p, _x in enumerate({a}):",
            f"    if len(_x) > {cap}: raise ValueError('{self.attr}: more than the core\\'s "
            f"{cap}')",
            f"    S[{cn} + _p] = len(_x)",
            f"    S[{at} + _p * {cap} : {at} + _p * {cap} + len(_x)] = "
            f"{_in(self.name, self.words, '_x')}",
        ]

    def store_src(self, fr: Frame) -> list[str]:
        cap, at = self.cap, fr.at(self.name)
        k = "n" if self.per_seat else str(self.seats)
        xs = f"S[{at} + _p * {cap} : {at} + _p * {cap} + _k[_p]].tolist()"
        return [
            f"_k = {fr.slice(self.counts, k)}",
            f"{fr.put(str(self.attr))} = [{_out(self.name, self.words, xs)} for _p in range({k})]",
        ]


@dataclass(frozen=True)
class Block(Field):
    """``length`` slots mirroring ``attr``, copied by the core's own code (what the fields
    above do not describe): the declaration still places the block and says which attribute
    it holds."""

    length: int = 0

    def size(self) -> int:
        return self.length

    def written_back(self) -> str | None:
        return None


def _place(fields: Sequence[Field], start: int = 0) -> tuple[dict[str, int], int]:
    """Each field's offset, one after another from ``start``, and where the last ends."""
    at: dict[str, int] = {}
    k = start
    for f in fields:
        if f.name in at:
            raise ValueError(f"two fields named {f.name}")
        at[f.name] = k
        k += f.size()
    return at, k


class Record:
    """The fields of one nested record (a player's belongings, a Coatl), placed one after
    another from 0; ``make``: its class (its ``__slots__`` are the attributes the record must
    mirror, checked by ``unmirrored``). It is built back as a bare instance given each
    attribute when the way back writes every one of its ``__slots__`` (``__init__`` not run:
    the cheapest), else through its ``__init__`` by keyword (which fills the rest)."""

    def __init__(self, fields: Sequence[Field], make: type) -> None:
        self.fields = list(fields)
        self.make = make
        self.at, self.size = _place(self.fields)

    @property
    def offsets(self) -> tuple[int, ...]:
        """Every field's offset inside the record in declaration order, then its size."""
        return (*(self.at[f.name] for f in self.fields), self.size)

    def attrs(self) -> set[str]:
        return {f.attr for f in self.fields if f.attr is not None}

    def bare(self) -> bool:
        """Whether the way back writes every slot of the class (so builds it bare)."""
        slots = getattr(self.make, "__slots__", None)
        return slots is not None and set(slots) <= {f.written_back() for f in self.fields}


def _indent(lines: list[str], levels: int = 1) -> list[str]:
    return [" " * 4 * levels + line for line in lines]


def _record_names(name: str, record: Record) -> dict[str, Any]:
    names = {f"_make_{name}": record.make}
    for f in record.fields:
        names.update(f.names())
    return names


@dataclass(frozen=True)
class Records(Field):
    """A list of records (``record``), ``cap`` of them at most: one per seat (``count``
    empty) or as many as the ``Count`` named ``count`` says. ``row``: each of them a row of
    ``row`` records instead (a side's places). ``none``: a record may be None (an empty
    place), written as these slots (the record's fields by name, and their numbers; the rest
    zero) and read back as None where the first of them holds its number."""

    record: Record | None = None
    cap: int = 0
    count: str = ""
    row: int = 0
    none: Mapping[str, int] | None = None

    def __post_init__(self) -> None:
        assert self.record is not None
        unknown = set(self.none or ()) - set(self.record.at)
        if unknown:
            raise ValueError(f"{self.name}: `none` names no field {', '.join(sorted(unknown))}")

    @property
    def each(self) -> int:
        """Records an item holds (a row's, or one)."""
        return max(self.row, 1)

    def size(self) -> int:
        assert self.record is not None
        return self.cap * self.each * self.record.size

    def names(self) -> dict[str, Any]:
        assert self.record is not None
        return _record_names(self.name, self.record)

    def _inner(self, fr: Frame) -> Frame:
        assert self.record is not None
        d = fr.depth + 1
        return Frame(self.record.at, f"_b{d}", f"_w{d}", f"_r{d}", d)

    def _place(self, d: int) -> str:
        """The record's number in the block (in the loops of depth ``d``)."""
        return f"(_i{d} * {self.row} + _j{d})" if self.row else f"_i{d}"

    def load_src(self, fr: Frame) -> list[str]:
        assert self.record is not None
        inner, a, at = self._inner(fr), fr.get(str(self.attr)), fr.at(self.name)
        d, size = inner.depth, self.record.size
        lines = []
        if self.count:
            lines += [
                f"if len({a}) > {self.cap}: raise ValueError('{self.attr}: more than the "
                f"core\\'s {self.cap}')",
                f"S[{fr.at(self.count)}] = len({a})",
            ]
        if self.row:
            lines += [
                f"for _i{d}, _s{d} in enumerate({a}):",
                f"    if len(_s{d}) > {self.row}: raise ValueError('{self.attr}: rows longer "
                f"than the core\\'s {self.row}')",
                f"    for _j{d}, _r{d} in enumerate(_s{d}):",
            ]
        else:
            lines.append(f"for _i{d}, _r{d} in enumerate({a}):")
        body = [f"_b{d} = {at} + {self._place(d)} * {size}"]
        if self.none:
            body += [f"if _r{d} is None:"]
            body += _indent([f"S[{inner.at(k)}] = {v}" for k, v in self.none.items()])
            body += ["    continue"]
        for f in self.record.fields:
            body += f.load_src(inner)
        return lines + _indent(body, 2 if self.row else 1)

    def store_src(self, fr: Frame) -> list[str]:
        assert self.record is not None
        inner, at = self._inner(fr), fr.at(self.name)
        d, size = inner.depth, self.record.size
        k = fr.val(self.count) if self.count else "n"
        # the list the records are appended to (a row's, or the field's)
        out = f"_q{d}" if self.row else f"_l{d}"
        if fr.depth == 0:  # the block's slots as a list, read once, cut in records
            head = [f"_v{d} = S[{at} : {at} + {k} * {self.each * size}].tolist()"]
            values, c = f"_v{d}", f"{self._place(d)} * {size}"
        else:  # a record inside a record: a piece of the outer record's list
            head = []
            values, c = fr.values, f"{fr.offsets[self.name]} + {self._place(d)} * {size}"
        body = [f"_c{d} = {c}"]
        if self.none:  # an empty place: its sentinel, read before the record is cut
            first, sentinel = next(iter(self.none.items()))
            body += [
                f"if {values}[_c{d} + {self.record.at[first]}] == {sentinel}:",
                f"    {out}.append(None)",
                "    continue",
            ]
        bare = self.record.bare()
        body += [
            f"_w{d} = {values}[_c{d} : _c{d} + {size}]",
            f"_o{d} = _new(_make_{self.name})" if bare else f"_o{d} = _Attrs()",
        ]
        for f in self.record.fields:
            body += f.store_src(inner)
        body.append(
            f"{out}.append(_o{d})" if bare else f"{out}.append(_make_{self.name}(**vars(_o{d})))"
        )
        if self.row:
            body = [f"_q{d} = []", f"for _j{d} in range({self.row}):", *_indent(body)]
            body.append(f"_l{d}.append(_q{d})")
        return [
            *head,
            f"_l{d} = []",
            f"for _i{d} in range({k}):",
            *_indent(body),
            f"{fr.put(str(self.attr))} = _l{d}",
        ]


class _Kept:
    """A block built once per set of source objects: ``source(st)`` is a mapping (a match's
    card definitions), and states whose mappings hold the same objects share one block. The
    last mapping is held, so its identity is not reused while it answers."""

    def __init__(self, build: Callable[[Any], np.ndarray], path: str) -> None:
        self.build = build
        self.source = attrgetter(path)
        self.last: tuple[Any, Any] = (None, None)
        self.blocks: dict[tuple[tuple[Any, int], ...], tuple[list[Any], np.ndarray]] = {}

    def __call__(self, st: Any) -> np.ndarray:
        src = self.source(st)
        if src is self.last[0]:  # the same game's states (a search's samples)
            return self.last[1]
        key = tuple((k, id(x)) for k, x in src.items())
        hit = self.blocks.get(key)
        if hit is None or any(a is not b for a, b in zip(hit[0], src.values(), strict=True)):
            if len(self.blocks) > 256:
                self.blocks.clear()
            hit = self.blocks[key] = (list(src.values()), self.build(st))
        self.last = (src, hit[1])
        return hit[1]


@dataclass(frozen=True)
class Table(Field):
    """A mapping of ``words`` to records (a match's card rules by card id): one ``record`` a
    word, in the words' order, zeros for a word the mapping lacks. Read in, never written
    back; ``kept_per``: the state's attribute (a mapping, dotted) whose objects alone decide
    the block, built once for each set of them (every new game's options are parsed anew, but
    their card definitions are the pool's own objects)."""

    record: Record | None = None
    words: tuple[str, ...] = ()
    kept_per: str = ""

    def size(self) -> int:
        assert self.record is not None
        return len(self.words) * self.record.size

    def build(self) -> Callable[[Any], np.ndarray]:
        """The block of a state, as Python written from the record's fields."""
        assert self.record is not None
        inner = Frame(self.record.at, "_b1", "_w1", "_r1", 1)
        lines = [
            f"S = _zeros({self.size()}, dtype=_int64)",
            f"for _k1, _r1 in st.{self.attr}.items():",
            f"    _b1 = _ix_{self.name}[_k1] * {self.record.size}",
        ]
        for f in self.record.fields:
            lines += _indent(f.load_src(inner))
        names: dict[str, Any] = {"_zeros": np.zeros, "_int64": np.int64}
        names.update(_record_names(self.name, self.record))
        names[f"_ix_{self.name}"] = _index(self.words)
        src = "\n".join(["def build(st):", *_indent([*lines, "return S"])])
        exec(compile(src, f"<layout {self.name}>", "exec"), names)
        build: Callable[[Any], np.ndarray] = names["build"]
        return _Kept(build, self.kept_per) if self.kept_per else build

    def names(self) -> dict[str, Any]:
        return {f"_table_{self.name}": self.build()}

    def load_src(self, fr: Frame) -> list[str]:
        at = fr.at(self.name)
        return [f"S[{at} : {at} + {self.size()}] = _table_{self.name}({fr.obj})"]

    def written_back(self) -> str | None:
        return None


class Layout:
    """The declaration: ``scalars`` (from 0, in order, each its size: one slot but for a few
    ``Seats`` or ``Block``, at most ``reserve`` slots in all) then ``blocks`` (from ``reserve``
    on, in order). ``offsets``: every field's offset in
    declaration order, then the array's size. ``seats``: the state's attribute holding the
    number of seats. ``clears``: the state's caches, set to None on the way back (they
    belong to the position the state had)."""

    def __init__(
        self,
        scalars: Sequence[Field],
        blocks: Sequence[Field],
        reserve: int,
        seats: str = "num_players",
        clears: Sequence[str] = (),
    ) -> None:
        self.fields = [*scalars, *blocks]
        self.seats = seats
        self.clears = tuple(clears)
        at, k = _place(scalars)
        if k > reserve:
            raise ValueError(f"{k} scalar slots do not fit in {reserve}")
        rest, k = _place(blocks, reserve)
        if set(at) & set(rest):
            raise ValueError("two fields of one name")
        self.at = {**at, **rest}
        self.reserve = reserve
        self.size = k
        # the way back reads the scalars and the counts just after them (the zones' lengths)
        # as one list, ``v``
        self.listed = reserve
        for f in blocks:
            if not isinstance(f, (Seats, Count)) or f.attr is not None:
                break
            self.listed = self.at[f.name] + f.size()
        code = self._compiled()
        self.load: Callable[[Any], np.ndarray] = code["load"]
        self.load.__doc__ = "The flat array of a state (its generator apart)."
        self.store: Callable[[np.ndarray, Any], None] = code["store"]
        self.store.__doc__ = (
            "Write the array back into ``st`` (same game, same seats, same options)."
        )

    @property
    def offsets(self) -> tuple[int, ...]:
        return (*(self.at[f.name] for f in self.fields), self.size)

    def attrs(self) -> set[str]:
        """The state attributes the array mirrors (or clears)."""
        return {f.attr for f in self.fields if f.attr is not None} | set(self.clears)

    def records(self) -> list[Record]:
        """The nested records, at every depth."""
        out: list[Record] = []
        todo: list[Field] = list(self.fields)
        while todo:
            f = todo.pop()
            if isinstance(f, (Records, Table)) and f.record is not None:
                out.append(f.record)
                todo += f.record.fields
        return out

    def check(self, module_globals: Mapping[str, Any]) -> None:
        """Refuse a module whose offset constants disagree with the declaration."""
        wrong = [f.name for f in self.fields if module_globals.get(f.name) != self.at[f.name]]
        if module_globals.get("SIZE") != self.size:
            wrong.append("SIZE")
        if wrong:
            raise ValueError(f"the module's offsets disagree with its layout: {', '.join(wrong)}")

    def source(self) -> str:
        """The Python text of ``load`` and ``store`` (to read what the declaration makes)."""
        listed = frozenset(f.name for f in self.fields if self.at[f.name] + f.size() <= self.listed)
        top = Frame(self.at, listed=listed)
        load = [f"S = _zeros({self.size}, dtype=_int64)", f"n = st.{self.seats}"]
        store = [f"v = S[:{self.listed}].tolist()", f"n = st.{self.seats}"]
        for f in self.fields:
            load += f.load_src(top)
            store += f.store_src(top)
        store += [f"st.{attr} = None" for attr in self.clears]
        return "\n".join(
            [
                "def load(st):",
                *(f"    {line}" for line in [*load, "return S"]),
                "def store(S, st):",
                *(f"    {line}" for line in store),
            ]
        )

    def _compiled(self) -> dict[str, Any]:
        names: dict[str, Any] = {
            "_zeros": np.zeros,
            "_int64": np.int64,
            "_asarray": np.asarray,
            "_new": object.__new__,
            "_Attrs": SimpleNamespace,
        }
        for f in self.fields:
            for key, value in f.names().items():
                # two records' fields of one name, each with its own words: refuse, not mix
                if key in names and names[key] is not value and names[key] != value:
                    raise ValueError(f"two fields write through {key}")
                names[key] = value
        exec(compile(self.source(), "<layout>", "exec"), names)
        return names
