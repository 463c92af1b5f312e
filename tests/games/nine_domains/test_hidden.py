"""Hidden information: face-down placements and unshown specials never reach the other seat."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ludoteca.engine import visible_events
from ludoteca.games.nine_domains import GAME
from ludoteca.games.nine_domains.actions import Place
from ludoteca.games.nine_domains.cards import CARDS, EMPTY
from ludoteca.games.nine_domains.phases import Phase
from ludoteca.games.nine_domains.state import NineDomainsState

from .helpers import setup


def dump(x: object) -> str:
    return json.dumps(x, sort_keys=True)


def _random_prefix(seed: int, steps: int, options: dict | None = None) -> NineDomainsState:
    s = GAME.new_game(2, seed, options or {})
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_over:
            break
        p = rng.choice(s.actors)
        s.apply(p, rng.choice(s.legal_actions(p)))
    assert isinstance(s, NineDomainsState)
    return s


def _unseen_specials(s: NineDomainsState, q: int) -> set[str]:
    mine = s.hand[q] + [c for c in s.placed[q] if c != EMPTY]
    return {CARDS.ids[c] for c in mine if CARDS.is_special[c] and c not in s.seen[q]}


def test_placements_show_only_a_count_to_the_opponent() -> None:
    """ "colocam uma de suas cartas viradas para baixo": until the reveal the other player sees
    only how many cards are down, never which card where."""
    s = setup()
    s.apply(0, Place("1-", 2))
    s.apply(0, Place("5", 0))
    v = s.view(1)["players"][0]
    assert v["placed_count"] == 2 and "placed" not in v and "hand" not in v
    assert '"1-"' not in dump(s.view(1)) and '"1-"' not in dump(s.view(None))
    assert s.view(0)["players"][0]["placed"] == ["5", None, "1-"]


def test_same_count_different_cards_give_the_same_view() -> None:
    """Two positions that differ only in which cards player 0 put face down, and where, look the
    same to player 1 and to spectators."""
    a = setup()
    a.apply(0, Place("1-", 2))
    b = setup()
    b.apply(0, Place("2-", 0))
    for viewer in (1, None):
        assert dump(a.view(viewer)) == dump(b.view(viewer))
    rng_a, rng_b = random.Random(3), random.Random(3)
    assert dump(a.determinize(1, rng_a).to_json()) == dump(b.determinize(1, rng_b).to_json())


def test_private_placement_event_goes_to_its_owner_only() -> None:
    """The event naming the card placed is addressed to its owner; the table learns a count."""
    s = setup()
    events = s.apply(0, Place("3-", 1))
    seen_by_1 = visible_events(events, 1)
    assert [e.kind for e in seen_by_1] == ["placed"]
    assert "3-" not in dump([e.to_json() for e in seen_by_1])
    assert [e.kind for e in visible_events(events, 0)] == ["placed", "placed_own"]


def test_refusal_message_does_not_reveal_the_opponents_cards() -> None:
    """explain_illegal: placing the opponent's special gets the same message as any card not held."""
    s = setup(specials0=("1-", "2-", "3-"), specials1=("1+", "2+", "3+"))
    own = s.explain_illegal(0, Place("1+", 0))  # held by player 1
    other = s.explain_illegal(0, Place("4-", 0))  # held by nobody
    assert own.replace("1+", "X") == other.replace("4-", "X")


def test_determinize_redraws_the_piles_under_the_tops() -> None:
    """Only the top of each pile is visible: determinize keeps the tops, redraws what lies below."""
    s = setup()
    lows = set()
    for k in range(20):
        d = s.determinize(0, random.Random(k))
        assert [p[-1] for p in d.piles] == [p[-1] for p in s.piles]
        lows.add(tuple(tuple(p[:-1]) for p in d.piles))
    assert len(lows) > 1


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**31),
    steps=st.integers(0, 24),
    deal=st.sampled_from(["random", "draft", "independent"]),
)
def test_views_never_show_unplayed_opponent_specials(seed: int, steps: int, deal: str) -> None:
    """Property: view(p) never names a special of the opponent that was not yet shown, and a
    determinization from p's view leaves p's view unchanged (the unseen re-drawn)."""
    s = _random_prefix(seed, steps, {"special_deal": deal})
    for p in (0, 1):
        q = 1 - p
        text = dump(s.view(p))
        mine = {
            CARDS.ids[c] for c in s.hand[p] + s.used[p] + [c for c in s.placed[p] if c != EMPTY]
        }
        for card in _unseen_specials(s, q) - mine:
            assert f'"{card}"' not in text, f"view({p}) shows the opponent's unplayed {card}"
        if s.phase == Phase.PLACE:
            assert "placed" not in s.view(p)["players"][q]
        d = s.determinize(p, random.Random(seed))
        assert dump(d.view(p)) == text


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 24), salt=st.integers(0, 1000))
def test_states_differing_only_in_hidden_things_look_the_same(
    seed: int, steps: int, salt: int
) -> None:
    """Property: a determinization of p is a state that differs from the real one only in what p
    cannot see; both give p the same view, and determinize alike from it."""
    s = _random_prefix(seed, steps)
    for p in (0, 1):
        other = s.determinize(p, random.Random(salt))
        assert dump(other.view(p)) == dump(s.view(p))
        a = s.determinize(p, random.Random(99)).to_json()
        b = other.determinize(p, random.Random(99)).to_json()
        assert dump(a) == dump(b)
