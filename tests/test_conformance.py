"""The generic conformance kit over every registered game (see ludoteca.testing.conformance)."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ludoteca
from ludoteca.engine.game import choice_key, choice_words
from ludoteca.testing import conformance as kit

GAMES = [g.id for g in ludoteca.list_games()]
DEFAULT_FUZZ = 120  # games per title in the default run (every player count at least 13 times);
# --fuzz-games N for more (scripts/test --fuzz-games 5000 for the deep run)


@pytest.fixture(params=GAMES)
def game(request: pytest.FixtureRequest) -> ludoteca.Game:
    return ludoteca.get_game(request.param)


def test_registry_lists_every_game() -> None:
    assert {g.id for g in ludoteca.list_games()} == set(GAMES)
    for gid in GAMES:
        g = ludoteca.get_game(gid)
        assert g.id == gid and g.min_players <= g.max_players
        assert g.display_name("pt-BR") and g.display_name("en")


def test_unknown_game_is_a_clear_error() -> None:
    with pytest.raises(ludoteca.UnknownGame, match="known games"):
        ludoteca.get_game("chess")


def test_options_have_words_in_both_languages(game: ludoteca.Game) -> None:
    """Every option has a label in pt-BR and English and a pt-BR help text (the web lobby shows them)."""
    for name, doc in game.option_docs().items():
        for lang in ("pt-BR", "en"):
            assert game.catalog.has(f"option.{name}.label", lang), (
                f"no {lang} label for option {name}"
            )
        assert game.catalog.has(f"option.{name}.help", "pt-BR"), f"no pt-BR help for option {name}"
        assert doc["texts"]["en"]["help"], f"no English help (description) for option {name}"
        if "choices" in doc:
            chosen = doc["default"] if doc.get("multiple") else [doc["default"]]
            assert all(c in doc["choices"] for c in chosen)
            for lang in ("pt-BR", "en"):
                for c in doc["choices"]:
                    # a data id is named by its kind's entry (deck.<id>), else option.<name>.choice.<c>
                    key = choice_words(name, doc.get("choices_from"), c)
                    assert game.catalog.has(key, lang), (
                        f"no {lang} words for choice {c!r} of {name}"
                    )
                    assert doc["texts"][lang]["choices"][choice_key(c)] == game.catalog.text(
                        key, lang
                    )


def test_every_choice_of_the_data_is_accepted(game: ludoteca.Game) -> None:
    """An option's menu of data ids (a starter deck, a terrain) offers only what the game
    takes: each choice, alone, sets up a game with that value."""
    for name, doc in game.option_docs().items():
        if not doc.get("choices_from") or doc.get("multiple"):
            continue
        assert doc["choices"], f"{name}: an empty menu"
        for c in doc["choices"]:
            game.new_game(game.min_players, 0, {name: c})  # raises InvalidOptions if refused


def test_bad_setup_is_refused(game: ludoteca.Game) -> None:
    kit.check_bad_setup(game)


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(seed=st.integers(0, 2**31), pick=st.integers(0, 10**6))
def test_contract_properties(game: ludoteca.Game, seed: int, pick: int) -> None:
    """Same seed and actions give the same states; JSON round-trips; determinize keeps views."""
    counts = kit.player_counts(game)
    n = counts[pick % len(counts)]
    p = kit.random_playout(game, n, seed, random.Random(pick))
    kit.check_replay(game, p)
    kit.check_json_roundtrip(game, p, len(p.log) // 2)
    for i, s in enumerate(kit.midgame_states(game, p, points=2)):
        kit.check_views(s)
        kit.check_actions(game, s)
        kit.check_determinize(s, salt=pick + i)
        kit.check_refusals(game, s)
        kit.check_clone(s)
        kit.check_timeout(s)
        kit.check_reaction_window_public(s, salt=pick + i)


def test_messages_cover_actions_events_and_results(game: ludoteca.Game) -> None:
    events = []
    reasons = set()
    for n in kit.player_counts(game):
        for k in range(3):
            p = kit.random_playout(game, n, 7 + n + 100 * k, random.Random(n + k))
            events += p.events
            assert p.state is not None
            reasons.add(p.state.result().reason)
    kit.check_messages(game, events)
    for reason in reasons:
        for lang in ("pt-BR", "en"):
            assert game.catalog.has(f"result.{reason}", lang), (
                f"no {lang} sentence for result.{reason}"
            )


def test_fuzz_random_games(game: ludoteca.Game, fuzz_games: int | None) -> None:
    """Random games at every player count end with a result and keep the game's invariants."""
    total = fuzz_games or DEFAULT_FUZZ
    counts = kit.player_counts(game)
    rng = random.Random(2026)
    for i in range(total):
        kit.random_playout(game, counts[i % len(counts)], 10_000 + i, rng)
