"""Named strengths: the shipped table is valid for every game; broken tables are clear errors."""

from __future__ import annotations

import pytest

import ludoteca
from ludoteca.agents import AgentSpecError, make_agent
from ludoteca.agents.equilibrium import EquilibriumAgent
from ludoteca.agents.ismcts import IsmctsAgent
from ludoteca.agents.levels import LEVELS, LevelsError, levels_for, parse_levels

KNOWN = {"random", "heuristic", "ismcts", "equilibrium"}


@pytest.mark.parametrize("game_id", [g.id for g in ludoteca.list_games()])
def test_every_level_makes_an_agent_in_every_game(game_id: str) -> None:
    game = ludoteca.get_game(game_id)
    assert list(levels_for(game_id)) == list(LEVELS)
    for level in LEVELS:
        assert make_agent(level, game, 1) is not None


def test_a_game_may_override_a_level() -> None:
    nd, ek = ludoteca.get_game("nine-domains"), ludoteca.get_game("exploding-kittens")
    assert isinstance(make_agent("strong", nd), EquilibriumAgent)
    strong = make_agent("strong", ek)
    assert isinstance(strong, IsmctsAgent) and strong.seconds is not None  # a time budget
    assert type(make_agent("medium", ek)).name == "heuristic"


GOOD = {"easy": "random", "medium": "heuristic", "strong": "ismcts:seconds=1"}


@pytest.mark.parametrize(
    ("data", "error"),
    [
        ({"default": {"easy": "random"}}, "must give every level"),
        ({"default": {**GOOD, "insane": "random"}}, "unknown levels"),
        ({"default": {**GOOD, "easy": "wizard"}}, "unknown agent 'wizard'"),
        ({"default": {**GOOD, "easy": 3}}, "must be an agent spec string"),
        ({"default": {**GOOD, "easy": "random:x"}}, "must be key=value"),
        (
            {"default": GOOD, "games": {"coatl": {"hard": "random"}}},
            r"games\.coatl.*unknown levels",
        ),
        ({"default": GOOD, "extra": {}}, "unknown tables"),
    ],
)
def test_broken_tables_are_clear_errors(data: dict[str, object], error: str) -> None:
    with pytest.raises(LevelsError, match=error):
        parse_levels(data, KNOWN, "levels.toml")


def test_unknown_names_mention_the_levels() -> None:
    with pytest.raises(AgentSpecError, match="or a level: easy, medium, strong"):
        make_agent("grandmaster", ludoteca.get_game("coatl"))
