"""Per-game text from a block's columns, the same bytes as encoding each game's objects.

Every distinct value of a column is rendered once, by the very encoder the game-by-game path
uses (``json`` with ``ensure_ascii=False``; ``csv.writer``'s field), and each game's line is
put together from pieces (constant text and those rendered values, as indices into one pool of
texts): a game costs a few pieces, not a dict, a list and an encoder call. Neighbouring pieces
with few combinations between them are fused into one (``fuse``), so a line of twenty fields is
a handful of pieces. The text comes out in UTF-8 chunks of about a MB (``join_rows``), laid out
in compiled code (``sim/gather.py``), each made when the one before has been written.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

# json.dumps(x, ensure_ascii=False), made once (dumps makes an encoder a call for such options)
encode_json = json.JSONEncoder(ensure_ascii=False).encode

Render = Callable[[Any], str]


@dataclass
class Column:
    """Text for every game of a block: game g's is ``texts[codes[g]]``; ``codes`` None: the
    same text, ``texts[0]``, for every game."""

    texts: list[str]
    codes: np.ndarray | None = None
    longest: int = -1  # the longest text's length, once asked (``_longest``)


def const(text: str) -> Column:
    return Column([text])


def dense(values: np.ndarray) -> tuple[np.ndarray, list[Any]]:
    """``values`` as codes (same shape) into its distinct values (Python objects, as
    ``tolist`` gives them). Floats are told apart by their bits (-0.0 is not 0.0)."""
    flat = values.reshape(-1)
    if flat.size == 0:
        return np.zeros(values.shape, dtype=np.int64), []
    kind = values.dtype.kind
    if kind in "iub":
        ints = flat.astype(np.int64)
        lo, hi = int(ints.min()), int(ints.max())
        if hi - lo <= 4 * flat.size + 64:  # a counting pass instead of a sort
            shifted = ints - lo
            present = np.flatnonzero(np.bincount(shifted, minlength=hi - lo + 1))
            remap = np.zeros(hi - lo + 1, dtype=np.int64)
            remap[present] = np.arange(len(present))
            distinct = (present + lo).astype(values.dtype).tolist()
            return remap[shifted].reshape(values.shape), distinct
        u, inv = np.unique(ints, return_inverse=True)
        return inv.reshape(values.shape), u.astype(values.dtype).tolist()
    if kind == "f" and values.dtype.itemsize == 8:
        u, inv = np.unique(flat.view(np.int64), return_inverse=True)
        return inv.reshape(values.shape), u.view(np.float64).tolist()
    u, inv = np.unique(flat, return_inverse=True)
    return inv.reshape(values.shape), u.tolist()


def _whole(values: np.ndarray) -> np.ndarray | None:
    """Float ``values`` as integers where each is whole, below 1e16 in size and not -0.0:
    then a value's text (``repr``, what ``json`` and ``csv`` write for a float) is its
    integer's and ".0"; else None."""
    if values.dtype != np.float64 or not values.size:
        return None
    if not (np.abs(values) < 1e16).all():  # (False for NaN too)
        return None
    ints = values.astype(np.int64)
    if not (ints == values).all() or np.signbit(values[values == 0]).any():
        return None
    return ints


def _coded(values: np.ndarray, render: Render) -> tuple[np.ndarray, list[str]]:
    """Codes into the texts of ``values``' distinct values. ``render`` is what ``json`` or
    ``csv`` writes: integers (not booleans) are ``str``, whole floats ``str`` and ".0",
    without a call through the encoder each."""
    ints = _whole(values)
    if ints is not None:
        codes, distinct = dense(ints)
        return codes, [f"{v}.0" for v in distinct]
    codes, distinct = dense(values)
    if values.dtype.kind in "iu":
        return codes, list(map(str, distinct))
    return codes, [render(v) for v in distinct]


def rendered(values: np.ndarray, render: Render) -> Column:
    """A column of one value a game (1-D ``values``), each distinct value rendered once."""
    codes, texts = _coded(values, render)
    return Column(texts, codes)


def seat_columns(values: np.ndarray, render: Render) -> list[Column]:
    """One column per seat of a (games, seats) array, sharing one table of rendered values."""
    codes, texts = _coded(values, render)
    return [Column(texts, codes[:, s]) for s in range(values.shape[1])]


# "0" .. "999", then "000" .. "999": a number's last three digits, alone or after others
_DIGITS = [str(k) for k in range(1000)] + [f"{k:03d}" for k in range(1000)]


def number_parts(values: np.ndarray) -> list[str | Column]:
    """The parts of the decimal text of each of ``values`` (integers): its thousands, few
    among a block's consecutive numbers (index, deal seed), then its last three digits from a
    table made once, so that no text is made a game."""
    v = values.astype(np.int64)
    if v.size and int(v.min()) < 0:
        return [Column(list(map(str, v.tolist())), np.arange(len(v)))]
    high, low = np.divmod(v, 1000)
    codes, distinct = dense(high)
    return [
        Column([str(h) if h else "" for h in distinct], codes),
        Column(_DIGITS, low + 1000 * (high > 0)),
    ]


def json_list(columns: Sequence[Column]) -> list[str | Column]:
    """The parts of a JSON list of these values: ``[a, b, c]``."""
    parts: list[str | Column] = ["["]
    for i, c in enumerate(columns):
        if i:
            parts.append(", ")
        parts.append(c)
    parts.append("]")
    return parts


_CSV_BUF = io.StringIO()
_CSV = csv.writer(_CSV_BUF)


def csv_field(value: Any) -> str:
    """``value`` as ``csv.writer`` (the default dialect) writes it among other fields."""
    _CSV_BUF.seek(0)
    _CSV_BUF.truncate()
    _CSV.writerow([value, ""])  # a second field: a lone empty field would be written '""'
    text = _CSV_BUF.getvalue()
    return text[: len(text) - len(_CSV_TAIL)]


_CSV.writerow(["", ""])
_CSV_TAIL = _CSV_BUF.getvalue()  # what an empty last field adds: the delimiter, the line's end


def _worth(size: int, chars: int, games: int) -> bool:
    """Whether a table of ``size`` texts of up to ``chars`` characters costs less than a
    piece for each of ``games`` games: a text is made once per table entry (about 100 ns,
    and its characters copied, 4 a ns), a piece is gathered, listed and joined once per game
    (about 12 ns). Long texts (Sala de Miaula's options: 0.8 KB, 12 KB with custom card
    definitions) stay pieces."""
    return size * (100 + chars // 4) <= 12 * games + 400


def _longest(c: Column) -> int:
    if c.longest < 0:
        c.longest = max(map(len, c.texts), default=0)
    return c.longest


def _merge(a: Column, b: Column, games: int) -> Column | None:
    """``a`` then ``b`` as one column, where that is cheaper than two pieces a game."""
    if a.codes is None and b.codes is None:
        return Column([a.texts[0] + b.texts[0]])
    if not _worth(max(len(a.texts), len(b.texts)), 0, games):
        return None  # (every text of a table is some game's: the merged one is as long)
    chars = _longest(a) + _longest(b)
    if a.codes is None:
        if not _worth(len(b.texts), chars, games):
            return None
        head = a.texts[0]
        return Column([head + t for t in b.texts], b.codes)
    if b.codes is None:
        if not _worth(len(a.texts), chars, games):
            return None
        tail = b.texts[0]
        return Column([t + tail for t in a.texts], a.codes)
    at, bt = a.texts, b.texts
    wide = len(bt)
    size = len(at) * wide
    if size > 4 * games + 64 and not _worth(size, chars, games):
        return None  # (before the joint codes: an array of the block's games each try)
    joint = a.codes * wide + b.codes
    if _worth(size, chars, games):  # every pair: no count of those present
        return Column([x + y for x in at for y in bt], joint)
    if size > 4 * games + 64:
        return None
    present = np.flatnonzero(np.bincount(joint, minlength=size))
    if not _worth(len(present), chars, games):
        return None
    remap = np.zeros(size, dtype=np.int64)
    remap[present] = np.arange(len(present))
    return Column([at[j // wide] + bt[j % wide] for j in present.tolist()], remap[joint])


def fuse(parts: Sequence[str | Column], games: int) -> list[Column]:
    """The parts (text and columns, in order) as few columns as pays: neighbouring texts
    joined, then neighbours merged left to right while the merged table stays small against
    the games."""
    joined: list[str | Column] = []
    for p in parts:
        if isinstance(p, str) and joined and isinstance(joined[-1], str):
            joined[-1] += p
        else:
            joined.append(p)
    out: list[Column] = []
    for p in joined:
        col = const(p) if isinstance(p, str) else p
        if col.codes is None and not col.texts[0]:
            continue
        if out:
            merged = _merge(out[-1], col, games)
            if merged is not None:
                out[-1] = merged
                continue
        out.append(col)
    return out


def one_column(parts: Sequence[str | Column], games: int) -> Column:
    """The parts as one column: fused where that pays, else a text per game."""
    cols = fuse(parts, games)
    if not cols:
        return const("")
    if len(cols) == 1:
        return cols[0]
    grid = np.empty((games, len(cols)), dtype=object)
    for j, c in enumerate(cols):
        grid[:, j] = _pieces(c)
    return Column(["".join(row) for row in grid.tolist()], np.arange(games))


def _pieces(col: Column) -> Any:
    """The column's text for every game (an object array), or its one text."""
    if col.codes is None:
        return col.texts[0]
    return np.array(col.texts, dtype=object)[col.codes]


# bytes a write holds at most, about (cut between games): a text of many MB costs fresh memory
# (pages faulted in, huge pages zeroed from 4 MB), more than the write itself (Sala de Miaula's
# 500 lines, 8.7 MB: 30 µs a game in one write, 5 in writes of 1 MB); with freed memory kept
# (sim/heap.py) a MB a write is the quickest measured (256 KB: 6-12 % slower, 2 MB: the same)
CHUNK_CHARS = 1 << 20

# bytes past the texts in a pool: ``sim/gather.py`` copies a short text as SHORT bytes
SLACK = 32


class Pool:
    """Texts in UTF-8, one after the other in ``pool`` (uint8): text k is ``pool[starts[k] :
    starts[k + 1]]``, ``SLACK`` bytes after the last."""

    def __init__(self, texts: Sequence[bytes]) -> None:
        self.starts = np.zeros(len(texts) + 1, dtype=np.int64)
        np.cumsum([len(t) for t in texts], out=self.starts[1:])
        self.pool = np.frombuffer(b"".join(texts) + bytes(SLACK), dtype=np.uint8)

    def __len__(self) -> int:
        return len(self.starts) - 1

    @classmethod
    def of(cls, texts: Sequence[str]) -> Pool:
        if texts is _DIGITS:
            return _DIGITS_POOL
        return cls([t.encode() for t in texts])

    @staticmethod
    def joined(pools: Sequence[Pool]) -> Pool:
        """One pool of these pools' texts, in order."""
        out = Pool([])
        ends = [int(p.starts[-1]) for p in pools]
        out.pool = np.concatenate(
            [p.pool[:e] for p, e in zip(pools, ends, strict=True)] + [out.pool]
        )
        shifts = np.cumsum([0, *ends])
        out.starts = np.concatenate(
            [out.starts, *(p.starts[1:] + a for p, a in zip(pools, shifts.tolist(), strict=False))]
        )
        return out


_DIGITS_POOL = Pool([t.encode() for t in _DIGITS])


def join_rows(parts: Sequence[str | Column], games: int) -> Iterator[memoryview]:
    """Every game's text (``parts`` in order) in UTF-8, the games one after the other, in
    chunks of about ``CHUNK_CHARS`` bytes cut between games, each made when the one before
    is taken. (Bytes: the file is written without a text layer encoding it again.)"""
    return join_rows_around(parts, None, [], games)


@dataclass
class Moves:
    """Every game's moves, for ``join_rows_around``: game g's are moves ``starts[g]`` ..
    ``starts[g + 1] - 1`` of ``seats`` and ``codes``; move m's text is text ``seats[m] *
    per_seat + codes[m]`` of ``texts`` for a game's first move, the one ``len(texts) // 2``
    further (the same after ", ") for a later one."""

    texts: Pool
    starts: np.ndarray
    seats: np.ndarray
    codes: np.ndarray
    per_seat: int


def join_rows_around(
    head: Sequence[str | Column], moves: Moves | None, tail: Sequence[str | Column], games: int
) -> Iterator[memoryview]:
    """``join_rows`` where every game's text is ``head``, then its run of ``moves``, then
    ``tail``.

    Every piece is a text of one pool (the moves', then every column's): a game is a row of
    cells (its columns' texts, as indices into the pool) around its moves, laid out
    ``CHUNK_CHARS`` at a time in compiled code (``sim/gather.py``)."""
    from .gather import lay_out  # numba, where it is: loaded by now (a core played the block)

    hc, tc = fuse(head, games), fuse(tail, games)
    if not games or not (hc or tc or moves):
        return
    h = len(hc)
    pools = [Pool([]) if moves is None else moves.texts]
    size = len(pools[0])
    cells = np.empty((games, len(hc) + len(tc)), dtype=np.int64)
    for j, c in enumerate((*hc, *tc)):
        cells[:, j] = size if c.codes is None else c.codes + size
        pools.append(Pool.of(c.texts))
        size += len(c.texts)
    joined = Pool.joined(pools)
    texts = (joined.pool, joined.starts)
    if moves is None:
        none = np.zeros(0, dtype=np.int64)
        moves = Moves(pools[0], np.zeros(games + 1, dtype=np.int64), none, none, 0)
    at, seats, codes, per_seat = moves.starts, moves.seats, moves.codes, moves.per_seat
    half = len(moves.texts) // 2
    longest = int(np.diff(moves.texts.starts).max(initial=0))

    def text(lo: int, hi: int) -> memoryview:
        rows = cells[lo:hi]
        out = lay_out(rows, h, at[lo : hi + 1], seats, codes, per_seat, half, longest, *texts)
        return memoryview(out.data)

    first = text(0, 1)
    yield first
    step = max(1, CHUNK_CHARS // max(1, len(first)))  # games a chunk holds, from the first's
    for lo in range(1, games, step):
        yield text(lo, min(games, lo + step))


# what a core's ``detail_columns`` gives for a key: a column of values (1-D: one a game; 2-D: a
# list a game), codes into a table of values, or one value for every game; and the games that
# hold the key (None: every game)
DetailValue = np.ndarray | tuple[np.ndarray, Sequence[Any]] | Any
DetailSpec = Sequence[tuple[str, DetailValue, np.ndarray | None]]


def _value_parts(value: DetailValue) -> list[str | Column]:
    if isinstance(value, tuple):
        codes, table = value
        return [Column([encode_json(v) for v in table], np.asarray(codes, dtype=np.int64))]
    if isinstance(value, np.ndarray):
        if value.ndim == 2:
            return json_list(seat_columns(value, encode_json))
        return [rendered(value, encode_json)]
    return [encode_json(value)]


def json_dict(spec: DetailSpec, games: int) -> list[str | Column]:
    """The parts of a JSON object per game with these keys in order (the dict ``json``
    encodes: items joined by ``, ``); a key some games lack is left out of theirs. The first
    key is every game's (a later optional one then always follows a ``, ``)."""
    parts: list[str | Column] = ["{"]
    for i, (key, value, present) in enumerate(spec):
        item = [f"{', ' if i else ''}{encode_json(key)}: ", *_value_parts(value)]
        if present is None:
            parts += item
            continue
        if not i:
            raise ValueError("the first key of a detail spec must be every game's")
        # the item's text where present, nothing where not
        col = one_column(item, games)
        codes = np.ones(games, dtype=np.int64) if col.codes is None else col.codes + 1
        parts.append(Column(["", *col.texts], np.where(present, codes, 0)))
    parts.append("}")
    return parts
