"""Deck lists hidden (the default) or open (option ``decklists``): what each view, event and
observation carries, what ``determinize`` draws the opponent's list from, and old records
(saved before the option, when every list was public) read as open."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any, cast

import numpy as np
import pytest

from ludoteca import Match, MatchRecord
from ludoteca.engine import compiled
from ludoteca.engine.observation import HIGH, LOW, encoder_for
from ludoteca.games.sala_de_miaula import GAME
from ludoteca.games.sala_de_miaula.cards import DECK_SIZE, MAX_COPIES, POOL, expand
from ludoteca.games.sala_de_miaula.options import dump_inline
from ludoteca.games.sala_de_miaula.state import SalaState
from ludoteca.games.sala_de_miaula.view import revealed, sample_list
from ludoteca.testing import conformance as kit

STARTERS = {k: expand(d.cards) for k, d in POOL.decks.items()}
# a deck of cards no starter deck holds twice or at all, and none of Maré e Pedra's (seat 0's
# default): seat 1's ids never stand for one of seat 0's cards in what seat 0 sees
_OTHERS = sorted(c for c in POOL.cards if c not in STARTERS["mare_e_pedra"])
CUSTOM = sorted((_OTHERS * 2)[:DECK_SIZE])


def dump(x: object) -> str:
    return json.dumps(x, sort_keys=True)


def strings(x: Any) -> Iterator[str]:
    """Every string in a JSON value (keys included)."""
    if isinstance(x, str):
        yield x
    elif isinstance(x, dict):
        for k, v in x.items():
            yield str(k)
            yield from strings(v)
    elif isinstance(x, list | tuple):
        for v in x:
            yield from strings(v)


def play(options: dict[str, Any], seed: int, steps: int = 60) -> SalaState:
    s = cast(SalaState, GAME.new_game(2, seed, options))
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_over:
            break
        p = s.actors[0]
        s.apply(p, rng.choice(s.legal_actions(p)))
    return s


def with_other_list(s: SalaState, q: int, seed: int) -> SalaState:
    """s with q's unseen cards (deck and the hand's unknown cards) swapped for others that
    keep the deck legal: another deck list with the same revealed cards and counts."""
    t = s.clone()
    shown = Counter(revealed(s, q))
    unseen = len(s.deck[q]) + len(s.hand[q]) - len(s.known[q])
    copies = [
        c
        for c in sorted(POOL.cards)
        for _ in range(MAX_COPIES - shown[c])
        if c not in s.decklists[q]
    ]
    other = random.Random(seed).sample(copies, unseen)
    hidden = len(s.hand[q]) - len(s.known[q])
    t.hand[q] = list(s.known[q]) + other[:hidden]
    t.deck[q] = other[hidden:]
    new_list = sorted([*shown.elements(), *other])
    lists = [list(s.decklists[0]), list(s.decklists[1])]
    lists[q] = new_list
    t.decklists = (lists[0], lists[1])
    t.options = s.options.model_copy(update={f"deck_{q}": new_list})
    t.check_invariants()
    return t


def test_hidden_is_the_default_and_each_seat_sees_its_own_list_only() -> None:
    s = play({}, 1)
    assert s.options.decklists == "hidden"
    for p in (0, 1):
        v = s.view(p)
        assert v["decklists"] == "hidden"
        assert v["players"][p]["decklist"] == s.decklists[p]
        assert "decklist" not in v["players"][1 - p]
        # the counts of what is left stand in for the list
        assert v["players"][1 - p]["deck_count"] == len(s.deck[1 - p])
        assert v["players"][1 - p]["hand_count"] == len(s.hand[1 - p])
    assert all("decklist" not in side for side in s.view(None)["players"])


def test_open_lists_are_in_every_view() -> None:
    s = play({"decklists": "open"}, 1)
    for p in (0, 1, None):
        v = s.view(p)
        assert v["decklists"] == "open"
        assert [side["decklist"] for side in v["players"]] == list(s.decklists)


@pytest.mark.parametrize("seed", range(6))
def test_hidden_lists_another_opponent_list_is_the_same_information(seed: int) -> None:
    """Two states that differ only in the opponent's deck list (same cards revealed, same
    counts): the same view and the same determinization for the seat; with open lists the
    view shows the difference."""
    for options in ({}, {"deck_1": CUSTOM}):
        s = play(options, seed, steps=20 + 7 * seed)
        for p in (0, 1):
            t = with_other_list(s, 1 - p, seed)
            assert t.decklists[1 - p] != s.decklists[1 - p]
            kit.check_same_information(s, t, p, salt=seed)
            assert dump(s.view(None)) == dump(t.view(None))
    s = play({"decklists": "open"}, seed, steps=20 + 7 * seed)
    t = with_other_list(s, 1, seed)
    assert dump(s.view(0)) != dump(t.view(0))


def test_views_and_events_never_name_an_unrevealed_card_of_the_other_seat() -> None:
    """Seat 1 plays a deck of its own whose cards seat 0's deck lacks: whatever seat 0 or a
    spectator sees or is told (the match's card definitions aside, which are every card of
    the sets in play), every card of seat 1 it names has been revealed."""
    checked = 0
    for seed in range(8):
        s = cast(SalaState, GAME.new_game(2, seed, {"deck_1": CUSTOM}))
        assert set(s.options.cards) == set(POOL.cards)
        rng = random.Random(seed)
        theirs = set(CUSTOM)
        while not s.is_over:
            p = s.actors[0]
            events = s.apply(p, rng.choice(s.legal_actions(p)))
            shown = set(revealed(s, 1))
            for viewer in (0, None):
                v = s.view(viewer)
                v.pop("cards")
                seen_ids = set(strings(v)) & theirs
                told = set(strings([e.data for e in events if e.visible_to(viewer)])) & theirs
                assert seen_ids <= shown, f"view({viewer}) names {seen_ids - shown}"
                assert told <= shown, f"events for {viewer} name {told - shown}"
                checked += 1
            # seat 1 itself is told its draws (and sees its list)
            assert set(s.view(1)["players"][1]["decklist"]) == theirs
    assert checked > 100


_BASE = sorted(c for c in POOL.cards if POOL.cards[c].set == "despertar")
DETERMINIZE_CASES = [
    {},
    {"deck_1": CUSTOM},
    {"sets": ["despertar"], "deck_0": _BASE[:25], "deck_1": _BASE[-25:]},
]


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("options", DETERMINIZE_CASES, ids=["starters", "own deck", "base set"])
def test_determinize_draws_a_legal_list_holding_what_was_revealed(
    seed: int, options: dict[str, Any]
) -> None:
    s = play(options, seed, steps=10 + 9 * seed)
    for p in (0, 1):
        q = 1 - p
        d = s.determinize(p, random.Random(seed))
        drawn = d.decklists[q]
        assert len(drawn) == DECK_SIZE
        assert max(Counter(drawn).values()) <= MAX_COPIES
        assert all(POOL.cards[c].set in s.options.sets for c in drawn)
        assert not Counter(revealed(s, q)) - Counter(drawn)
        assert d.options.model_dump()[f"deck_{q}"] == drawn
        assert d.decklists[p] == s.decklists[p]  # the seat's own list is its own
        d.check_invariants()
        again = s.determinize(p, random.Random(seed))
        assert dump(again.to_json()) == dump(d.to_json())


def test_the_starter_decks_in_play_are_drawn_by_how_well_they_fit() -> None:
    """Nothing revealed: every starter deck of the sets in play may be drawn. Once the cards
    revealed fit only the real one, it is the one drawn. Without Eclipse, no starter deck that
    needs it."""
    s = cast(SalaState, GAME.new_game(2, 3, {"first_player": 0}))
    assert not revealed(s, 1)
    drawn = {tuple(sample_list(s, 1, random.Random(k))) for k in range(200)}
    assert drawn == {tuple(d) for d in STARTERS.values()}
    # seat 1 (Fogo e Vento) shows its whole hand: only its own deck holds those cards
    t = s.clone()
    t.known[1] = sorted(t.hand[1])
    fits = [k for k, d in STARTERS.items() if not Counter(t.known[1]) - Counter(d)]
    assert fits == ["fogo_e_vento"]
    for k in range(20):
        assert sample_list(t, 1, random.Random(k)) == STARTERS["fogo_e_vento"]
    only_base = [
        k for k, d in POOL.decks.items() if all(POOL.cards[c].set != "eclipse" for c in d.cards)
    ]
    u = cast(
        SalaState,
        GAME.new_game(
            2,
            3,
            {
                "sets": ["despertar", "bugingangas"],
                "deck_0": "brisa_do_mar",
                "deck_1": "brisa_do_mar",
            },
        ),
    )
    drawn = {tuple(sample_list(u, 1, random.Random(k))) for k in range(100)}
    assert drawn == {tuple(STARTERS[k]) for k in only_base}


def test_a_deck_of_ones_own_is_completed_within_the_limits() -> None:
    """A card no starter deck holds was revealed: the list is the revealed cards plus cards of
    the sets in play drawn within the limit of copies."""
    s = cast(SalaState, GAME.new_game(2, 5, {"deck_1": CUSTOM}))
    odd = next(c for c in CUSTOM if not any(c in d for d in STARTERS.values()))
    zone = s.hand[1] if odd in s.hand[1] else s.deck[1]
    zone.remove(odd)
    s.canil[1].append(odd)
    s.check_invariants()
    lists = {tuple(sample_list(s, 1, random.Random(k))) for k in range(30)}
    assert len(lists) == 30
    for lst in lists:
        assert len(lst) == DECK_SIZE and odd in lst and max(Counter(lst).values()) <= MAX_COPIES
        assert tuple(lst) not in {tuple(d) for d in STARTERS.values()}


def test_an_old_record_without_the_option_replays_with_open_lists(tmp_path: Any) -> None:
    """Records saved before the option (every list public then) load as open lists and
    replay as they did, bit for bit; a saved state too."""
    m = Match(GAME, 2, 11, {"decklists": "open", "deck_1": "brisa_do_mar"}, ["a", "b"])
    rng = random.Random(11)
    finals = []
    while not m.state.is_over:
        p = m.state.actors[0]
        m.apply(p, rng.choice(m.state.legal_actions(p)))
    finals.append(dump(m.state.to_json()))
    data = m.record.to_json()
    data["options"] = dump_inline(m.state.options)  # as records were: definitions inline
    del data["options"]["decklists"]
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    old = MatchRecord.load(path)
    final = cast(SalaState, old.final_state())
    assert final.options.decklists == "open"
    assert dump(final.to_json()) == finals[0]
    for step in old.steps():
        assert "decklist" in step.state.view(None)["players"][1]
    saved = m.state.to_json()
    saved["options"] = dump_inline(m.state.options)
    del saved["options"]["decklists"]
    assert cast(SalaState, GAME.state_from_json(saved)).options.decklists == "open"
    # a new game that does not name the option is hidden, whatever else it names
    assert (
        GAME.new_game(2, 1, {"deck_1": "brisa_do_mar", "first_player": 0}).options.decklists
        == "hidden"
    )


def test_a_record_keeps_both_lists_and_replays_bit_for_bit() -> None:
    m = Match(GAME, 2, 12, {"deck_1": CUSTOM}, ["a", "b"])
    rng = random.Random(12)
    while not m.state.is_over:
        p = m.state.actors[0]
        m.apply(p, rng.choice(m.state.legal_actions(p)))
    record = MatchRecord.from_json(json.loads(json.dumps(m.record.to_json())))
    assert record.options["decklists"] == "hidden"
    assert record.options["deck_1"] == CUSTOM and len(record.options["deck_0"]) == DECK_SIZE
    assert dump(record.final_state().to_json()) == dump(m.state.to_json())


def test_the_observation_follows_the_option() -> None:
    """With hidden lists another opponent list gives the seat the same observation (readable
    and compiled); with open lists it is in the observation."""
    enc = encoder_for("sala-de-miaula", 2)
    core = compiled.core_for(GAME) if compiled.available("sala-de-miaula") else None
    for options, same in (({}, True), ({"decklists": "open"}, False)):
        s = play(options, 4, steps=30)
        t = with_other_list(s, 1, 4)
        a, b = enc.encode(s.view(0)), enc.encode(t.view(0))
        assert np.array_equal(a, b) == same
        assert np.array_equal(enc.encode_state(s, 0), a)
        assert np.array_equal(enc.encode_state(t, 0), b)
        if core is not None:
            obs_s = compiled.observer_for(GAME, enc, s.options, LOW, HIGH)
            obs_t = compiled.observer_for(GAME, enc, t.options, LOW, HIGH)
            assert (
                np.array_equal(obs_s.observe(core.load(s), 0), obs_t.observe(core.load(t), 0))
                == same
            )


@pytest.mark.parametrize("decklists", ["hidden", "open"])
def test_the_terminal_board_shows_the_counts_whatever_the_lists(decklists: str) -> None:
    """The terminal board draws from the view alone: the other side's deck and hand as counts,
    and never a card of an unseen list."""
    from rich.console import Console

    from ludoteca.render.sala_de_miaula import render

    s = play({"decklists": decklists, "deck_1": CUSTOM}, 2, steps=12)
    unseen = set(CUSTOM) - set(revealed(s, 1)) - set(s.decklists[0])
    for seat in (0, None):
        for lang, deck, hand in (("pt-BR", "Deck", "Mão"), ("en", "Deck", "Hand")):
            console = Console(width=200, record=True)
            console.print(render(s.view(seat), GAME, lang, seat))
            text = console.export_text()
            assert f"{deck} {len(s.deck[1])}" in text and f"{hand} {len(s.hand[1])}" in text
            for cid in unseen:
                assert GAME.card_name(cid, lang) not in text


@pytest.mark.parametrize(
    "spec", ["heuristic", "ismcts:iterations=40:rollout=heuristic:leaf=0", "ismcts:iterations=40"]
)
def test_agents_move_alike_whatever_the_hidden_opponent_list(spec: str) -> None:
    """With hidden lists a state whose opponent plays another list (same cards revealed) gets
    the same move from an agent seeded alike: the search draws the list, never reads it. With
    open lists the same holds for a determinization (the list is then known)."""
    from ludoteca import SeatHandle
    from ludoteca.agents import make_agent

    moved = 0
    for seed in range(3):
        for options in ({"deck_1": CUSTOM}, {"decklists": "open"}):
            s = play(options, seed, steps=8 + 5 * seed)
            if s.is_over or len(s.legal_actions(s.actors[0])) < 2:
                continue
            p = s.actors[0]
            if options.get("decklists") == "open":
                t = s.determinize(p, random.Random(99))
            else:
                t = with_other_list(s, 1 - p, seed)
            assert dump(s.view(p)) == dump(t.view(p))
            a = make_agent(spec, GAME, seed=5).act(SeatHandle(s, p))
            b = make_agent(spec, GAME, seed=5).act(SeatHandle(t, p))
            assert a == b
            moved += 1
    assert moved >= 4
