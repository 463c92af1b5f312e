#!/usr/bin/env python3
"""Our compiled cores against the peers', measured side by side in one run (rounds alternate
the arms, medians printed; CPU time of the measuring thread on both sides), never against
figures from elsewhere:

- Exploding Kittens, random play, whole games from the deal, 2 and 4 players: our core's own
  loop (``core.random_games``) against TAG's forward model (TabletopGames, Java: its raw loop
  of ``computeAvailableActions`` -> a uniform choice -> ``next``), games/s and steps a game;
- ``determinize`` (what ISMCTS calls every iteration) from positions of random games, 2 and 4
  players, against TAG's ``copy(player)`` (a copy with the hidden cards redeterminized):
  positions revisited for the same seat, as ISMCTS revisits its root (the state keeps its
  unseen pool between calls), and for another seat at every visit (nothing kept serves);
- The Nine Domains' core (random play, 2 players) against OpenSpiel's goofspiel with 9 cards,
  played in C++ (``pyspiel.evaluate_bots`` with uniform random bots: one Python call a game).

TAG is not ours and is not in this repository: give a build of it (compiled classes, with the
jars they need) as a Java class path with ``--tag-classpath`` or ``LUDOTECA_TAG_CLASSPATH``;
this script compiles its small driver (below, ours) against it with ``javac`` and talks to one
JVM through stdin, so the JIT stays warm across rounds. ``--java`` (or ``LUDOTECA_JAVA``) names
the ``java`` to use (its ``javac`` beside it). Without a TAG class path, or without
``open_spiel``, the peer's cells read ``-`` and only our figures print.

    python benchmarks/peers.py --seconds 1 --rounds 5
    LUDOTECA_TAG_CLASSPATH=/path/to/tag/classes:... python benchmarks/peers.py
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

import ludoteca
from ludoteca.engine import compiled as fast

# one measurement: (how many, steps in them, CPU seconds)
Rate = tuple[int, int, float]

DRIVER = r"""
import core.AbstractGameState;
import core.actions.AbstractAction;
import games.explodingkittens.ExplodingKittensForwardModel;
import games.explodingkittens.ExplodingKittensGameState;
import games.explodingkittens.ExplodingKittensParameters;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** ludoteca's benchmark driver: one command a line, one answer a line (this thread's CPU). */
public class LudotecaPeer {
    static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();
    static final ExplodingKittensForwardModel FM = new ExplodingKittensForwardModel();

    static double now() { return CPU.getCurrentThreadCpuTime() / 1e9; }

    static ExplodingKittensGameState fresh(int players, long seed) {
        ExplodingKittensParameters p = new ExplodingKittensParameters();
        p.setRandomSeed(seed);
        ExplodingKittensGameState s = new ExplodingKittensGameState(p, players);
        FM.setup(s);
        return s;
    }

    static void step(ExplodingKittensGameState s, Random rnd) {
        List<AbstractAction> acts = FM.computeAvailableActions(s);
        FM.next(s, acts.get(rnd.nextInt(acts.size())));
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String line;
        while ((line = in.readLine()) != null) {
            String[] w = line.trim().split("\\s+");
            int players = Integer.parseInt(w[1]);
            double seconds = Double.parseDouble(w[2]);
            long seed = Long.parseLong(w[3]);
            Random rnd = new Random(seed);
            long count = 0, steps = 0;
            double t0, dt;
            if (w[0].equals("games")) {
                t0 = now();
                do {
                    ExplodingKittensGameState s = fresh(players, seed + count);
                    while (s.isNotTerminal()) { step(s, rnd); steps++; }
                    count++;
                    dt = now() - t0;
                } while (dt < seconds);
            } else {
                List<AbstractGameState> positions = new ArrayList<>();
                for (int g = 0; positions.size() < 400; g++) {
                    ExplodingKittensGameState s = fresh(players, seed + g);
                    for (int k = 0; s.isNotTerminal(); k++) {
                        if (k % 5 == 2) positions.add(s.copy());
                        step(s, rnd);
                    }
                }
                t0 = now();
                do {
                    AbstractGameState s = positions.get((int) (count % positions.size()));
                    s.copy(s.getCurrentPlayer());
                    count++;
                    dt = now() - t0;
                } while (dt < seconds);
            }
            System.out.println(count + " " + steps + " " + dt);
            System.out.flush();
        }
    }
}
"""


class Tag:
    """One JVM running the driver against the TAG build on ``classpath``."""

    def __init__(self, classpath: str, java: str, workdir: Path) -> None:
        javac = str(Path(java).with_name("javac")) if os.sep in java else "javac"
        (workdir / "LudotecaPeer.java").write_text(DRIVER)
        subprocess.run(
            [
                javac,
                "-nowarn",
                "-d",
                str(workdir),
                "-cp",
                classpath,
                str(workdir / "LudotecaPeer.java"),
            ],
            check=True,
        )
        cp = os.pathsep.join([str(workdir), classpath])
        self.proc = subprocess.Popen(
            [java, "-cp", cp, "LudotecaPeer"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def ask(self, what: str, players: int, seconds: float, seed: int) -> Rate:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(f"{what} {players} {seconds} {seed}\n")
        self.proc.stdin.flush()
        count, steps, dt = self.proc.stdout.readline().split()
        return int(count), int(steps), float(dt)

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)


def _timed(fn: Callable[[], tuple[int, int]], seconds: float) -> Rate:
    count = steps = 0
    t0 = time.process_time()
    while True:
        c, s = fn()
        count += c
        steps += s
        dt = time.process_time() - t0
        if dt >= seconds:
            return count, steps, dt


def core_games(
    gid: str, n: int, seed: list[int], batch: int = 200
) -> Callable[[], tuple[int, int]]:
    """The core's own loop: whole random games, dealt in compiled code."""
    game = ludoteca.get_game(gid)
    core = fast.core_for(game)
    assert core is not None
    options = getattr(game.new_game(n, 0, {}), "options", None)

    def run() -> tuple[int, int]:
        s = seed[0]
        seed[0] += batch
        seeds = np.arange(s, s + batch, dtype=np.int64)
        agent_seeds = seeds[:, None] * 31 + np.arange(n, dtype=np.int64)[None, :]
        moves = core.random_games(seeds, n, options, agent_seeds)[0]  # type: ignore[attr-defined]
        return batch, int(moves.sum())

    return run


def determinizations(n: int, seed: int, rotate: bool = False) -> Callable[[], tuple[int, int]]:
    """``determinize`` for the player to move, over positions of random games (every 5th),
    visited in turn as ISMCTS revisits its root: a state keeps what it worked out for the last
    seat it determinized for (its unseen pool), so from the second visit on that is reused.
    ``rotate``: for the next seat at every visit instead, so nothing kept ever serves (the cost
    of a first determinize of a position)."""
    game = ludoteca.get_game("exploding-kittens")
    rng = random.Random(seed)
    positions: list[tuple[ludoteca.GameState, int]] = []
    g = 0
    while len(positions) < 400:
        st = game.new_game(n, seed + g, {})
        k = 0
        while not st.is_over:
            p = st.actors[0]
            if k % 5 == 2:
                positions.append((st.clone(), p))
            st.apply(p, rng.choice(st.legal_actions(p)))
            k += 1
        g += 1

    visit = [0]

    def run() -> tuple[int, int]:
        if rotate:
            visit[0] += 1
            for st, p in positions:
                st.determinize((p + visit[0]) % n, rng)
        else:
            for st, p in positions:
                st.determinize(p, rng)
        return len(positions), 0

    return run


def goofspiel(seed: list[int]) -> Callable[[], tuple[int, int]] | None:
    """OpenSpiel's goofspiel, 9 cards, 2 players, whole games in C++ with uniform random bots."""
    try:
        import pyspiel
    except ImportError:
        return None
    g = pyspiel.load_game("goofspiel", {"num_cards": 9, "players": 2})
    bots = [pyspiel.make_uniform_random_bot(p, 1 + p) for p in range(2)]

    def run() -> tuple[int, int]:
        for _ in range(100):
            pyspiel.evaluate_bots(g.new_initial_state(), bots, seed[0])
            seed[0] += 1
        return 100, 100 * 9 * 2  # nine rounds, two decisions each

    return run


def _cell(r: Rate | None, per_step: bool = True) -> str:
    if r is None:
        return "-"
    count, steps, dt = r
    text = f"{count / dt:,.0f}"
    return f"{text} ({steps / count:.0f})" if per_step and steps else text


def _median(rates: list[Rate]) -> Rate | None:
    if not rates:
        return None
    return min(
        rates, key=lambda r: abs(r[0] / r[2] - statistics.median(x[0] / x[2] for x in rates))
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=1.0, help="per arm and round")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--tag-classpath", default=os.environ.get("LUDOTECA_TAG_CLASSPATH"))
    ap.add_argument("--java", default=os.environ.get("LUDOTECA_JAVA") or shutil.which("java"))
    args = ap.parse_args(argv)
    if not fast.AVAILABLE:
        print("no compiled cores here (numba missing)")
        return 1
    fast.warm_up(["exploding-kittens", "nine-domains"])
    with tempfile.TemporaryDirectory() as d:
        tag = (
            Tag(args.tag_classpath, args.java, Path(d))
            if args.tag_classpath and args.java
            else None
        )
        # rows: (label, our arm, the peer's arm)
        rows: list[tuple[str, Callable[[], Rate], Callable[[], Rate] | None]] = []

        def ours(fn: Callable[[], tuple[int, int]]) -> Callable[[], Rate]:
            return lambda: _timed(fn, args.seconds)

        def peer(what: str, n: int) -> Callable[[], Rate] | None:
            if tag is None:
                return None
            seeds = [0]

            def run() -> Rate:
                seeds[0] += 100_000  # new deals every round
                return tag.ask(what, n, args.seconds, seeds[0])

            return run

        for n in (2, 4):
            rows.append(
                (
                    f"EK {n}p games/s (steps a game)",
                    ours(core_games("exploding-kittens", n, [0])),
                    peer("games", n),
                )
            )
        for n in (2, 4):
            rows.append(
                (f"EK {n}p determinize/s vs copy(p)", ours(determinizations(n, 7)), peer("copy", n))
            )
            rows.append(
                (
                    f"EK {n}p  ... a new seat each visit",
                    ours(determinizations(n, 7, rotate=True)),
                    peer("copy", n),
                )
            )
        spiel = goofspiel([0])
        rows.append(
            (
                "ND 2p games/s vs goofspiel(9)",
                ours(core_games("nine-domains", 2, [0])),
                None if spiel is None else ours(spiel),
            )
        )
        # a first pass of every arm before the rounds: numba's compile or cache load of the
        # batch loops, the JVM's JIT
        for _, ours_fn, peer_fn in rows:
            ours_fn()
            if peer_fn is not None:
                peer_fn()
        got: dict[str, tuple[list[Rate], list[Rate]]] = {r[0]: ([], []) for r in rows}
        for _ in range(args.rounds):
            for label, ours_fn, peer_fn in rows:
                got[label][0].append(ours_fn())
                if peer_fn is not None:
                    got[label][1].append(peer_fn())
        if tag:
            tag.close()
    print(
        f"one core each, CPU time, medians of {args.rounds} alternating rounds of {args.seconds} s"
    )
    print(f"{'':34} {'ours':>18} {'peer':>18} {'ours/peer':>9}")
    for label, _, _ in rows:
        o, p = (_median(x) for x in got[label])
        ratio = "-" if o is None or p is None else f"{(o[0] / o[2]) / (p[0] / p[2]):.2f}"
        per_step = "games" in label and "goofspiel" not in label
        print(f"{label:34} {_cell(o, per_step):>18} {_cell(p, per_step):>18} {ratio:>9}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
