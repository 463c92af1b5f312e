"""The agents: both play legal games; the heuristic outscores random."""

from ludoteca.agents import make_agent
from ludoteca.engine import SeatHandle
from ludoteca.games.coatl import GAME


def play(n: int, specs: list[str], seed: int) -> tuple[float, ...]:
    s = GAME.new_game(n, seed)
    agents = [make_agent(sp, GAME, seed * 10 + i) for i, sp in enumerate(specs)]
    while not s.is_over:
        p = s.actors[0]
        s.apply(p, agents[p].act(SeatHandle(s, p)))
    scores = s.result().scores
    assert scores is not None
    return scores


def test_heuristic_outscores_random() -> None:
    """Over a few fixed games the heuristic's mean is well above random's."""
    h: list[float] = []
    r: list[float] = []
    for g in range(6):
        scores = play(2, ["heuristic", "random"] if g % 2 == 0 else ["random", "heuristic"], 70 + g)
        hs = 0 if g % 2 == 0 else 1
        h.append(scores[hs])
        r.append(scores[1 - hs])
    assert sum(h) > 1.5 * sum(r)


def test_heuristic_options_are_checked() -> None:
    agent = make_agent("heuristic:noise=0", GAME, 1)
    assert agent.name == "heuristic"
