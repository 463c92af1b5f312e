"""The AI levels' fixed ratings (issue 21 item 2): a tournament among easy, medium and strong.

For each game, every pair of levels plays ``--games`` two-player games (seats swapped every
other game, deal ``seed + i``), and, for a game of three or more players, as many games with
the three levels at one table (seats rotated). Each game's ranking updates the levels'
ratings with openskill's Plackett-Luce model (the one people are rated with, server/ratings.py),
all three starting where a new person starts (mu 25, sigma 25/3), the games taken in a seeded
shuffled order. Plackett-Luce updates move mu about as much up as down, so the levels' mean
stays near a new person's 25: a newcomer is placed between the levels until games say more.

Prints each level's figures (mu, sigma, shown = mu - 3 sigma, win share) and, with
``--write``, writes ``src/ludoteca/server/ai_ratings.toml`` (checked at load by
server/ratings_anchors.py).

    python benchmarks/ai_anchors.py --games 12 --write
"""

from __future__ import annotations

import argparse
import itertools
import random
import time
import tomllib
from datetime import UTC, datetime
from pathlib import Path

from openskill.models import PlackettLuce

from ludoteca.agents.levels import LEVELS, levels_for
from ludoteca.engine import list_games
from ludoteca.sim.runner import play_one

OUT = Path(__file__).resolve().parents[1] / "src" / "ludoteca" / "server" / "ai_ratings.toml"


def tournament(
    game_id: str, max_players: int, games: int, seed: int
) -> list[tuple[list[str], list[int]]]:
    """(the levels at the seats, the ranking) of every game played."""
    specs = levels_for(game_id)
    played = []
    tasks: list[list[str]] = []
    for a, b in itertools.combinations(LEVELS, 2):
        tasks += [[a, b] if i % 2 == 0 else [b, a] for i in range(games)]
    if max_players >= 3:
        tasks += [[LEVELS[(s + i) % 3] for s in range(3)] for i in range(games)]
    for i, seats in enumerate(tasks):
        out = play_one(game_id, len(seats), [specs[lv] for lv in seats], seed, i, keep_record=False)
        played.append((seats, list(out.ranking)))
    return played


def fit(
    played: list[tuple[list[str], list[int]]], seed: int
) -> dict[str, tuple[float, float, int, float]]:
    """level -> (mu, sigma, games, win share)."""
    model = PlackettLuce()
    ratings = {lv: model.rating() for lv in LEVELS}
    order = list(played)
    random.Random(seed).shuffle(order)
    n = dict.fromkeys(LEVELS, 0)
    wins = dict.fromkeys(LEVELS, 0.0)
    for seats, ranking in order:
        new = model.rate([[ratings[lv]] for lv in seats], ranks=[float(r) for r in ranking])
        firsts = [i for i, r in enumerate(ranking) if r == 1]
        for i, lv in enumerate(seats):
            ratings[lv] = new[i][0]
            n[lv] += 1
            if i in firsts:
                wins[lv] += 1 / len(firsts)
    return {
        lv: (float(ratings[lv].mu), float(ratings[lv].sigma), n[lv], wins[lv] / max(1, n[lv]))
        for lv in LEVELS
    }


def toml_text(
    figures: dict[str, dict[str, tuple[float, float, int, float]]], games: int, seed: int
) -> str:
    lines = [
        "# The AI levels' fixed ratings (openskill Plackett-Luce, the people's scale).",
        "# Written by benchmarks/ai_anchors.py; checked at load (server/ratings_anchors.py);",
        "# how they were measured: docs/ratings.md.",
        "",
        "[measured]",
        f'at = "{datetime.now(UTC).strftime("%Y-%m-%d")}"',
        f"games_per_pair = {games}",
        f"seed = {seed}",
        "",
    ]
    for game_id, levels in figures.items():
        for lv, (mu, sigma, n, _) in levels.items():
            lines += [
                f"[games.{game_id}.{lv}]",
                f"mu = {mu:.3f}",
                f"sigma = {sigma:.3f}",
                f"games = {n}",
                "",
            ]
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--games", type=int, default=12, help="games per pair of levels (and of the trio)"
    )
    ap.add_argument("--seed", type=int, default=2112)
    ap.add_argument("--game", action="append", help="only these games (default: all)")
    ap.add_argument("--write", action="store_true", help=f"write {OUT.name}")
    ap.add_argument("--out", type=Path, default=OUT, help="the file --write writes")
    args = ap.parse_args()
    out = Path(args.out)
    figures = {}
    if args.write and args.game and out.exists():
        # a run of some games keeps the others' figures
        with out.open("rb") as f:
            kept = tomllib.load(f).get("games", {})
        for game_id, levels in kept.items():
            figures[game_id] = {
                lv: (v["mu"], v["sigma"], v.get("games", 0), 0.0) for lv, v in levels.items()
            }
    for g in list_games():
        if args.game and g.id not in args.game:
            continue
        t = time.monotonic()
        played = tournament(g.id, g.max_players, args.games, args.seed)
        figures[g.id] = fit(played, args.seed)
        print(f"{g.id}: {len(played)} games in {time.monotonic() - t:.0f} s")
        for lv, (mu, sigma, n, win) in figures[g.id].items():
            print(
                f"  {lv:7s} mu {mu:6.2f}  sigma {sigma:5.2f}  shown {mu - 3 * sigma:6.2f}  games {n:3d}  wins {win:5.1%}"
            )
        if args.write:  # after each game: a long run keeps what it measured
            out.write_text(toml_text(figures, args.games, args.seed), encoding="utf-8")
            print(f"wrote {out}", flush=True)


if __name__ == "__main__":
    main()
