"""The cheap legality test agrees with the legal list; fuzzing at every count and option; data."""

from __future__ import annotations

import random

import pytest

from ludoteca import DataError, InvalidOptions
from ludoteca.games.exploding_kittens import GAME
from ludoteca.games.exploding_kittens.cards import KEYS, KITTEN, load_cards, load_decks
from ludoteca.games.exploding_kittens.phases import Phase
from ludoteca.games.exploding_kittens.state import EKState

OPTION_SETS = [
    {},
    {"stacking_attacks": False, "super_skip_passes_turns": False},
    {"bury_anywhere": True, "five_card_combo": "identical"},
]


def play_random(n: int, seed: int, rng: random.Random, options: dict[str, object]) -> EKState:
    st = GAME.new_game(n, seed=seed, options=options)
    assert isinstance(st, EKState)
    steps = 0
    while not st.is_over:
        if st.phase == Phase.MAIN:  # between turns (a turn starts): kittens = players still in - 1
            assert st.pile.count(KITTEN) == len(st.alive_t) - 1
        p = rng.choice(st.actors)
        st.apply(p, rng.choice(st.legal_actions(p)))
        st.check_invariants()
        steps += 1
        assert steps < 20_000, "the game does not end"
    assert len(st.result().winners) == 1 and sum(st.alive) == 1
    return st


def test_is_legal_matches_legal_actions() -> None:
    space = GAME.action_space.actions
    rng = random.Random(9)
    for opts in OPTION_SETS:
        for seed in range(0, 12, 2):  # 2, 4, 6, 8, 10 and 3 seats
            st = GAME.new_game(2 + seed % 9, seed=seed, options=opts)
            k = 0
            while not st.is_over and k < 400:
                for p in range(st.num_players):
                    legal = set(st.legal_actions(p))
                    for a in space:
                        assert st.is_legal(p, a) == (a in legal), (a, st.phase)
                p = rng.choice(st.actors)
                st.apply(p, rng.choice(st.legal_actions(p)))
                k += 1


@pytest.mark.parametrize("n", range(2, 11))
def test_fuzz_every_count(n: int, fuzz_games: int | None) -> None:
    """Every card somewhere exactly once, kittens = players in - 1, one winner, every game ends."""
    games = (fuzz_games or 300) // 9 + 1
    rng = random.Random(n)
    for i in range(games):
        play_random(n, 500 + i, rng, OPTION_SETS[i % len(OPTION_SETS)])


def test_ten_player_games() -> None:
    rng = random.Random(10)
    for i in range(5):
        st = play_random(10, 77 + i, rng, {})
        assert len(st.out) == 9 and st.result().details["turns"] > 0


def test_bad_options_refused() -> None:
    with pytest.raises(InvalidOptions, match="five_card_combo"):
        GAME.new_game(3, options={"five_card_combo": "seven"})


def test_catalog_errors_name_file_and_entry() -> None:
    with pytest.raises(DataError, match=r"cards\.toml.*'bogus'"):
        load_cards({"card": [{"key": "bogus", "role": "cat"}]})
    with pytest.raises(DataError, match="missing cards"):
        load_cards({"card": [{"key": "defuse", "role": "defuse"}]})
    with pytest.raises(DataError, match="role"):
        load_cards({"card": [{"key": "defuse", "role": "cat"}]})


def test_deck_errors_name_file_and_entry() -> None:
    good = {k: 6 for k in KEYS if k not in ("defuse", "exploding_kitten")}
    decks = {str(n): {"defuse_in_pile": 2, "cards": dict(good)} for n in range(2, 11)}
    assert load_decks({"deck": decks}, KEYS)[3]
    bad = {**decks, "4": {"defuse_in_pile": 2, "cards": {**good, "nope": 0}}}
    with pytest.raises(DataError, match=r"decks.toml: deck.4: 'nope'"):
        load_decks({"deck": bad}, KEYS)
    bad = {**decks, "5": {"defuse_in_pile": 2, "cards": {**good, "pizza": 1}}}
    with pytest.raises(DataError, match=r"deck\.5: unknown card 'pizza'"):
        load_decks({"deck": bad}, KEYS)
    short = {k: 1 for k in good}
    bad = {**decks, "10": {"defuse_in_pile": 2, "cards": short}}
    with pytest.raises(DataError, match=r"deck\.10: needs at least 71"):
        load_decks({"deck": bad}, KEYS)


def test_json_round_trip_and_messages() -> None:
    st = GAME.new_game(5, seed=3)
    back = GAME.state_from_json(st.to_json())
    assert back.to_json() == st.to_json()
    for lang in ("pt-BR", "en"):
        for a in GAME.action_space.actions:
            assert "{" not in GAME.describe_action(a, lang)
    with pytest.raises(DataError):
        GAME.state_from_json({"players": 3})
