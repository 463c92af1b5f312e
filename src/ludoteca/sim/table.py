"""Simulated games as an Arrow table, one row per game, written to Parquet (``simulate --out
games.parquet``): a million games load in pandas or Polars in seconds. Needs pyarrow (the
``parquet`` extra), imported only when a table is built.

Columns: ``game`` (its index in the run), ``deal_seed``, ``seat_agents`` (the agent spec at each
seat), ``winners`` (seats), ``ranking`` (each seat's place, 1 first), ``scores`` (each seat's
score, null where the game keeps none), ``reason`` (how it ended), ``decisions`` (moves made),
``turns`` (null where the game counts none).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from .blocks import GameBlock
from .outcome import GameOutcome

COLUMNS = (
    "game",
    "deal_seed",
    "seat_agents",
    "winners",
    "ranking",
    "scores",
    "reason",
    "decisions",
    "turns",
)


def _pa() -> Any:
    try:
        import pyarrow  # the parquet extra: only when a table is built
    except ImportError as e:  # pragma: no cover - the extra is installed where tested
        raise RuntimeError("writing Parquet needs pyarrow: pip install 'ludoteca[parquet]'") from e
    return pyarrow


def _schema() -> Any:
    pa = _pa()
    return pa.schema(
        [
            ("game", pa.int64()),
            ("deal_seed", pa.int64()),
            ("seat_agents", pa.list_(pa.string())),
            ("winners", pa.list_(pa.int16())),
            ("ranking", pa.list_(pa.int16())),
            ("scores", pa.list_(pa.float64())),
            ("reason", pa.string()),
            ("decisions", pa.int64()),
            ("turns", pa.int64()),
        ]
    )


def _lists(pa: Any, values: np.ndarray, type_: Any) -> Any:
    """A (rows, seats) array as a list column (every row as long)."""
    rows, width = values.shape
    offsets = np.arange(0, (rows + 1) * width, width, dtype=np.int32)
    return pa.ListArray.from_arrays(pa.array(offsets), pa.array(values.reshape(-1), type=type_))


def block_table(b: GameBlock) -> Any:
    """A block's games, straight from its columns (no Python object per game)."""
    pa = _pa()
    p = b.played
    g = len(p.ranking)
    agents = np.array(b.agents, dtype=object)[b.seat_agent]
    winners_flat = np.nonzero(p.winners)
    counts = p.winners.sum(axis=1)
    w_offsets = np.concatenate([[0], np.cumsum(counts)]).astype(np.int32)
    winners = pa.ListArray.from_arrays(
        pa.array(w_offsets), pa.array(winners_flat[1], type=pa.int16())
    )
    scores = (
        pa.nulls(g, pa.list_(pa.float64()))
        if p.scores is None
        else _lists(pa, np.asarray(p.scores, dtype=np.float64), pa.float64())
    )
    reasons = np.array(p.reasons, dtype=object)[p.reason]
    return pa.table(
        [
            pa.array(np.arange(b.first, b.first + g, dtype=np.int64)),
            pa.array(b.deals.astype(np.int64)),
            _lists(pa, agents, pa.string()),
            winners,
            _lists(pa, p.ranking, pa.int16()),
            scores,
            pa.array(reasons, type=pa.string()),
            pa.array(p.decisions.astype(np.int64)),
            pa.nulls(g, pa.int64()) if p.turns is None else pa.array(p.turns.astype(np.int64)),
        ],
        schema=_schema(),
    )


def rows_table(games: Sequence[GameOutcome]) -> Any:
    """Games played one by one (their outcomes), as the same table."""
    pa = _pa()
    return pa.table(
        {
            "game": [g.index for g in games],
            "deal_seed": [g.seed for g in games],
            "seat_agents": [g.seats for g in games],
            "winners": [g.winners for g in games],
            "ranking": [g.ranking for g in games],
            "scores": [g.scores for g in games],
            "reason": [g.reason for g in games],
            "decisions": [g.decisions for g in games],
            "turns": [g.turns for g in games],
        },
        schema=_schema(),
    )


class ParquetOut:
    """A Parquet file written as games end: a row group per block, outcomes gathered in
    batches."""

    BATCH = 10_000

    def __init__(self, path: Path) -> None:
        import pyarrow.parquet as pq  # the parquet extra: only when a file is written

        _pa()
        self.writer = pq.ParquetWriter(str(path), _schema())
        self.pending: list[GameOutcome] = []

    def write(self, g: GameOutcome) -> None:
        self.pending.append(g)
        if len(self.pending) >= self.BATCH:
            self._flush()

    def write_block(self, b: GameBlock) -> None:
        self.writer.write_table(block_table(b))

    def _flush(self) -> None:
        if self.pending:
            self.writer.write_table(rows_table(self.pending))
            self.pending = []

    def close(self) -> None:
        self._flush()
        self.writer.close()
