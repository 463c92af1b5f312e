"""The compiled Nine Domains core against the reference rules, move for move (see
test_exploding_kittens.py: same seeds, same moves, same ``to_json``, same result)."""

from __future__ import annotations

import itertools
import random

import numpy as np

import ludoteca
from ludoteca import SeatHandle
from ludoteca.agents import compiled as AC
from ludoteca.agents import make_agent
from ludoteca.engine import compiled as fast

from .. import compiled_reference as twins

GAME = ludoteca.get_game("nine-domains")
OPTIONS = [
    {
        "special_deal": a,
        "four_plus_target": b,
        "vp_tie": c,
        "malus_counts_as_bonus": d,
        "three_plus_effect_win_scores": e,
        "exchange_this_round": f,
        "open_piles": g,
    }
    for a, b, c, d, e, f, g in itertools.product(
        ("random", "draft", "independent"),
        ("owner", "opponent"),
        ("draw", "domains"),
        (True, False),
        (True, False),
        (True, False),
        (False, True),
    )
]


def test_whole_games_with_random_agents(fuzz_games):
    games = fuzz_games or 1536  # every option combination (192), eight times
    for i in range(games):
        opts = OPTIONS[i % len(OPTIONS)]
        ref = GAME.new_game(2, 3000 + i, opts)
        core = GAME.new_game(2, 3000 + i, opts)
        r1 = [random.Random(i * 31 + s) for s in range(2)]
        r2 = [random.Random(i * 31 + s) for s in range(2)]
        assert fast.play_random(core, r2) == twins.reference_random(ref, r1), f"game {i}: {opts}"
        assert core.to_json() == ref.to_json(), f"game {i}: {opts}"
        assert core.result() == ref.result()
        assert [r.getstate() for r in r1] == [r.getstate() for r in r2]
        core.check_invariants()


def test_rollouts_from_any_state(fuzz_games):
    games = fuzz_games or 768
    rng = random.Random(5)
    phases = set()
    for i in range(games):
        opts = OPTIONS[i % len(OPTIONS)]
        st = GAME.new_game(2, 8000 + i, opts)
        for _ in range(rng.randrange(0, 25)):
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
        limit = None if i % 3 else rng.randrange(0, 10)
        assert AC.rollout(core, r2, limit) == twins.reference_rollout(ref, r1, limit)
        assert core.to_json() == ref.to_json(), f"rollout {i}: {opts}"
        assert r1.getstate() == r2.getstate()
    assert len(phases) == 4, "draft, place, power and finished states all start a rollout"


def test_every_step_state_equal():
    rng = random.Random(2)
    for i in range(96):
        ref = GAME.new_game(2, 500 + i, OPTIONS[(i * 7) % len(OPTIONS)])
        twins.assert_every_step_equal(ref, rng.getrandbits(32))


def test_batch_masks_and_steps_match_the_engine():
    rng = random.Random(9)
    states = [GAME.new_game(2, 40 + i, OPTIONS[i % len(OPTIONS)]) for i in range(64)]
    twins.assert_batch_matches(
        GAME, states, 30, rng, last_actor=True
    )  # the second of two simultaneous seats, too


def test_whole_games_from_the_deal_in_the_core():
    core = fast.core_for(GAME)
    for k, opts in enumerate(OPTIONS[::7]):
        options = GAME.new_game(2, 0, opts).options
        seeds = np.arange(100 * k, 100 * k + 4, dtype=np.int64)
        agent_seeds = seeds[:, None] * 31 + np.arange(2)[None, :]
        moves, _, winners = core.random_games(seeds, 2, options, agent_seeds)
        for g, seed in enumerate(seeds.tolist()):
            ref = GAME.new_game(2, seed, opts)
            played = twins.reference_random(ref, [random.Random(seed * 31 + p) for p in range(2)])
            w = ref.result().winners
            assert moves[g] == len(played)
            assert winners[g] == (w[0] if len(w) == 1 else -1)


def test_whole_games_with_heuristic_and_random_seats(fuzz_games):
    """The heuristic agent is compiled too: heuristic against heuristic, and against random."""
    games = fuzz_games or 192
    for i in range(games):
        opts = OPTIONS[(i * 5) % len(OPTIONS)]
        seed = 20_000 + i
        seats = [("heuristic", "heuristic"), ("heuristic", "random"), ("random", "heuristic")][
            i % 3
        ]
        ref, core = GAME.new_game(2, seed, opts), GAME.new_game(2, seed, opts)
        a1 = [make_agent(s, GAME, seed + p) for p, s in enumerate(seats)]
        a2 = [make_agent(s, GAME, seed + p) for p, s in enumerate(seats)]
        assert AC.play_agents(core, a2) == twins.reference_agents(ref, a1), f"game {i}: {opts}"
        assert core.to_json() == ref.to_json()
        assert [a.rng.getstate() for a in a1] == [a.rng.getstate() for a in a2]


def test_heuristic_rollouts_from_any_state(fuzz_games):
    """ISMCTS' rollout=heuristic: the agent plays every seat, from any phase (determinized too)."""
    games = fuzz_games or 192
    rng = random.Random(17)
    phases = set()
    for i in range(games):
        opts = OPTIONS[(i * 7) % len(OPTIONS)]
        st = GAME.new_game(2, 60_000 + i, opts)
        for _ in range(rng.randrange(0, 25)):
            if st.is_over:
                break
            p = st.actors[0]
            st.apply(p, rng.choice(st.legal_actions(p)))
        if not st.is_over and rng.random() < 0.5:
            st = st.determinize(st.actors[0], rng)
        phases.add(st.phase)
        ref, core = st.clone(), st.clone()
        h1 = make_agent("heuristic", GAME, i)
        h2 = make_agent("heuristic", GAME, i)
        steps = 0
        limit = None if i % 2 else rng.randrange(0, 12)
        while ref.actors and (limit is None or steps < limit):
            p = ref.actors[0]
            legal = ref.legal_actions(p)
            ref.apply(p, legal[0] if len(legal) == 1 else h1.act(SeatHandle(ref, p)))
            steps += 1
        assert AC.rollout(core, random.Random(0), limit, heuristic=h2) == steps
        assert core.to_json() == ref.to_json(), f"rollout {i}: {opts}"
    assert len(phases) == 4


def test_the_heuristic_with_other_settings_keeps_the_reference_path():
    core = fast.core_for(GAME)
    assert AC.seat_kind(core, make_agent("heuristic", GAME, 0)) == fast.HEURISTIC
    other = make_agent("heuristic:shortlist=3", GAME, 0)
    assert AC.seat_kind(core, other) is None
