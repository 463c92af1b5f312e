"""``simulate --out games.parquet``: one row per game, columns named in words, the same figures
as the outcomes, whether the core kept the games as columns or they were played one by one."""

from __future__ import annotations

import pyarrow.parquet as pq
from typer.testing import CliRunner

from ludoteca.cli.main import app
from ludoteca.engine import compiled as fast
from ludoteca.sim import simulate
from ludoteca.sim.table import COLUMNS


def _read_back(tmp_path, game, agents, players, n, seed):
    out = tmp_path / f"{game}.parquet"
    args = ["simulate", game, "-n", str(n), "-p", str(players), "--agents", agents]
    r = CliRunner().invoke(app, [*args, "--seed", str(seed), "--out", str(out)])
    assert r.exit_code == 0, r.output
    return pq.read_table(out)


def _expected(game, agents, players, n, seed):
    res = simulate(game, n, players, agents.split(","), seed=seed, keep_records=False)
    return [
        {
            "game": g.index,
            "deal_seed": g.seed,
            "seat_agents": g.seats,
            "winners": g.winners,
            "ranking": g.ranking,
            "scores": g.scores,
            "reason": g.reason,
            "decisions": g.decisions,
            "turns": g.turns,
        }
        for g in res.games
    ]


def test_parquet_rows_read_back_as_the_outcomes(tmp_path):
    table = _read_back(tmp_path, "exploding-kittens", "random,heuristic", 3, 40, 6)
    assert tuple(table.column_names) == COLUMNS
    assert table.num_rows == 40
    assert table.to_pylist() == _expected("exploding-kittens", "random,heuristic", 3, 40, 6)
    with fast.disabled():  # played game by game: the same file's rows
        assert _read_back(tmp_path, "exploding-kittens", "random,heuristic", 3, 40, 6).equals(table)


def test_parquet_of_a_game_with_scores(tmp_path):
    """The Nine Domains keeps scores: each seat's, as a list per game."""
    table = _read_back(tmp_path, "nine-domains", "random", 2, 12, 2)
    rows = table.to_pylist()
    assert rows == _expected("nine-domains", "random", 2, 12, 2)
    assert all(len(r["scores"]) == 2 for r in rows)
