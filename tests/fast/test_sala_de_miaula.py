"""The compiled Sala de Miaula core against the reference rules, move for move (see
test_nine_domains.py: same seeds, same moves, same ``to_json``, same result), over every option,
the starter decks, random custom decks and custom card definitions (the cards are data)."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

import ludoteca
from ludoteca import fast
from ludoteca.games.sala_de_miaula import effects
from ludoteca.games.sala_de_miaula.cards import ACTION_EFFECTS, POOL, STATUSES
from ludoteca.games.sala_de_miaula.names import card_name

from .reference import (
    assert_batch_matches,
    assert_every_step_equal,
    reference_random,
    reference_rollout,
)

pytestmark = pytest.mark.skipif(not fast.AVAILABLE, reason=fast.why_not("sala-de-miaula"))

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
    games = fuzz_games or 576  # every option combination six times
    for i in range(games):
        opts = options(i)
        ref = GAME.new_game(2, 3000 + i, opts)
        core = ref.clone()
        r1 = [random.Random(i * 31 + s) for s in range(2)]
        r2 = [random.Random(i * 31 + s) for s in range(2)]
        assert fast.play_random(core, r2) == reference_random(ref, r1), f"game {i}: {opts}"
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
        assert fast.play_random(core, r2) == reference_random(ref, r1)
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
        assert fast.rollout(core, r2, limit) == reference_rollout(ref, r1, limit)
        assert core.to_json() == ref.to_json(), f"rollout {i}: {opts}"
        assert r1.getstate() == r2.getstate()


def test_every_step_state_equal():
    rng = random.Random(2)
    for i in range(32):
        ref = GAME.new_game(2, 500 + i, options(i * 7))
        assert_every_step_equal(ref, rng.getrandbits(32))


def test_batch_masks_and_steps_match_the_engine():
    rng = random.Random(9)
    states = [GAME.new_game(2, 40 + i, options(i)) for i in range(48)]
    assert_batch_matches(GAME, states, 60, rng)


def test_whole_games_from_the_deal_in_the_core():
    core = fast.core_for(GAME)
    for k in range(0, 96, 7):
        opts = options(k)
        options_ = GAME.new_game(2, 0, opts).options
        seeds = np.arange(100 * k, 100 * k + 3, dtype=np.int64)
        agent_seeds = seeds[:, None] * 31 + np.arange(2)[None, :]
        moves, _, winners = core.random_games(seeds, 2, options_, agent_seeds)
        for g, seed in enumerate(seeds.tolist()):
            ref = GAME.new_game(2, seed, opts)
            played = reference_random(ref, [random.Random(seed * 31 + p) for p in range(2)])
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
    from ludoteca.fast import hooks

    assert hooks.search_rollout(state.clone(), random.Random(0), None, None), "the core plays"


def test_an_effect_the_core_does_not_know_turns_it_off(monkeypatch):
    """A new effect in the package (or a parameter the core does not read): the core declines,
    says why, and simulate plays the reference path with the same outcomes."""
    from ludoteca.fast import sala_de_miaula

    monkeypatch.setitem(effects.EFFECTS, "swap_life", effects.EFFECTS["heal"])
    assert "effect" in sala_de_miaula.supported()
    monkeypatch.setattr(fast, "_CORES", {})
    assert not fast.available("sala-de-miaula")
    assert "effect" in fast.why_not("sala-de-miaula")
    from ludoteca.fast import hooks
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
        assert fast.rollout(core, r2, limit) == reference_rollout(ref, r1, limit)
        assert core.to_json() == ref.to_json()
        changed += ref.terrain != d["terrain"]
    assert 0 < changed < 48  # some rollouts kept the odd terrain to the end, some replaced it
