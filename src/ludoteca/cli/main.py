"""The ``ludoteca`` command: games, play, simulate, tournament, replay, review, serve."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from ..agents import AgentSpecError
from ..engine import LudotecaError, get_game, list_games
from ..review.values import ReviewBudget, default_budget
from ..sim.backends import BackendError
from .accounts_cmd import accounts_app
from .common import console, msg, parse_options, pick_language
from .play import play as _play
from .replay_cmd import load_record, replay
from .review_cmd import review_file, review_one
from .serve_cmd import serve
from .simulate_cmd import run_simulation
from .tournament_cmd import run_tournament_cli

app = typer.Typer(
    help="ludoteca: four tabletop games played exactly by their rules.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

LangOpt = Annotated[
    str | None,
    typer.Option(
        "--lang",
        help="pt-BR or en (default: LUDOTECA_LANG, else the locale: LC_ALL, LC_MESSAGES, LANG;"
        " else pt-BR)",
    ),
]
OptionOpt = Annotated[
    list[str] | None, typer.Option("--option", "-o", help="game option key=value (JSON values)")
]
BackendOpt = Annotated[
    str | None,
    typer.Option(
        "--backend", help="where the games run: local (process pool, default) or ray (a cluster)"
    ),
]
AddressOpt = Annotated[
    str | None,
    typer.Option(
        "--address", help="an existing Ray cluster: host:port of its head, or auto (implies ray)"
    ),
]
BatchOpt = Annotated[
    int | None,
    typer.Option("--batch-size", help="games per task handed to a worker (default: automatic)"),
]


def fail(err: Exception, lang: str = "en") -> None:
    text: object = err
    if isinstance(err, BackendError):  # its words are in the catalogs, with [brackets] kept
        text = escape(msg(f"backend.{err.key}", lang, **err.params))
    console.print(f"[bold red]{msg('errors.prefix', lang)}:[/] {text}")
    raise typer.Exit(2)


@app.command("games")
def games_cmd(lang: LangOpt = None) -> None:
    """List the games and their options."""
    lg = pick_language(lang)
    table = Table(title=msg("games.title", lg))
    for key in ("id", "name", "players", "options"):
        table.add_column(msg(f"games.{key}", lg))
    for g in list_games():
        opts = "\n".join(f"{k}={v['default']!r}" for k, v in g.option_docs().items())
        players = (
            str(g.min_players)
            if g.min_players == g.max_players
            else f"{g.min_players}-{g.max_players}"
        )
        table.add_row(g.id, g.display_name(lg), players, opts)
    console.print(table)


@app.command("play")
def play_cmd(
    game_id: Annotated[str, typer.Argument(help="game id, e.g. nine-domains")] = "nine-domains",
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="number of players")
    ] = None,
    vs: Annotated[
        str,
        typer.Option(
            "--vs", help="agent for the AI seats: a level (easy, medium, strong) or a spec"
        ),
    ] = "heuristic",
    seat: Annotated[int, typer.Option("--seat", help="your seat (1 = first player)")] = 1,
    humans: Annotated[
        int, typer.Option("--humans", help="people at this keyboard (seats 1..N)")
    ] = 1,
    hotseat: Annotated[
        bool, typer.Option("--hotseat", help="every seat is a person at this keyboard")
    ] = False,
    seed: Annotated[
        int | None, typer.Option("--seed", help="seed of the deal (default: random)")
    ] = None,
    option: OptionOpt = None,
    deck: Annotated[
        Path | None, typer.Option("--deck", help="your deck file (games with decks)")
    ] = None,
    save: Annotated[Path | None, typer.Option("--save", help="save the match record here")] = None,
    lang: LangOpt = None,
) -> None:
    """Play a game in the terminal, against agents or with people at one keyboard."""
    lg = pick_language(lang)
    try:
        game = get_game(game_id)
        n = players or game.min_players
        options = parse_options(option)
        if hotseat:
            people = set(range(n))
        elif humans > 1:
            people = set(range(min(humans, n)))
        else:
            if not 1 <= seat <= n:
                raise ValueError(f"--seat must be between 1 and {n}")
            people = {seat - 1}
        if deck is not None:
            hook = getattr(game, "options_with_deck", None)
            if hook is None:
                raise ValueError(f"{game.id} takes no deck file")
            for s in sorted(people)[:1]:
                options = hook(options, s, str(deck))
        _play(
            game,
            n,
            people,
            vs,
            seed if seed is not None else random.SystemRandom().randrange(2**31),
            options,
            lg,
            save,
        )
    except (LudotecaError, AgentSpecError, ValueError) as e:
        fail(e, lg)


@app.command("simulate")
def simulate_cmd(
    game_id: Annotated[str, typer.Argument(help="game id")],
    n: Annotated[int, typer.Option("-n", help="number of games")] = 100,
    players: Annotated[int | None, typer.Option("--players", "-p", help="players per game")] = None,
    agents: Annotated[
        str,
        typer.Option(
            "--agents", "-a", help="comma-separated agent specs, dealt to seats in turn and rotated"
        ),
    ] = "random,random",
    seed: Annotated[int, typer.Option("--seed", help="seed of game 0 (game i uses seed+i)")] = 0,
    workers: Annotated[int, typer.Option("--workers", "-w", help="worker processes")] = 1,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            help="per-game records: .jsonl (with match records), .csv or .parquet (one row per game; the parquet extra)",
        ),
    ] = None,
    option: OptionOpt = None,
    backend: BackendOpt = None,
    address: AddressOpt = None,
    batch_size: BatchOpt = None,
    no_progress: Annotated[bool, typer.Option("--no-progress", help="no progress bar")] = False,
    lang: LangOpt = None,
) -> None:
    """Simulate many games between agents; print win rates with 95% intervals."""
    lg = pick_language(lang)
    try:
        game = get_game(game_id)
        if n < 1:
            raise ValueError("-n must be at least 1")
        if workers < 1:
            raise ValueError("--workers must be at least 1")
        specs = [a.strip() for a in agents.split(",") if a.strip()]
        if not specs:
            raise ValueError("--agents needs at least one agent")
        run_simulation(
            game,
            n,
            players or game.min_players,
            specs,
            seed,
            workers,
            parse_options(option),
            out,
            lg,
            progress_bar=not no_progress,
            backend=backend,
            address=address,
            batch_size=batch_size,
        )
    except (LudotecaError, AgentSpecError, ValueError) as e:
        fail(e, lg)


@app.command("tournament")
def tournament_cmd(
    game_id: Annotated[str, typer.Argument(help="game id")],
    agents: Annotated[str, typer.Option("--agents", "-a", help="comma-separated agent specs")],
    n: Annotated[
        int, typer.Option("-n", help="deals per table (each played in every seating)")
    ] = 50,
    players: Annotated[int | None, typer.Option("--players", "-p", help="players per game")] = None,
    seed: Annotated[int, typer.Option("--seed", help="seed of deal 0 (deal d uses seed+d)")] = 0,
    workers: Annotated[int, typer.Option("--workers", "-w", help="worker processes")] = 1,
    out: Annotated[Path | None, typer.Option("--out", help="JSON results file")] = None,
    plot: Annotated[Path | None, typer.Option("--plot", help="PNG plot (needs matplotlib)")] = None,
    bootstrap: Annotated[
        int, typer.Option("--bootstrap", help="bootstrap resamples for the intervals (0: analytic)")
    ] = 1000,
    vs_field: Annotated[
        bool,
        typer.Option("--vs-field", help="each agent alone against copies of the last agent"),
    ] = False,
    option: OptionOpt = None,
    backend: BackendOpt = None,
    address: AddressOpt = None,
    batch_size: BatchOpt = None,
    no_progress: Annotated[bool, typer.Option("--no-progress", help="no progress bar")] = False,
    lang: LangOpt = None,
) -> None:
    """Round robin between agents (rotated seats, paired deals): Elo with 95% intervals."""
    lg = pick_language(lang)
    try:
        game = get_game(game_id)
        if workers < 1:
            raise ValueError("--workers must be at least 1")
        specs = [a.strip() for a in agents.split(",") if a.strip()]
        run_tournament_cli(
            game,
            specs,
            n,
            players or game.min_players,
            seed,
            workers,
            parse_options(option),
            out,
            plot,
            bootstrap,
            lg,
            progress_bar=not no_progress,
            vs_field=vs_field,
            backend=backend,
            address=address,
            batch_size=batch_size,
        )
    except (LudotecaError, AgentSpecError, ValueError) as e:
        fail(e, lg)


@app.command("replay")
def replay_cmd(
    path: Annotated[
        Path, typer.Argument(help="a match record (.json) or a simulation output (.jsonl)")
    ],
    index: Annotated[
        int | None, typer.Option("--index", help="which game of a .jsonl file (0-based)")
    ] = None,
    seat: Annotated[
        int | None,
        typer.Option("--seat", help="watch from this seat (1 = first); default: spectator"),
    ] = None,
    auto: Annotated[bool, typer.Option("--all", help="print every step without waiting")] = False,
    lang: LangOpt = None,
) -> None:
    """Step through a saved match."""
    lg = pick_language(lang)
    try:
        record = load_record(path, index)
        replay(record, None if seat is None else seat - 1, lg, interactive=not auto)
    except (LudotecaError, ValueError) as e:
        fail(e, lg)


def _budget(game_id: str, samples: int | None, search: int | None) -> ReviewBudget:
    """The game's review budget with the command line's changes (``search`` 0: no search)."""
    budget = default_budget(game_id, samples=samples, search=search or None)
    return replace(budget, search=None) if search == 0 else budget


@app.command("review")
def review_cmd(
    path: Annotated[
        Path, typer.Argument(help="a finished match record (.json) or a simulation output (.jsonl)")
    ],
    seat: Annotated[
        int | None, typer.Option("--seat", help="the seat to review (1 = first player)")
    ] = None,
    index: Annotated[
        int | None,
        typer.Option("--index", help="review one game of a .jsonl file (0-based; needs --seat)"),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="print every decision as JSON instead of a table")
    ] = False,
    plot: Annotated[
        Path | None, typer.Option("--plot", help="PNG of the win-chance graph (needs matplotlib)")
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="seed of the review's samples")] = 0,
    samples: Annotated[
        int | None,
        typer.Option("--samples", help="determinizations per decision (default: the game's)"),
    ] = None,
    search: Annotated[
        int | None,
        typer.Option(
            "--search",
            help="the search judge's iterations per search (0: graded by the playouts; "
            "default: the game's)",
        ),
    ] = None,
    workers: Annotated[int, typer.Option("--workers", "-w", help="worker processes")] = 1,
    backend: BackendOpt = None,
    address: AddressOpt = None,
    lang: LangOpt = None,
) -> None:
    """Grade a seat's decisions in a finished game from what it knew (or every seat of a
    simulation's games, per agent)."""
    lg = pick_language(lang)
    try:
        if workers < 1:
            raise ValueError("--workers must be at least 1")
        if search is not None and search < 0:
            raise ValueError("--search must be 0 (off) or more")
        many = path.suffix.lower() == ".jsonl" and index is None
        if many:
            budget = None
            if samples is not None or search is not None:
                budget = _budget(load_record(path, 0).game, samples, search)
            review_file(path, budget, seed, workers, backend, address, as_json, lg)
            return
        if seat is None:
            raise ValueError(msg("review.seat_needed", lg))
        record = load_record(path, index)
        review_one(record, seat - 1, _budget(record.game, samples, search), seed, as_json, plot, lg)
    except (LudotecaError, ValueError) as e:
        fail(e, lg)


app.command("serve")(serve)
app.add_typer(accounts_app, name="accounts")


def main() -> None:
    app()


if __name__ == "__main__":
    main()
