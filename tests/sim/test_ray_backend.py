"""The Ray backend plays the very games of the local pool: same records, same summaries.

One local Ray instance (1 CPU, no dashboard), started by the module's fixture and stopped
after its last test, serves the whole module: it takes seconds to start. One CPU: each CPU is a
Ray worker process that imports ludoteca and loads the core; a second one cost 10-20 s of the
suite's time under load (a 2-CPU instance: init 26-34 s, the first run 9-14 s; 1 CPU: 22-24 s
and 6 s), and it checks nothing more: the batches, the window and the records are the same
whatever the CPU count. The local-pool runs
are made before it starts, so no process is forked from a driver that already runs Ray's
threads.

Every run is of one game, Exploding Kittens, whose core the fixture compiles (or loads) first,
in the driver: the pool's forks inherit it, and each Ray worker only loads the cache it wrote.
(With a second game, or a core left to the workers, a fresh clone compiled cores in forks and
Ray workers on a busy CI machine: minutes. What is checked here is the backend, which is the
same for every game.)
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import ray
from typer.testing import CliRunner

from ludoteca.cli.main import app
from ludoteca.engine import compiled
from ludoteca.sim import SimulationResult, simulate
from ludoteca.sim.backends import RayBackend
from ludoteca.sim.tournament import TournamentResult, run_tournament

GAME = "exploding-kittens"
# two workers' worth of blocks (block_size: 8 games each, 15 tasks), so that the Ray run has
# many tasks to batch, not one block of every game
SIM = {"game_id": GAME, "n": 120, "num_players": 3, "agents": ["random"], "workers": 2}
SIM_SEED = 11
TOURNEY = {
    "game_id": GAME,
    "agents": ["random", "heuristic"],
    "n": 6,
    "num_players": 2,
    "bootstrap": 100,
}
TOURNEY_SEED = 4
# one worker runs the whole module (scripts/test runs xdist with --dist loadgroup): else each
# worker that gets one of its tests starts a Ray instance of its own
pytestmark = pytest.mark.xdist_group("ray")

CLI_ARGS = ["simulate", "exploding-kittens", "-n", "40", "-a", "random,heuristic", "--seed", "7"]


@dataclass
class Runs:
    local_sim: SimulationResult
    ray_sim: SimulationResult
    local_tourney: TournamentResult
    ray_tourney: TournamentResult
    cli_local: SimulationResult
    ray_blocks: int  # the Ray run's block tasks (read before ``games`` joins them)


def _rows(result: SimulationResult | TournamentResult) -> list[dict[str, Any]]:
    return [{**g.to_row(), "record": g.record} for g in result.games]


@pytest.fixture(scope="module")
def runs() -> Iterator[Runs]:
    compiled.warm_up([GAME])  # here, once, before any fork or Ray worker needs the core
    local_sim = simulate(**SIM, seed=SIM_SEED)
    local_tourney = run_tournament(**TOURNEY, seed=TOURNEY_SEED, workers=2)
    cli_local = simulate(GAME, 40, 2, ["random", "heuristic"], seed=7)
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("RAY_USAGE_STATS_ENABLED", "0")
        ray.init(
            num_cpus=1, include_dashboard=False, log_to_driver=False, logging_level=logging.ERROR
        )
        try:
            # uneven batches (15 block tasks = 7 x 2 + 1) and a window smaller than the batch
            # count
            backend = RayBackend(batch_size=2, in_flight=3)
            with backend:
                ray_sim = simulate(**SIM, seed=SIM_SEED, backend=backend)
                ray_tourney = run_tournament(**TOURNEY, seed=TOURNEY_SEED, backend=backend)
            blocks = len(ray_sim.blocks)
            yield Runs(local_sim, ray_sim, local_tourney, ray_tourney, cli_local, blocks)
        finally:
            ray.shutdown()


def test_simulation_on_ray_gives_the_local_pools_records_and_summary(runs: Runs) -> None:
    assert runs.ray_blocks == 15  # many tasks, handed out in batches
    assert len(runs.ray_sim.games) == SIM["n"]
    assert [g.index for g in runs.ray_sim.games] == list(range(SIM["n"]))
    assert _rows(runs.ray_sim) == _rows(runs.local_sim)
    assert all(g.record["actions"] for g in runs.ray_sim.games)  # full match records came back
    assert runs.ray_sim.summary() == runs.local_sim.summary()


def test_tournament_on_ray_gives_the_local_pools_games_and_ratings(runs: Runs) -> None:
    assert _rows(runs.ray_tourney) == _rows(runs.local_tourney)
    assert runs.ray_tourney.to_json() == runs.local_tourney.to_json()


def test_ray_backend_runs_the_batches_in_ray_workers(runs: Runs) -> None:
    with RayBackend(batch_size=4) as backend:
        pids = list(backend.map(_pid_of, list(range(10))))
    assert sorted(i for i, _ in pids) == list(range(10))
    assert os.getpid() not in {p for _, p in pids}
    assert ray.is_initialized()  # it joined the running instance, so it left it running


def _pid_of(i: int) -> tuple[int, int]:
    return i, os.getpid()


def test_cli_simulate_on_ray_writes_the_local_pools_records(runs: Runs, tmp_path: Path) -> None:
    out = tmp_path / "ray.jsonl"
    res = CliRunner().invoke(
        app, [*CLI_ARGS, "--backend", "ray", "--batch-size", "6", "--out", str(out), "--lang", "en"]
    )
    assert res.exit_code == 0, res.output
    assert "games per task: 6" in res.output
    assert "40 games of Exploding Kittens" in res.output
    written = sorted(
        (json.loads(line) for line in out.read_text("utf-8").splitlines()),
        key=lambda r: r["index"],
    )
    assert written == _rows(runs.cli_local)
