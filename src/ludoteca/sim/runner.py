"""Play many games between agents, in parallel, reproducibly.

Game i is played with seed ``seed + i`` and agents seeded from (seed, i, seat), so the
figures do not depend on the number of workers. Agents are dealt to seats in turn and rotated
by one seat each game, so each agent plays every seat equally often.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

import numpy as np
from pydantic import BaseModel

from ..agents import make_agent
from ..agents.compiled import action_texts, play_planned, seat_plan
from ..agents.compiled import play_match as fast_play_match
from ..engine import Match, SeatHandle, get_game
from ..engine.compiled import core_for
from .backends import Backend, LocalPool
from .blocks import GameBlock
from .outcome import GameOutcome
from .summary import SimulationResult

# games a block holds at most: the progress bar moves, and a block's moves (records kept) fit
# in memory; longer blocks pay their set-up (arrays, the options parsed, an output's row group,
# the text's tables) less often. With records, MAX_BLOCK two-seat games, fewer with more seats:
# the cores size their move buffers by seats, and a buffer past 4 MB is handed huge pages, each
# block's fresh (here 2 MB fresh: 0.9 ms; 8 MB: 16 ms; the same memory again: 0.04-0.2 ms).
# With records, a core of quick games (its ``block_scale``: The Nine Domains, Exploding
# Kittens, Sala de Miaula, 4) takes blocks that many times longer: a block's JSON Lines set-up
# (its tables, about 1.8 ms) was 0.45 µs of a 6 µs Nine Domains game at 4,000. Each buffer
# stays under sim/heap.py's MMAP (Exploding Kittens at ten seats: 3,200 games of 800 moves'
# room, 20 MB an array), so a process that keeps freed memory takes it again without faults
MAX_BLOCK = 4000
MAX_BARE_BLOCK = 4000
_MASK64 = (1 << 64) - 1


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


def play_block(
    game_id: str,
    num_players: int,
    agents: Sequence[str],
    seed: int,
    first: int,
    count: int,
    options: Mapping[str, Any] | None = None,
    rotate: bool = True,
    keep_records: bool = True,
) -> GameBlock | None:
    """Games ``first`` .. ``first + count - 1`` of a run, as ``play_one`` plays them (same
    deals, seats, agent seeds, records), dealt and played in the game's compiled core and kept
    as columns; None where the core cannot (no core, one that does not deal, or a seat's agent
    it does not play): the caller plays game by game."""
    game = get_game(game_id)
    core = core_for(game)
    if core is None or count < 1:
        return None
    plan = seat_plan(game, agents)
    if plan is None:
        return None
    kinds_of, risks_of = plan
    n = num_players
    index = np.arange(first, first + count, dtype=np.int64)
    shift = index if rotate else np.zeros(count, dtype=np.int64)
    seat_agent = (np.arange(n, dtype=np.int64)[None, :] + shift[:, None]) % len(agents)
    kinds = np.asarray(kinds_of, dtype=np.int64)[seat_agent]
    risks = np.ascontiguousarray(risks_of[seat_agent], dtype=np.float64)
    # agent_seed(seed, index, seat), and Rng(seed + index)'s state, for every game at once
    base = (seed * 1_000_003) & 0x7FFFFFFF
    seeds = (base + index[:, None] * 101 + np.arange(n, dtype=np.int64)[None, :]) & 0x7FFFFFFF
    start = np.uint64((seed + first) & _MASK64)
    deals = start + np.arange(count, dtype=np.uint64)
    opts, record_options = _parsed_options(game_id, n, seed + first, options)
    played = core.play_games(deals, n, opts, seeds, kinds, risks, keep_records)
    if played is None:
        return None
    return GameBlock(
        game_id,
        n,
        list(agents),
        first,
        np.arange(seed + first, seed + first + count, dtype=np.int64),
        seat_agent,
        played,
        record_options,
        game.rules_version,
    )


# a run's options as its games' states hold them and as their records write them, by game,
# seats and options' JSON: parsed once a process, not once a block (Sala de Miaula's deal and
# card definitions: 0.7 ms, 0.17 µs a game of a block of 4,000)
_OPTIONS: dict[tuple[str, int, str], tuple[Any, dict[str, Any]]] = {}


def _parsed_options(
    game_id: str, n: int, seed: int, options: Mapping[str, Any] | None
) -> tuple[Any, dict[str, Any]]:
    """The options a game of the run holds (``new_game``'s state's), and its record's."""
    try:
        key: tuple[str, int, str] | None = (game_id, n, json.dumps(options, sort_keys=True))
    except (TypeError, ValueError):  # options given as objects: parsed every block
        key = None
    if key is not None and key in _OPTIONS:
        return _OPTIONS[key]
    state = get_game(game_id).new_game(n, seed, options)  # parsed as each game does
    opts = getattr(state, "options", None)
    parsed = (opts, opts.model_dump(mode="json") if isinstance(opts, BaseModel) else {})
    if key is not None:
        if len(_OPTIONS) >= 16:
            _OPTIONS.clear()
        _OPTIONS[key] = parsed
    return parsed


def _work_block(args: tuple[Any, ...]) -> list[GameBlock | GameOutcome]:
    """A block task: the core's columns, else the block's games one by one."""
    game_id, num_players, agents, seed, first, count, options, rotate, keep = args
    block = play_block(game_id, num_players, agents, seed, first, count, options, rotate, keep)
    if block is not None:
        return [block]
    return [
        play_one(
            game_id,
            num_players,
            seat_agents(agents, num_players, i, rotate),
            seed,
            i,
            options,
            keep,
        )
        for i in range(first, first + count)
    ]


def block_size(
    n: int, workers: int, keep_records: bool = True, num_players: int = 2, scale: int = 1
) -> int:
    """Games a block task holds: the most (MAX_BLOCK two-seat games with records, as many
    seat-games with more seats, ``scale`` times those for a core of quick games, its
    ``block_scale``; MAX_BARE_BLOCK without records) in one process, else enough blocks to
    share among the workers (8 each), at most that."""
    # without records the blocks stay as they were: a Parquet file's row groups are its blocks
    # (the same file before and after), and a CSV row's set-up is a fifth of a line's
    most = MAX_BLOCK * 2 // max(2, num_players) * max(1, scale) if keep_records else MAX_BARE_BLOCK
    if workers <= 1:
        return max(1, min(most, n))
    return max(1, min(most, math.ceil(n / (workers * 8))))


def iter_blocks(
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
) -> Iterator[GameBlock | GameOutcome]:
    """``iter_games`` by blocks: where the core deals and plays every seat, a ``GameBlock``
    (columns) per block of games, else each game's ``GameOutcome``; in index order with one
    local worker, any order with more."""
    check_run(game_id, num_players, agents, seed, options)
    scale = 1
    if backend is None or isinstance(backend, LocalPool):
        # this machine's processes load the core anyway (a pool's forked from this one); a
        # cluster's driver need not load it to size the tasks
        core = core_for(get_game(game_id))
        scale = getattr(core, "block_scale", 1) if core is not None else 1
    size = block_size(n, workers, keep_records, num_players, scale)
    tasks = [
        (
            game_id,
            num_players,
            list(agents),
            seed,
            lo,
            min(size, n - lo),
            options,
            rotate,
            keep_records,
        )
        for lo in range(0, n, size)
    ]
    for part in (backend or LocalPool(workers)).map(_work_block, tasks):
        yield from part


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
    for part in iter_blocks(
        game_id, n, num_players, agents, seed, workers, options, rotate, keep_records, backend
    ):
        if isinstance(part, GameBlock):
            yield from part.outcomes()
        else:
            yield part


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
    """``progress``, where given, is called with every game's outcome (built for it); without
    it, games the core played stay columns until ``result.games`` is read."""
    games: list[GameOutcome] = []
    blocks: list[GameBlock] = []
    for part in iter_blocks(
        game_id, n, num_players, agents, seed, workers, options, rotate, keep_records, backend
    ):
        if isinstance(part, GameBlock):
            blocks.append(part)
            if progress is not None:
                for g in part.outcomes():
                    progress(g)
        else:
            games.append(part)
            if progress is not None:
                progress(part)
    return SimulationResult(game_id, num_players, list(agents), games, blocks)
