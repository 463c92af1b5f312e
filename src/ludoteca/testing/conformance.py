"""The conformance kit: generic checks of the engine contract, run on every registered game.

Every function takes a Game and plain parameters and raises AssertionError with a message
that names the broken promise. tests/test_conformance.py runs them over all games; a new
game gets the whole kit by registering itself.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..engine import Action, Game, GameState, IllegalAction, InvalidAction, InvalidOptions
from ..engine.events import Event
from ..engine.reactions import ReactionWindow

MAX_DECISIONS = 200_000


def dump(x: Any) -> str:
    return json.dumps(x, sort_keys=True, ensure_ascii=False)


@dataclass
class Playout:
    game: Game
    num_players: int
    seed: int
    options: dict[str, Any]
    log: list[tuple[int, Action]] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    state: GameState | None = None


def player_counts(game: Game) -> list[int]:
    return list(range(game.min_players, game.max_players + 1))


def random_playout(
    game: Game,
    num_players: int,
    seed: int,
    rng: random.Random,
    options: dict[str, Any] | None = None,
    check: bool = True,
    on_step: Callable[[GameState, int], None] | None = None,
) -> Playout:
    """A random game through the public contract, checking the per-step promises as it goes."""
    opts = dict(options or {})
    state = game.new_game(num_players=num_players, seed=seed, options=opts)
    out = Playout(game, num_players, seed, opts, state=state)
    assert isinstance(state.is_over, bool), "is_over must be a bool property"
    while not state.is_over:
        actors = tuple(state.actors)
        assert actors, "the game is not over but nobody may act"
        assert len(set(actors)) == len(actors), f"an actor is listed twice: {actors}"
        p = rng.choice(actors)
        legal = state.legal_actions(p)
        assert legal, f"player {p} is an actor without legal actions"
        a = rng.choice(legal)
        if check:
            assert len(set(legal)) == len(legal), f"legal actions repeat for player {p}: {legal}"
            for q in range(num_players):
                if q not in actors:
                    assert not state.legal_actions(q), (
                        f"player {q} is not an actor but has legal actions"
                    )
        if check:
            check_reaction_window(state)
        events = state.apply(p, a)
        out.log.append((p, a))
        out.events.extend(events)
        if check:
            state.check_invariants()
            for e in events:
                assert e.to is None or e.to <= set(range(num_players)), (
                    f"event {e.kind} addressed to no seat"
                )
        if on_step is not None:
            on_step(state, len(out.log))
        assert len(out.log) <= MAX_DECISIONS, "the game does not end"
    assert out.log, "a game with no decision"
    assert state.actors == (), "a finished game still has actors"
    check_result(state)
    return out


def check_result(state: GameState) -> None:
    r = state.result()
    n = state.num_players
    assert all(0 <= w < n for w in r.winners), f"winners out of range: {r.winners}"
    assert len(r.ranking) == n, "the ranking must give a place to every seat"
    assert all(r.ranking[w] == 1 for w in r.winners), "winners must rank first"
    assert r.reason, "a result needs a reason"
    json.dumps(r.to_json())


def replay(game: Game, p: Playout) -> GameState:
    s = game.new_game(num_players=p.num_players, seed=p.seed, options=p.options)
    for player, a in p.log:
        s.apply(player, game.action_from_json(json.loads(dump(a.to_json()))))
    return s


def check_replay(game: Game, p: Playout) -> None:
    assert p.state is not None
    again = replay(game, p)
    assert dump(again.to_json()) == dump(p.state.to_json()), (
        "replaying the same actions gave another state"
    )


def check_json_roundtrip(game: Game, p: Playout, cut: int) -> None:
    """A state saved mid-game comes back identical and plays on identically."""
    s = game.new_game(num_players=p.num_players, seed=p.seed, options=p.options)
    for player, a in p.log[:cut]:
        s.apply(player, a)
    saved = json.loads(dump(s.to_json()))
    back = game.state_from_json(saved)
    assert dump(back.to_json()) == dump(saved), "the state does not round-trip through JSON"
    for q in [None, *range(p.num_players)]:
        assert dump(back.view(q)) == dump(s.view(q)), f"view({q}) changed through JSON"
    for player, a in p.log[cut:]:
        back.apply(player, a)
    assert p.state is not None
    assert dump(back.to_json()) == dump(p.state.to_json()), "a reloaded state plays on differently"


def check_actions(game: Game, state: GameState) -> None:
    for p in state.actors:
        for a in state.legal_actions(p):
            hash(a)
            aj = a.to_json()
            assert game.action_from_json(json.loads(dump(aj))) == a, (
                f"action JSON does not round-trip: {aj}"
            )
            code = game.encode(a)
            assert 0 <= code < game.action_space_size
            assert game.decode(code) == a, f"encode/decode does not round-trip {a}"


def check_determinize(state: GameState, salt: int) -> None:
    n = state.num_players
    for p in range(n):
        v = dump(state.view(p))
        d = state.determinize(p, random.Random(salt))
        assert dump(d.view(p)) == v, f"determinize({p}) changed player {p}'s own view"
        again = state.determinize(p, random.Random(salt))
        assert dump(again.to_json()) == dump(d.to_json()), (
            f"determinize({p}) is not a function of rng"
        )
        other = state.determinize(p, random.Random(salt + 1))
        a = dump(d.determinize(p, random.Random(7)).to_json())
        b = dump(other.determinize(p, random.Random(7)).to_json())
        assert a == b, f"determinize({p}, rng) depends on what player {p} cannot see"
        assert dump(state.view(p)) == v, "determinize changed the original state"
        if d.actors:
            # the determinized state is a real game: it can be played on
            q = d.actors[0]
            d.apply(q, d.legal_actions(q)[0])
        seen = {dump(state.determinize(p, random.Random(salt + k)).to_json()) for k in range(3)}
        assert len(seen) > 1, f"determinize({p}) does not reseed the state's RNG from rng"


def check_same_information(a: GameState, b: GameState, player: int, salt: int = 0) -> None:
    """Two states that differ only in what ``player`` cannot see: the same view and the same
    determinization for the same rng. Game tests build such pairs (swap two hidden cards...)."""
    assert dump(a.view(player)) == dump(b.view(player)), f"view({player}) shows a hidden difference"
    da = a.determinize(player, random.Random(salt))
    db = b.determinize(player, random.Random(salt))
    assert dump(da.to_json()) == dump(db.to_json()), (
        f"determinize({player}) depends on hidden state"
    )


def check_refusals(game: Game, state: GameState) -> None:
    """Illegal, out-of-turn and malformed actions raise and change nothing."""
    if not state.actors:
        return
    before = dump(state.to_json())
    actor = state.actors[0]
    legal = state.legal_actions(actor)
    refused = 0
    for code in range(game.action_space_size):
        a = game.decode(code)
        if a in legal:
            continue
        try:
            state.apply(actor, a)
        except IllegalAction as e:
            assert str(e), "IllegalAction must say why"
            refused += 1
        else:
            raise AssertionError(f"illegal action {a} was accepted")
        assert dump(state.to_json()) == before, "a refused action changed the state"
        if refused >= 25:
            break
    strangers: list[Any] = [-1, state.num_players, "0", None, *range(state.num_players)]
    for q in strangers:
        if q in state.actors:
            continue
        try:
            state.apply(q, legal[0])
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"player {q!r} acted out of turn")
        assert dump(state.to_json()) == before, "a refused out-of-turn action changed the state"
    for junk in [None, 3, "x", {"type": "x"}]:
        try:
            state.apply(actor, junk)  # type: ignore[arg-type]
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"junk {junk!r} accepted as an action")
        assert dump(state.to_json()) == before
    junk_jsons: list[Any] = [
        None,
        3,
        [],
        {},
        {"type": "no-such-action"},
        {"type": legal[0].TYPE, "zzz": 1},
    ]
    for junk_json in junk_jsons:
        try:
            game.action_from_json(junk_json)
        except InvalidAction as e:
            assert str(e)
        else:
            raise AssertionError(f"{junk_json!r} parsed as an action")


def _window_json(w: ReactionWindow | None) -> str:
    if w is None:
        return "null"
    return dump({"seats": list(w.seats), "pass": w.pass_action.to_json(), "about": w.about})


def check_reaction_window(state: GameState) -> None:
    """The window a state reports is one the server can run: its seats are actors, its pass is
    legal for each of them and is what their clock would play, and its words are plain JSON.
    A finished game has none."""
    w = state.reaction_window()
    if w is None:
        return
    assert isinstance(w, ReactionWindow), f"reaction_window() must give a ReactionWindow: {w!r}"
    assert not state.is_over, "a finished game has a reaction window"
    seats = w.seats
    assert isinstance(seats, tuple) and seats, f"a reaction window needs seats: {seats!r}"
    assert len(set(seats)) == len(seats), f"a window seat is listed twice: {seats}"
    actors = state.actors
    for s in seats:
        assert type(s) is int and s in actors, f"window seat {s!r} is not an actor {actors}"
    a = w.pass_action
    assert isinstance(a, Action), f"the window's pass is not an action: {a!r}"
    assert state.game.action_from_json(json.loads(dump(a.to_json()))) == a, (
        f"the window's pass does not round-trip through JSON: {a}"
    )
    for s in seats:
        assert state.is_legal(s, a) and a in state.legal_actions(s), (
            f"the window's pass {a} is not legal for seat {s}"
        )
        assert state.timeout_action(s) == a, (
            f"seat {s}'s clock plays {state.timeout_action(s)}, the window timer {a}"
        )
    about = w.about
    assert isinstance(about, dict), "a window's about is a dict"
    assert all(isinstance(k, str) for k in about), f"about keys must be words: {about}"
    try:
        plain = json.loads(json.dumps(about, allow_nan=False))
    except (TypeError, ValueError) as e:
        raise AssertionError(f"a window's about is not JSON: {about!r} ({e})") from None
    assert plain == about, f"a window's about must be plain JSON (lists, not tuples): {about}"


def check_reaction_window_public(state: GameState, salt: int) -> None:
    """Whether a window is open, who may still answer and what it is about are public: they
    survive a JSON reload and a clone, and every seat's determinization (which keeps only what
    that seat sees) reports the very same window, or the same absence of one."""
    check_reaction_window(state)
    w = _window_json(state.reaction_window())
    for p in range(state.num_players):
        for k in range(2):
            d = state.determinize(p, random.Random(salt + k))
            assert _window_json(d.reaction_window()) == w, (
                f"determinize({p}) gives another reaction window: it depends on hidden state"
            )
    back = state.game.state_from_json(json.loads(dump(state.to_json())))
    assert _window_json(back.reaction_window()) == w, "the reaction window changed through JSON"
    assert _window_json(state.clone().reaction_window()) == w, "a clone has another window"


def check_clone(state: GameState) -> None:
    before = dump(state.to_json())
    c = state.clone()
    assert dump(c.to_json()) == before, "a clone differs from its original"
    while c.actors and not c.is_over:
        p = c.actors[0]
        c.apply(p, c.legal_actions(p)[0])
        break
    assert dump(state.to_json()) == before, "playing on a clone changed the original"


def check_timeout(state: GameState) -> None:
    for p in state.actors:
        a = state.timeout_action(p)
        c = state.clone()
        c.apply(p, a)


def check_views(state: GameState) -> None:
    for q in [None, *range(state.num_players)]:
        v = state.view(q)
        assert isinstance(v, dict), "a view is a dict"
        json.dumps(v)


def check_bad_setup(game: Game) -> None:
    for n in (game.min_players - 1, game.max_players + 1, "2", None):
        if n is None:
            continue
        try:
            game.new_game(num_players=n, seed=1, options={})  # type: ignore[arg-type]
        except InvalidOptions as e:
            assert str(e)
        else:
            raise AssertionError(f"{n!r} players accepted")
    try:
        game.new_game(num_players=game.min_players, seed=1, options={"no_such_option_xyz": 1})
    except InvalidOptions as e:
        assert "no_such_option_xyz" in str(e), "the error must name the unknown option"
    else:
        raise AssertionError("an unknown option was accepted")


def check_messages(game: Game, events: list[Event]) -> None:
    """Every action and every event kind has a sentence in both languages."""
    for lang in ("pt-BR", "en"):
        for a in game.action_space.actions:
            text = game.describe_action(a, lang)
            assert text and not text.startswith("action."), f"no {lang} text for action {a}"
            assert "{" not in text, f"unfilled placeholder in {lang} text for {a}: {text}"
        for e in events:
            text = game.describe_event(e, lang, None if e.to is None else min(e.to))
            assert text and not text.startswith("event."), f"no {lang} text for event {e.kind}"
            assert "{" not in text, (
                f"unfilled placeholder in {lang} text for event {e.kind}: {text}"
            )


def midgame_states(game: Game, p: Playout, points: int = 4) -> list[GameState]:
    """Fresh states at a few points along a playout (replayed, so the playout is untouched)."""
    cuts = sorted({int(len(p.log) * k / (points + 1)) for k in range(1, points + 1)})
    out = []
    s = game.new_game(num_players=p.num_players, seed=p.seed, options=p.options)
    done = 0
    for cut in cuts:
        for player, a in p.log[done:cut]:
            s.apply(player, a)
        done = cut
        out.append(s.clone())
    return out
