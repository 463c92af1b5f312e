"""The compiled Exploding Kittens core against the reference rules, move for move.

Every test plays the same game twice from the same state and the same seeds, once through the
engine (the pure-Python rules, the reference) and once in the core, and requires the same moves,
the same final ``to_json`` (generator included) and the same result. A rule changed on one side
only fails here. ``--fuzz-games N`` plays N games per test instead of the default.
"""

from __future__ import annotations

import itertools
import random

import pytest

import ludoteca
from ludoteca.agents import compiled as AC
from ludoteca.agents import make_agent
from ludoteca.engine import SeatHandle
from ludoteca.engine import compiled as fast

from .. import compiled_reference as twins
from .helpers import core_deals_as_the_reference

GAME = ludoteca.get_game("exploding-kittens")
COUNTS = range(2, 11)
OPTIONS = [
    {
        "stacking_attacks": a,
        "super_skip_passes_turns": b,
        "bury_anywhere": c,
        "five_card_combo": d,
    }
    for a, b, c, d in itertools.product(
        (True, False), (True, False), (True, False), ("different", "identical")
    )
]


def settings(count: int) -> list[tuple[int, dict[str, object]]]:
    """``count`` (players, options) pairs covering every player count and option combination."""
    return [(COUNTS[i % len(COUNTS)], OPTIONS[i % len(OPTIONS)]) for i in range(count)]


def test_whole_games_with_random_agents(fuzz_games):
    games = fuzz_games or 432  # 9 player counts x 16 option sets, three times
    for i, (n, opts) in enumerate(settings(games)):
        seed = 1000 + i
        ref = GAME.new_game(n, seed, opts)
        core = GAME.new_game(n, seed, opts)
        ref_rngs = [random.Random(seed * 31 + s) for s in range(n)]
        core_rngs = [random.Random(seed * 31 + s) for s in range(n)]
        want = twins.reference_random(ref, ref_rngs)
        got = fast.play_random(core, core_rngs)
        assert got == want, f"game {i} ({n} players, {opts}): moves differ"
        assert core.to_json() == ref.to_json(), f"game {i}: final states differ"
        assert core.result() == ref.result()
        assert [r.getstate() for r in core_rngs] == [r.getstate() for r in ref_rngs]
        core.check_invariants()


def _midgame(n, opts, seed, rng):
    """A state some way into a random game, and sometimes a determinization of it."""
    st = GAME.new_game(n, seed, opts)
    stop = rng.randrange(0, 120)
    for _ in range(stop):
        if st.is_over:
            break
        p = st.actors[0]
        st.apply(p, rng.choice(st.legal_actions(p)))
    if not st.is_over and rng.random() < 0.5:
        st = st.determinize(st.actors[0], rng)
    return st


def test_rollouts_from_any_state(fuzz_games):
    """ISMCTS rollouts start wherever the tree walk stopped: windows, targets, defuses..."""
    games = fuzz_games or 576
    rng = random.Random(7)
    phases = set()
    for i, (n, opts) in enumerate(settings(games)):
        start = _midgame(n, opts, 50_000 + i, rng)
        phases.add(start.phase)
        ref, core = start.clone(), start.clone()
        seed = rng.getrandbits(32)
        r1, r2 = random.Random(seed), random.Random(seed)
        limit = None if i % 3 else rng.randrange(0, 40)
        assert AC.rollout(core, r2, limit) == twins.reference_rollout(ref, r1, limit)
        assert core.to_json() == ref.to_json(), f"rollout {i} ({n} players, {opts})"
        assert r1.getstate() == r2.getstate()
    assert len(phases) >= 5, "the starting states should cover several phases"


def test_every_step_state_equal():
    """One move at a time: the whole state agrees after every single move, not just at the end."""
    rng = random.Random(11)
    for i, (n, opts) in enumerate(settings(18)):
        ref = GAME.new_game(n, 90_000 + i, opts)
        twins.assert_every_step_equal(ref, rng.getrandbits(32))


def test_batch_masks_and_steps_match_the_engine():
    rng = random.Random(3)
    states = [_midgame(n, opts, 70_000 + i, rng) for i, (n, opts) in enumerate(settings(90))]
    states = [s for s in states if not s.is_over]
    twins.assert_batch_matches(GAME, states, 40, rng)


def test_batch_step_refuses_an_illegal_move():
    st = GAME.new_game(3, 5, {})
    before = st.to_json()
    illegal = next(
        c for c in range(GAME.action_space_size) if not st.is_legal(st.actors[0], GAME.decode(c))
    )
    with pytest.raises(ValueError, match="not legal"):
        fast.batch_step([st], [illegal])
    assert st.to_json() == before


def test_whole_games_from_the_deal_in_the_core():
    """``random_games`` deals in compiled code too (the benchmark's path): same games."""

    core = fast.core_for(GAME)
    for n, opts in settings(27):
        core_deals_as_the_reference(core, n, opts, 300 + n)


def test_whole_games_with_heuristic_and_random_seats(fuzz_games):
    """The heuristic agent is compiled too: any mix of heuristic and random seats."""
    games = fuzz_games or 288
    specs = ["heuristic", "random", "heuristic:risk=0.45"]
    for i, (n, opts) in enumerate(settings(games)):
        seed = 20_000 + i
        seats = [specs[(p + i) % 3] for p in range(n)]
        ref, core = GAME.new_game(n, seed, opts), GAME.new_game(n, seed, opts)
        a1 = [make_agent(s, GAME, seed + p) for p, s in enumerate(seats)]
        a2 = [make_agent(s, GAME, seed + p) for p, s in enumerate(seats)]
        assert AC.play_agents(core, a2) == twins.reference_agents(ref, a1), f"game {i}: {seats}"
        assert core.to_json() == ref.to_json()
        assert [a.rng.getstate() for a in a1] == [a.rng.getstate() for a in a2]


def test_heuristic_rollouts_from_any_state(fuzz_games):
    """ISMCTS' rollout=heuristic: the agent plays every seat, asked only when there is a choice."""
    games = fuzz_games or 288
    rng = random.Random(17)
    for i, (n, opts) in enumerate(settings(games)):
        start = _midgame(n, opts, 60_000 + i, rng)
        ref, core = start.clone(), start.clone()
        h1 = make_agent("heuristic", GAME, i)
        h2 = make_agent("heuristic", GAME, i)
        steps = 0
        limit = None if i % 2 else rng.randrange(0, 30)
        while ref.actors and (limit is None or steps < limit):
            p = ref.actors[0]
            legal = ref.legal_actions(p)
            ref.apply(p, legal[0] if len(legal) == 1 else h1.act(SeatHandle(ref, p)))
            steps += 1
        assert AC.rollout(core, random.Random(0), limit, heuristic=h2) == steps
        assert core.to_json() == ref.to_json(), f"rollout {i}"
