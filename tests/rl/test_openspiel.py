"""OpenSpiel door: pyspiel's random_sim_test on every game (Exploding Kittens at 2, 3 and 6
players: 10 costs seconds and adds nothing the PettingZoo tests do not check at every count), resampling from an information
state, and OpenSpiel's own ISMCTS bot choosing legal moves in our games."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import ludoteca
from ludoteca.rl.openspiel_game import load_game, short_name

COUNTS = [
    (g.id, n)
    for g in ludoteca.list_games()
    for n in range(g.min_players, g.max_players + 1)
    if g.id != "exploding-kittens" or n in (2, 3, 6)
]


@pytest.mark.parametrize(("game_id", "n"), COUNTS, ids=[f"{g}-{n}p" for g, n in COUNTS])
def test_random_sim_test_passes(game_id, n):
    game = load_game(game_id, players=n)
    assert game.num_players() == n
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    pyspiel.random_sim_test(game, num_sims=1, serialize=n == 2, verbose=False)


def test_load_game_by_name_with_options():
    game = pyspiel.load_game(short_name("nine-domains"), {"open_piles": True, "seed": 4})
    state = game.new_initial_state()
    state.apply_action(0)
    assert "cards" in state.engine_state.view(0)["piles"][0]  # open_piles reached the engine
    with pytest.raises(ValueError, match="special_deal"):
        load_game("nine-domains", special_deal="nonsense")


def _play_to_middle(game, moves: int, rs: np.random.RandomState):
    state = game.new_initial_state()
    state.apply_action(3)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply_action(rs.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("game_id", [g.id for g in ludoteca.list_games()])
def test_resample_from_infostate_keeps_the_seats_knowledge(game_id):
    game = load_game(game_id, players=3 if game_id == "coatl" else 2)
    rs = np.random.RandomState(0)
    state = _play_to_middle(game, 12, rs)
    p = state.current_player()
    sampler = rs.uniform
    others_differ = False
    for _ in range(5):
        sample = state.resample_from_infostate(p, sampler)
        assert sample.information_state_string(p) == state.information_state_string(p)
        assert np.array_equal(sample.information_state_tensor(p), state.information_state_tensor(p))
        assert sample.legal_actions() == state.legal_actions()
        others_differ |= str(sample.engine_state.to_json()) != str(state.engine_state.to_json())
    assert others_differ, "five resamples all equal to the true state: nothing was hidden?"


@pytest.mark.parametrize("game_id", [g.id for g in ludoteca.list_games()])
def test_openspiels_ismcts_bot_plays_legal_moves(game_id):
    game = load_game(game_id, players=2)
    rs = np.random.RandomState(2)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 2.0, 8, random_state=rs)
    state = _play_to_middle(game, 6, rs)
    for _ in range(3):
        if state.is_terminal():
            break
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
