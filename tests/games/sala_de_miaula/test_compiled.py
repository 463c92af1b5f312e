"""The compiled Sala de Miaula core against the reference rules, move for move (see
test_nine_domains.py: same seeds, same moves, same ``to_json``, same result), over every option,
the starter decks, random custom decks and custom card definitions (the cards are data)."""

from __future__ import annotations

import itertools
import random
from typing import Any

import numpy as np
import pytest

import ludoteca
from ludoteca.agents import compiled as AC
from ludoteca.agents import make_agent
from ludoteca.agents.base import Agent
from ludoteca.engine import SeatHandle
from ludoteca.engine import compiled as fast
from ludoteca.games.sala_de_miaula import effects
from ludoteca.games.sala_de_miaula.cards import ACTION_EFFECTS, POOL, STATUSES
from ludoteca.games.sala_de_miaula.words import card_name

from .. import compiled_reference as twins

GAME = ludoteca.get_game("sala-de-miaula")
SETS = (
    ["despertar"],
    ["despertar", "eclipse"],
    ["despertar", "bugingangas"],
    ["despertar", "eclipse", "bugingangas"],
)
STARTERS = list(POOL.decks)


def random_deck(rng: random.Random, sets: list[str]) -> list[str]:
    """25 cards of the enabled sets, at most two copies each."""
    ids = [c for c, s in POOL.cards.items() if s.set in sets]
    return sorted(rng.sample(ids * 2, 25))


def _param(rng: random.Random, kind: str, sets: list[str]) -> object:
    if kind == "int":
        return rng.randint(1, 15)
    if kind == "status":
        return rng.choice(STATUSES)
    return rng.choice(sorted(t for t, m in POOL.terrains.items() if m.set in sets))


def custom_cards(rng: random.Random, deck: list[str], sets: list[str]) -> dict[str, dict]:
    """Every card of the decks with new numbers and effects (each keeps its type)."""
    from ludoteca.games.sala_de_miaula.cards import EFFECT_PARAMS, PASSIVE_EFFECTS

    out = {}
    for cid in sorted(set(deck)):
        spec = POOL.cards[cid].model_dump(mode="json")
        effect = rng.choice([None, *ACTION_EFFECTS]) if spec["type"] != "spell" else None
        if spec["type"] == "spell":
            effect = rng.choice(list(ACTION_EFFECTS))
        passive = rng.choice([None, *PASSIVE_EFFECTS]) if spec["type"] != "spell" else None
        spec.update(
            effect=effect,
            params={
                k: _param(rng, v, sets) for k, v in EFFECT_PARAMS.get(effect or "", {}).items()
            },
            passive=passive,
            passive_params={
                k: _param(rng, v, sets) for k, v in EFFECT_PARAMS.get(passive or "", {}).items()
            },
        )
        if spec["type"] == "creature":
            spec.update(attack=rng.randint(0, 8), life=rng.randint(1, 12))
        elif spec["type"] == "item":
            spec.update(attack=rng.randint(0, 3), life=rng.randint(0, 3))
        out[cid] = spec
    return out


def options(i: int) -> dict:
    """Option combination ``i``: every combination of the flags, sets and first player turns
    up every 96; decks, terrain and custom cards vary with ``i`` too."""
    sets, first, draws, ends, any_status = list(
        itertools.product(SETS, (None, 0, 1), (True, False), (True, False), (False, True))
    )[i % 96]
    rng = random.Random(i)
    o: dict = {
        "sets": sets,
        "first_player": first,
        "first_player_draws": draws,
        "draw_effects_end_game": ends,
        "oficina_any_status": any_status,
    }
    if rng.random() < 0.3:
        o["terrain"] = rng.choice(sorted(t for t, m in POOL.terrains.items() if m.set in sets))
    if len(sets) == 3 and rng.random() < 0.5:
        o["deck_0"], o["deck_1"] = rng.choice(STARTERS), rng.choice(STARTERS)
    else:
        o["deck_0"], o["deck_1"] = random_deck(rng, sets), random_deck(rng, sets)
        if i % 5 == 0:
            o["cards"] = custom_cards(rng, o["deck_0"] + o["deck_1"], sets)
    return o


def test_the_options_cover_what_they_claim():
    seen = [options(i) for i in range(192)]
    assert {(tuple(o["sets"]), o["first_player"], o["oficina_any_status"]) for o in seen} == {
        (tuple(s), f, a) for s in SETS for f in (None, 0, 1) for a in (False, True)
    }
    assert any("cards" in o for o in seen) and any(isinstance(o["deck_0"], str) for o in seen)
    assert any("terrain" in o for o in seen)


def test_whole_games_with_random_agents(fuzz_games):
    games = fuzz_games or 192  # every option combination twice (--fuzz-games for more)
    for i in range(games):
        opts = options(i)
        ref = GAME.new_game(2, 3000 + i, opts)
        core = ref.clone()
        r1 = [random.Random(i * 31 + s) for s in range(2)]
        r2 = [random.Random(i * 31 + s) for s in range(2)]
        assert fast.play_random(core, r2) == twins.reference_random(ref, r1), f"game {i}: {opts}"
        assert core.to_json() == ref.to_json(), f"game {i}: {opts}"
        assert core.result() == ref.result()
        assert [r.getstate() for r in r1] == [r.getstate() for r in r2]
        core.check_invariants()


def test_decks_from_deck_files(tmp_path):
    """A hand-written deck file (names, counts, comments) for each seat, as ``ludoteca play
    --deck`` reads it; and a file naming a starter deck."""
    rng = random.Random(11)
    for k in range(24):
        deck = random_deck(rng, ["despertar", "eclipse", "bugingangas"])
        counts: dict[str, int] = {}
        for cid in deck:
            counts[cid] = counts.get(cid, 0) + 1
        lines = ["# a deck of mine"] + [
            f"{n}x {card_name(c)}" if k % 2 else f"{n} {c}" for c, n in counts.items()
        ]
        f0, f1 = tmp_path / f"a{k}.txt", tmp_path / f"b{k}.txt"
        f0.write_text("\n".join(lines) + "\n", encoding="utf-8")
        f1.write_text(f"starter: {STARTERS[k % len(STARTERS)]}\n", encoding="utf-8")
        opts = GAME.options_with_deck(GAME.options_with_deck({}, 0, str(f0)), 1, str(f1))
        ref = GAME.new_game(2, 70 + k, opts)
        assert ref.decklists[0] == deck
        core = ref.clone()
        r1 = [random.Random(k * 31 + s) for s in range(2)]
        r2 = [random.Random(k * 31 + s) for s in range(2)]
        assert fast.play_random(core, r2) == twins.reference_random(ref, r1)
        assert core.to_json() == ref.to_json()


def test_rollouts_from_any_state(fuzz_games):
    games = fuzz_games or 384
    rng = random.Random(5)
    for i in range(games):
        opts = options(i + 7)
        st = GAME.new_game(2, 8000 + i, opts)
        for _ in range(rng.randrange(0, 80)):
            if st.is_over:
                break
            p = st.actors[0]
            st.apply(p, rng.choice(st.legal_actions(p)))
        if not st.is_over and rng.random() < 0.5:
            st = st.determinize(st.actors[0], rng)
        ref, core = st.clone(), st.clone()
        seed = rng.getrandbits(32)
        r1, r2 = random.Random(seed), random.Random(seed)
        limit = None if i % 3 else rng.randrange(0, 20)
        assert AC.rollout(core, r2, limit) == twins.reference_rollout(ref, r1, limit)
        assert core.to_json() == ref.to_json(), f"rollout {i}: {opts}"
        assert r1.getstate() == r2.getstate()


def test_every_step_state_equal():
    rng = random.Random(2)
    for i in range(32):
        ref = GAME.new_game(2, 500 + i, options(i * 7))
        twins.assert_every_step_equal(ref, rng.getrandbits(32))


def test_batch_masks_and_steps_match_the_engine():
    rng = random.Random(9)
    states = [GAME.new_game(2, 40 + i, options(i)) for i in range(48)]
    twins.assert_batch_matches(GAME, states, 60, rng)


def test_whole_games_from_the_deal_in_the_core():
    core = fast.core_for(GAME)
    for k in range(0, 96, 14):
        opts = options(k)
        options_ = GAME.new_game(2, 0, opts).options
        seeds = np.arange(100 * k, 100 * k + 3, dtype=np.int64)
        agent_seeds = seeds[:, None] * 31 + np.arange(2)[None, :]
        moves, _, winners = core.random_games(seeds, 2, options_, agent_seeds)
        for g, seed in enumerate(seeds.tolist()):
            ref = GAME.new_game(2, seed, opts)
            played = twins.reference_random(ref, [random.Random(seed * 31 + p) for p in range(2)])
            w = ref.result().winners
            assert moves[g] == len(played), opts
            assert winners[g] == (w[0] if len(w) == 1 else -1)


def test_simulate_records_are_identical():
    from ludoteca.sim import simulate

    def outcomes():
        res = simulate("sala-de-miaula", 20, 2, ["random"], seed=4, options=options(3))
        return [(g.to_row(), g.record) for g in res.games]

    with fast.disabled():
        want = outcomes()
    assert outcomes() == want


def test_ismcts_statistics_are_identical():
    from ludoteca.agents.ismcts import Budget, search
    from ludoteca.engine import SeatHandle

    state = GAME.new_game(2, 21, {})
    rng = random.Random(0)
    for _ in range(12):
        p = state.actors[0]
        state.apply(p, rng.choice(state.legal_actions(p)))
    p = state.actors[0]
    budget = Budget(60, None, rollout="random")
    with fast.disabled():
        want = search(SeatHandle(state, p), random.Random(4), budget)
    assert search(SeatHandle(state, p), random.Random(4), budget) == want
    from ludoteca.agents import compiled as hooks

    assert hooks.search_rollout(state.clone(), random.Random(0), None, None), "the core plays"


def test_an_effect_the_core_does_not_know_turns_it_off(monkeypatch):
    """A new effect in the package (or a parameter the core does not read): the core declines,
    says why, and simulate plays the reference path with the same outcomes."""
    from ludoteca.games.sala_de_miaula.compiled import table as sala_de_miaula

    monkeypatch.setitem(effects.EFFECTS, "swap_life", effects.EFFECTS["heal"])
    assert "effect" in sala_de_miaula.supported()
    monkeypatch.setattr(fast, "_CORES", {})
    assert not fast.available("sala-de-miaula")
    assert "effect" in fast.why_not("sala-de-miaula")
    from ludoteca.agents import compiled as hooks
    from ludoteca.sim import simulate

    calls = []
    monkeypatch.setattr(hooks, "play_seeded", lambda *a, **k: calls.append(1))
    simulate("sala-de-miaula", 2, 2, ["random"], seed=1)
    assert calls == []


def test_a_saved_state_with_a_terrain_outside_the_pool():
    """The reference takes any terrain string in a saved state (its element is then no card's);
    the core loads such a state instead of raising, plays it as the reference does and gives
    the name back until a terrain spell changes it."""
    rng = random.Random(11)
    changed = 0
    for i in range(48):
        st = GAME.new_game(2, 900 + i, options(i * 5))
        for _ in range(rng.randrange(0, 30)):
            if st.is_over:
                break
            p = st.actors[0]
            st.apply(p, rng.choice(st.legal_actions(p)))
        d = st.to_json()
        d["terrain"] = ("pantano", "", "Agua")[i % 3]
        ref = GAME.state_from_json(d)
        core = ref.clone()
        seed = rng.getrandbits(32)
        r1, r2 = random.Random(seed), random.Random(seed)
        limit = None if i % 2 else rng.randrange(1, 12)
        assert AC.rollout(core, r2, limit) == twins.reference_rollout(ref, r1, limit)
        assert core.to_json() == ref.to_json()
        changed += ref.terrain != d["terrain"]
    assert 0 < changed < 48  # some rollouts kept the odd terrain to the end, some replaced it


# -- the heuristic agent, compiled ----------------------------------------------------------
SEATS = [("heuristic", "heuristic"), ("heuristic", "random"), ("random", "heuristic")]


def _agent(kind: str, seed: int) -> Agent:
    # aggression is the agent's one setting and changes no move: a non-default one every
    # fourth agent proves it (the day it matters these games differ and heuristic_fits must
    # turn such agents away)
    return make_agent(
        f"{kind}:aggression=2.5" if kind == "heuristic" and seed % 4 == 1 else kind, GAME, seed
    )


def _chosen(game_moves: list[tuple[int, int]], seats: tuple[str, str]) -> set[str]:
    """The action types the heuristic seats took (coverage: every branch of the agent)."""
    out = set()
    for p, code in game_moves:
        if seats[p] == "heuristic":
            a = GAME.decode(code)
            out.add("attack_life" if a.TYPE == "attack" and a.target == 3 else a.TYPE)
    return out


def test_whole_games_with_heuristic_and_random_seats(fuzz_games):
    """Heuristic against heuristic and against random, over the option variants: starter decks,
    random decks, custom card definitions (which the agent reads from its view)."""
    games = fuzz_games or 192  # every option combination twice (--fuzz-games for more)
    kinds: set[str] = set()
    customs = 0
    for i in range(games):
        opts = options(i)
        customs += "cards" in opts
        seed = 30_000 + i
        seats = SEATS[i % 3]
        ref, core = GAME.new_game(2, seed, opts), GAME.new_game(2, seed, opts)
        a1 = [_agent(s, seed * 2 + p) for p, s in enumerate(seats)]
        a2 = [_agent(s, seed * 2 + p) for p, s in enumerate(seats)]
        assert [AC.seat_kind(fast.core_for(GAME), a) for a in a2] == [
            fast.HEURISTIC if s == "heuristic" else fast.RANDOM for s in seats
        ]
        want = twins.reference_agents(ref, a1)
        assert AC.play_agents(core, a2) == want, f"game {i}: {opts}"
        assert core.to_json() == ref.to_json(), f"game {i}: {opts}"
        assert [a.rng.getstate() for a in a1] == [a.rng.getstate() for a in a2]
        kinds |= _chosen(want, seats)
    assert customs > games // 10
    # every step of the agent's order of preference was taken somewhere
    assert kinds == {
        "attack_life", "play_spell", "play_creature", "play_item", "attack", "use_ability",
        "use_item", "go_to_canil", "go_to_oficina", "end_turn",
    }  # fmt: skip


def _reference_heuristic_rollout(state, agent, limit):
    """ISMCTS' rollout=heuristic: the agent plays every seat, asked only when there is a choice."""
    steps = 0
    while state.actors and (limit is None or steps < limit):
        p = state.actors[0]
        legal = state.legal_actions(p)
        state.apply(p, legal[0] if len(legal) == 1 else agent.act(SeatHandle(state, p)))
        steps += 1
    return steps


def test_heuristic_rollouts_from_any_state(fuzz_games):
    """rollout=heuristic from mid-game and determinized states (the generator too)."""
    games = fuzz_games or 384
    rng = random.Random(23)
    for i in range(games):
        opts = options(i + 11)
        st = GAME.new_game(2, 50_000 + i, opts)
        for _ in range(rng.randrange(0, 60)):
            if st.is_over:
                break
            p = st.actors[0]
            st.apply(p, rng.choice(st.legal_actions(p)))
        if not st.is_over and rng.random() < 0.5:
            st = st.determinize(st.actors[0], rng)
        ref, core = st.clone(), st.clone()
        h1, h2 = _agent("heuristic", i), _agent("heuristic", i)
        limit = None if i % 3 else rng.randrange(0, 20)
        steps = _reference_heuristic_rollout(ref, h1, limit)
        assert AC.rollout(core, random.Random(0), limit, heuristic=h2) == steps
        assert core.to_json() == ref.to_json(), f"rollout {i}: {opts}"
        assert h1.rng.getstate() == h2.rng.getstate()


def test_heuristic_every_step_state_equal():
    """One heuristic move at a time (as the Gym door's opponents move): the state after each."""
    for i in range(24):
        ref = GAME.new_game(2, 700 + i, options(i * 11))
        core = ref.clone()
        h1, h2 = _agent("heuristic", i), _agent("heuristic", i)
        while not ref.is_over:
            _reference_heuristic_rollout(ref, h1, 1)
            AC.rollout(core, random.Random(0), 1, heuristic=h2)
            assert core.to_json() == ref.to_json()
        assert h1.rng.getstate() == h2.rng.getstate()


def test_simulate_heuristic_records_are_identical():
    """The runner's path (play_seeded with heuristic kinds): the same records and outcomes."""
    from ludoteca.sim import simulate

    def outcomes(agents, opts):
        res = simulate("sala-de-miaula", 16, 2, agents, seed=6, options=opts)
        return [(g.to_row(), g.record) for g in res.games]

    for agents, opts in (
        (["heuristic"], {}),
        (["heuristic", "random"], options(5)),  # custom card definitions
        (["random", "heuristic:aggression=0.5"], options(1)),  # starter decks
    ):
        with fast.disabled():
            want = outcomes(agents, opts)
        assert outcomes(agents, opts) == want


def test_ismcts_heuristic_rollouts_run_in_the_core_with_identical_statistics():
    from ludoteca.agents import compiled as hooks
    from ludoteca.agents.ismcts import Budget, make_policy, search

    for k, opts in enumerate(({}, options(10), options(3))):
        state = GAME.new_game(2, 31 + k, opts)
        rng = random.Random(k)
        for _ in range(10):
            p = state.actors[0]
            state.apply(p, rng.choice(state.legal_actions(p)))
        p = state.actors[0]
        budget = Budget(40, None, rollout="heuristic")
        with fast.disabled():
            want = search(SeatHandle(state, p), random.Random(4), budget)
        assert search(SeatHandle(state, p), random.Random(4), budget) == want
        policy = make_policy("heuristic", GAME, random.Random(0))
        assert hooks.search_rollout(state.clone(), random.Random(0), None, policy), "the core"


def test_heuristic_seats_are_refused_before_the_agents_numbers_are_installed():
    """A core fresh from the engine knows no agent: its heuristic table is zeros, so playing a
    heuristic seat there would silently differ from the agent. It refuses until installed."""
    from ludoteca.games.sala_de_miaula.compiled.core import Core

    core = Core(GAME)
    S = core.load(GAME.new_game(2, 1, options(1)))
    seats, codes = np.zeros(1, dtype=np.int64), np.zeros(1, dtype=np.int64)
    from ludoteca.engine.compiled.rng import mt_state

    mt = mt_state(random.Random(3)).reshape(1, -1)
    args = (np.zeros(1, dtype=np.uint64), mt, np.ones(1, dtype=np.int64), np.zeros(1))
    with pytest.raises(RuntimeError, match="installed"):
        core.playout(S, *args, fast.CHOOSE_SEARCH, 1, seats, codes)
    AC.heuristic_class(core)
    assert core.playout(S, *args, fast.CHOOSE_SEARCH, 1, seats, codes) >= 0


def test_a_heuristic_the_core_does_not_match_keeps_the_reference_path(monkeypatch):
    """The agent's module changed what the core reads from it: the core keeps its random
    playouts and turns the heuristic away; simulate then plays the heuristic in Python."""
    from ludoteca.agents import compiled as hooks
    from ludoteca.agents.heuristics import sala_de_miaula as H
    from ludoteca.agents.heuristics.compiled import sala_de_miaula as twin
    from ludoteca.games.sala_de_miaula.compiled.core import Core

    core = Core(GAME)
    assert hooks.heuristic_class(core) is H.HeuristicAgent
    monkeypatch.setattr(H, "OPPOSITE", {**H.OPPOSITE, "luz": "sombra"})
    assert "opposite" in twin.supported()
    off = Core(GAME)
    assert hooks.heuristic_class(off) is None
    assert AC.seat_kind(off, make_agent("heuristic", GAME, 0)) is None
    assert AC.seat_kind(off, make_agent("random", GAME, 0)) == fast.RANDOM
    monkeypatch.setattr(fast, "_CORES", {GAME.id: off})
    calls = []
    monkeypatch.setattr(hooks, "play_seeded", lambda *a, **k: calls.append(1))
    from ludoteca.sim import simulate

    simulate("sala-de-miaula", 2, 2, ["heuristic"], seed=1)
    assert calls == []


def test_heuristic_decisions_where_its_scores_compete(fuzz_games):
    """One decision at many positions of random play where several of the agent's scored
    choices compete (spells, abilities, item actions): the close calls between its weights
    (0.7, 0.8, 1.2, 3.0, ...) are decided there far more often than in its own games. The
    core's choice is read straight from its playout (one move, recorded), not via the state."""
    from ludoteca.engine.compiled.rng import mt_state

    # options(i * 3 + 1) reaches 32 of the 96 combinations: each one 7 or 8 times here
    games = fuzz_games or 240
    core = fast.core_for(GAME)
    AC.heuristic_class(core)  # the agent's numbers, installed
    rng = random.Random(41)
    scored = ("play_spell", "use_ability", "use_item")
    seats, codes = np.zeros(1, dtype=np.int64), np.zeros(1, dtype=np.int64)
    kinds, no_rng = np.ones(1, dtype=np.int64), np.zeros(1, dtype=np.uint64)
    asked = 0
    for i in range(games):
        st = GAME.new_game(2, 90_000 + i, options(i * 3 + 1))
        agent = _agent("heuristic", i)  # one a game: it reads the match's cards once
        while not st.is_over:
            p = st.actors[0]
            legal = st.legal_actions(p)
            if sum(a.TYPE in scored for a in legal) >= 2:
                mt = mt_state(agent.rng).reshape(1, -1)
                S = core.load(st)
                core.playout(S, no_rng, mt, kinds, np.zeros(1), fast.CHOOSE_SEARCH, 1, seats, codes)
                want = GAME.encode(agent.act(SeatHandle(st, p)))
                assert codes[0] == want, f"game {i}: {options(i * 3 + 1)}"
                assert np.array_equal(mt[0], mt_state(agent.rng))
                asked += 1
            st.apply(p, rng.choice(legal))
    assert asked > games * 10


# -- the leaf evaluation's turn finish (the strong level, leaf=0), in the core ----------------
def _mid_turn_states(count: int, seed: int) -> list[Any]:
    """Mid-game states, half of them determinized (what a search evaluates), with some of the
    turn played: the player to move has played a card or spent an action."""
    from ludoteca.agents.evaluation import sala_de_miaula as ev

    rng = random.Random(seed)
    out: list[Any] = []
    i = 0
    while len(out) < count:
        st = GAME.new_game(2, 70_000 + i, options(i + 5))
        i += 1
        for _ in range(rng.randrange(0, 70)):
            if st.is_over:
                break
            p = st.actors[0]
            st.apply(p, rng.choice(st.legal_actions(p)))
        # a few moves of the turn under way (never the turn's end: it stays half-played)
        for _ in range(rng.randrange(1, 4)):
            if st.is_over:
                break
            p = st.actors[0]
            moves = [a for a in st.legal_actions(p) if a.TYPE != "end_turn"]
            if moves:
                st.apply(p, rng.choice(moves))
        if st.is_over or ev.at_turn_start(st):
            continue
        if rng.random() < 0.5:
            st = st.determinize(st.actors[0], rng)
        out.append(st)
    return out


def _reference_turn(state: Any, agent: Agent) -> int:
    """ISMCTS' heuristic policy until the player to move changes (or the game ends)."""
    steps, p = 0, state.current
    while state.actors and state.current == p:
        legal = state.legal_actions(p)
        state.apply(p, legal[0] if len(legal) == 1 else agent.act(SeatHandle(state, p)))
        steps += 1
    return steps


def test_rollouts_until_the_turn_changes(fuzz_games: int | None) -> None:
    """``rollout(..., until_turn_change=True)``: the same moves, end state and generator as the
    policy played in Python to the end of the turn; with ``mt`` the words advance instead and
    the agent's generator is left alone."""
    from ludoteca.engine.compiled.rng import mt_state

    games = fuzz_games or 480
    drew = 0
    for i, st in enumerate(_mid_turn_states(games, 61)):
        ref, core, words = st.clone(), st.clone(), st.clone()
        h1, h2, h3 = (_agent("heuristic", i) for _ in range(3))
        start = h1.rng.getstate()
        steps = _reference_turn(ref, h1)
        got = AC.rollout(core, random.Random(0), None, heuristic=h2, until_turn_change=True)
        assert got == steps and core.to_json() == ref.to_json(), f"state {i}"
        assert h1.rng.getstate() == h2.rng.getstate()
        mt = mt_state(h3.rng)
        assert AC.rollout(words, h3.rng, 40, h3, until_turn_change=True, mt=mt) == steps
        assert words.to_json() == ref.to_json()
        assert np.array_equal(mt, mt_state(h1.rng)) and h3.rng.getstate() == start
        drew += h1.rng.getstate() != start
    assert drew > games // 20  # the item tie-breaks drew in some of these turns


def _record_core_finishes(monkeypatch: pytest.MonkeyPatch) -> list[int | None]:
    """The evaluation's calls into the core's turn finish, each one's answer (None: declined)."""
    from ludoteca.agents import compiled as hooks
    from ludoteca.agents.evaluation import sala_de_miaula as ev

    answers: list[int | None] = []

    def recorded(*args: Any) -> int | None:
        answers.append(hooks.finish_turn(*args))
        return answers[-1]

    monkeypatch.setattr(ev, "finish_in_core", recorded)
    return answers


def test_the_evaluation_finishes_the_turn_in_the_core_as_in_python(
    fuzz_games: int | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``finish_turn`` (the strong level's leaf=0) through the core: the same state as the
    Python loop, from mid-game and determinized states, and the same leaf values."""
    from ludoteca.agents.evaluation import sala_de_miaula as ev

    taken = _record_core_finishes(monkeypatch)
    games = fuzz_games or 960
    moved = 0
    for i, st in enumerate(_mid_turn_states(games, 67)):
        before = st.to_json()
        got = ev.finish_turn(st)
        assert taken.pop() is not None  # the core played it
        want = ev.finish_turn_here(st.clone())
        assert got.to_json() == want.to_json(), f"state {i}: {options(i + 5)}"
        assert st.to_json() == before  # a copy was played
        assert got.over or (got.current != st.current and ev.at_turn_start(got))
        values = ev.leaf_values(st)
        with fast.disabled():
            assert ev.leaf_values(st) == values
        moved += got.turn - st.turn
    assert moved > games // 2


def test_a_core_without_turn_ends_declines_the_turn_finish() -> None:
    from ludoteca.agents import compiled as hooks
    from ludoteca.agents.evaluation import sala_de_miaula as ev

    nd = ludoteca.get_game("nine-domains")
    state = nd.new_game(2, 0, {})
    assert fast.stops_at_turn_change(GAME) and not fast.stops_at_turn_change(nd)
    assert hooks.finish_turn(state, make_agent("heuristic", nd, 0), 0, 40) is None
    with pytest.raises(ValueError, match="end of a turn"):
        AC.rollout(state, random.Random(0), until_turn_change=True)
    # and a Sala agent the core does not play (a random one) is left to the caller
    st = _mid_turn_states(1, 3)[0]
    assert hooks.finish_turn(st.clone(), make_agent("random", GAME, 0), 0, 40) is None
    assert ev.finish_turn(st).to_json() == ev.finish_turn_here(st.clone()).to_json()


def _strong_spec(iterations: int) -> str:
    """The strong level's spec with an iteration budget only (time budgets are not repeatable)."""
    from ludoteca.agents.levels import levels_for

    spec = levels_for(GAME.id)["strong"]
    assert "leaf=0" in spec and "rollout=heuristic" in spec  # what these tests are about
    parts = [x for x in spec.split(":") if not x.startswith(("iterations=", "seconds="))]
    return ":".join([parts[0], f"iterations={iterations}", *parts[1:]])


def test_ismcts_strong_level_statistics_are_identical_with_the_core(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The strong level (leaf=0, the turn finished by the heuristic): the same root statistics
    and moves with and without the core, and the core did finish the turns."""
    calls = _record_core_finishes(monkeypatch)
    spec = _strong_spec(150)

    def strong(seed: int, more: str = "") -> Any:
        return make_agent(spec + more, GAME, seed)

    searched = 0
    for k, opts in enumerate(({}, options(10), options(3), options(25), options(40))):
        state = GAME.new_game(2, 41 + k, opts)
        rng = random.Random(k)
        for _ in range(rng.randrange(4, 40)):
            if state.is_over:
                break
            p = state.actors[0]
            state.apply(p, rng.choice(state.legal_actions(p)))
        if state.is_over or len(state.legal_actions(state.actors[0])) < 2:
            continue
        handle = SeatHandle(state, state.actors[0])
        with fast.disabled():
            want = strong(7 + k).root_stats(handle)
            move = strong(7 + k).act(handle)
        calls.clear()
        assert strong(7 + k).root_stats(handle) == want
        assert strong(7 + k).act(handle) == move
        assert calls and None not in calls, "the core finished the turns"
        # fast=false: nothing in the core, the turn finish included, and the same statistics
        calls.clear()
        assert strong(7 + k, ":fast=false").root_stats(handle) == want
        assert calls and set(calls) == {None}
        searched += 1
    assert searched >= 3
