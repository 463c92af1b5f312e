"""Each game's tutorial replays through the engine (so it cannot drift from the rules), has
words in both languages wherever it stops, and walks the learner through every kind of move the
game has (read from its action space), but those it leaves out with a reason (a kind only an
option brings, or one a first game never meets)."""

from __future__ import annotations

import pytest

from ludoteca.engine.errors import DataError
from ludoteca.help import tutorials


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
    # every kind of move the game has is made by the learner, or left out with a reason
    kinds = tutorials.move_kinds(game)
    assert not set(tut.covers) & set(tut.leaves_out)
    missing = kinds - set(tut.covers) - set(tut.leaves_out)
    assert not missing, (
        f"{game}: kinds of move the tutorial neither makes nor leaves out: {missing}"
    )
    assert set(tut.leaves_out) <= kinds, set(tut.leaves_out) - kinds
    assert all(len(why) > 20 for why in tut.leaves_out.values())
    # the script ends on words for the learner
    assert tut.steps[-1].say is not None


def test_a_refused_step_is_a_data_error() -> None:
    tut = tutorials.load("exploding-kittens")
    data = {
        "game": tut.game,
        "players": tut.players,
        "seed": tut.seed,
        "covers": ["draw"],
        # the opponent moves first in this deal, not the learner
        "step": [{"seat": 0, "action": {"type": "draw"}, "say": {"pt-BR": "x", "en": "x"}}],
    }
    with pytest.raises(DataError, match="step 1"):
        tutorials.parse(data, "test.toml")


def test_position_replays_the_first_steps() -> None:
    tut = tutorials.load("exploding-kittens")
    state, events = tutorials.position(tut, 3)  # the note, the Favor, its target
    assert state.view(0)["phase"] == "window"
    assert [e.kind for e in events] == ["play"]


def test_exploding_kittens_tutorial_walks_through_the_five_card_combo() -> None:
    """Only the kinds an option brings are left out: the learner plays five different cards,
    picks them one by one and takes a card from the discard pile, keeping the Defuse."""
    tut = tutorials.load("exploding-kittens")
    assert set(tut.leaves_out) == {"five_same", "bury_at"}
    assert {"five_start", "five_pick", "take"} <= set(tut.covers)
    state = tut.start()
    picks: list[str] = []
    for step in tut.steps:
        if step.action is None:
            continue
        if step.kind == "do" and step.action["type"] == "five_start":
            assert "defuse" in state.view(0)["hand"]
        tutorials.apply(state, step)
        if step.kind == "do" and step.action["type"] == "five_pick":
            picks.append(step.action["card"])
        if step.kind == "do" and step.action["type"] == "take":
            break
    else:
        raise AssertionError("the learner never takes a card from the discard pile")
    assert len(picks) == len(set(picks)) == 5
    assert "defuse" not in picks
    assert state.view(0)["hand"].count("defuse") == 2  # the one kept and the one taken back
