"""The doors over the compiled core (``rl/positions.py``: ``CorePosition``) play the game the
engine's state plays, step for step: the same seats to act, the same observation and mask for
every seat, the same refusals, the same state written back and the same payoffs; and the
PettingZoo and Gymnasium envs on the core give the same episodes as on the engine."""

from __future__ import annotations

import random

import numpy as np
import pytest

from ludoteca.agents.compiled import heuristic_class
from ludoteca.engine import compiled as fast
from ludoteca.engine.observation import HIGH, LOW
from ludoteca.rl.core import Seats
from ludoteca.rl.positions import CorePosition, StatePosition, position

pytestmark = pytest.mark.skipif(not fast.AVAILABLE, reason="needs numba (the fast extra)")

CASES = [
    ("exploding-kittens", 2, {}),
    ("exploding-kittens", 5, {"stacking_attacks": True}),
    ("nine-domains", 2, {}),
    ("coatl", 2, {}),
    ("coatl", 4, {}),
    ("sala-de-miaula", 2, {}),
]
IDS = [f"{g}-{n}p{'-' + '-'.join(o) if o else ''}" for g, n, o in CASES]


def _pair(game_id: str, n: int, options: dict) -> tuple[StatePosition, CorePosition]:
    seats = Seats(game_id, n, options)
    core = position(seats, core=True)
    assert isinstance(core, CorePosition)
    return StatePosition(seats), core


def _same_now(ref: StatePosition, got: CorePosition, n: int) -> None:
    assert got.actors() == ref.actors()
    assert got.is_over() == ref.is_over()
    for p in range(n):
        assert np.array_equal(got.observation(p), ref.observation(p)), f"observation of seat {p}"
        assert np.array_equal(got.mask(p), ref.mask(p)), f"mask of seat {p}"


@pytest.mark.parametrize(("game_id", "n", "options"), CASES, ids=IDS)
def test_the_core_position_plays_the_engines_game_step_for_step(game_id, n, options, fuzz_games):
    ref, got = _pair(game_id, n, options)
    games = fuzz_games or 4
    for seed in range(games):
        ref.reset(seed)
        got.reset(seed)
        rng = random.Random(seed)
        steps = 0
        while True:
            _same_now(ref, got, n)
            if ref.is_over():
                break
            actors = ref.actors()
            p = actors[0]
            legal = np.flatnonzero(ref.mask(p))
            if rng.random() < 0.1:  # a refused code: the same words, nothing changed
                bad = int(np.flatnonzero(ref.mask(p) == 0)[0])
                with pytest.raises(ValueError) as want:
                    ref.play(p, bad)
                with pytest.raises(ValueError) as said:
                    got.play(p, bad)
                assert str(said.value) == str(want.value)
                _same_now(ref, got, n)
            code = int(legal[rng.randrange(len(legal))])
            ref.play(p, code)
            got.play(p, code)
            steps += 1
            if steps % 7 == 0:  # the state written back from the core is the engine's
                assert got.state.to_json() == ref.state.to_json()
        assert got.state.to_json() == ref.state.to_json()
        assert got.payoffs() == ref.payoffs()


def test_reading_the_state_does_not_disturb_the_core():
    """``state`` is written from the array on demand: reading it between moves (a render, a
    test) changes nothing in what follows."""
    ref, got = _pair("exploding-kittens", 3, {})
    ref.reset(11)
    got.reset(11)
    rng = random.Random(1)
    while not ref.is_over():
        p = ref.actors()[0]
        legal = np.flatnonzero(ref.mask(p))
        code = int(legal[rng.randrange(len(legal))])
        got.state  # noqa: B018 - the read is the point
        ref.play(p, code)
        got.play(p, code)
        assert got.state.to_json() == ref.state.to_json()
    assert got.payoffs() == ref.payoffs()


def test_a_mask_handed_out_is_the_callers():
    """Changing a mask the position gave does not change what it then accepts."""
    _, got = _pair("exploding-kittens", 2, {})
    got.reset(0)
    p = got.actors()[0]
    m = got.mask(p)
    legal = int(np.flatnonzero(m)[0])
    m[:] = 0
    assert got.mask(p)[legal] == 1
    got.play(p, legal)


@pytest.mark.parametrize(
    "bad", [-1, 10**9, "x", None, 2.5], ids=["negative", "huge", "text", "none", "float"]
)
def test_bad_codes_are_refused_as_the_engine_refuses_them(bad):
    ref, got = _pair("exploding-kittens", 2, {})
    ref.reset(4)
    got.reset(4)
    p = ref.actors()[0]
    try:
        ref.play(p, bad)
        raised = None
    except ValueError as e:
        raised = str(e)
    if raised is None:  # 2.5 -> 2 may be legal: then both play it
        got.play(p, bad)
    else:
        with pytest.raises(ValueError) as said:
            got.play(p, bad)
        assert str(said.value) == raised
    _same_now(ref, got, 2)


def test_core_true_refuses_clearly_where_there_is_no_core():
    seats = Seats("exploding-kittens", 2)
    with pytest.raises(ValueError, match="core must be"):
        position(seats, core="yes")  # type: ignore[arg-type]
    with fast.disabled():
        with pytest.raises(ValueError, match="no compiled core"):
            position(seats, core=True)
        assert isinstance(position(seats), StatePosition)


# -- the envs on the core against the envs on the engine -------------------------------------


def _aec_episode(env, seed: int, pick: random.Random) -> list:
    out = []
    env.reset(seed=seed)
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        out.append((agent, obs["observation"].tobytes(), obs["action_mask"].tobytes(), reward))
        if term or trunc:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[pick.randrange(len(legal))]))
    return out


@pytest.mark.parametrize(("game_id", "n", "options"), CASES, ids=IDS)
def test_pettingzoo_on_the_core_gives_the_engines_episodes(game_id, n, options):
    from ludoteca.rl.pettingzoo_envs import LudotecaAEC

    on, off = (
        LudotecaAEC(game_id, n, options, core=True),
        LudotecaAEC(game_id, n, options, core=False),
    )
    assert on.on_core and not off.on_core
    for seed in range(2):
        a = _aec_episode(on, seed, random.Random(seed))
        b = _aec_episode(off, seed, random.Random(seed))
        assert a == b
        assert on.game_state.to_json() == off.game_state.to_json()


def test_parallel_on_the_core_gives_the_engines_episodes():
    from ludoteca.rl.pettingzoo_envs import LudotecaParallel

    on = LudotecaParallel("nine-domains", 2, core=True)
    off = LudotecaParallel("nine-domains", 2, core=False)
    for seed in range(3):
        runs = []
        for env in (on, off):
            pick = random.Random(seed)
            obs, _ = env.reset(seed=seed)
            trace = []
            while env.agents:
                acts = {}
                for a, o in obs.items():
                    legal = np.flatnonzero(o["action_mask"])
                    if len(legal):
                        acts[a] = int(legal[pick.randrange(len(legal))])
                obs, rew, term, _, _ = env.step(acts)
                trace.append((sorted(acts.items()), sorted(rew.items()), sorted(term.items())))
                trace.append([o["observation"].tobytes() for _, o in sorted(obs.items())])
            runs.append(trace)
        assert runs[0] == runs[1]


@pytest.mark.parametrize("opponents", ["random", "heuristic"])
@pytest.mark.parametrize(("game_id", "n", "options"), CASES, ids=IDS)
def test_gym_on_the_core_gives_the_engines_episodes(game_id, n, options, opponents):
    from ludoteca.rl.gymnasium_env import LudotecaGym

    off = LudotecaGym(game_id, n, options, opponents=opponents, core=False)
    on = LudotecaGym(game_id, n, options, opponents=opponents)
    kinds = fast.core_for(off.seats.game)
    assert kinds is not None
    if opponents == "heuristic" and heuristic_class(kinds) is None:
        assert not on.on_core  # the core cannot play them: the engine does
    else:
        assert on.on_core
    for seed in range(3):
        runs = []
        for env in (on, off):
            pick = random.Random(seed)
            obs, info = env.reset(seed=seed)
            trace = [obs.tobytes(), info["seat"]]
            done = False
            while not done:
                legal = np.flatnonzero(env.action_masks())
                obs, reward, done, _, _ = env.step(int(legal[pick.randrange(len(legal))]))
                trace += [obs.tobytes(), reward, env.decisions]
            runs.append(trace)
        assert runs[0] == runs[1]
        assert on.game_state.to_json() == off.game_state.to_json()


@pytest.mark.parametrize(("game_id", "n", "options"), CASES, ids=IDS)
def test_on_the_core_a_seat_sees_nothing_of_what_it_cannot_see(game_id, n, options):
    """Two states that differ only in what seat p cannot see (p's determinization: the others'
    hands, the pile's order) give p the same observation on the core; the mask of a seat is
    its own legal moves, the same in both."""
    seats = Seats(game_id, n, options)
    core = fast.core_for(seats.game)
    assert core is not None
    ob = fast.observer_for(seats.game, seats.encoder, seats.new_state(0).options, LOW, HIGH)
    differed = 0
    for seed in range(3):
        state = seats.new_state(seed)
        rng = random.Random(seed)
        while not state.is_over:
            for p in range(n):
                other = state.determinize(p, rng)
                assert np.array_equal(
                    ob.observe(core.load(other), p), ob.observe(core.load(state), p)
                )
                differed += other.to_json() != state.to_json()
            q = state.actors[0]
            state.apply(q, rng.choice(state.legal_actions(q)))
    assert differed  # the determinizations did hide something
