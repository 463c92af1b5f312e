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

    LAYOUT = Layout(
        [Scalar("N", "num_players", store=False), Scalar("CUR", "cur"), Count("PILEN")],
        [List("PILE", "pile", cap=192, count="PILEN")],
        scalars=32,
    )
    N, CUR, PILEN, PILE, SIZE = LAYOUT.offsets
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np


@dataclass(frozen=True)
class Frame:
    """Where the generated code stands: ``at`` gives a field's offset in ``S`` (an int at the
    top, ``_bK + k`` inside the K-th level of records), ``val`` a number field's value read
    back (from ``v``, the top's scalars as a list, or ``_wK``, the record's slots), ``obj`` the
    object whose attributes are read, ``put`` how an attribute is written back (an attribute
    at the top, a constructor's keyword inside a record), ``depth`` the nesting."""

    offsets: Mapping[str, int]
    base: str = ""
    values: str = "v"
    obj: str = "st"
    depth: int = 0

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
        return f"S[{at}{off} : {at}{off} + {length}].tolist()"

    def put(self, attr: str) -> str:
        return f"{self.obj}.{attr}" if self.depth == 0 else f"_o{self.depth}[{attr!r}]"


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
        """What the generated code refers to by name (a record's constructor)."""
        return {}


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


@dataclass(frozen=True)
class Word(Field):
    """One of ``words`` (a state's string attribute), kept as its index."""

    words: tuple[str, ...] = ()

    def load_src(self, fr: Frame) -> list[str]:
        return [f"S[{fr.at(self.name)}] = {self.words!r}.index({fr.get(str(self.attr))})"]

    def store_src(self, fr: Frame) -> list[str]:
        return [f"{fr.put(str(self.attr))} = {self.words!r}[{fr.val(self.name)}]"]


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
        at = fr.at(self.name)
        if self.as_bool:
            return [f"{fr.put(self.attr)} = [bool(x) for x in S[{at} : {at} + n].tolist()]"]
        return [f"{fr.put(self.attr)} = S[{at} : {at} + n].tolist()"]


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


@dataclass(frozen=True)
class List(Field):
    """A list of at most ``cap`` items, its length in the ``Count`` named ``count`` (lists that
    share a count are as long as one another). An item is an int, or (``shape``) nested lists
    of that shape laid flat one after another: ``shape=(2,)`` a pair, ``shape=(2, 3)`` two
    lists of three ints (a round's rows). ``as_tuple``: the state keeps the list as a tuple;
    ``item_tuple``: each item as a tuple (of ints, ``shape`` one number)."""

    cap: int = 0
    count: str = ""
    as_tuple: bool = False
    shape: tuple[int, ...] = ()
    item_tuple: bool = False

    def __post_init__(self) -> None:
        if self.item_tuple and len(self.shape) != 1:
            raise ValueError(f"{self.name}: item_tuple needs a shape of one number")

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
            f"S[{at} : {at} + {w} * len(_x)] = {flat}" if r else f"S[{at} : {at} + len(_x)] = _x",
        ]

    def store_src(self, fr: Frame) -> list[str]:
        k, put = fr.val(self.count), fr.put(str(self.attr))
        if not self.shape:
            xs = fr.slice(self.name, k)
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
    number at the table (a game's piles)."""

    seats: int = 0
    cap: int = 0
    counts: str = ""
    per_seat: bool = True

    def size(self) -> int:
        return self.seats * self.cap

    def load_src(self, fr: Frame) -> list[str]:
        a, cap, at, cn = fr.get(str(self.attr)), self.cap, fr.at(self.name), fr.at(self.counts)
        return [
            f"for _p, _x in enumerate({a}):",
            f"    if len(_x) > {cap}: raise ValueError('{self.attr}: more than the core\\'s "
            f"{cap}')",
            f"    S[{cn} + _p] = len(_x)",
            f"    S[{at} + _p * {cap} : {at} + _p * {cap} + len(_x)] = _x",
        ]

    def store_src(self, fr: Frame) -> list[str]:
        cap, at, cn = self.cap, fr.at(self.name), fr.at(self.counts)
        k = "n" if self.per_seat else str(self.seats)
        return [
            f"_k = S[{cn} : {cn} + {k}].tolist()",
            f"{fr.put(str(self.attr))} = [S[{at} + _p * {cap} : {at} + _p * {cap} + _k[_p]]"
            f".tolist() for _p in range({k})]",
        ]


@dataclass(frozen=True)
class Block(Field):
    """``length`` slots mirroring ``attr``, copied by the core's own code (what the fields
    above do not describe): the declaration still places the block and says which attribute
    it holds."""

    length: int = 0

    def size(self) -> int:
        return self.length


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
    another from 0; ``make``: the class built back from them by keyword (its ``__slots__``
    are the attributes the record must mirror, checked by ``unmirrored``)."""

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


@dataclass(frozen=True)
class Records(Field):
    """A list of records (``record``), ``cap`` of them at most: one per seat (``count``
    empty) or as many as the ``Count`` named ``count`` says."""

    record: Record | None = None
    cap: int = 0
    count: str = ""

    def size(self) -> int:
        assert self.record is not None
        return self.cap * self.record.size

    def names(self) -> dict[str, Any]:
        assert self.record is not None
        names = {f"_make_{self.name}": self.record.make}
        for f in self.record.fields:
            names.update(f.names())
        return names

    def _inner(self, fr: Frame) -> Frame:
        assert self.record is not None
        d = fr.depth + 1
        return Frame(self.record.at, f"_b{d}", f"_w{d}", f"_r{d}", d)

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
        lines.append(f"for _i{d}, _r{d} in enumerate({a}):")
        body = [f"_b{d} = {at} + _i{d} * {size}"]
        for f in self.record.fields:
            body += f.load_src(inner)
        return lines + [f"    {line}" for line in body]

    def store_src(self, fr: Frame) -> list[str]:
        assert self.record is not None
        inner, at = self._inner(fr), fr.at(self.name)
        d, size = inner.depth, self.record.size
        k = fr.val(self.count) if self.count else "n"
        if fr.depth == 0:  # the record's slots as a list, read once
            body = [f"_b{d} = {at} + _i{d} * {size}", f"_w{d} = S[_b{d} : _b{d} + {size}].tolist()"]
        else:  # a record inside a record: a piece of the outer record's list
            c = f"{fr.offsets[self.name]} + _i{d} * {size}"
            body = [f"_w{d} = {fr.values}[{c} : {c} + {size}]"]
        body.append(f"_o{d} = {{}}")
        for f in self.record.fields:
            body += f.store_src(inner)
        body.append(f"_l{d}.append(_make_{self.name}(**_o{d}))")
        return [
            f"_l{d} = []",
            f"for _i{d} in range({k}):",
            *(f"    {line}" for line in body),
            f"{fr.put(str(self.attr))} = _l{d}",
        ]


class Layout:
    """The declaration: ``scalars`` (from 0, in order, each its size: one slot but for a few
    ``Seats`` or ``Block``, at most ``reserve`` slots in all) then ``blocks`` (from ``reserve``
    on, in order). ``offsets``: every field's offset in
    declaration order, then the array's size. ``seats``: the state's attribute holding the
    number of seats."""

    def __init__(
        self,
        scalars: Sequence[Field],
        blocks: Sequence[Field],
        reserve: int,
        seats: str = "num_players",
    ) -> None:
        self.fields = [*scalars, *blocks]
        self.seats = seats
        at, k = _place(scalars)
        if k > reserve:
            raise ValueError(f"{k} scalar slots do not fit in {reserve}")
        rest, k = _place(blocks, reserve)
        if set(at) & set(rest):
            raise ValueError("two fields of one name")
        self.at = {**at, **rest}
        self.reserve = reserve
        self.size = k
        self.load: Callable[[Any], np.ndarray] = self._compile_load()
        self.store: Callable[[np.ndarray, Any], None] = self._compile_store()

    @property
    def offsets(self) -> tuple[int, ...]:
        return (*(self.at[f.name] for f in self.fields), self.size)

    def attrs(self) -> set[str]:
        """The state attributes the array mirrors."""
        return {f.attr for f in self.fields if f.attr is not None}

    def records(self) -> list[Record]:
        """The nested records, at every depth."""
        out: list[Record] = []
        todo: list[Field] = list(self.fields)
        while todo:
            f = todo.pop()
            if isinstance(f, Records) and f.record is not None:
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
        top = Frame(self.at)
        load = [f"S = _zeros({self.size}, dtype=_int64)", f"n = st.{self.seats}"]
        store = [f"v = S[:{self.reserve}].tolist()", f"n = st.{self.seats}"]
        for f in self.fields:
            load += f.load_src(top)
            store += f.store_src(top)
        return "\n".join(
            [
                "def load(st):",
                *(f"    {line}" for line in [*load, "return S"]),
                "def store(S, st):",
                *(f"    {line}" for line in store),
            ]
        )

    def _compiled(self) -> dict[str, Any]:
        names: dict[str, Any] = {"_zeros": np.zeros, "_int64": np.int64, "_asarray": np.asarray}
        for f in self.fields:
            names.update(f.names())
        exec(compile(self.source(), "<layout>", "exec"), names)
        return names

    def _compile_load(self) -> Callable[[Any], np.ndarray]:
        fn: Callable[[Any], np.ndarray] = self._compiled()["load"]
        fn.__doc__ = "The flat array of a state (its generator apart)."
        return fn

    def _compile_store(self) -> Callable[[np.ndarray, Any], None]:
        fn: Callable[[np.ndarray, Any], None] = self._compiled()["store"]
        fn.__doc__ = "Write the array back into ``st`` (same game, same seats, same options)."
        return fn
