"""The compiled Coatl core against the reference rules, move for move (see
test_exploding_kittens.py: same seeds, same moves, same ``to_json``, same result)."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

import ludoteca
from ludoteca import fast

from .reference import (
    assert_batch_matches,
    assert_every_step_equal,
    reference_random,
    reference_rollout,
)

pytestmark = pytest.mark.skipif(not fast.AVAILABLE, reason=fast.why_not("coatl"))

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
        assert fast.play_random(core, r2) == reference_random(ref, r1), f"game {i}: {n} {opts}"
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
        assert fast.rollout(core, r2, limit) == reference_rollout(ref, r1, limit)
        assert core.to_json() == ref.to_json(), f"rollout {i}: {n} {opts}"
        assert r1.getstate() == r2.getstate()
    assert len(phases) >= 5, f"rollouts start from most phases, got {sorted(phases)}"


def test_every_step_state_equal():
    rng = random.Random(2)
    for i in range(12):
        n, opts = SETUPS[(i * 7) % len(SETUPS)]
        ref = GAME.new_game(n, 500 + i, opts)
        assert_every_step_equal(ref, rng.getrandbits(32))


def test_batch_masks_and_steps_match_the_engine():
    rng = random.Random(9)
    states = [
        GAME.new_game(SETUPS[i % len(SETUPS)][0], 40 + i, SETUPS[i % len(SETUPS)][1])
        for i in range(48)
    ]
    assert_batch_matches(GAME, states, 120, rng)


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
            played = reference_random(ref, [random.Random(seed * 31 + p) for p in range(n)])
            w = ref.result().winners
            assert moves[g] == len(played)
            assert winners[g] == (w[0] if len(w) == 1 else -1)


def test_the_core_declines_an_option_it_does_not_play(monkeypatch):
    """A new option in the package (one the core does not know) turns the core off: the
    callers play the reference path."""
    from ludoteca.fast import coatl

    monkeypatch.setattr(coatl, "_OPTIONS", coatl._OPTIONS[:-1])
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
    from ludoteca.agents.ismcts import Budget, search
    from ludoteca.engine import SeatHandle
    from ludoteca.fast import hooks

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
