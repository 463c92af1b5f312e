"""Each game's tutorial replays through the engine (so it cannot drift from the rules), has
words in both languages wherever it stops, and walks the learner through the kinds of move it
declares, which include each game's main ones."""

from __future__ import annotations

import pytest

from ludoteca.engine.errors import DataError
from ludoteca.help import tutorials

# the kinds of move a newcomer must have made once, per game
MAIN_MOVES = {
    "exploding-kittens": {"play", "pair", "target", "nope", "draw", "defuse"},
    "coatl": {
        "take_pieces",
        "take_prophecy",
        "start_coatl",
        "add_piece",
        "attach_prophecy",
        "finish_coatl",
    },
    "nine-domains": {"place"},
    "sala-de-miaula": {"play_creature", "attack", "end_turn"},
}


@pytest.mark.parametrize("game", tutorials.GAMES)
def test_tutorial_replays_through_the_engine(game: str) -> None:
    tut = tutorials.load(game)  # load() replays every step (check) and raises on a refused one
    state = tut.start()
    made: set[str] = set()
    for i, step in enumerate(tut.steps):
        if step.kind in ("do", "next"):
            assert step.say and all(step.say[lg].strip() for lg in tutorials.LANGUAGES), i
        if step.action is None:
            continue
        assert step.seat in state.actors, f"step {i + 1}: seat {step.seat} does not act now"
        tutorials.apply(state, step)
        if step.kind == "do":
            made.add(step.action["type"])
    assert set(tut.covers) <= made, (
        f"declared but never made by the learner: {set(tut.covers) - made}"
    )
    assert MAIN_MOVES[game] <= set(tut.covers)
    # the script ends on words for the learner
    assert tut.steps[-1].say is not None


def test_a_refused_step_is_a_data_error() -> None:
    tut = tutorials.load("exploding-kittens")
    data = {
        "game": tut.game,
        "players": tut.players,
        "seed": tut.seed,
        "covers": ["draw"],
        # the opponent may not move first in this deal
        "step": [{"seat": 1, "action": {"type": "draw"}, "say": {"pt-BR": "x", "en": "x"}}],
    }
    with pytest.raises(DataError, match="step 1"):
        tutorials.parse(data, "test.toml")


def test_position_replays_the_first_steps() -> None:
    tut = tutorials.load("exploding-kittens")
    state, events = tutorials.position(tut, 3)  # the note, the pair, its target
    assert state.view(0)["phase"] == "window"
    assert [e.kind for e in events] == ["combo"]
