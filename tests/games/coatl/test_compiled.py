"""The compiled Coatl core against the reference rules, move for move (see
test_exploding_kittens.py: same seeds, same moves, same ``to_json``, same result)."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

import ludoteca
from ludoteca import SeatHandle
from ludoteca.agents import compiled as AC
from ludoteca.agents import make_agent
from ludoteca.engine import compiled as fast

from .. import compiled_reference as twins

GAME = ludoteca.get_game("coatl")
# every option combination (16) at every player count (2-4)
OPTIONS = [
    {
        "sacrifice_tokens": a,
        "reduced_bodies": b,
        "keep_exactly_three": c,
        "tiebreak_counts_unfinished": d,
    }
    for a, b, c, d in itertools.product((True, False), repeat=4)
]
SETUPS = [(n, o) for n in (2, 3, 4) for o in OPTIONS]


def test_whole_games_with_random_agents(fuzz_games):
    games = fuzz_games or 144  # every option combination at every count, three times
    ends = set()
    for i in range(games):
        n, opts = SETUPS[i % len(SETUPS)]
        ref = GAME.new_game(n, 3000 + i, opts)
        core = GAME.new_game(n, 3000 + i, opts)
        r1 = [random.Random(i * 31 + s) for s in range(n)]
        r2 = [random.Random(i * 31 + s) for s in range(n)]
        assert fast.play_random(core, r2) == twins.reference_random(ref, r1), (
            f"game {i}: {n} {opts}"
        )
        assert core.to_json() == ref.to_json(), f"game {i}: {n} {opts}"
        assert core.result() == ref.result()
        assert [r.getstate() for r in r1] == [r.getstate() for r in r2]
        core.check_invariants()
        ends.add(ref.end)
    assert {"coatl", "bodies"} <= ends, "both end triggers are played"


def test_rollouts_from_any_state(fuzz_games):
    games = fuzz_games or 144
    rng = random.Random(5)
    phases = set()
    for i in range(games):
        n, opts = SETUPS[i % len(SETUPS)]
        st = GAME.new_game(n, 8000 + i, opts)
        for _ in range(rng.randrange(0, 150)):
            if st.is_over:
                break
            p = st.actors[0]
            st.apply(p, rng.choice(st.legal_actions(p)))
        if not st.is_over and rng.random() < 0.5:
            st = st.determinize(st.actors[0], rng)
        phases.add(st.phase)
        ref, core = st.clone(), st.clone()
        seed = rng.getrandbits(32)
        r1, r2 = random.Random(seed), random.Random(seed)
        limit = None if i % 3 else rng.randrange(0, 40)
        assert AC.rollout(core, r2, limit) == twins.reference_rollout(ref, r1, limit)
        assert core.to_json() == ref.to_json(), f"rollout {i}: {n} {opts}"
        assert r1.getstate() == r2.getstate()
    assert len(phases) >= 5, f"rollouts start from most phases, got {sorted(phases)}"


def test_every_step_state_equal():
    rng = random.Random(2)
    for i in range(12):
        n, opts = SETUPS[(i * 7) % len(SETUPS)]
        ref = GAME.new_game(n, 500 + i, opts)
        twins.assert_every_step_equal(ref, rng.getrandbits(32))


def test_batch_masks_and_steps_match_the_engine():
    rng = random.Random(9)
    states = [
        GAME.new_game(SETUPS[i % len(SETUPS)][0], 40 + i, SETUPS[i % len(SETUPS)][1])
        for i in range(48)
    ]
    twins.assert_batch_matches(GAME, states, 120, rng)


def test_the_deal_in_the_core():
    core = fast.core_for(GAME)
    for k, (n, opts) in enumerate(SETUPS):
        ref = GAME.new_game(n, 77 + k, opts)
        S, rng = core.deal(77 + k, n, ref.options)
        got = GAME.new_game(n, 0, opts)
        core.store(S, got)
        got.rng.state = rng
        assert got.to_json() == ref.to_json()


def test_whole_games_from_the_deal_in_the_core():
    core = fast.core_for(GAME)
    for k, (n, opts) in enumerate(SETUPS[::5]):
        options = GAME.new_game(n, 0, opts).options
        seeds = np.arange(100 * k, 100 * k + 3, dtype=np.int64)
        agent_seeds = seeds[:, None] * 31 + np.arange(n)[None, :]
        moves, _, winners = core.random_games(seeds, n, options, agent_seeds)
        for g, seed in enumerate(seeds.tolist()):
            ref = GAME.new_game(n, seed, opts)
            played = twins.reference_random(ref, [random.Random(seed * 31 + p) for p in range(n)])
            w = ref.result().winners
            assert moves[g] == len(played)
            assert winners[g] == (w[0] if len(w) == 1 else -1)


def test_the_core_declines_an_option_it_does_not_play(monkeypatch):
    """A new option in the package (one the core does not know) turns the core off: the
    callers play the reference path."""
    from ludoteca.games.coatl.compiled import table

    monkeypatch.setattr(table, "OPTIONS", table.OPTIONS[:-1])
    monkeypatch.setattr(fast, "_CORES", {})
    assert not fast.available("coatl")
    assert "tiebreak_counts_unfinished" in fast.why_not("coatl")


# -- the callers (no per-game code in them: these check that Coatl goes through them right) --
def _outcomes(n, seed, opts):
    from ludoteca.sim import simulate

    res = simulate("coatl", 8, n, ["random"], seed=seed, options=opts)
    return [(g.to_row(), g.record) for g in res.games]


@pytest.mark.parametrize("players", [2, 4])
def test_simulate_random_records_are_identical(players):
    opts = {"reduced_bodies": players == 4, "keep_exactly_three": players == 2}
    with fast.disabled():
        want = _outcomes(players, 11, opts)
    got = _outcomes(players, 11, opts)
    assert got == want
    rec = ludoteca.engine.MatchRecord.from_json(got[0][1])
    assert rec.final_state().result().to_json() == rec.result


def test_ismcts_random_rollouts_are_identical_and_use_the_core(monkeypatch):
    from ludoteca.agents import compiled as hooks
    from ludoteca.agents.ismcts import Budget, search
    from ludoteca.engine import SeatHandle

    state = GAME.new_game(3, 21, {})
    rng = random.Random(0)
    for _ in range(40):  # somewhere into the game
        p = state.actors[0]
        state.apply(p, rng.choice(state.legal_actions(p)))
    p = state.actors[0]
    budget = Budget(60, None, rollout="random")
    with fast.disabled():
        want = search(SeatHandle(state, p), random.Random(4), budget)
    calls = []
    real = hooks.rollout
    monkeypatch.setattr(hooks, "rollout", lambda *a, **k: calls.append(1) or real(*a, **k))
    assert search(SeatHandle(state, p), random.Random(4), budget) == want
    assert calls, "the search's random rollouts ran in the core"


# -- the heuristic agent, compiled ------------------------------------------------------------
def _fuzzed_states(count, seed, most=250):
    """Positions from random play over every setup and phase, a quarter of them determinized."""
    rng = random.Random(seed)
    for i in range(count):
        n, opts = SETUPS[(i * 7) % len(SETUPS)]
        st = GAME.new_game(n, seed * 1000 + i, opts)
        for _ in range(rng.randrange(0, most)):
            if st.is_over:
                break
            p = st.actors[0]
            st.apply(p, rng.choice(st.legal_actions(p)))
        if not st.is_over and rng.random() < 0.25:
            st = st.determinize(st.actors[0], rng)
        yield i, st, rng


def test_the_position_value_is_the_agents_to_the_last_bit():
    from ludoteca.agents.heuristics.coatl import position_value
    from ludoteca.games.coatl.compiled import heuristic

    core = fast.core_for(GAME)
    AC.heuristic_class(core)  # the agent's numbers, installed
    finished = 0
    for _, st, _ in _fuzzed_states(300, 1, 400):
        S = core.load(st)
        for q in range(st.num_players):
            got = heuristic.position_value(S, core.table, core.heuristic, q)
            assert got == position_value(st, q), (st.to_json(), q)
            finished += any(c.done for c in st.players[q].coatls)
    assert finished > 50, "finished Coatls are valued too"


def test_the_determinization_is_view_determinize():
    """The agent's sample for the seat to act: the same re-dealt hands, deck, Temple hands
    and piles, the same new generator, and its random.Random left where determinize leaves it."""
    from ludoteca.engine.compiled.rng import mt_state
    from ludoteca.games.coatl.compiled import heuristic, layout

    core = fast.core_for(GAME)
    pool = np.empty(layout.PCAP, dtype=np.int64)
    mark = np.empty(layout.PCAP, dtype=np.int64)
    phases = set()
    for i, st, rng in _fuzzed_states(300, 2):
        if st.is_over:
            continue
        p = st.actors[0]
        seed = rng.getrandbits(64)  # the agent's seeds are 64-bit: half of them >= 2**63
        r = random.Random(seed)
        want = st.determinize(p, r)
        dm = mt_state(random.Random(seed))
        B = np.zeros(layout.SIZE, dtype=np.int64)
        state = heuristic._determinize(core.load(st), core.table, B, p, dm, pool, mark)
        got = st.clone()
        core.store(B, got)
        got.rng.state = int(state)
        assert got.to_json() == want.to_json(), f"state {i}"
        assert (dm == mt_state(r)).all()
        phases.add(st.phase)
    assert len(phases) >= 5


HEURISTIC_SEATS = [
    ("heuristic", "heuristic", "heuristic", "heuristic"),
    ("heuristic", "random", "heuristic", "random"),
    ("random", "heuristic", "random", "heuristic"),
]


def test_whole_games_with_heuristic_and_random_seats(fuzz_games):
    """Heuristic against heuristic and against random, 2-4 players, every option: the same
    moves, the same end, the agents' generators left in the same state."""
    # 24: (i * 5) % 48 meets every option combination (5 * i % 16 for i < 16) and every count;
    # --fuzz-games for all 48 setups and more
    games = fuzz_games or 24
    counts = set()
    for i in range(games):
        n, opts = SETUPS[(i * 5) % len(SETUPS)]
        seats = HEURISTIC_SEATS[i % 3][:n]
        seed = 20_000 + i
        ref, core = GAME.new_game(n, seed, opts), GAME.new_game(n, seed, opts)
        a1 = [make_agent(s, GAME, seed * 8 + p) for p, s in enumerate(seats)]
        a2 = [make_agent(s, GAME, seed * 8 + p) for p, s in enumerate(seats)]
        assert AC.play_agents(core, a2) == twins.reference_agents(ref, a1), (
            f"game {i}: {seats} {opts}"
        )
        assert core.to_json() == ref.to_json()
        assert [a.rng.getstate() for a in a1] == [a.rng.getstate() for a in a2]
        counts.add(n)
    assert counts == {2, 3, 4}


def test_seeded_heuristic_games_are_the_agents(fuzz_games):
    """The runner's path: fresh generators seeded in compiled code, heuristic kinds."""
    games = fuzz_games or 12
    for i in range(games):
        n, opts = SETUPS[(i * 11) % len(SETUPS)]
        seats = HEURISTIC_SEATS[i % 3][:n]
        seeds = [(2**62 + 977 * i + p) for p in range(n)]
        ref, core = GAME.new_game(n, 40_000 + i, opts), GAME.new_game(n, 40_000 + i, opts)
        agents = [make_agent(s, GAME, seeds[p]) for p, s in enumerate(seats)]
        kinds = [AC.seat_kind(fast.core_for(GAME), a) for a in agents]
        want = twins.reference_agents(ref, agents)
        # Coatl's heuristic takes no risk: every seat's is 0 (the fourth argument is the risks)
        risks = np.zeros(n)
        assert fast.play_seeded(core, seeds, kinds, risks) == want, f"game {i}"
        assert core.to_json() == ref.to_json()


def test_heuristic_rollouts_from_any_state(fuzz_games):
    """ISMCTS' rollout=heuristic: the agent plays every seat, from any phase (determinized
    states too), to the end or for a few moves."""
    games = fuzz_games or 30  # every option combination ((i * 7) % 16), --fuzz-games for more
    rng = random.Random(17)
    phases = set()
    for i in range(games):
        n, opts = SETUPS[(i * 7) % len(SETUPS)]
        st = GAME.new_game(n, 60_000 + i, opts)
        for _ in range(rng.randrange(60, 260)):
            if st.is_over:
                break
            p = st.actors[0]
            st.apply(p, rng.choice(st.legal_actions(p)))
        if not st.is_over and rng.random() < 0.5:
            st = st.determinize(st.actors[0], rng)
        phases.add(st.phase)
        ref, core = st.clone(), st.clone()
        h1, h2 = make_agent("heuristic", GAME, i), make_agent("heuristic", GAME, i)
        steps = 0
        limit = None if i % 2 else rng.randrange(0, 30)
        while ref.actors and (limit is None or steps < limit):
            p = ref.actors[0]
            legal = ref.legal_actions(p)
            ref.apply(p, legal[0] if len(legal) == 1 else h1.act(SeatHandle(ref, p)))
            steps += 1
        assert AC.rollout(core, random.Random(0), limit, heuristic=h2) == steps
        assert core.to_json() == ref.to_json(), f"rollout {i}: {n} {opts}"
        assert h1.rng.getstate() == h2.rng.getstate()
    assert len(phases) >= 3


def test_the_heuristic_with_other_noise_keeps_the_reference_path():
    core = fast.core_for(GAME)
    assert AC.seat_kind(core, make_agent("heuristic", GAME, 0)) == fast.HEURISTIC
    assert AC.seat_kind(core, make_agent("medium", GAME, 0)) == fast.HEURISTIC
    assert AC.seat_kind(core, make_agent("heuristic:noise=0.05", GAME, 0)) is None
    with pytest.raises(ValueError):
        AC.play_agents(GAME.new_game(2, 0, {}), [make_agent("heuristic:noise=0", GAME, 0)] * 2)


def test_an_agent_module_the_core_does_not_match_keeps_the_heuristic_in_python(monkeypatch):
    from ludoteca.agents.heuristics import coatl as agent
    from ludoteca.agents.heuristics.compiled import coatl as twin
    from ludoteca.games.coatl.compiled.core import Core

    monkeypatch.delattr(agent, "W_TOKEN")
    core = Core(GAME)
    assert AC.heuristic_class(core) is None and "W_TOKEN" in twin.supported()
    assert AC.seat_kind(core, make_agent("random", GAME, 0)) == fast.RANDOM


def test_simulate_heuristic_records_are_identical():
    def outcomes():
        from ludoteca.sim import simulate

        res = simulate("coatl", 4, 3, ["heuristic", "random"], seed=5, options={})
        return [(g.to_row(), g.record) for g in res.games]

    with fast.disabled():
        want = outcomes()
    assert outcomes() == want


def test_ismcts_heuristic_rollouts_are_identical_and_use_the_core(monkeypatch):
    from ludoteca.agents import compiled as hooks
    from ludoteca.agents.ismcts import Budget, make_policy, search

    state = GAME.new_game(2, 23, {})
    rng = random.Random(1)
    for _ in range(130):  # late enough that a rollout is short
        p = state.actors[0]
        state.apply(p, rng.choice(state.legal_actions(p)))
    assert hooks.search_rollout(
        state.clone(), random.Random(0), None, make_policy("heuristic", GAME, random.Random(0))
    )
    p = state.actors[0]
    budget = Budget(12, None, rollout="heuristic")
    with fast.disabled():
        want = search(SeatHandle(state, p), random.Random(4), budget)
    calls = []
    real = hooks.rollout
    monkeypatch.setattr(hooks, "rollout", lambda *a, **k: calls.append(1) or real(*a, **k))
    assert search(SeatHandle(state, p), random.Random(4), budget) == want
    assert calls, "the search's heuristic rollouts ran in the core"
