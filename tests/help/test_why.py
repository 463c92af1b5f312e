"""Why a move is refused reads in both languages: every sentence the games' explain_illegal
writes, in positions met in play, is read by a pattern of help/why.py (so a pt-BR reader never
meets the engine's English), and the words name the move in the reader's language."""

from __future__ import annotations

import random

import pytest

from ludoteca.engine import get_game
from ludoteca.help.why import known, reason

GAMES = ("exploding-kittens", "coatl", "nine-domains", "sala-de-miaula")


@pytest.mark.parametrize("game_id", GAMES)
def test_every_refusal_met_in_play_is_read(game_id: str) -> None:
    game = get_game(game_id)
    rng = random.Random(7)
    space = game.action_space
    size = game.action_space_size
    unread: set[str] = set()
    seen = 0
    for seed in range(6):
        state = game.new_game(2, seed=seed)
        for _ in range(150):
            if state.is_over:
                break
            seat = state.actors[0]
            for code in rng.sample(range(size), min(25, size)):
                action = space.decode(code) if hasattr(space, "decode") else game.decode(code)
                if state.is_legal(seat, action):
                    continue
                text = state.explain_illegal(seat, action)
                seen += 1
                if not known(game_id, text):
                    unread.add(text)
                pt, en = reason(state, seat, action, "pt-BR"), reason(state, seat, action, "en")
                assert pt != en or not known(game_id, text), (pt, en)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert seen > 50
    assert not unread, f"{game_id}: refusals no pattern reads: {sorted(unread)[:5]}"


def test_the_reason_names_the_move_in_the_readers_language() -> None:
    game = get_game("coatl")
    state = game.new_game(2, seed=6)  # the first decision: which starting Prophecies to keep
    action = game.action_from_json({"type": "take_pieces", "row": "bodies", "index": 0})
    pt = reason(state, state.actors[0], action, "pt-BR")
    assert pt.startswith(game.describe_action(action, "pt-BR"))
    assert "agora você deve escolher quais Profecias iniciais manter" in pt
    other = 1 - state.actors[0]
    assert reason(state, other, action, "en") == "it is not your turn to decide now"
