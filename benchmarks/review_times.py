#!/usr/bin/env python3
"""Time of a whole 2-player review (both seats, the game's default budget, one process) per
game, for issue 22's limits (60 s for The Nine Domains and Sala de Miaula, 120 s for Coatl and
Exploding Kittens); also a practice hint's time at the game's first decision with a choice.

    .venv/bin/python benchmarks/review_times.py            # every game, one game each
    .venv/bin/python benchmarks/review_times.py -n 3 --games coatl
"""

from __future__ import annotations

import argparse
import os
import time

from ludoteca.engine import MatchRecord
from ludoteca.review import default_budget, review_seat
from ludoteca.review.hint import best_moves
from ludoteca.review.values import hint_budget
from ludoteca.sim.runner import play_one

GAMES = ["nine-domains", "sala-de-miaula", "exploding-kittens", "coatl"]
LIMIT = {"nine-domains": 60, "sala-de-miaula": 60, "exploding-kittens": 120, "coatl": 120}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("-n", type=int, default=1, help="games per title (random v heuristic)")
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores at the start")
    for game_id in args.games.split(","):
        times, cpus, hints, moves = [], [], [], []
        for i in range(args.n):
            rec = MatchRecord.from_json(
                play_one(game_id, 2, ["random", "heuristic"], args.seed, i).record
            )
            moves.append(len(rec.actions))
            t0, c0 = time.perf_counter(), time.process_time()
            for seat in (0, 1):
                review_seat(rec, seat, default_budget(game_id))
            times.append(time.perf_counter() - t0)
            # the CPU time too: on a shared machine the wall time says more of the others' jobs
            cpus.append(time.process_time() - c0)
            state = rec.initial_state()
            game = rec.get_game()
            for p, data in rec.actions:
                if len(state.legal_actions(p)) > 1:
                    t0 = time.perf_counter()
                    best_moves(state, p, hint_budget(game_id), 0)
                    hints.append(time.perf_counter() - t0)
                    break
                state.apply(p, game.action_from_record(data, rec.rules_version))
        mean = sum(times) / len(times)
        print(
            f"{game_id:>18}: whole 2-player review {mean:6.1f} s wall, "
            f"{sum(cpus) / len(cpus):6.1f} s CPU (max wall {max(times):.1f}; "
            f"limit {LIMIT.get(game_id, '?')} s; {sum(moves) / len(moves):.0f} actions a game), "
            f"hint {sum(hints) / max(1, len(hints)):.2f} s"
        )


if __name__ == "__main__":
    main()
