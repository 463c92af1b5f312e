"""The AI levels' fixed ratings (issue 21 item 2): a tournament among easy, medium and strong.

For each game, every pair of levels plays ``--games`` two-player games (seats swapped every
other game, deal ``seed + i``), and, for a game of three or more players, as many games with
the three levels at one table (seats rotated). Each game's ranking updates the levels'
ratings with openskill's Plackett-Luce model (the one people are rated with, server/ratings.py),
all three starting where a new person starts (mu 25, sigma 25/3), the games taken in a seeded
shuffled order. Plackett-Luce updates move mu about as much up as down, so the levels' mean
stays near a new person's 25: a newcomer is placed between the levels until games say more.

With ``--people DATABASE_URL`` (an SQLite file or URL, or a PostgreSQL URL: a server's
database), the levels' ratings are then updated from the people's stored rated games against
them, each person held at their stored rating before that game (server/ratings_anchors_fit.py):
only the levels move. It prints how many people's games were folded per game.

Prints each level's figures (mu, sigma, shown = mu - 3 sigma, win share) and, with
``--write``, writes ``src/ludoteca/server/ai_ratings.toml`` (checked at load by
server/ratings_anchors.py).

    python benchmarks/ai_anchors.py --games 12 --write
    python benchmarks/ai_anchors.py --games 12 --people /srv/ludoteca.sqlite3 --write
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
from sqlalchemy import Engine

from ludoteca.agents.levels import LEVELS, levels_for
from ludoteca.engine import list_games
from ludoteca.server.db import make_engine
from ludoteca.server.ratings import Belief
from ludoteca.server.ratings_anchors_fit import database_url, fold_people, read_people_games
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


def fold(
    figures: dict[str, tuple[float, float, int, float]], engine: Engine, game_id: str
) -> tuple[dict[str, tuple[float, float, int, float]], int]:
    """The levels' figures after the people's stored games of ``game_id``; how many folded."""
    people = read_people_games(engine, game_id)
    start = {lv: Belief(mu, sigma) for lv, (mu, sigma, _, _) in figures.items()}
    after, counts, used = fold_people(start, people)
    out = {
        lv: (after[lv].mu, after[lv].sigma, n + counts[lv], win)
        for lv, (_, _, n, win) in figures.items()
    }
    return out, used


def toml_text(
    figures: dict[str, dict[str, tuple[float, float, int, float]]],
    games: int,
    seed: int,
    people: dict[str, int] | None = None,
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
    if people:
        # how many people's stored games against the levels were folded in, per game
        lines += ["[measured.people_games]", *(f'"{g}" = {n}' for g, n in people.items()), ""]
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
    ap.add_argument(
        "--people",
        metavar="DATABASE_URL",
        help="then fold in people's stored rated games against the levels (SQLite path or URL, "
        "PostgreSQL URL)",
    )
    args = ap.parse_args()
    out = Path(args.out)
    engine = make_engine(database_url(args.people)) if args.people else None
    figures = {}
    people: dict[str, int] = {}
    if args.write and args.game and out.exists():
        # a run of some games keeps the others' figures
        with out.open("rb") as f:
            data = tomllib.load(f)
        kept = data.get("games", {})
        people.update(data.get("measured", {}).get("people_games", {}))
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
        if engine is not None:
            figures[g.id], people[g.id] = fold(figures[g.id], engine, g.id)
            print(f"{g.id}: {people[g.id]} people's games folded")
        else:  # this game's figures are the levels' games alone now
            people.pop(g.id, None)
        for lv, (mu, sigma, n, win) in figures[g.id].items():
            print(
                f"  {lv:7s} mu {mu:6.2f}  sigma {sigma:5.2f}  shown {mu - 3 * sigma:6.2f}  games {n:3d}  wins {win:5.1%}"
            )
        if args.write:  # after each game: a long run keeps what it measured
            out.write_text(toml_text(figures, args.games, args.seed, people), encoding="utf-8")
            print(f"wrote {out}", flush=True)


if __name__ == "__main__":
    main()
