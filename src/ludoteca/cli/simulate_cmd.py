"""``ludoteca simulate``: many games between agents, a progress bar and a summary table."""

from __future__ import annotations

import csv
import json
import time
from pathlib import Path
from typing import Any, TextIO

from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from ..engine import Game
from ..sim import GameOutcome, SimulationResult
from ..sim.backends import make_backend
from ..sim.blocks import GameBlock
from ..sim.heap import keep_freed_memory
from ..sim.runner import check_run, iter_blocks
from .backends import started
from .common import console, msg, number, percent

_SENTINEL = "\x00actions\x00"  # where the actions go (a line with it twice is encoded whole)
_SENTINEL_JSON = json.dumps(_SENTINEL)


class OutcomeWriter:
    """Writes per-game rows as JSON Lines (with the full match record), CSV or Parquet (one row
    per game, ``sim/table.py``), as games end."""

    def __init__(self, path: Path, num_players: int) -> None:
        self.path = path
        suffix = path.suffix.lower()
        self.csv = suffix == ".csv"
        self.parquet: Any = None
        self.n = num_players
        self.writer: Any = None
        if suffix == ".parquet":
            from ..sim.table import ParquetOut  # pyarrow, the parquet extra: only when asked

            self.parquet = ParquetOut(path)
            return
        self.fh: TextIO = path.open("w", encoding="utf-8", newline="")
        if self.csv:
            cols = [
                "index",
                "seed",
                *(f"seat{s}" for s in range(num_players)),
                "winners",
                "reason",
                "decisions",
                "turns",
                *(f"score{s}" for s in range(num_players)),
            ]
            self.writer = csv.writer(self.fh)
            self.writer.writerow(cols)

    @property
    def keeps_moves(self) -> bool:
        """Whether the file holds the match records (JSON Lines)."""
        return not self.csv and self.parquet is None

    def write(self, g: GameOutcome) -> None:
        if self.parquet is not None:
            self.parquet.write(g)
        elif self.csv:
            self.writer.writerow(self.csv_row(g))
        else:
            self.fh.write(self.line(g) + "\n")

    def write_block(self, b: GameBlock) -> None:
        """A block of games the core kept as columns: Parquet, CSV and JSON Lines straight
        from the columns (``sim/render.py``), the same bytes as writing each game's outcome."""
        if self.parquet is not None:
            self.parquet.write_block(b)
        elif self.csv or b.has_moves:
            # UTF-8 already: past the text layer (emptied first, the header may wait in it)
            self.fh.flush()
            for chunk in b.csv_bytes() if self.csv else b.jsonl_bytes():
                self.fh.buffer.write(chunk)
        else:
            self.fh.write("".join([self.line(b.outcome(k, False)) + "\n" for k in range(len(b))]))

    def csv_row(self, g: GameOutcome) -> list[Any]:
        scores = g.scores if g.scores is not None else [""] * self.n
        return [
            g.index,
            g.seed,
            *g.seats,
            " ".join(map(str, g.winners)),
            g.reason,
            g.decisions,
            "" if g.turns is None else g.turns,
            *scores,
        ]

    @staticmethod
    def line(g: GameOutcome) -> str:
        """The game's JSON line. Where the core played it, its actions' text is there already:
        the rest is encoded and the actions put in the sentinel's place (the same bytes as
        encoding it all, tests/sim/test_compiled_callers.py)."""
        if g.actions_json is not None and g.record:
            record = {**g.record, "actions": _SENTINEL}
            line = json.dumps({**g.to_row(), "record": record}, ensure_ascii=False)
            if line.count(_SENTINEL_JSON) == 1:
                head, _, tail = line.partition(_SENTINEL_JSON)
                return f"{head}[{g.actions_json}]{tail}"
        return json.dumps({**g.to_row(), "record": g.record}, ensure_ascii=False)

    def close(self) -> None:
        if self.parquet is not None:
            self.parquet.close()
        else:
            self.fh.close()


def run_simulation(
    game: Game,
    n: int,
    num_players: int,
    agents: list[str],
    seed: int,
    workers: int,
    options: dict[str, Any],
    out: Path | None,
    lang: str,
    progress_bar: bool = True,
    backend: str | None = None,
    address: str | None = None,
    batch_size: int | None = None,
) -> SimulationResult:
    """``backend``, ``address``, ``batch_size``: where the games run (see ``make_backend``)."""
    keep_freed_memory()  # blocks' arrays taken again without page faults (sim/heap.py)
    pool = make_backend(backend, workers, address, batch_size)
    check_run(game.id, num_players, agents, seed, options)  # before a cluster starts
    games: list[GameOutcome] = []
    blocks: list[GameBlock] = []
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    # the output file is opened once the backend runs: a cluster that cannot be reached leaves
    # an earlier file of the same name as it was
    with started(pool, n, lang):
        writer = OutcomeWriter(out, num_players) if out is not None else None
        t0 = time.perf_counter()
        try:
            with Progress(
                *columns, console=console, disable=not progress_bar, transient=False
            ) as progress:
                task = progress.add_task(
                    msg("simulate.progress", lang, game=game.display_name(lang)), total=n
                )
                for g in iter_blocks(
                    game.id,
                    n,
                    num_players,
                    agents,
                    seed,
                    workers,
                    options,
                    keep_records=writer is not None and writer.keeps_moves,
                    backend=pool,
                ):
                    # on disk now, then dropped: a million records would not fit in memory
                    if isinstance(g, GameBlock):
                        if writer is not None:
                            writer.write_block(g)
                        g.drop_moves()
                        blocks.append(g)
                        progress.advance(task, len(g))
                        continue
                    if writer is not None:
                        writer.write(g)
                        g.record = {}
                    games.append(g)
                    progress.advance(task)
        finally:
            if writer is not None:
                writer.close()
        elapsed = time.perf_counter() - t0
    games.sort(key=lambda g: g.index)
    result = SimulationResult(game.id, num_players, agents, games, blocks)
    print_summary(game, result, lang, elapsed)
    if out is not None:
        console.print(msg("simulate.written", lang, n=len(result), path=out))
    return result


def _ci(lo: float, hi: float, lang: str, pct: bool = True) -> str:
    if pct:
        return f"[{percent(lo, 1, lang)} – {percent(hi, 1, lang)}]"
    return f"[{number(lo, 2, lang)} – {number(hi, 2, lang)}]"


def print_summary(
    game: Game, result: SimulationResult, lang: str, elapsed: float | None = None
) -> None:
    s = result.summary()
    table = Table(
        title=msg(
            "simulate.summary",
            lang,
            games=s.games,
            game=game.display_name(lang),
            players=result.num_players,
        )
    )
    table.add_column(msg("simulate.agent", lang))
    table.add_column(msg("simulate.seat_games", lang), justify="right")
    table.add_column(msg("simulate.wins", lang), justify="right")
    table.add_column(msg("simulate.win_rate", lang), justify="right")
    table.add_column(msg("simulate.draws", lang), justify="right")
    has_scores = any(a.mean_score is not None for a in s.agents)
    if has_scores:
        table.add_column(msg("simulate.mean_score", lang), justify="right")
    for a in s.agents:
        row = [
            a.agent,
            str(a.seat_games),
            str(a.wins),
            f"{percent(a.win_rate, 1, lang)} {_ci(*a.win_ci, lang)}",
            percent(a.draw_rate, 1, lang),
        ]
        if has_scores:
            row.append(
                ""
                if a.mean_score is None or a.score_ci is None
                else f"{number(a.mean_score, 2, lang)} {_ci(*a.score_ci, lang, pct=False)}"
            )
        table.add_row(*row)
    console.print(table)
    seats = Table(title=msg("simulate.seat_table", lang))
    seats.add_column(msg("simulate.seat", lang), justify="right")
    seats.add_column(msg("simulate.wins", lang), justify="right")
    seats.add_column(msg("simulate.win_rate", lang), justify="right")
    for line in s.seats:
        seats.add_row(
            str(line.seat + 1),
            str(line.wins),
            f"{percent(line.win_rate, 1, lang)} {_ci(*line.win_ci, lang)}",
        )
    console.print(seats)
    length = msg("simulate.length", lang, decisions=number(s.mean_decisions, 1, lang))
    if s.mean_turns is not None and s.p90_turns is not None:
        length += " · " + msg(
            "simulate.turns",
            lang,
            mean=number(s.mean_turns, 1, lang),
            p90=number(s.p90_turns, 0, lang),
        )
    console.print(length)
    console.print(
        msg(
            "simulate.reasons",
            lang,
            reasons=", ".join(f"{k} {v}" for k, v in sorted(s.reasons.items())),
        )
    )
    if elapsed is not None and elapsed > 0:
        console.print(
            msg(
                "simulate.elapsed",
                lang,
                games=s.games,
                seconds=number(elapsed, 1, lang),
                rate=number(s.games / elapsed, 1, lang),
            )
        )
