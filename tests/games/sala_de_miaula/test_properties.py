"""Hidden information, determinize, and random games with the invariants of the issue."""

from __future__ import annotations

import json
import random

from ludoteca.games.sala_de_miaula import GAME
from ludoteca.games.sala_de_miaula.state import SalaState


def dump(x: object) -> str:
    return json.dumps(x, sort_keys=True)


def random_game(seed: int, options: dict[str, object] | None = None, steps: int = 40) -> SalaState:
    """A state after ``steps`` random decisions (or the end of the game)."""
    rng = random.Random(seed)
    s = GAME.new_game(2, seed, options or {})
    assert isinstance(s, SalaState)
    for _ in range(steps):
        if s.is_over:
            break
        p = s.actors[0]
        s.apply(p, rng.choice(s.legal_actions(p)))
    return s


def test_view_hides_the_opponents_hand_and_decks_order() -> None:
    """States that differ only in what p cannot see give equal view(p)."""
    for seed in range(20):
        s = random_game(seed)
        if s.is_over:
            continue
        for p in (0, 1):
            q = 1 - p
            t = s.clone()
            # swap hidden cards of q's hand with q's deck (keeping the known ones) and shuffle decks
            hidden = list(t.hand[q])
            for k in t.known[q]:
                hidden.remove(k)
            if hidden and t.deck[q]:
                i = t.hand[q].index(hidden[0])
                t.hand[q][i], t.deck[q][0] = t.deck[q][0], t.hand[q][i]
            random.Random(seed).shuffle(t.deck[q])
            random.Random(seed + 1).shuffle(t.deck[p])
            assert dump(t.view(p)) == dump(s.view(p))
            assert "hand" not in s.view(p)["players"][q]
            assert s.view(None)["players"][0].get("hand") is None


def test_private_events_only_to_the_drawer() -> None:
    s = GAME.new_game(2, 4, {})
    events = s.apply(s.current, s.legal_actions(s.current)[0])
    for e in events:
        if e.kind == "drew_card":
            assert e.to == frozenset({1 - s.first}) or e.to == frozenset({s.current})


def test_determinize_keeps_the_view_and_the_cards() -> None:
    for seed in range(15):
        s = random_game(seed)
        for p in (0, 1):
            d = s.determinize(p, random.Random(seed))
            assert dump(d.view(p)) == dump(s.view(p))
            d.check_invariants()


def test_random_games_keep_the_invariants(fuzz_games: int | None) -> None:
    """25 cards accounted for, life in 0..15, at most 3 places, every game ends (hundreds by default)."""
    total = fuzz_games or 300
    rng = random.Random(77)
    decks = sorted(GAME.starter_decks())
    for i in range(total):
        opts = {"deck_0": decks[i % 4], "deck_1": decks[(i // 4) % 4]}
        s = GAME.new_game(2, 5000 + i, opts)
        n = 0
        while not s.is_over:
            p = s.actors[0]
            s.apply(p, rng.choice(s.legal_actions(p)))
            s.check_invariants()
            n += 1
            assert n < 5000, "the game does not end"
        r = s.result()
        assert r.details["turns"] >= 1 and r.reason in ("life", "deck_out")
