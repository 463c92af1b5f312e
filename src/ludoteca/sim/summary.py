"""Summaries of a simulation: win and draw rates with 95% intervals, seat effects, lengths."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import numpy as np

from .blocks import GameBlock
from .outcome import GameOutcome
from .stats import mean_interval, mean_interval_of, percentile, percentile_of, wilson_interval


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
    """A simulation's games: ``rows`` played game by game, ``blocks`` kept as columns by a
    compiled core (``games`` builds every game's outcome, sorted by index, when read)."""

    game_id: str
    num_players: int
    agents: list[str]
    rows: list[GameOutcome] = field(default_factory=list)
    blocks: list[GameBlock] = field(default_factory=list)

    @property
    def games(self) -> list[GameOutcome]:
        if self.blocks:
            for b in self.blocks:
                self.rows.extend(b.outcomes())
            self.blocks = []
        self.rows.sort(key=lambda g: g.index)
        return self.rows

    def __len__(self) -> int:
        return len(self.rows) + sum(len(b) for b in self.blocks)

    def summary(self) -> Summary:
        if self.blocks and not self.rows:
            return self._block_summary()
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

    def _block_summary(self) -> Summary:
        """``summary`` over the blocks' columns: the same figures (scores gathered in the
        outcomes' order, game by game and seat by seat, so their means are the same sums)."""
        blocks = sorted(self.blocks, key=lambda b: b.first)
        n = sum(len(b) for b in blocks)
        specs = list(dict.fromkeys(self.agents))
        seat_games = dict.fromkeys(specs, 0)
        wins = dict.fromkeys(specs, 0)
        shared = dict.fromkeys(specs, 0)
        seat_w = np.zeros(self.num_players, dtype=np.int64)
        draws = 0
        reasons: Counter[str] = Counter()
        decisions: list[np.ndarray] = []
        turns: list[np.ndarray] = []
        scores: dict[str, list[np.ndarray]] = {spec: [] for spec in specs}
        for b in blocks:
            p = b.played
            sole = p.winners.sum(axis=1) == 1
            draws += int((~sole).sum())
            won = p.winners & sole[:, None]
            drew = p.winners & ~sole[:, None]
            seat_w += won.sum(axis=0)
            for a, spec in enumerate(b.agents):
                mine = b.seat_agent == a
                seat_games[spec] += int(mine.sum())
                wins[spec] += int((mine & won).sum())
                shared[spec] += int((mine & drew).sum())
            if p.scores is not None:
                for spec in specs:  # one mask a spec: an agent named twice holds both
                    held = [a for a, s in enumerate(b.agents) if s == spec]
                    scores[spec].append(p.scores[np.isin(b.seat_agent, held)])
            for code, count in zip(*np.unique(p.reason, return_counts=True), strict=True):
                reasons[p.reasons[int(code)]] += int(count)
            decisions.append(p.decisions[p.decisions >= 0])
            if p.turns is not None:
                turns.append(p.turns)
        agents = []
        for spec in specs:
            got = np.concatenate(scores[spec]) if scores[spec] else None
            m = mean_interval_of(got) if got is not None and len(got) else None
            agents.append(
                AgentLine(
                    spec,
                    seat_games[spec],
                    wins[spec],
                    shared[spec],
                    _rate(wins[spec], seat_games[spec]),
                    wilson_interval(wins[spec], seat_games[spec]),
                    _rate(shared[spec], seat_games[spec]),
                    None if m is None else m[0],
                    None if m is None else (m[1], m[2]),
                )
            )
        seats = [
            SeatLine(
                s, n, int(seat_w[s]), _rate(int(seat_w[s]), n), wilson_interval(int(seat_w[s]), n)
            )
            for s in range(self.num_players)
        ]
        d = np.concatenate(decisions) if decisions else np.zeros(0, dtype=np.int64)
        t = np.concatenate(turns) if turns else np.zeros(0, dtype=np.int64)
        return Summary(
            n,
            agents,
            seats,
            draws,
            int(d.sum()) / len(d) if len(d) else float("nan"),
            int(t.sum()) / len(t) if len(t) else None,
            percentile_of(t, 90) if len(t) else None,
            dict(reasons),
        )
