#!/usr/bin/env python3
"""What the RL doors cost over the bare engine, per game, in one run.

Per game and player count, random play (uniform over the legal actions) three ways:
- engine: ``legal_actions(p)``, a choice, ``apply`` (decisions/s);
- PettingZoo AEC: ``env.last()`` (observation vector + action mask of the seat to act), a
  choice among the mask's ones, ``env.step`` (steps/s: one decision each);
The choice is the same in every door, ``random.Random.choice``-like (an index drawn with
``randrange`` among the mask's ``nonzero()``): numpy's ``Generator.choice`` alone costs more
than an Exploding Kittens decision (and ``np.flatnonzero`` twice ``nonzero``), and a policy's
cost is not the wrapper's.
- Gymnasium: ``action_masks()`` and the observation each step, opponents ``random``; every
  decision of the game is counted (the learner's steps and the opponents' moves), as in the
  engine's figure.
Rates are per second of this process's CPU time; the three are interleaved in rounds so a
busy machine slows them alike. The goal: each door under 2x the engine's cost.

    python benchmarks/rl_overhead.py                 # every game, ~1 s per measurement, 3 rounds
    python benchmarks/rl_overhead.py coatl --players 3 --seconds 3
    python benchmarks/rl_overhead.py --parts         # also: where a PettingZoo step's time goes

``--core`` adds, for Exploding Kittens (the one game with a compiled observation so far,
``games/exploding_kittens/compiled/observation.py``), what an env that steps the compiled core and encodes in
compiled code would give: per step the acting seat's observation vector
(``Observer.observe``), its legal codes and mask, the same choice, and the core's ``apply``;
each game dealt by the core. It needs numba (the ``fast`` extra). With ``--parts`` it also
splits that loop's step (µs: observation, legal codes and mask, choice, ``apply``). Beside it,
64 games stepped together (``encode_many``, ``legal_many``, ``step_many``: one compiled call
each per step for all rows), steps summed over the rows.

``--parts`` splits the PettingZoo loop, per step (µs of CPU time, on the positions the loop
meets): ``last()`` with its observation (``encode_state``), legal codes and mask; the
choice; ``step``; and, for comparison, the reference observation ``encode(view(p))``.
"""

from __future__ import annotations

import argparse
import random
import time
import warnings

import numpy as np

import ludoteca
from ludoteca.rl.gymnasium_env import LudotecaGym
from ludoteca.rl.pettingzoo_envs import LudotecaAEC

clock = time.process_time


def engine(game_id: str, n: int, seconds: float, seed: int) -> float:
    game = ludoteca.get_game(game_id)
    rng = random.Random(seed)
    decisions, t0 = 0, clock()
    while clock() - t0 < seconds:
        state = game.new_game(num_players=n, seed=seed + decisions)
        while not state.is_over:
            p = state.actors[0]
            state.apply(p, rng.choice(state.legal_actions(p)))
            decisions += 1
    return decisions / (clock() - t0)


def pettingzoo(game_id: str, n: int, seconds: float, seed: int, core: bool) -> float:
    env = LudotecaAEC(game_id, n, core=core)
    rng = random.Random(seed)
    steps, t0 = 0, clock()
    while clock() - t0 < seconds:
        env.reset(seed=seed + steps)
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = obs["action_mask"].nonzero()[0]
            env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
    return steps / (clock() - t0)


def core_env(
    game_id: str, n: int, seconds: float, seed: int, split: list[float] | None = None
) -> float:
    """Steps/s of a door that never leaves the compiled core: observation, mask, choice, apply.
    With ``split`` (4 zeros), also µs per step of each of the four, added into it."""
    from ludoteca.engine import compiled as fast
    from ludoteca.engine.observation import HIGH, LOW, encoder_for
    from ludoteca.engine.rng import Rng
    from ludoteca.games.exploding_kittens.compiled import deal, layout, legal, rules
    from ludoteca.games.exploding_kittens.compiled.observation import Observer

    game = ludoteca.get_game(game_id)
    core = fast.core_for(game)
    assert core is not None, fast.why_not(game)
    T = core.table  # type: ignore[attr-defined]
    o = game.new_game(num_players=n, seed=seed).options
    observer = Observer(encoder_for(game_id, n), o, LOW, HIGH)
    flags = (o.stacking_attacks, o.super_skip_passes_turns, o.bury_anywhere)
    opts = np.array((*flags, o.five_card_combo == "different"), dtype=np.int64)
    S = np.zeros(layout.SIZE, dtype=np.int64)
    rng = np.zeros(1, dtype=np.uint64)
    buf = np.empty(layout.ACAP, dtype=np.int64)
    mask = np.zeros(game.action_space_size, dtype=np.int8)
    choose = random.Random(seed)
    c = clock
    steps, t0 = 0, clock()
    while clock() - t0 < seconds:
        rng[0] = Rng(seed + steps).state
        deal.deal(S, T, rng, n, opts)
        while S[layout.PHASE] != layout.OVER:
            if split is None:
                p = int(S[layout.ACTORS])
                observer.observe(S, p)
                m = legal.legal(S, T, p, buf)
                mask[:] = 0
                mask[buf[:m]] = 1
                legal = mask.nonzero()[0]
                rules.apply(S, T, rng, p, int(legal[choose.randrange(len(legal))]))
            else:  # the same, timed part by part
                a = c()
                p = int(S[layout.ACTORS])
                observer.observe(S, p)
                b = c()
                m = legal.legal(S, T, p, buf)
                mask[:] = 0
                mask[buf[:m]] = 1
                d = c()
                legal = mask.nonzero()[0]
                code = int(legal[choose.randrange(len(legal))])
                e = c()
                rules.apply(S, T, rng, p, code)
                f = c()
                for i, dt in enumerate((b - a, d - b, e - d, f - e)):
                    split[i] += dt
            steps += 1
    spent = clock() - t0
    if split is not None:
        split[:] = [t / max(1, steps) * 1e6 for t in split]
    return steps / spent


def core_batch(game_id: str, n: int, seconds: float, seed: int, rows: int = 64) -> float:
    """Steps/s (summed over rows) of ``rows`` games stepped together in the core: per step one
    compiled call each for the masks, the observations and the moves, and one numpy draw of a
    legal code per row (uniform, like the other loops' ``randrange``); a finished row is dealt
    again."""
    from ludoteca.engine import compiled as fast
    from ludoteca.engine.observation import HIGH, LOW, encoder_for
    from ludoteca.engine.rng import Rng
    from ludoteca.games.exploding_kittens.compiled import deal, layout, playout
    from ludoteca.games.exploding_kittens.compiled.observation import Observer, encode_many

    game = ludoteca.get_game(game_id)
    core = fast.core_for(game)
    assert core is not None, fast.why_not(game)
    T = core.table  # type: ignore[attr-defined]
    o = game.new_game(num_players=n, seed=seed).options
    ob = Observer(encoder_for(game_id, n), o, LOW, HIGH)
    flags = (o.stacking_attacks, o.super_skip_passes_turns, o.bury_anywhere)
    opts = np.array((*flags, o.five_card_combo == "different"), dtype=np.int64)
    Ss = np.zeros((rows, layout.SIZE), dtype=np.int64)
    rngs = np.zeros(rows, dtype=np.uint64)
    masks = np.zeros((rows, game.action_space_size), dtype=np.int8)
    out = np.zeros((rows, ob.size), dtype=np.float32)
    draw = np.random.default_rng(seed)
    dealt = 0
    steps, t0 = 0, clock()
    for g in range(rows):
        rngs[g] = Rng(seed + dealt).state
        deal.deal(Ss[g], T, rngs[g : g + 1], n, opts)
        dealt += 1
    while clock() - t0 < seconds:
        players = Ss[:, layout.ACTORS].copy()
        encode_many(Ss, ob.table, ob.template, ob.high, ob.low, players, out)
        playout.legal_many(Ss, T, players, masks)
        cum = np.cumsum(masks, axis=1)
        pick = (draw.random(rows) * cum[:, -1]).astype(np.int64)
        codes = np.argmax(cum > pick[:, None], axis=1)
        playout.step_many(Ss, T, rngs, players, codes)
        steps += rows
        for g in np.flatnonzero(Ss[:, layout.PHASE] == layout.OVER):
            rngs[g] = Rng(seed + dealt).state
            deal.deal(Ss[g], T, rngs[g : g + 1], n, opts)
            dealt += 1
    return steps / (clock() - t0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("games", nargs="*")
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--parts", action="store_true", help="also split a PettingZoo step's time")
    ap.add_argument(
        "--core", action="store_true", help="also an env over the compiled core (Exploding Kittens)"
    )
    a = ap.parse_args()
    warnings.simplefilter("ignore")
    cases = []
    for g in ludoteca.list_games():
        if a.games and g.id not in a.games:
            continue
        counts = (
            [a.players]
            if a.players
            else sorted({g.min_players, min(g.max_players, 4), g.max_players})
        )
        cases += [(g.id, n) for n in counts]
    from ludoteca.engine import compiled as fast

    head = f"{'':<37}{'-- on the compiled core --':^36}{'-- on the engine state --':^36}"
    print(head)
    print(
        f"{'game':<20}{'n':>3}{'engine dec/s':>14}"
        + f"{'PettingZoo st/s':>17}{'x cost':>8}{'Gym dec/s':>11}{'x cost':>8}" * 2
    )
    cored: list[tuple[str, int, float, float, float]] = []
    for gid, n in cases:
        on = fast.has_core(gid)
        e = pz = gd = pz0 = gd0 = ce = cb = 0.0
        with_core = a.core and gid == "exploding-kittens"
        if on:  # compile / load the core and its observation outside the timing
            pettingzoo(gid, n, 0.01, a.seed, True)
            gym_rates(gid, n, 0.01, a.seed, True)
        if with_core:
            core_env(gid, n, 0.01, a.seed)
        for r in range(a.rounds):
            s = a.seed + r * 1000
            e += engine(gid, n, a.seconds, s)
            if with_core:
                ce += core_env(gid, n, a.seconds, s)
                cb += core_batch(gid, n, a.seconds, s)
            if on:
                pz += pettingzoo(gid, n, a.seconds, s, True)
                gd += gym_rates(gid, n, a.seconds, s, True)[0]
            pz0 += pettingzoo(gid, n, a.seconds, s, False)
            gd0 += gym_rates(gid, n, a.seconds, s, False)[0]
        e, pz, gd, pz0, gd0, ce, cb = (x / a.rounds for x in (e, pz, gd, pz0, gd0, ce, cb))
        if with_core:
            cored.append((gid, n, e, ce, cb))
        row = f"{gid:<20}{n:>3}{e:>14,.0f}"
        if on:
            row += f"{pz:>17,.0f}{e / pz:>7.2f}x{gd:>11,.0f}{e / gd:>7.2f}x"
        else:
            row += f"{'no core: ' + fast.why_not(gid)[:26]:>36}"
        row += f"{pz0:>17,.0f}{e / pz0:>7.2f}x{gd0:>11,.0f}{e / gd0:>7.2f}x"
        print(row, flush=True)
    if cored:
        print(
            f"\n{'core env':<20}{'n':>3}{'engine dec/s':>14}{'core env st/s':>15}{'x cost':>8}"
            f"{'batch of 64 st/s':>18}{'x cost':>8}"
        )
        for gid, n, e, ce, cb in cored:
            print(
                f"{gid:<20}{n:>3}{e:>14,.0f}{ce:>15,.0f}{e / ce:>7.2f}x{cb:>18,.0f}{e / cb:>7.2f}x"
            )
    if a.parts:
        print(
            f"\n{'PettingZoo step, µs':<23}{'last()':>8}{'(obs':>7}{'legal':>7}{'mask)':>7}"
            f"{'choice':>8}{'step':>7}{'view+encode':>13}"
        )
        for gid, n in cases:
            row = parts(gid, n, a.seconds * a.rounds, a.seed)
            print(f"{gid:<20}{n:>3}" + "".join(f"{x:>7.1f}" for x in row[:1]), end="")
            print(f"{row[1]:>7.1f}{row[2]:>7.1f}{row[3]:>7.1f}{row[4]:>8.1f}{row[5]:>7.1f}", end="")
            print(f"{row[6]:>13.1f}", flush=True)
        if cored:
            print(
                f"\n{'core env step, µs':<23}{'obs':>8}{'legal+mask':>12}{'choice':>8}{'apply':>7}"
            )
            for gid, n, *_ in cored:
                split = [0.0] * 4
                core_env(gid, n, a.seconds * a.rounds, a.seed, split)
                print(f"{gid:<20}{n:>3}{split[0]:>8.1f}{split[1]:>12.1f}", end="")
                print(f"{split[2]:>8.1f}{split[3]:>7.1f}", flush=True)


def gym_rates(game_id: str, n: int, seconds: float, seed: int, core: bool) -> tuple[float, float]:
    """(all decisions/s, learner steps/s) of the Gymnasium door with random opponents."""
    env = LudotecaGym(game_id, n, opponents="random", core=core)
    rng = random.Random(seed)
    steps = decisions = 0
    t0 = clock()
    while clock() - t0 < seconds:
        env.reset(seed=seed + steps)
        done = False
        while not done:
            legal = env.action_masks().nonzero()[0]
            _, _, done, _, _ = env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
        decisions += env.decisions
    spent = clock() - t0
    return decisions / spent, steps / spent


def parts(game_id: str, n: int, seconds: float, seed: int) -> list[float]:
    """µs per step: last(), its observation, legal codes, mask; choice; step; view+encode."""
    env = LudotecaAEC(game_id, n, core=False)
    seats = env.seats
    rng = random.Random(seed)
    c = clock  # CPU time, like the rates: a loaded machine preempts, CPU time does not count it
    tot = [0.0] * 7
    steps, t0 = 0, clock()
    while clock() - t0 < seconds:
        env.reset(seed=seed + steps)
        for _agent in env.agent_iter():
            a = c()
            obs, _, term, trunc, _ = env.last()
            b = c()
            if term or trunc:
                env.step(None)
                continue
            legal = obs["action_mask"].nonzero()[0]
            code = int(legal[rng.randrange(len(legal))])
            d = c()
            env.step(code)
            e = c()
            state = env.game_state
            assert state is not None
            if not state.is_over:  # the parts of the next last(), on the new position
                p = state.actors[0]
                x = c()
                seats.observation(state, p)
                y = c()
                codes = seats.legal(state, p)
                z = c()
                seats.mask_of(codes)
                w = c()
                seats.encoder.encode(state.view(p))
                v = c()
                for i, dt in enumerate((b - a, y - x, z - y, w - z, d - b, e - d, v - w)):
                    tot[i] += dt
                steps += 1
    return [t / max(1, steps) * 1e6 for t in tot]


if __name__ == "__main__":
    main()
