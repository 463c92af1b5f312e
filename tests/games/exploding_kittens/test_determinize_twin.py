"""``determinize`` against its first, card-by-card version: same state, same draws.

ISMCTS determinizes every iteration, so any change in what is re-dealt or in how many
numbers are drawn from the generator changes the agents' moves. Each position of random games
(every player count and option set) is determinized for each seat by both, from generators in
the same state: the two states' JSON (their generators included) and the generators
afterwards must be the same. ``--fuzz-games N`` plays N games instead of the default.
"""

from __future__ import annotations

import json
import random

from ludoteca.games.exploding_kittens.cards import KITTEN
from ludoteca.games.exploding_kittens.phases import DEFUSE_PHASE, FIVE, WINDOW
from ludoteca.games.exploding_kittens.state import EKState

from .reference_determinize import reference_determinize
from .test_compiled import GAME, settings


def _same(st: EKState, p: int, rng_a: random.Random, rng_b: random.Random) -> None:
    before = json.dumps(st.to_json())
    want = reference_determinize(st, p, rng_a)
    got = st.determinize(p, rng_b)
    assert got.to_json() == want.to_json()
    assert rng_a.getstate() == rng_b.getstate()
    assert json.dumps(st.to_json()) == before, "determinize changed the state it read"
    got.check_invariants()


def test_determinize_matches_its_reference(fuzz_games):
    # 18 games: every player count twice, every option set at least once (9 counts, 16 sets,
    # cycled apart); --fuzz-games for more
    games = fuzz_games or 18
    rng = random.Random(11)
    seen = {"pile slots known": 0, "hands known": 0, "hidden limbo": 0, "hidden kitten": 0}
    phases = set()
    for i, (n, opts) in enumerate(settings(games)):
        st = GAME.new_game(n, 9000 + i, opts)
        k = 0
        while not st.is_over:
            if k % 3 == 0:
                phases.add(st.phase)
                for p in st.alive_t:
                    bit = 1 << p
                    seen["pile slots known"] += any(m & bit for m in st.pk)
                    seen["hands known"] += bool(st.hk[p])
                    hidden = st.limbo >= 0 and st.lmask != -1 and not st.lmask & bit
                    seen["hidden limbo"] += hidden
                    seen["hidden kitten"] += hidden and st.limbo == KITTEN
                    seed = rng.getrandbits(32)
                    _same(st, p, random.Random(seed), random.Random(seed))
                    # again from the same position, as ISMCTS does: the second call keeps
                    # the pool (with what it was built from), the third is served from it
                    st.determinize(p, random.Random(seed))
                    _same(st, p, random.Random(seed + 1), random.Random(seed + 1))
            p = st.actors[0]
            st.apply(p, rng.choice(st.legal_actions(p)))
            k += 1
    assert all(seen.values()), seen
    assert {WINDOW, FIVE, DEFUSE_PHASE} <= phases


def test_determinize_of_a_determinization():
    """A sample is itself determinized by search (it keeps only the seat's own knowledge)."""
    rng = random.Random(5)
    for i, (n, opts) in enumerate(settings(36)):
        st = GAME.new_game(n, 700 + i, opts)
        for _ in range(rng.randrange(0, 80)):
            if st.is_over:
                break
            p = st.actors[0]
            st.apply(p, rng.choice(st.legal_actions(p)))
        if st.is_over:
            continue
        p = st.actors[0]
        sample = st.determinize(p, random.Random(i))
        for q in sample.alive_t:
            _same(sample, q, random.Random(i + q), random.Random(i + q))


class _Coarse(random.Random):
    """A generator whose keys repeat (one decimal), so shuffles meet equal keys."""

    def random(self) -> float:
        return round(super().random(), 1)


def test_equal_keys_keep_the_reference_order():
    rng = random.Random(3)
    for i, (n, opts) in enumerate(settings(27)):
        st = GAME.new_game(n, 300 + i, opts)
        for _ in range(rng.randrange(0, 60)):
            if st.is_over:
                break
            p = st.actors[0]
            st.apply(p, rng.choice(st.legal_actions(p)))
        for p in st.alive_t:
            _same(st, p, _Coarse(i + p), _Coarse(i + p))


def _discard_slot(st: EKState, c: int) -> int | None:
    """A place in the discard pile (public) holding another card than ``c``: swapping ``c``
    with it keeps every count right."""
    return next((j for j, d in enumerate(st.discard) if d != c), None)


def _unknown(st: EKState, q: int, c: int) -> bool:
    return all(q * 32 + c not in known for known in st.hk)


def test_a_kept_pool_never_outlives_a_change():
    """Whatever changes the state in place (a move, the compiled core writing back, a test),
    the next determinize sees it. Each change below leaves everything the kept pool was
    checked against unchanged but one thing: another's hand, the pile, what p knows of the
    pile, what p knows of another's hand, the card in limbo, who knows it."""
    rng = random.Random(17)
    changes: dict[str, int] = {}

    def check(what: str, st: EKState, p: int, seed: int) -> None:
        st.check_invariants()  # the change itself broke nothing
        _same(st, p, random.Random(seed), random.Random(seed))
        changes[what] = changes.get(what, 0) + 1

    for i, (n, opts) in enumerate(settings(60)):
        st = GAME.new_game(n, 500 + i, opts)
        for _ in range(rng.randrange(10, 60)):
            if st.is_over:
                break
            q = st.actors[0]
            st.apply(q, rng.choice(st.legal_actions(q)))
        if st.is_over or not st.discard:
            continue
        p = st.actors[0]
        # twice: the second call keeps the pool, checked against every change below
        _same(st, p, random.Random(i), random.Random(i))
        _same(st, p, random.Random(i), random.Random(i))
        assert st._unseen is not None and st._unseen[1] is not None
        q = next(q for q in st.alive_t if q != p)
        hand = st.hands[q]
        # a card of q's that no seat knows q holds (so that taking one away stays true)
        c = next((c for c, k in enumerate(hand) if k and _unknown(st, q, c)), None)
        if c is not None and (j := _discard_slot(st, c)) is not None:
            hand[c] -= 1
            hand[st.discard[j]] += 1
            st.discard[j] = c
            check("hand", st, p, i)
        c = next((c for c, k in enumerate(hand) if k and _unknown(st, q, c)), None)
        if st.pile and st.pile[0] != KITTEN and (j := _discard_slot(st, st.pile[0])) is not None:
            st.pile[0], st.discard[j] = st.discard[j], st.pile[0]
            check("pile", st, p, i)
        if st.pile:
            st.pk[-1] |= 1 << p  # p sees the top card
            check("pile slot known", st, p, i)
        if c is not None:
            st.hk[p].append(q * 32 + c)  # p learns a card q holds
            check("hand card known", st, p, i)
        if st.pile and st.pile[-1] != KITTEN:
            st.limbo, st.lmask = st.pile.pop(), 0  # a card out of the pile, seen by none
            st.pk.pop()
            _same(st, p, random.Random(i), random.Random(i))
            if (j := _discard_slot(st, st.limbo)) is not None:
                st.limbo, st.discard[j] = st.discard[j], st.limbo
                check("limbo", st, p, i)
            st.lmask = 1 << p
            check("who knows limbo", st, p, i)
    assert len(changes) == 6 and min(changes.values()) >= 5, changes
