"""A core's flat int64 array, declared once: each field's name, size and the state attribute it
mirrors. The offsets, the copy into the array (``load``) and back (``store``) and the check
that the declaration covers the state's fields are derived from the declaration: ``load`` and
``store`` are written from it as Python source once, at import (as ``dataclasses`` writes
``__init__``), so they cost what hand-written copies cost (a rollout pays them every time).

numba freezes a module's global integers into the compiled code, so a core names its offsets
as module constants, unpacked from ``Layout.offsets`` in declaration order; ``Layout.check``
(run at import) refuses a module whose constants disagree with the declaration.

    LAYOUT = Layout(
        [Scalar("N", "num_players", store=False), Scalar("CUR", "cur"), Count("PILEN")],
        [List("PILE", "pile", cap=192, count="PILEN")],
        scalars=32,
    )
    N, CUR, PILEN, PILE, SIZE = LAYOUT.offsets
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np


@dataclass(frozen=True)
class Field:
    """One field of the array: ``name`` (its offset's constant), ``attr`` (the state's
    attribute it mirrors; None: written by another field, or by the core itself)."""

    name: str
    attr: str | None = None

    def size(self) -> int:
        return 1

    def load_src(self, at: int, offsets: Mapping[str, int]) -> list[str]:
        """Python lines writing ``st``'s attribute into ``S`` (``n``: the seats)."""
        return []

    def store_src(self, at: int, offsets: Mapping[str, int]) -> list[str]:
        """Python lines writing ``S`` back into ``st`` (``v``: the scalars as a list)."""
        return []


@dataclass(frozen=True)
class Scalar(Field):
    """One number: an int, or a bool (``as_bool``); ``store_back=False``: read only (the
    state's own, like ``num_players``)."""

    as_bool: bool = False
    store_back: bool = True

    def load_src(self, at: int, offsets: Mapping[str, int]) -> list[str]:
        if self.attr is None:
            return []
        return [f"S[{at}] = {'bool' if self.as_bool else ''}(st.{self.attr})"]

    def store_src(self, at: int, offsets: Mapping[str, int]) -> list[str]:
        if self.attr is None or not self.store_back:
            return []
        return [f"st.{self.attr} = {'bool' if self.as_bool else ''}(v[{at}])"]


@dataclass(frozen=True)
class Count(Field):
    """A list's length (written by the ``List`` that names it)."""


@dataclass(frozen=True)
class Seats(Field):
    """One value per seat (``cap`` seats at most): the state's list of ints (of bools with
    ``as_bool``)."""

    cap: int = 0
    as_bool: bool = False

    def size(self) -> int:
        return self.cap

    def load_src(self, at: int, offsets: Mapping[str, int]) -> list[str]:
        return [f"S[{at} : {at} + n] = st.{self.attr}"] if self.attr else []

    def store_src(self, at: int, offsets: Mapping[str, int]) -> list[str]:
        if not self.attr:
            return []
        if self.as_bool:
            return [f"st.{self.attr} = [bool(x) for x in S[{at} : {at} + n].tolist()]"]
        return [f"st.{self.attr} = S[{at} : {at} + n].tolist()"]


@dataclass(frozen=True)
class Rows(Field):
    """One row of ``width`` slots per seat (``cap`` seats): the state's list of equal lists,
    each as long as the state's first (at most ``width``)."""

    cap: int = 0
    width: int = 0

    def size(self) -> int:
        return self.cap * self.width

    def load_src(self, at: int, offsets: Mapping[str, int]) -> list[str]:
        w, a = self.width, self.attr
        return [
            f"_k = len(st.{a}[0])",
            f"if _k > {w}: raise ValueError('{a}: rows longer than the core\\'s {w}')",
            f"S[{at} : {at} + n * {w}].reshape(n, {w})[:, :_k] = _asarray(st.{a}, _int64)",
        ]

    def store_src(self, at: int, offsets: Mapping[str, int]) -> list[str]:
        w, a = self.width, self.attr
        return [
            f"_k = len(st.{a}[0])",
            f"st.{a} = S[{at} : {at} + n * {w}].reshape(n, {w})[:, :_k].tolist()",
        ]


@dataclass(frozen=True)
class List(Field):
    """A list of at most ``cap`` ints, its length in the ``Count`` named ``count`` (lists that
    share a count are as long as one another); ``as_tuple``: the state keeps a tuple."""

    cap: int = 0
    count: str = ""
    as_tuple: bool = False

    def size(self) -> int:
        return self.cap

    def load_src(self, at: int, offsets: Mapping[str, int]) -> list[str]:
        a, c = self.attr, offsets[self.count]
        return [
            f"_x = st.{a}",
            f"if len(_x) > {self.cap}: raise ValueError('{a}: more than the core\\'s {self.cap}')",
            f"S[{c}] = len(_x)",
            f"S[{at} : {at} + len(_x)] = _x",
        ]

    def store_src(self, at: int, offsets: Mapping[str, int]) -> list[str]:
        xs = f"S[{at} : {at} + v[{offsets[self.count]}]].tolist()"
        return [f"st.{self.attr} = {f'tuple({xs})' if self.as_tuple else xs}"]


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

    def load_src(self, at: int, offsets: Mapping[str, int]) -> list[str]:
        a, cap, cn = self.attr, self.cap, offsets[self.counts]
        return [
            f"for _p, _x in enumerate(st.{a}):",
            f"    if len(_x) > {cap}: raise ValueError('{a}: more than the core\\'s {cap}')",
            f"    S[{cn} + _p] = len(_x)",
            f"    S[{at} + _p * {cap} : {at} + _p * {cap} + len(_x)] = _x",
        ]

    def store_src(self, at: int, offsets: Mapping[str, int]) -> list[str]:
        a, cap, cn = self.attr, self.cap, offsets[self.counts]
        k = "n" if self.per_seat else str(self.seats)
        return [
            f"_k = S[{cn} : {cn} + {k}].tolist()",
            f"st.{a} = [S[{at} + _p * {cap} : {at} + _p * {cap} + _k[_p]].tolist()"
            f" for _p in range({k})]",
        ]


@dataclass(frozen=True)
class Block(Field):
    """``length`` slots mirroring ``attr``, copied by the core's own code (nested records, such
    as a player's board and Coatls, that the fields above do not describe): the declaration
    still places the block and says which attribute it holds."""

    length: int = 0

    def size(self) -> int:
        return self.length


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
        at: dict[str, int] = {}
        k = 0
        for f in scalars:
            at[f.name] = k
            k += f.size()
        if k > reserve:
            raise ValueError(f"{k} scalar slots do not fit in {reserve}")
        k = reserve
        for f in blocks:
            at[f.name] = k
            k += f.size()
        if len(at) != len(self.fields):
            raise ValueError("two fields of one name")
        self.at = at
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

    def check(self, module_globals: Mapping[str, Any]) -> None:
        """Refuse a module whose offset constants disagree with the declaration."""
        wrong = [f.name for f in self.fields if module_globals.get(f.name) != self.at[f.name]]
        if module_globals.get("SIZE") != self.size:
            wrong.append("SIZE")
        if wrong:
            raise ValueError(f"the module's offsets disagree with its layout: {', '.join(wrong)}")

    def source(self) -> str:
        """The Python text of ``load`` and ``store`` (to read what the declaration makes)."""
        load = [f"S = _zeros({self.size}, dtype=_int64)", f"n = st.{self.seats}"]
        store = [f"v = S[:{self.reserve}].tolist()", f"n = st.{self.seats}"]
        for f in self.fields:
            load += f.load_src(self.at[f.name], self.at)
            store += f.store_src(self.at[f.name], self.at)
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
