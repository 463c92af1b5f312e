#!/usr/bin/env python3
"""Honest grades (issue 22, item 7): does the game review order random < heuristic < strong?

Per game: ``-n`` simulated games of ``random`` against ``heuristic`` and ``-n`` of ``heuristic``
against ``strong`` (seats rotated; ``--pairings rh,hs,hh`` adds ``-n`` of ``heuristic`` against
itself, so that every agent is graded facing the same opponent), every seat reviewed with the game's
default budget (``review/budgets.toml``). Prints per pairing and pooled, per agent, the mean
loss per decision and the
accuracy with 95% intervals (games as the independent units), the review's own noise (the spread
of one decision's loss over ``--repeats`` reviews with different seeds, averaged over
``--noise-decisions`` decisions), and the time of a whole 2-player review (both seats of one
game) on this machine.

    .venv/bin/python benchmarks/review_grades.py -n 3 --games exploding-kittens  # a minute
    .venv/bin/python benchmarks/review_grades.py -n 50 --workers 2               # the issue's N

The strong seat is the ``strong`` level's agent (``agents/levels.toml``) **without its wall-time
cap**: the level's spec with ``seconds=`` removed, so it plays its fixed iteration budget
whatever the machine's load (the lobby's level stops after a second of wall time, which on a
shared machine cuts Sala de Miaula's 2,000 iterations to a few hundred). ``--strong SPEC``
plays another agent (``--strong level`` keeps the lobby's capped spec). Games read with
``--records`` were played by whoever their files name.

``--records 'DIR/{game}-*.jsonl'`` takes the heuristic-against-strong games from ``ludoteca
simulate --out`` files instead of playing them again (the strong agents' games are most of the
cost, and their win rates are read from the same runs); ``--budget key=value`` reviews with
another budget than ``budgets.toml``'s (a judge to compare before making it the default; e.g.
``--budget search=200``, the search judge of ``review/search.py``, Exploding Kittens' and
Coatl's default since their review format 4; ``--budget search=null`` turns it off). Where another judge than the playouts grades, the playouts' grade
of the same decisions is printed below it (so a search-graded game needs no run without it).
"""

from __future__ import annotations

import argparse
import glob
import json
import math
import statistics
import time
from dataclasses import replace

from ludoteca.agents import levels_for
from ludoteca.engine import MatchRecord
from ludoteca.review import default_budget, review_seat
from ludoteca.review.grades import accuracy
from ludoteca.review.many import grades_by_agent, review_many, tasks_for
from ludoteca.review.nine_domains import RoundGrader
from ludoteca.review.seat_review import grade_seat_decision
from ludoteca.review.values import Estimator, ReviewBudget
from ludoteca.sim import simulate
from ludoteca.sim.backends import LocalPool

GAMES = ["nine-domains", "sala-de-miaula", "exploding-kittens", "coatl"]


def uncapped(spec: str) -> str:
    """``spec`` without its ``seconds=`` option: the agent plays its iteration budget to the end,
    however loaded the machine (an agent spec is ``name:key=value:...``)."""
    name, *options = spec.split(":")
    kept = [o for o in options if o.partition("=")[0] != "seconds"]
    return ":".join([name, *kept])


PAIRINGS = ("rh", "hs", "hh")  # random v heuristic, heuristic v strong, heuristic v heuristic


def strong_spec(game_id: str, choice: str | None) -> str:
    """The strong seat's agent: ``choice`` (``"level"``: the level's spec as the lobby plays
    it), else the ``strong`` level's spec uncapped."""
    level = levels_for(game_id)["strong"]
    if choice is None:
        return uncapped(level)
    return level if choice == "level" else choice


def noise(
    record: MatchRecord, seat: int, decisions: int, repeats: int, budget: ReviewBudget
) -> tuple[float, int]:
    """Mean over the seat's first ``decisions`` graded decisions of the standard deviation of
    their loss over ``repeats`` review seeds; and how many were measured. The loss is the
    review's grade: the round's equilibrium's for a placement of The Nine Domains, else the
    search judge's where the budget has one, else the playouts'."""
    game = record.get_game()
    state = record.initial_state()
    sds: list[float] = []
    for i, (p, data) in enumerate(record.actions):
        action = game.action_from_record(data, record.rules_version)
        if p == seat and len(state.legal_actions(seat)) > 1 and len(sds) < decisions:
            losses = [
                grade_seat_decision(
                    Estimator(game, seat, budget, s), RoundGrader(seat, s), state, i, action
                ).loss
                for s in range(repeats)
            ]
            sds.append(statistics.stdev(losses))
        state.apply(p, action)
    return (sum(sds) / len(sds) if sds else math.nan), len(sds)


def playouts_grade(review: dict) -> dict:
    """The review as the playouts graded it (their grade is kept beside another judge's)."""
    ds = review["decisions"]
    return {
        **review,
        "total_delta": sum(d["playout_delta"] for d in ds),
        "accuracy": accuracy([d["playout_loss"] for d in ds]),
    }


def print_grades(reviews: list[dict]) -> None:
    for g in grades_by_agent(reviews):
        lo, hi = g.loss_interval
        alo, ahi = g.accuracy_interval
        print(
            f"  {g.agent:>60}: {g.reviews:3d} seats, {g.decisions:5d} decisions, "
            f"mean loss {g.mean_loss:.3f} [{lo:.3f}, {hi:.3f}], "
            f"accuracy {g.accuracy:5.1f} [{alo:5.1f}, {ahi:5.1f}]"
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("-n", type=int, default=50, help="games per pairing")
    ap.add_argument("--games", default=",".join(GAMES), help="comma-separated game ids")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--repeats", type=int, default=5, help="review seeds for the noise")
    ap.add_argument("--noise-decisions", type=int, default=6)
    ap.add_argument(
        "--pairings",
        default="rh,hs",
        help="the pairings played, comma-separated: rh (random v heuristic), hs (heuristic v"
        " strong), hh (heuristic v heuristic: with rh and hs, every agent graded facing the same"
        " opponent); each pairing's grades apart (an agent's loss per decision depends on the"
        " positions its opponent leads it into), then pooled",
    )
    ap.add_argument("--no-strong", action="store_true", help="--pairings rh")
    ap.add_argument("--only-strong", action="store_true", help="--pairings hs")
    ap.add_argument(
        "--strong",
        metavar="SPEC",
        help="the strong seat's agent spec (default: the strong level's, without seconds=;"
        " 'level': the level's as the lobby plays it, wall-time cap included)",
    )
    ap.add_argument(
        "--records",
        help="heuristic-against-strong games from `ludoteca simulate --out` .jsonl files: a glob"
        " with {game} for the game id (the first -n games are reviewed)",
    )
    ap.add_argument(
        "--budget",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="review budget field over budgets.toml's (JSON values; null turns it off), repeatable",
    )
    args = ap.parse_args()
    changes = {}
    for item in args.budget:
        key, _, value = item.partition("=")
        try:
            changes[key] = json.loads(value)
        except json.JSONDecodeError:
            changes[key] = value

    chosen = set(args.pairings.split(","))
    chosen = {"rh"} if args.no_strong else {"hs"} if args.only_strong else chosen
    if not chosen <= set(PAIRINGS):
        ap.error(f"--pairings: choose among {', '.join(PAIRINGS)}")
    for game_id in args.games.split(","):
        strong = strong_spec(game_id, args.strong)
        pairs = [["random", "heuristic"], ["heuristic", strong], ["heuristic", "heuristic"]]
        # None turns a field off (search=null: the playouts grade); default_budget skips Nones
        budget = replace(
            default_budget(game_id, **changes),
            **{k: None for k, v in changes.items() if v is None},
        )
        print(f"== {game_id} (strong = {strong}; budget {budget.to_json()})")
        t0 = time.perf_counter()
        records: list[dict] = []
        pairing: list[str] = []  # each record's pairing, for its grades apart
        for k, pair in enumerate(pairs):
            if PAIRINGS[k] not in chosen:
                continue
            before = len(records)
            if k == 1 and args.records:
                rows = []
                for path in sorted(glob.glob(args.records.format(game=game_id))):
                    with open(path, encoding="utf-8") as f:
                        rows += [json.loads(line) for line in f if line.strip()]
                rows.sort(key=lambda r: (r["seed"], r["index"]))
                records += [r["record"] for r in rows[: args.n]]
                print(f"  {min(len(rows), args.n)} heuristic-strong games from {args.records}")
            else:
                res = simulate(game_id, args.n, 2, pair, args.seed + 10_000 * k, args.workers)
                records += [g.record for g in res.games]
            pairing += [" v ".join(pair)] * (len(records) - before)
        print(f"  {len(records)} games simulated or read in {time.perf_counter() - t0:.1f} s")

        t0 = time.perf_counter()
        c0 = time.process_time()
        with LocalPool(args.workers) as pool:
            reviews = list(review_many(tasks_for(records, args.seed, budget), pool.map))
        spent = time.perf_counter() - t0
        cpu = time.process_time() - c0
        # one game's review on one worker: both seats, the time divided by the workers' share
        per_game = spent * args.workers / len(records)
        judges = {d["judge"] for r in reviews for d in r["decisions"]}
        print(f"  graded by: {', '.join(sorted(judges))}")
        # each pairing apart (an agent's loss depends on the positions its opponent leads it
        # into), then all pooled; reviews come two a record, in the records' order
        groups = {p: [r for i, r in enumerate(reviews) if pairing[i // 2] == p] for p in pairing}
        if len(groups) > 1:
            groups["all pairings pooled"] = reviews
        for name, rs in groups.items():
            print(f"  {name}:")
            print_grades(rs)
            if judges != {"playout"}:
                print("    the playouts' grade of the same decisions (kept beside):")
                print_grades([playouts_grade(r) for r in rs])
        print(f"  whole 2-player review (both seats): {per_game:.1f} s per game (one worker)")
        if args.workers == 1:
            print(f"  its CPU time: {cpu / len(records):.1f} s per game (this process)")

        t0 = time.perf_counter()
        first = MatchRecord.from_json(records[0])
        sd, m = noise(first, 1, args.noise_decisions, args.repeats, budget)
        print(
            f"  noise: sd of one decision's loss over {args.repeats} seeds = {sd:.3f}"
            f" (mean over {m} decisions; {time.perf_counter() - t0:.1f} s)"
        )
        # the same timing for one review of one seat, as a cross-check
        t0 = time.perf_counter()
        review_seat(first, 0, budget)
        print(f"  one seat's review: {time.perf_counter() - t0:.1f} s")


if __name__ == "__main__":
    main()
