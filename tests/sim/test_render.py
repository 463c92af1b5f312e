"""``sim/render.py``: text from columns is the text ``json`` and ``csv.writer`` give for each
row's Python values, whatever the values (negative and huge integers, floats that ``repr``
writes in exponent form, -0.0, NaN, booleans, quoted CSV fields) and however the rows are cut
into pieces and chunks."""

from __future__ import annotations

import csv
import io
import json
import math

import numpy as np
import pytest

from ludoteca.sim import render as R

FLOATS = [0.0, -0.0, 1.0, -3.0, 0.5, 1e-07, 1e16, 9999999999999998.0, 2.5e300, math.nan, math.inf]


def _dumps(value):
    return json.dumps(value, ensure_ascii=False)


def _csv(rows):
    buf = io.StringIO()
    csv.writer(buf).writerows(rows)
    return buf.getvalue()


def _lines(parts, games):
    return b"".join(R.join_rows([*parts, "\n"], games)).decode()


@pytest.mark.parametrize(
    "values",
    [
        np.array([[3, 1], [1, 2], [2, 2], [1, 1]], dtype=np.int64),
        np.array([[-(10**15), 7], [12, -1], [10**15, 0]], dtype=np.int64),
        np.array([FLOATS[:6], FLOATS[5:]], dtype=np.float64),
        np.array([[1.0, 2.0], [3.0, -0.0]], dtype=np.float64),
        np.array([[1.0, 2.0], [3.0, 0.0], [-4.0, 1e15], [9999999999999998.0, 6.0]]),
        np.array([[True, False], [False, False]]),
    ],
)
def test_lists_of_values_are_json_and_csv_text(values):
    games = len(values)
    assert _lines(R.json_list(R.seat_columns(values, R.encode_json)), games) == "".join(
        _dumps(row) + "\n" for row in values.tolist()
    )
    fields: list[str | R.Column] = []
    for i, c in enumerate(R.seat_columns(values, R.csv_field)):
        fields += [",", c] if i else [c]
    assert b"".join(R.join_rows([*fields, "\r\n"], games)).decode() == _csv(values.tolist())


def test_numbers_past_thousands_negative_and_large():
    values = np.array([0, 7, 999, 1000, 1001, 12_345, 10**12 + 5, -1, -1000], dtype=np.int64)
    assert _lines(R.number_parts(values), len(values)) == "".join(f"{v}\n" for v in values)
    positive = values[values >= 0]
    assert _lines(R.number_parts(positive), len(positive)) == "".join(f"{v}\n" for v in positive)


def test_csv_fields_are_quoted_as_the_writer_quotes_them():
    names = ["plain", "with,comma", 'with"quote', "", "two words", "ação"]
    column = R.Column([R.csv_field(v) for v in names], np.arange(len(names)))
    got = b"".join(R.join_rows([column, ",", R.const("x"), "\r\n"], len(names))).decode()
    assert got == _csv([[v, "x"] for v in names])


def test_a_dict_with_a_key_only_some_games_hold():
    turns = np.array([3, 10, 3, 7])
    pairs = np.array([[1, 2], [0, 0], [5, 1], [2, 2]])
    flags = np.array([True, False, False, True])
    terrain = (np.array([0, 1, 1, 2]), ["água", "ar", ""])
    spec = [
        ("turns", turns, None),
        ("pair", pairs, None),
        ("flag", flags, None),
        ("terrain", terrain, None),
        ("tiebreak", "domains", flags),
    ]
    want = []
    for g in range(4):
        d = {
            "turns": int(turns[g]),
            "pair": pairs[g].tolist(),
            "flag": bool(flags[g]),
            "terrain": terrain[1][terrain[0][g]],
        }
        if flags[g]:
            d["tiebreak"] = "domains"
        want.append(_dumps(d) + "\n")
    assert _lines(R.json_dict(spec, 4), 4) == "".join(want)


@pytest.mark.parametrize("compiled", [True, False])
@pytest.mark.parametrize("chars", [1 << 18, 1, 200])
def test_moves_between_head_and_tail_in_any_chunks(monkeypatch, chars, compiled):
    """Games of no moves (the first among them), texts of several bytes in UTF-8, chunks of
    one game or many, texts shorter and longer than the ``SLACK`` copied whole: each game's
    cells around its moves, a later move after ", ". Also with ``lay_out`` run as Python
    (slices copied: the path without numba)."""
    from ludoteca.sim import gather

    monkeypatch.setattr(R, "CHUNK_CHARS", chars)
    if not compiled:
        monkeypatch.setattr(gather, "lay_out", getattr(gather.lay_out, "py_func", gather.lay_out))
        monkeypatch.setattr(gather, "_put", gather._put_python)
    rng = np.random.default_rng(3)
    games = 40
    lengths = rng.integers(0, 6, games)
    lengths[[0, 7, 8]] = 0  # games without moves, the first among them
    starts = np.concatenate([[100], 100 + np.cumsum(lengths)])
    # texts of up to render.SLACK bytes are copied as SLACK bytes, longer ones as they are
    words = ["a", "bb", "ççç", "d" * (R.SLACK - 1), "e" * R.SLACK, "f" * 3 * R.SLACK]
    codes = rng.integers(0, len(words), int(starts[-1]))
    head = ["<", *R.number_parts(np.arange(995, 995 + games)), ":"]
    tail = ["|", R.rendered(lengths, R.encode_json), ">\n"]
    seats = rng.integers(0, 2, len(codes))
    texts = R.Pool.of([f"{p}{s}{w}" for p in ["", ", "] for s in "xy" for w in words])
    moves = R.Moves(texts, starts, seats, codes, len(words))
    chunks = list(R.join_rows_around(head, moves, tail, games))
    want = "".join(
        f"<{995 + g}:"
        + ", ".join("xy"[seats[m]] + words[codes[m]] for m in range(starts[g], starts[g + 1]))
        + f"|{lengths[g]}>\n"
        for g in range(games)
    )
    assert b"".join(chunks).decode() == want
    # the first game alone (its length sets the games a chunk holds), then the rest
    assert {1: games, 200: len(chunks), 1 << 18: 2}[chars] == len(chunks)
    assert 2 < len(chunks) < games or chars != 200
