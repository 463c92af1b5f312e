"""Summaries of a simulation: win and draw rates with 95% intervals, seat effects, lengths."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .outcome import GameOutcome
from .stats import mean_interval, percentile, wilson_interval


@dataclass
class AgentLine:
    agent: str
    seat_games: int
    wins: int
    draws: int
    win_rate: float
    win_ci: tuple[float, float]
    draw_rate: float
    mean_score: float | None
    score_ci: tuple[float, float] | None


@dataclass
class SeatLine:
    seat: int
    games: int
    wins: int
    win_rate: float
    win_ci: tuple[float, float]


@dataclass
class Summary:
    games: int
    agents: list[AgentLine]
    seats: list[SeatLine]
    draws: int
    mean_decisions: float
    mean_turns: float | None
    p90_turns: float | None
    reasons: dict[str, int]


def _rate(k: float, n: int) -> float:
    return k / n if n else 0.0


@dataclass
class SimulationResult:
    game_id: str
    num_players: int
    agents: list[str]
    games: list[GameOutcome]

    def summary(self) -> Summary:
        n = len(self.games)
        per_agent: dict[str, dict[str, float]] = {
            a: {"n": 0, "w": 0, "d": 0} for a in dict.fromkeys(self.agents)
        }
        scores: dict[str, list[float]] = {a: [] for a in per_agent}
        seat_w = [0] * self.num_players
        draws = 0
        for g in self.games:
            sole = len(g.winners) == 1
            draws += not sole
            for seat, spec in enumerate(g.seats):
                row = per_agent[spec]
                row["n"] += 1
                if seat in g.winners:
                    row["w" if sole else "d"] += 1
                    if sole:
                        seat_w[seat] += 1
                if g.scores is not None:
                    scores[spec].append(g.scores[seat])
        agents = []
        for spec, row in per_agent.items():
            k = int(row["n"])
            m = mean_interval(scores[spec]) if scores[spec] else None
            agents.append(
                AgentLine(
                    spec,
                    k,
                    int(row["w"]),
                    int(row["d"]),
                    _rate(row["w"], k),
                    wilson_interval(row["w"], k),
                    _rate(row["d"], k),
                    None if m is None else m[0],
                    None if m is None else (m[1], m[2]),
                )
            )
        seats = [
            SeatLine(s, n, seat_w[s], _rate(seat_w[s], n), wilson_interval(seat_w[s], n))
            for s in range(self.num_players)
        ]
        turns = [g.turns for g in self.games if g.turns is not None]
        decisions = [g.decisions for g in self.games if g.decisions >= 0]
        return Summary(
            n,
            agents,
            seats,
            draws,
            sum(decisions) / len(decisions) if decisions else float("nan"),
            sum(turns) / len(turns) if turns else None,
            percentile(turns, 90) if turns else None,
            dict(Counter(g.reason for g in self.games)),
        )
