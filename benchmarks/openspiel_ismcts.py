#!/usr/bin/env python3
"""OpenSpiel's own ISMCTS bot (open_spiel.python.algorithms.ismcts, random-rollout evaluator)
against ludoteca's ``ismcts`` on our rules, two players, seats alternating.

Two settings per game:
- equal iterations: both search ``--iterations`` simulations per move (ours: plain
  ``ismcts:iterations=N``, random rollouts);
- equal time: each side gets the simulation count it reaches in S CPU seconds per move,
  measured on this machine (same mid-game positions) before the games. CPU time, not wall
  time, so a loaded machine does not favour either side.

Prints win rates of our ismcts with 95% Wilson intervals (a draw counts half) and the mean
CPU seconds per move of each side.

    python benchmarks/openspiel_ismcts.py nine-domains exploding-kittens   # ~10 CPU minutes
    python benchmarks/openspiel_ismcts.py                      # every game: Coatl and Sala take
                                                               # much longer (OpenSpiel rollouts)
    python benchmarks/openspiel_ismcts.py --games 10 --iterations 50 --seconds 0.2 nine-domains
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

import ludoteca
from ludoteca.agents import make_agent
from ludoteca.engine import SeatHandle
from ludoteca.rl.openspiel_game import LudotecaSpielState, load_game
from ludoteca.sim.stats import wilson_interval

clock = time.process_time


def spiel_bot(game, sims: int, seed: int) -> ismcts.ISMCTSBot:
    rs = np.random.RandomState(seed)
    return ismcts.ISMCTSBot(
        game, mcts.RandomRolloutEvaluator(1, rs), uct_c=2.0, max_simulations=sims, random_state=rs
    )


def play(game_id: str, seed: int, ours_seat: int, ours_spec: str, sims: int) -> tuple[float, list]:
    """Our payoff in one game, and [our seconds, our moves, their seconds, their moves]."""
    game = ludoteca.get_game(game_id)
    sgame = load_game(game_id, players=2)
    state = game.new_game(num_players=2, seed=seed)
    ours = make_agent(ours_spec, game, seed=seed)
    bot = spiel_bot(sgame, sims, seed)
    cost = [0.0, 0, 0.0, 0]
    while not state.is_over:
        p = state.actors[0]
        legal = state.legal_actions(p)
        t = clock()
        if len(legal) == 1:
            action = legal[0]
        elif p == ours_seat:
            action = ours.act(SeatHandle(state, p))
        else:
            code = bot.step(LudotecaSpielState(sgame, state.clone()))
            action = game.decode(int(code))
        spent = clock() - t
        i = 0 if p == ours_seat else 2
        cost[i] += spent
        cost[i + 1] += 1
        state.apply(p, action)
    return state.result().payoff(ours_seat), cost


def sims_per_second(game_id: str, seconds: float) -> tuple[float, float]:
    """(ours, OpenSpiel's) ISMCTS simulations per CPU second at mid-game positions."""
    game = ludoteca.get_game(game_id)
    sgame = load_game(game_id, players=2)
    rng = np.random.RandomState(0)
    done, spent, ours_spent = 0, 0.0, 0.0
    seed = 0
    while spent + ours_spent < seconds:
        state = game.new_game(num_players=2, seed=seed)
        seed += 1
        for _ in range(rng.randint(2, 12)):
            if state.is_over:
                break
            p = state.actors[0]
            state.apply(p, state.legal_actions(p)[rng.randint(len(state.legal_actions(p)))])
        if state.is_over or len(state.legal_actions(state.actors[0])) < 2:
            continue
        p = state.actors[0]
        bot = spiel_bot(sgame, 20, seed)
        t = clock()
        bot.step(LudotecaSpielState(sgame, state.clone()))
        spent += clock() - t
        ours = make_agent("ismcts:iterations=20", game, seed=seed)
        t = clock()
        ours.act(SeatHandle(state, p))
        ours_spent += clock() - t
        done += 20
    return done / ours_spent, done / spent


def report(label: str, results: list[tuple[float, list]]) -> None:
    n = len(results)
    score = sum(r for r, _ in results)
    lo, hi = wilson_interval(score, n)
    ours = sum(c[0] for _, c in results) / max(1, sum(c[1] for _, c in results))
    theirs = sum(c[2] for _, c in results) / max(1, sum(c[3] for _, c in results))
    print(
        f"  {label:<34} ours {score / n:6.1%} [{lo:5.1%}, {hi:5.1%}] over {n:>3} games"
        f"   s/move: ours {ours:.3f}, OpenSpiel {theirs:.3f}",
        flush=True,
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("games_ids", nargs="*", metavar="game")
    ap.add_argument("--games", type=int, default=0, help="games per setting (default: per game)")
    ap.add_argument("--iterations", type=int, default=50)
    ap.add_argument("--seconds", type=float, default=0.1, help="per move, equal-time setting")
    ap.add_argument("--seed", type=int, default=20_000)
    a = ap.parse_args()
    # games per setting, sized so the whole default run takes about ten minutes here
    default_games = {"nine-domains": 30, "exploding-kittens": 12, "sala-de-miaula": 10, "coatl": 4}
    wall, cpu = time.monotonic(), clock()
    ids = a.games_ids or [g.id for g in ludoteca.list_games()]
    print(
        f"OpenSpiel ISMCTS (uct_c=2, 1 random rollout per leaf) vs ludoteca ismcts; seeds from {a.seed}"
    )
    for gid in ids:
        n = a.games or default_games.get(gid, 10)
        print(f"{gid}:", flush=True)
        it = [
            play(gid, a.seed + i, i % 2, f"ismcts:iterations={a.iterations}", a.iterations)
            for i in range(n)
        ]
        report(f"equal iterations ({a.iterations})", it)
        ours_rate, rate = sims_per_second(gid, 3.0)
        mine, sims = max(2, round(ours_rate * a.seconds)), max(2, round(rate * a.seconds))
        tm = [play(gid, a.seed + i, i % 2, f"ismcts:iterations={mine}", sims) for i in range(n)]
        report(f"equal time ({a.seconds}s: {mine} vs {sims} sims)", tm)
    print(f"run: {time.monotonic() - wall:.0f} s wall, {clock() - cpu:.0f} s CPU")


if __name__ == "__main__":
    main()
