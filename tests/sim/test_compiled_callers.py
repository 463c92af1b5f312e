"""The callers that use the core (simulate, ISMCTS rollouts) give exactly what they give
without it: same outcomes, same match records, same search statistics."""

from __future__ import annotations

import csv
import io
import random

import pytest
from typer.testing import CliRunner

import ludoteca
from ludoteca import agents as registry
from ludoteca.agents import compiled as hooks
from ludoteca.agents.ismcts import Budget, search
from ludoteca.cli.main import app
from ludoteca.cli.simulate_cmd import OutcomeWriter
from ludoteca.engine import SeatHandle
from ludoteca.engine import compiled as fast
from ludoteca.sim import simulate

pytestmark = pytest.mark.skipif(not fast.AVAILABLE, reason=fast.why_not("exploding-kittens"))


def _outcomes(game_id, n, players, agents, seed, options=None):
    res = simulate(game_id, n, players, agents, seed=seed, options=options)
    return [(g.to_row(), g.record) for g in res.games]


@pytest.mark.parametrize("players", [2, 4, 7])
def test_simulate_random_records_are_identical(players):
    opts = {
        "bury_anywhere": players == 4,
        "five_card_combo": "identical" if players == 7 else "different",
    }
    with fast.disabled():
        want = _outcomes("exploding-kittens", 30, players, ["random"], 5, opts)
    got = _outcomes("exploding-kittens", 30, players, ["random"], 5, opts)
    assert got == want
    # and the records replay through the engine to the same result
    rec = ludoteca.engine.MatchRecord.from_json(got[0][1])
    assert rec.final_state().result().to_json() == rec.result


def test_simulate_heuristic_and_random_seats_are_identical():
    with fast.disabled():
        want = _outcomes("exploding-kittens", 20, 3, ["random", "heuristic"], 9)
    assert _outcomes("exploding-kittens", 20, 3, ["random", "heuristic"], 9) == want


def test_simulate_with_a_seat_the_core_lacks_keeps_the_reference_path(monkeypatch):
    """An ISMCTS seat: the runner's own loop plays, and the core is never asked to; seats it
    plays are dealt and played in the core, a block of games in one call."""
    from ludoteca.agents import compiled as hooks

    calls: list[int] = []
    core = fast.core_for(ludoteca.get_game("exploding-kittens"))
    real = hooks.play_seeded
    monkeypatch.setattr(hooks, "play_seeded", lambda *a, **k: calls.append(1) or real(*a, **k))
    real_games = core.play_games
    monkeypatch.setattr(
        core, "play_games", lambda *a, **k: calls.append(len(a[0])) or real_games(*a, **k)
    )
    _outcomes("exploding-kittens", 2, 2, ["random", "ismcts:iterations=5"], 1)
    assert calls == []
    _outcomes("exploding-kittens", 2, 2, ["random"], 1)
    assert calls == [2]


@pytest.mark.parametrize(
    ("game_id", "players", "agents", "opts"),
    [
        ("exploding-kittens", 2, ["random"], {}),
        (
            "exploding-kittens",
            4,
            ["random", "heuristic"],
            {"bury_anywhere": True, "stacking_attacks": False},
        ),
        (
            "exploding-kittens",
            7,
            ["heuristic:risk=0.45", "random"],
            {"five_card_combo": "identical"},
        ),
        ("nine-domains", 2, ["random"], {}),
        (
            "nine-domains",
            2,
            ["heuristic", "random"],
            {"special_deal": "draft", "vp_tie": "domains", "exchange_this_round": True},
        ),
        (
            "nine-domains",
            2,
            ["random", "heuristic"],
            {
                "special_deal": "independent",
                "four_plus_target": "opponent",
                "open_piles": True,
                "malus_counts_as_bonus": True,
                "three_plus_effect_win_scores": True,
            },
        ),
        ("coatl", 2, ["random"], {}),
        ("coatl", 2, ["heuristic", "random"], {"sacrifice_tokens": True, "reduced_bodies": True}),
        (
            "coatl",
            4,
            ["random", "heuristic"],
            {"keep_exactly_three": True, "tiebreak_counts_unfinished": True},
        ),
        ("coatl", 4, ["random"], {"reduced_bodies": True}),
        ("exploding-kittens", 10, ["random", "heuristic"], {"super_skip_passes_turns": True}),
        ("sala-de-miaula", 2, ["random"], {}),
        (
            "sala-de-miaula",
            2,
            ["heuristic", "random"],
            {"first_player": 1, "first_player_draws": True, "decklists": "open"},
        ),
        (
            "sala-de-miaula",
            2,
            ["random", "heuristic"],
            {"terrain": None, "oficina_any_status": True},
        ),
    ],
)
def test_block_records_equal_the_game_by_game_records(game_id, players, agents, opts):
    """The columns a block keeps give back, game by game, what ``play_one`` gives (with the
    core playing each game from a Python deal): outcomes, whole records, the JSON lines and
    CSV rows (the block's text from its columns, ``sim/render.py``, against each outcome's
    line and row through ``json`` and ``csv.writer``), and the summary over the columns
    equals the one over the outcomes."""
    from ludoteca.sim.runner import play_block, play_one, seat_agents
    from ludoteca.sim.summary import SimulationResult

    block = play_block(game_id, players, agents, 11, 3, 25, opts, True, True)
    assert block is not None and len(block) == 25
    want = [
        play_one(game_id, players, seat_agents(agents, players, i), 11, i, opts)
        for i in range(3, 28)
    ]
    assert block.outcomes() == want
    assert [g.record for g in block.outcomes()] == [g.record for g in want]
    for k, g in enumerate(want):
        assert OutcomeWriter.line(block.outcome(k, False)) == OutcomeWriter.line(g)
    assert b"".join(block.jsonl_bytes()).decode() == _reference_lines(want)
    assert b"".join(block.csv_bytes()).decode() == _reference_csv(want, players)
    columns = SimulationResult(game_id, players, agents, [], [block])
    assert columns.summary() == SimulationResult(game_id, players, agents, want).summary()
    bare = play_block(game_id, players, agents, 11, 3, 25, opts, True, False)
    assert bare is not None and not bare.has_moves
    assert [g.to_row() for g in bare.outcomes()] == [g.to_row() for g in want]
    assert b"".join(bare.csv_bytes()).decode() == _reference_csv(want, players)


def _reference_lines(outcomes):
    """``--out x.jsonl``'s text game by game: each outcome's row and record through json."""
    return "".join(OutcomeWriter.line(g) + "\n" for g in outcomes)


def _reference_csv(outcomes, players):
    """``--out x.csv``'s rows game by game: each outcome's fields through csv.writer."""
    writer = OutcomeWriter.__new__(OutcomeWriter)
    writer.n = players
    buf = io.StringIO()
    rows = csv.writer(buf)
    for g in outcomes:
        rows.writerow(writer.csv_row(g))
    return buf.getvalue()


@pytest.mark.parametrize(
    ("game_id", "players", "agents", "seed", "first"),
    [
        ("nine-domains", 2, ["heuristic", "random"], 10**12 - 1003, 990),
        ("exploding-kittens", 3, ["random", "heuristic"], -20, 5),
        ("coatl", 2, ["random"], 995, 0),
        ("sala-de-miaula", 2, ["random"], 7, 1995),
    ],
)
def test_block_text_in_small_pieces_and_past_thousands(
    monkeypatch, game_id, players, agents, seed, first
):
    """The block's text laid out in chunks of a few thousand bytes, with
    numbers crossing thousands (their last three digits come from a table) and negative deal
    seeds, is still the game-by-game text."""
    from ludoteca.sim import render
    from ludoteca.sim.runner import play_block, play_one, seat_agents

    monkeypatch.setattr(render, "CHUNK_CHARS", 3000)
    block = play_block(game_id, players, agents, seed, first, 12, {}, True, True)
    assert block is not None
    want = [
        play_one(game_id, players, seat_agents(agents, players, i), seed, i)
        for i in range(first, first + 12)
    ]
    chunks = list(block.jsonl_bytes())
    assert len(chunks) > 1
    assert b"".join(chunks).decode() == _reference_lines(want)
    assert b"".join(block.csv_bytes()).decode() == _reference_csv(want, players)


@pytest.mark.parametrize(("players", "rollout"), [(2, "random"), (5, "random"), (3, "heuristic")])
def test_ismcts_rollouts_are_identical(players, rollout):
    game = ludoteca.get_game("exploding-kittens")
    state = game.new_game(players, 21, {})
    rng = random.Random(0)
    for _ in range(25):  # somewhere into the game
        p = state.actors[0]
        state.apply(p, rng.choice(state.legal_actions(p)))
    p = state.actors[0]
    budget = Budget(200 if rollout == "random" else 60, None, rollout=rollout)
    with fast.disabled():
        want = search(SeatHandle(state, p), random.Random(4), budget)
    got = search(SeatHandle(state, p), random.Random(4), budget)
    assert got == want


# every kind of seed the callers give: the runner's 31-bit ints, int64 arrays, Python ints up
# to 2**63 - 1 (play_seeded, the gym env), uint64 from getrandbits(64) (Coatl's heuristic);
# one 32-bit word and two, and the edges between them
EDGE_SEEDS = (0, 1, 7, 2**31 - 1, 2**32 - 1, 2**32, 2**32 + 1, 2**40 + 17, 2**63 - 1)
EDGE_SEEDS_U64 = (2**63, 2**64 - 2, 2**64 - 1)


def _many_seeds():
    rng = random.Random(2026)
    drawn = [rng.getrandbits(bits) for bits in (8, 31, 32, 33, 48, 63) for _ in range(40)]
    return [*EDGE_SEEDS, *drawn]


def test_seeded_generators_are_random_random():
    """The runner's path seeds each seat's Mersenne Twister in compiled code, from the shared
    initial state (MT_INIT): any word of it wrong and no seed gives Python's state."""
    import numpy as np

    from ludoteca.engine.compiled.rng import MT_N, mt_seed, mt_state

    mt = np.zeros(MT_N + 1, dtype=np.uint64)
    for seed in _many_seeds():
        want = mt_state(random.Random(seed))
        for typed in (seed, np.int64(seed), np.uint64(seed)):
            mt[:] = 99  # nothing left over from the seed before
            mt_seed(mt, typed)
            assert (mt == want).all(), (seed, type(typed))
    for seed in EDGE_SEEDS_U64:
        mt_seed(mt, np.uint64(seed))
        assert (mt == mt_state(random.Random(seed))).all(), seed


def test_seeded_pairs_are_random_random():
    """Two generators seeded in one loop (and n of them, in pairs) are each Python's: the
    pairs mix one-word and two-word seeds, so the two halves take different keys."""
    import numpy as np

    from ludoteca.engine.compiled.rng import MT_N, mt_seed_many, mt_seed_pair, mt_state

    seeds = [*_many_seeds(), *EDGE_SEEDS_U64]
    a = np.zeros(MT_N + 1, dtype=np.uint64)
    b = np.zeros(MT_N + 1, dtype=np.uint64)
    for k, sa in enumerate(seeds):
        sb = seeds[(k * 7 + 3) % len(seeds)]
        mt_seed_pair(a, np.uint64(sa), b, np.uint64(sb))
        assert (a == mt_state(random.Random(sa))).all(), (sa, sb)
        assert (b == mt_state(random.Random(sb))).all(), (sa, sb)
    for n in range(1, 8):  # odd and even numbers of seats
        rows = np.array([seeds[(n * 13 + p * 5) % len(seeds)] for p in range(n)], dtype=np.uint64)
        mts = np.zeros((n, MT_N + 1), dtype=np.uint64)
        mt_seed_many(mts, rows)
        for p in range(n):
            assert (mts[p] == mt_state(random.Random(int(rows[p])))).all(), (n, p)
        mt_seed_many(mts, rows.astype(np.int64) & 0x7FFFFFFF)  # the runner's seeds
        for p in range(n):
            assert (mts[p] == mt_state(random.Random(int(rows[p]) & 0x7FFFFFFF))).all(), (n, p)


def test_simulate_nine_domains_records_are_identical():
    opts = {"special_deal": "draft"}
    with fast.disabled():
        want = _outcomes("nine-domains", 40, 2, ["random"], 3, opts)
    assert _outcomes("nine-domains", 40, 2, ["random"], 3, opts) == want


def test_simulate_nine_domains_heuristic_records_are_identical():
    with fast.disabled():
        want = _outcomes("nine-domains", 12, 2, ["heuristic", "random"], 4)
    assert _outcomes("nine-domains", 12, 2, ["heuristic", "random"], 4) == want
    with fast.disabled():
        want = _outcomes("nine-domains", 6, 2, ["heuristic"], 8, {"special_deal": "draft"})
    assert _outcomes("nine-domains", 6, 2, ["heuristic"], 8, {"special_deal": "draft"}) == want


def test_ismcts_nine_domains_heuristic_rollouts_run_in_the_core():
    """rollout=heuristic pays there (the agent weighs hundreds of plans a move): the hook
    takes it, and the search's statistics are those of the Python playouts."""
    from ludoteca.agents import compiled as hooks
    from ludoteca.agents.ismcts import make_policy

    game = ludoteca.get_game("nine-domains")
    state = game.new_game(2, 8, {})
    policy = make_policy("heuristic", game, random.Random(0))
    assert hooks.search_rollout(state.clone(), random.Random(0), None, policy)
    p = state.actors[0]
    budget = Budget(40, None, rollout="heuristic")
    with fast.disabled():
        want = search(SeatHandle(state, p), random.Random(4), budget)
    assert search(SeatHandle(state, p), random.Random(4), budget) == want


def test_ismcts_nine_domains_keeps_python_rollouts():
    """Measured not to pay there (a dozen moves per rollout): the hook declines and the search
    plays its own playouts; the core's rollouts themselves are tested in test_nine_domains.py."""
    from ludoteca.agents import compiled as hooks

    game = ludoteca.get_game("nine-domains")
    state = game.new_game(2, 8, {})
    assert not hooks.search_rollout(state.clone(), random.Random(0), None, None)
    assert hooks.search_rollout(
        ludoteca.get_game("exploding-kittens").new_game(2, 8, {}), random.Random(0), None, None
    )


def test_ismcts_fast_false_keeps_playouts_in_python(monkeypatch):
    from ludoteca.agents import compiled as hooks
    from ludoteca.agents import make_agent

    calls = []
    real = hooks.rollout
    monkeypatch.setattr(hooks, "rollout", lambda *a, **k: calls.append(1) or real(*a, **k))
    game = ludoteca.get_game("exploding-kittens")
    state = game.new_game(2, 4, {})
    p = state.actors[0]
    slow = make_agent("ismcts:iterations=30:fast=false", game, 1).act(SeatHandle(state, p))
    assert calls == []
    quick = make_agent("ismcts:iterations=30", game, 1).act(SeatHandle(state, p))
    assert calls and quick == slow


def test_a_core_that_no_longer_fits_its_game_falls_back(monkeypatch):
    """When a game package moves what the core reads, the core turns itself off and says why;
    simulate plays the reference path."""
    from ludoteca.games.nine_domains.compiled import table as nine_domains

    monkeypatch.setattr(nine_domains, "supported", lambda: "the phase numbers changed")
    monkeypatch.setattr(fast, "_CORES", {})
    assert not fast.available("nine-domains")
    assert fast.why_not("nine-domains") == "the phase numbers changed"
    got = _outcomes("nine-domains", 3, 2, ["random"], 1)
    with fast.disabled():
        assert got == _outcomes("nine-domains", 3, 2, ["random"], 1)


def _written(tmp_path, name, agents, game="exploding-kittens", players=3, seed=4):
    out = tmp_path / name
    args = ["simulate", game, "-n", "12", "-p", str(players), "--agents", agents]
    r = CliRunner().invoke(app, [*args, "--seed", str(seed), "--workers", "1", "--out", str(out)])
    assert r.exit_code == 0, r.output
    return out.read_bytes()


@pytest.mark.parametrize(
    ("agents", "suffix", "game", "players", "seed"),
    [
        ("random,random", "jsonl", "exploding-kittens", 3, 4),
        ("heuristic,random", "jsonl", "exploding-kittens", 3, 4),
        ("random,heuristic", "csv", "exploding-kittens", 3, 4),
        ("random,heuristic", "jsonl", "nine-domains", 2, 4),
        ("heuristic,random", "csv", "nine-domains", 2, 995),
        ("random,random", "jsonl", "coatl", 4, 4),
        ("random,heuristic", "csv", "coatl", 2, 4),
        ("heuristic,random", "jsonl", "sala-de-miaula", 2, 999_995),
        ("random", "csv", "sala-de-miaula", 2, 4),
    ],
)
def test_simulate_output_is_byte_identical_to_the_reference_loop(
    tmp_path, agents, suffix, game, players, seed
):
    """The file ``simulate --out`` writes from the core's columns is, byte for byte, the one
    the reference loop (no core: every game played and encoded in Python) writes."""
    with fast.disabled():
        want = _written(tmp_path, f"want.{suffix}", agents, game, players, seed)
    assert _written(tmp_path, f"got.{suffix}", agents, game, players, seed) == want


@pytest.mark.parametrize(
    ("agents", "suffix", "game", "players", "seed"),
    [
        ("random,heuristic", "jsonl", "exploding-kittens", 3, 4),
        ("random,heuristic", "jsonl", "nine-domains", 2, 995),
        ("heuristic,random", "jsonl", "sala-de-miaula", 2, 999_995),
        ("random,heuristic", "csv", "nine-domains", 2, 995),
    ],
)
def test_simulate_output_in_many_blocks_is_the_reference_loops(
    monkeypatch, tmp_path, agents, suffix, game, players, seed
):
    """With blocks of a few games (a core's ``block_scale`` times ``MAX_BLOCK`` with records),
    the file cut into blocks is still, byte for byte, the reference loop's."""
    from ludoteca.sim import runner

    with fast.disabled():
        want = _written(tmp_path, f"want.{suffix}", agents, game, players, seed)
    sizes = []
    real = runner.play_block
    monkeypatch.setattr(runner, "MAX_BLOCK", 2)
    monkeypatch.setattr(runner, "MAX_BARE_BLOCK", 5)
    monkeypatch.setattr(runner, "play_block", lambda *a, **k: sizes.append(a[5]) or real(*a, **k))
    assert _written(tmp_path, f"got.{suffix}", agents, game, players, seed) == want
    # records: block_scale (4) times MAX_BLOCK two-seat games; none: MAX_BARE_BLOCK
    size = 4 * (2 * 2 // players) if suffix == "jsonl" else 5
    assert sizes == [size] * (12 // size) + ([12 % size] if 12 % size else [])


def test_block_size_scales_with_records_only():
    """``block_scale`` lengthens the blocks that keep records; blocks without (a Parquet
    file's row groups) stay ``MAX_BARE_BLOCK``."""
    from ludoteca.sim.runner import MAX_BARE_BLOCK, MAX_BLOCK, block_size

    assert block_size(10**6, 1, True, 2, 4) == 4 * MAX_BLOCK
    assert block_size(10**6, 1, True, 10, 4) == 4 * (MAX_BLOCK * 2 // 10)
    assert block_size(10**6, 1, False, 2, 4) == MAX_BARE_BLOCK
    assert block_size(10**6, 1, True, 2) == MAX_BLOCK
    for gid in ("nine-domains", "exploding-kittens", "sala-de-miaula"):
        assert fast.core_for(ludoteca.get_game(gid)).block_scale == 4


def test_simulate_makes_no_agent_the_core_plays(monkeypatch):
    """Seats the core plays (random, heuristic) are planned once per spec, never made per
    game; a seat it lacks still makes its agents every game."""
    made = []
    real = registry.make_agent
    monkeypatch.setattr(registry, "make_agent", lambda *a, **k: made.append(a[0]) or real(*a, **k))
    monkeypatch.setattr("ludoteca.sim.runner.make_agent", registry.make_agent)
    hooks._PLANS.clear()
    _outcomes("exploding-kittens", 6, 2, ["random", "heuristic"], 3)
    # check_run makes each spec once, and the plan once more per spec: nothing per game
    assert sorted(made) == ["heuristic", "heuristic", "random", "random"]
    made.clear()
    _outcomes("exploding-kittens", 2, 2, ["random", "ismcts:iterations=5"], 1)
    assert made.count("random") >= 2  # the reference loop makes its agents per game
