"""``ludoteca tournament``: a round robin with a progress bar, an Elo table, a win matrix, files."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from ..engine import Catalog, Game
from ..sim.backends import make_backend
from ..sim.tournament import TournamentResult, iter_tournament, write_plot
from .backends import started
from .common import MESSAGES, console, number, percent

WORDS = Catalog(
    {
        "pt-BR": {
            "t.progress": "Torneio de {game}",
            "t.title": "{game}: {games} partidas, {players} jogadores, Elo (Bradley-Terry)",
            "t.agent": "Agente",
            "t.elo": "Elo",
            "t.ci": "IC 95%",
            "t.games": "Partidas",
            "t.wins": "Vitórias",
            "t.score": "Pontos (média)",
            "t.matrix": "Vitórias da linha contra a coluna (empates valem meio), IC 95%",
            "t.scorediff": "Pontos da linha menos os da coluna, na mesma mesa (média por mão, IC 95%)",
            "t.ci_note": "Intervalos: {method}.",
            "t.boot": "bootstrap de {n} reamostragens de mãos inteiras",
            "t.analytic": "analíticos (informação de Fisher)",
            "t.written": "Escrito: {path}",
            "t.noplot": "Sem gráfico: instale o extra de gráficos (pip install 'ludoteca[plot]').",
            "t.elapsed": "{games} partidas em {seconds} s",
        },
        "en": {
            "t.progress": "{game} tournament",
            "t.title": "{game}: {games} games, {players} players, Elo (Bradley-Terry)",
            "t.agent": "Agent",
            "t.elo": "Elo",
            "t.ci": "95% CI",
            "t.games": "Games",
            "t.wins": "Wins",
            "t.score": "Mean score",
            "t.matrix": "Row's wins against column (draws count half), 95% CI",
            "t.scorediff": "Row's score minus column's at the same table (mean per deal, 95% CI)",
            "t.ci_note": "Intervals: {method}.",
            "t.boot": "bootstrap of {n} resamples of whole deals",
            "t.analytic": "analytic (Fisher information)",
            "t.written": "Written: {path}",
            "t.noplot": "No plot: install the plotting extra (pip install 'ludoteca[plot]').",
            "t.elapsed": "{games} games in {seconds} s",
        },
    },
    parent=MESSAGES,
)


def say(key: str, lang: str, **params: Any) -> str:
    return WORDS.text(key, lang, **params)


def run_tournament_cli(
    game: Game,
    agents: list[str],
    n: int,
    num_players: int,
    seed: int,
    workers: int,
    options: dict[str, Any],
    out: Path | None,
    plot: Path | None,
    bootstrap: int,
    lang: str,
    progress_bar: bool = True,
    vs_field: bool = False,
    backend: str | None = None,
    address: str | None = None,
    batch_size: int | None = None,
) -> TournamentResult:
    """``backend``, ``address``, ``batch_size``: where the games run (see ``make_backend``)."""
    pool = make_backend(backend, workers, address, batch_size)
    # the schedule is checked here, before a cluster starts; the games run as they are consumed
    sched, outcomes = iter_tournament(
        game.id, agents, n, num_players, seed, workers, options, vs_field, pool
    )
    total = len(sched)
    games = []
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    with (
        started(pool, total, lang),
        Progress(*columns, console=console, disable=not progress_bar) as progress,
    ):
        t0 = time.perf_counter()
        task = progress.add_task(say("t.progress", lang, game=game.display_name(lang)), total=total)
        for g in outcomes:
            games.append(g)
            progress.advance(task)
        elapsed = time.perf_counter() - t0
    games.sort(key=lambda g: g.index)
    result = TournamentResult(
        game.id,
        num_players,
        agents,
        n,
        seed,
        options,
        games,
        sched,
        bootstrap=bootstrap,
    )
    print_tournament(game, result, lang)
    console.print(say("t.elapsed", lang, games=len(games), seconds=number(elapsed, 1, lang)))
    if out is not None:
        out.write_text(json.dumps(result.to_json(), ensure_ascii=False, indent=1), "utf-8")
        console.print(say("t.written", lang, path=out))
    if plot is not None:
        try:
            write_plot(result, str(plot))
            console.print(say("t.written", lang, path=plot))
        except ModuleNotFoundError:
            console.print(say("t.noplot", lang))
    return result


def _wins(wins: float, lang: str) -> str:
    """A count of wins (a shared win counts a share: 2.5)."""
    return number(wins, 0 if float(wins).is_integer() else 2, lang)


def print_tournament(game: Game, result: TournamentResult, lang: str) -> None:
    ratings = sorted(result.ratings(), key=lambda r: -r.elo)
    table = Table(
        title=say(
            "t.title",
            lang,
            game=game.display_name(lang),
            games=len(result.games),
            players=result.num_players,
        )
    )
    for key in ("t.agent", "t.elo", "t.ci", "t.games", "t.wins"):
        table.add_column(say(key, lang), justify="left" if key == "t.agent" else "right")
    has_scores = any(r.mean_score is not None for r in ratings)
    if has_scores:
        table.add_column(say("t.score", lang), justify="right")
    for r in ratings:
        row = [
            r.agent,
            number(r.elo, 0, lang, signed=True),
            f"[{number(r.ci[0], 0, lang, signed=True)} – {number(r.ci[1], 0, lang, signed=True)}]",
            str(r.games),
            f"{_wins(r.wins, lang)} ({percent(r.wins / r.games, 1, lang)})" if r.games else "0",
        ]
        if has_scores:
            row.append("" if r.mean_score is None else number(r.mean_score, 2, lang))
        table.add_row(*row)
    console.print(table)
    method = (
        say("t.boot", lang, n=result.bootstrap) if result.bootstrap > 0 else say("t.analytic", lang)
    )
    console.print(say("t.ci_note", lang, method=method))
    matrix = result.to_json()["win_matrix"]
    mt = Table(title=say("t.matrix", lang))
    mt.add_column("")
    for a in result.agents:
        mt.add_column(a, justify="right")
    for a in result.agents:
        cells = []
        for b in result.agents:
            c = matrix[a].get(b)
            cells.append(
                "—"
                if c is None
                else f"{percent(c['rate'], 1, lang)} "
                f"[{percent(c['ci'][0], 0, lang)}–{percent(c['ci'][1], 0, lang)}] ({c['games']})"
            )
        mt.add_row(a, *cells)
    console.print(mt)
    if has_scores:
        diffs = result.score_differences()
        st = Table(title=say("t.scorediff", lang))
        st.add_column("")
        for a in result.agents:
            st.add_column(a, justify="right")
        for a in result.agents:
            cells = []
            for b in result.agents:
                d = diffs.get(a, {}).get(b)
                cells.append(
                    "—"
                    if d is None
                    else f"{number(d[0], 2, lang, signed=True)} "
                    f"[{number(d[1], 2, lang, signed=True)} – {number(d[2], 2, lang, signed=True)}]"
                )
            st.add_row(a, *cells)
        console.print(st)
