"""``ludoteca review``: one seat of a finished match graded move by move, or every seat of a
simulation's games summed per agent."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from rich.progress import Progress
from rich.table import Table

from ..engine import DataError, Game, MatchRecord
from ..review import SeatReview, review_seat
from ..review.many import grades_by_agent, review_many, tasks_for
from ..review.plot import plot_review
from ..review.values import ReviewBudget
from ..sim.backends import make_backend
from .backends import started
from .common import console, msg, number, percent

STYLE = {"good": "green", "inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "bold red"}


def _pct(x: float | None, lang: str) -> str:
    return "—" if x is None else percent(x, 0, lang)


def _pct1(x: float, lang: str) -> str:
    """A value or a loss in win share, as a percentage to a tenth in the reader's writing (6,3%
    in pt-BR, as the browser's review): a decision's row shows the played and best values and
    the loss alike, so the gap between the two values reads as the loss (a whole percent hid a
    loss of 0.4 behind two equal values)."""
    return percent(x, 1, lang)


def _signed(x: float | None, lang: str) -> str:
    return "—" if x is None else number(x, 1, lang, signed=True)


def review_one(
    record: MatchRecord,
    seat: int,
    budget: ReviewBudget | None,
    seed: int,
    as_json: bool,
    plot: Path | None,
    lang: str,
) -> None:
    game = record.get_game()
    if as_json:
        review = review_seat(record, seat, budget, seed)
        print(json.dumps(review.to_json(), ensure_ascii=False, indent=1))
    else:
        with Progress(console=console, transient=True) as bar:
            task = bar.add_task(msg("review.progress", lang, seat=seat + 1), total=None)

            def progress(done: int, total: int) -> None:
                bar.update(task, completed=done, total=total)

            review = review_seat(record, seat, budget, seed, progress)
        print_review(review, game, lang)
    if plot is not None:
        words = {name: msg(f"review.label.{name}", lang) for name in STYLE}
        words |= {"x": msg("review.plot_x", lang), "y": msg("review.plot_y", lang)}
        title = msg("review.plot_title", lang, game=game.display_name(lang), seat=seat + 1)
        plot_review(review, plot, title, words)
        if not as_json:
            console.print(msg("review.plot_written", lang, path=str(plot)))


def print_review(review: SeatReview, game: Game, lang: str) -> None:
    title = msg(
        "review.title",
        lang,
        seat=review.seat + 1,
        agent=review.agent or "?",
        game=game.display_name(lang),
    )
    table = Table(title=title)
    keys = ["move", "played", "chance", "value", "best", "loss", "grade"]
    equilibrium = any(d.equilibrium for d in review.decisions)
    searched = any(d.search for d in review.decisions)
    if equilibrium or searched:
        # a decision graded by another judge (the loss and grade columns): the playouts' grade
        # beside it
        keys.append("playout")
    if equilibrium:
        # The Nine Domains' placements: graded by the equilibrium, its rows beside
        keys.append("equilibrium")
    if any(d.margin is not None for d in review.decisions):
        keys.append("margin")  # games scored in points (Coatl)
    for key in keys:
        table.add_column(msg(f"review.{key}", lang), justify="right" if key != "best" else "left")
    for d in review.decisions:
        played = game.action_from_json(d.played.move)
        # the best move's value and the played one's, on the same worlds (the check's): their
        # gap is the playouts' loss. A decision graded by the search shows the search's instead
        # (its chosen move; both means from its second search): their gap is the search's
        # loss, the row's. The win chance column is the graph's whichever judge graded (the
        # playouts' best value), as the browser's table alternative to the graph shows it
        s = d.search
        if s is not None:
            best, best_value, value = game.action_from_json(s.best), s.best_value, s.value
        else:
            best, best_value = game.action_from_json(d.best[0].move), d.best[0].value
            value = d.played.value
        style = STYLE[d.label]
        extra = []
        if "playout" in keys:
            extra.append(
                "—"  # the playouts graded it: the loss and grade columns
                if d.judge == "playout"
                else f"{_pct1(d.playout_loss, lang)} {msg(f'review.label.{d.playout_label}', lang)}"
            )
        if "equilibrium" in keys:
            e = d.equilibrium
            extra.append(
                "—"
                if e is None
                else " · ".join(
                    f"{' '.join(r.row)} {percent(r.frequency, 0, lang)}" for r in e.rows
                )
            )
        table.add_row(
            str(d.index + 1),
            game.describe_action(played, lang),
            _pct1(d.win_chance, lang),
            _pct1(value, lang),
            f"{game.describe_action(best, lang)} ({_pct1(best_value, lang)})",
            _pct1(d.loss, lang),
            f"[{style}]{msg(f'review.label.{d.label}', lang)}[/]",
            *extra,
            *([] if "margin" not in keys else [_signed(d.margin, lang)]),
        )
    console.print(table)
    console.print(msg("review.values", lang))
    if equilibrium:
        console.print(msg("review.values_eq", lang))
    if searched:
        console.print(msg("review.values_search", lang))
    console.print(msg("review.decisions", lang, n=len(review.decisions)))
    acc = review.accuracy
    loss = review.mean_loss
    console.print(
        msg(
            "review.accuracy",
            lang,
            accuracy="—" if acc is None else number(acc, 1, lang),
            loss="—" if loss is None else number(loss, 3, lang),
        )
    )
    counts = review.counts()
    console.print(
        " · ".join(msg(f"review.count.{k}", lang, n=counts[k]) for k in STYLE),
    )
    console.print(
        msg(
            "review.luck",
            lang,
            start=_pct(review.start, lang),
            payoff=_pct(review.payoff, lang),
            luck=number(review.total_luck, 2, lang, signed=True),
            lost=number(sum(review.losses), 2, lang),
        )
    )
    noises = [d.noise for d in review.decisions]
    if noises:
        console.print(msg("review.noise", lang, noise=number(sum(noises) / len(noises), 3, lang)))


def read_records(path: Path) -> list[dict[str, Any]]:
    """The match records of a simulation's JSON Lines output, in file order."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as e:
        raise DataError(f"{path}: {e}") from None
    out = []
    for i, line in enumerate(lines):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as e:
            raise DataError(f"{path}, line {i + 1}: {e}") from None
        if not isinstance(row, dict) or not row.get("record"):
            raise DataError(f"{path}, line {i + 1}: no match record stored")
        # checked here, before any worker starts: a broken line gets its own clear error
        out.append(MatchRecord.from_json(row["record"], f"{path}:{i + 1}").to_json())
    if not out:
        raise DataError(f"{path}: no games")
    return out


def review_file(
    path: Path,
    budget: ReviewBudget | None,
    seed: int,
    workers: int,
    backend: str | None,
    address: str | None,
    as_json: bool,
    lang: str,
) -> None:
    records = read_records(path)
    tasks = tasks_for(records, seed, budget)
    pool = make_backend(backend, workers, address, None)
    t0 = time.perf_counter()
    reviews = []
    with started(pool, len(tasks), lang) as b, Progress(console=console, transient=True) as bar:
        game = records[0]["game"]
        task = bar.add_task(msg("review.progress_many", lang, game=game), total=len(tasks))
        for r in review_many(tasks, b.map):
            reviews.append(r)
            bar.advance(task)
    reviews.sort(key=lambda r: r["seed"])
    if as_json:
        print(json.dumps(reviews, ensure_ascii=False))
        return
    table = Table()
    for key in ("agent", "reviews", "decisions_col", "mean_loss", "accuracy_col"):
        table.add_column(msg(f"review.{key}", lang), justify="left" if key == "agent" else "right")
    for g in grades_by_agent(reviews):
        lo, hi = g.loss_interval
        alo, ahi = g.accuracy_interval
        table.add_row(
            g.agent,
            str(g.reviews),
            str(g.decisions),
            # the interval's ends apart by a dash: a comma between them reads as a decimal one in pt-BR
            f"{number(g.mean_loss, 3, lang)} [{number(lo, 3, lang)} – {number(hi, 3, lang)}]",
            f"{number(g.accuracy, 1, lang)} [{number(alo, 1, lang)} – {number(ahi, 1, lang)}]",
        )
    console.print(table)
    seconds = number(time.perf_counter() - t0, 1, lang)
    console.print(msg("review.many", lang, n=len(reviews), seconds=seconds))
