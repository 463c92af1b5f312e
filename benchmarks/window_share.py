"""The share of an Exploding Kittens game spent in Nope windows (issue 14 item 4).

Plays 4-player games through the server's own table manager (SQLite in a temporary folder):
four simulated people who choose their moves as the heuristic agent does and answer with
delays drawn from a simple model of people (log-normal: a turn's move after a median 2 s, a Nope
after a median 1.2 s, a pass after a median 1 s, clicked by 60% of those who do not Nope (the
others let the window run out), or by all of them in the last setting). Time runs ``--scale`` times faster than a real table (the
figures printed are in real-table seconds). For each setting: the game time, the time in
windows, its share, and the Nopes refused (their window had closed, or another Nope came first).

    python benchmarks/window_share.py --games 4
"""

from __future__ import annotations

import argparse
import asyncio
import math
import random
import statistics
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from ludoteca.agents import make_agent
from ludoteca.engine import SeatHandle, get_game
from ludoteca.server.config import Settings
from ludoteca.server.db import Store, make_engine, migrate
from ludoteca.server.errors import ApiError
from ludoteca.server.schemas import CreateTable, JoinTable, SeatSpec
from ludoteca.server.tables import TableManager
from ludoteca.server.timers import open_window

TURN, NOPE, PASS = (1.5, 0.6), (1.2, 0.45), (1.0, 0.5)  # (median s, log-normal sigma)
# (name, window seconds, close early, share of people who click pass when they do not Nope)
SETTINGS = (
    ("before: 4 s", 4.0, False, 0.6),
    ("3 s", 3.0, False, 0.6),
    ("3 s, close early", 3.0, True, 0.6),
    ("3 s, early, all pass", 3.0, True, 1.0),
)


def delay(rng: random.Random, model: tuple[float, float]) -> float:
    return model[0] * math.exp(rng.gauss(0, model[1]))


def late_share(model: tuple[float, float], seconds: float) -> float:
    """P(a log-normal delay > seconds)."""
    z = math.log(seconds / model[0]) / model[1]
    return 0.5 * math.erfc(z / math.sqrt(2))


@dataclass
class Game:
    seconds: float = 0.0
    in_windows: float = 0.0
    windows: int = 0
    nopes: int = 0
    late: int = 0
    tasks: set[asyncio.Task[None]] = field(default_factory=set)


async def play(
    m: TableManager, seconds: float, early: bool, click_pass: float, scale: float, seed: int
) -> Game:
    rng = random.Random(seed)
    game = get_game("exploding-kittens")
    req = CreateTable(
        game=game.id,
        num_players=4,
        seats=[SeatSpec(kind="human")] * 4,
        window_seconds=seconds * scale,
        window_close_early=early,
    )
    m.rng = random.Random(seed)  # type: ignore[assignment]  (the same deals for each setting)
    table, _ = await m.create(req)
    tokens = [(await m.join(table.id, JoinTable(name=f"P{i}")))[2] for i in range(4)]
    agents = {p: make_agent("heuristic", game, seed * 10 + p) for p in range(4)}
    out = Game()
    loop = asyncio.get_running_loop()

    async def answer(p: int, wait: float, action: dict[str, object], at: int, nope: bool) -> None:
        await asyncio.sleep(wait * scale)
        try:
            await m.submit(table.id, tokens[p], action, at)
        except ApiError:
            if nope:
                out.late += 1  # its window had closed, or another Nope came first

    scheduled: dict[int, int] = {}
    start = loop.time()
    last, opened = None, 0.0
    while table.status != "finished":
        now = loop.time()
        w = table.window
        if w is not last:
            if last is not None:
                out.in_windows += now - opened
            if w is not None:
                out.windows += 1
                opened = now
            last = w
        state = table.state
        assert state is not None
        window = open_window(state)
        for p in state.actors:
            if scheduled.get(p) == table.move_count or (w is not None and p in w.passed):
                continue
            scheduled[p] = table.move_count
            action = agents[p].act(SeatHandle(state.clone(), p))
            nope = False
            if window is not None and action == window.pass_action:
                if rng.random() >= click_pass:
                    continue  # lets the window run out
                wait = delay(rng, PASS)
            elif window is not None:
                nope = True
                out.nopes += 1
                wait = delay(rng, NOPE)
            else:
                wait = delay(rng, TURN)
            task = asyncio.create_task(answer(p, wait, action.to_json(), table.move_count, nope))
            out.tasks.add(task)
            task.add_done_callback(out.tasks.discard)
        await asyncio.sleep(0.002)
    if last is not None:
        out.in_windows += loop.time() - opened
    out.seconds = loop.time() - start
    for t in list(out.tasks):
        t.cancel()
    out.seconds /= scale
    out.in_windows /= scale
    return out


async def main(games: int, scale: float) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        engine = make_engine(f"sqlite:///{Path(tmp) / 'w.sqlite3'}", autocheckpoint=False)
        migrate(engine)
        m = TableManager(Store(engine), Settings(database_url="sqlite://", ai_delay=0))
        await m.start()
        results: dict[str, list[Game]] = {name: [] for name, *_ in SETTINGS}
        try:
            for i in range(games):  # the settings interleaved, each on the same deals' seeds
                for name, seconds, early, click in SETTINGS:
                    results[name].append(await play(m, seconds, early, click, scale, 1000 + i))
        finally:
            await m.stop()
            engine.dispose()
    print(f"4-player Exploding Kittens, {games} games per setting (time x{1 / scale:g})")
    head = f"{'setting':<22} {'game s':>8} {'windows':>8} {'in windows s':>13}"
    print(head + f" {'share':>7} {'Nopes':>6} {'refused':>8}")
    for name, rows in results.items():
        t = statistics.mean(r.seconds for r in rows)
        w = statistics.mean(r.in_windows for r in rows)
        n = statistics.mean(r.windows for r in rows)
        share = sum(r.in_windows for r in rows) / sum(r.seconds for r in rows)
        nopes, late = sum(r.nopes for r in rows), sum(r.late for r in rows)
        print(f"{name:<22} {t:>8.1f} {n:>8.1f} {w:>13.1f} {share:>7.1%} {nopes:>6} {late:>8}")
    print("Nopes the model sends after a window of S seconds has closed:")
    print("  " + ", ".join(f"{s:g} s: {late_share(NOPE, s):.1%}" for s in (2, 2.5, 3, 4)))


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--games", type=int, default=4, help="games per setting")
    ap.add_argument("--scale", type=float, default=0.1, help="time runs this much faster")
    args = ap.parse_args()
    asyncio.run(main(args.games, args.scale))
