"""Play many games between agents, in parallel, reproducibly.

Game i is played with seed ``seed + i`` and agents seeded from (seed, i, seat), so the
figures do not depend on the number of workers. Agents are dealt to seats in turn and rotated
by one seat each game, so each agent plays every seat equally often.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from ..agents import make_agent
from ..agents.compiled import action_texts, play_planned, seat_plan
from ..agents.compiled import play_match as fast_play_match
from ..engine import Match, SeatHandle, get_game
from .backends import Backend, LocalPool
from .outcome import GameOutcome
from .summary import SimulationResult


def seat_agents(
    agents: Sequence[str], num_players: int, index: int, rotate: bool = True
) -> list[str]:
    shift = index if rotate else 0
    return [agents[(s + shift) % len(agents)] for s in range(num_players)]


def agent_seed(seed: int, index: int, seat: int) -> int:
    return (seed * 1_000_003 + index * 101 + seat) & 0x7FFFFFFF


def play_one(
    game_id: str,
    num_players: int,
    seats: Sequence[str],
    seed: int,
    index: int,
    options: Mapping[str, Any] | None = None,
    keep_record: bool = True,
    deal_seed: int | None = None,
) -> GameOutcome:
    """``deal_seed`` (default ``seed + index``) lets paired games share one deal (tournaments)."""
    game = get_game(game_id)
    deal = seed + index if deal_seed is None else deal_seed
    match = Match(game, num_players, deal, options, list(seats))
    seeds = [agent_seed(seed, index, s) for s in range(len(seats))]
    state = match.state
    plan = seat_plan(game, seats)
    actions_json = None
    if plan is not None:
        # the core plays every seat's agent itself: none is made (agents/compiled.py)
        moves = play_planned(match, plan, keep_record, seeds)
        decisions = len(moves)
        if keep_record:
            texts = action_texts(game)
            actions_json = ", ".join([f"[{p}, {texts[c]}]" for p, c in moves])
    else:
        players = [make_agent(spec, game, seeds[s]) for s, spec in enumerate(seats)]
        decisions = fast_play_match(match, players, keep_record, seeds) or 0
        while not state.is_over:
            p = state.actors[0]
            action = players[p].act(SeatHandle(state, p))
            if keep_record:
                match.apply(p, action)
            else:
                state.apply(p, action)
            decisions += 1
    r = state.result()
    turns = r.details.get("turns")
    return GameOutcome(
        index,
        deal,
        list(seats),
        list(r.winners),
        list(r.ranking),
        None if r.scores is None else list(r.scores),
        r.reason,
        decisions,
        int(turns) if isinstance(turns, int) else None,
        match.record.to_json() if keep_record else {},
        actions_json,
    )


def _work(args: tuple[Any, ...]) -> GameOutcome:
    return play_one(*args)


def check_run(
    game_id: str,
    num_players: int,
    agents: Sequence[str],
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
) -> None:
    """Fail fast, before any worker starts, on bad options, player counts or agent specs."""
    get_game(game_id).new_game(num_players, seed, options)
    for spec in agents:
        make_agent(spec, get_game(game_id), 0)


def iter_games(
    game_id: str,
    n: int,
    num_players: int,
    agents: Sequence[str],
    seed: int = 0,
    workers: int = 1,
    options: Mapping[str, Any] | None = None,
    rotate: bool = True,
    keep_records: bool = True,
    backend: Backend | None = None,
) -> Iterator[GameOutcome]:
    """Yields outcomes as games finish (in index order with one worker, any order with more)."""
    check_run(game_id, num_players, agents, seed, options)
    tasks = [
        (
            game_id,
            num_players,
            seat_agents(agents, num_players, i, rotate),
            seed,
            i,
            options,
            keep_records,
        )
        for i in range(n)
    ]
    yield from run_tasks(tasks, workers, backend)


def run_tasks(
    tasks: Sequence[tuple[Any, ...]], workers: int = 1, backend: Backend | None = None
) -> Iterator[GameOutcome]:
    """Play ``play_one(*task)`` for each task on ``backend`` (default: a local pool of
    ``workers``): in task order with one local worker, else as they end."""
    yield from (backend or LocalPool(workers)).map(_work, tasks)


def simulate(
    game_id: str,
    n: int,
    num_players: int,
    agents: Sequence[str],
    seed: int = 0,
    workers: int = 1,
    options: Mapping[str, Any] | None = None,
    rotate: bool = True,
    keep_records: bool = True,
    progress: Callable[[GameOutcome], None] | None = None,
    backend: Backend | None = None,
) -> SimulationResult:
    games = []
    for outcome in iter_games(
        game_id, n, num_players, agents, seed, workers, options, rotate, keep_records, backend
    ):
        games.append(outcome)
        if progress is not None:
            progress(outcome)
    games.sort(key=lambda g: g.index)
    return SimulationResult(game_id, num_players, list(agents), games)
