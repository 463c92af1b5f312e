"""Tournaments: a round robin of agents with rotated seats and paired deals, rated by Bradley-Terry.

Schedule. With M agents and K seats: if M >= K, every combination of K agents makes a table;
if M < K, each agent in turn sits once against the others repeated to fill the table (``ismcts``
against three ``random``, then ``random`` against three ``ismcts``); with ``vs_field`` only the
first kind (each agent but the last alone against the last). Each table plays ``n`` deals,
and each deal is played K times with the seating rotated by one seat, all with the same deal seed
(the same shuffle with the seats swapped), so luck of the deal and seat advantage cancel in pairs.

Rating. Every game gives, for each pair of seats held by different agents, a win, a loss or a
draw (by the game's ranking). Bradley-Terry on those pairwise results (the maximum-likelihood Elo
model: P(i beats j) = 1 / (1 + 10^((R_j - R_i) / 400))), fitted by minorization-maximization,
with ``prior`` virtual draws per pair (default 1) so an agent that never loses keeps a finite
rating. Ratings are centred on mean 0.

Intervals (95%): analytic ones from the Fisher information of the fit (exact asymptotics for
two-player games, too narrow for multiplayer games, whose pairs within a game are correlated),
and a cluster bootstrap that resamples whole deals (all rotations of one deal together), which
is honest for both (and narrower than the analytic one when pairing cancels the luck of the deal,
but degenerate when one agent wins every game). The interval shown is the envelope of the two:
never narrower than either.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from ..agents import make_agent
from ..engine import get_game
from .backends import Backend
from .outcome import GameOutcome
from .runner import run_tasks
from .stats import Z95, mean_interval, percentile, wilson_interval

ELO = 400 / math.log(10)  # Elo points per natural-log unit of strength


# -- schedule ------------------------------------------------------------------------------------
def tables(
    agents: Sequence[str], num_players: int, vs_field: bool = False
) -> list[tuple[str, ...]]:
    """The tables of a round robin (see the module docstring).

    ``vs_field``: the last agent is the field; each other agent sits alone against
    ``num_players - 1`` copies of it (``ismcts`` against three ``random``).
    """
    m = len(agents)
    if vs_field:
        return [(a, *[agents[-1]] * (num_players - 1)) for a in agents[:-1]]
    if m >= num_players:
        return [tuple(c) for c in combinations(agents, num_players)]
    out = []
    for i, a in enumerate(agents):
        others = [agents[(i + 1 + k) % m] for k in range(m - 1)]
        out.append((a, *(others[k % len(others)] for k in range(num_players - 1))))
    return out


@dataclass(frozen=True)
class Scheduled:
    """One scheduled game: its table, deal and seating."""

    index: int
    table: int
    deal: int
    seats: tuple[str, ...]
    deal_seed: int


def schedule(
    agents: Sequence[str], num_players: int, n: int, seed: int = 0, vs_field: bool = False
) -> list[Scheduled]:
    games: list[Scheduled] = []
    for t, table in enumerate(tables(agents, num_players, vs_field)):
        for d in range(n):
            for r in range(num_players):
                seats = table[r:] + table[:r]
                games.append(Scheduled(len(games), t, d, seats, seed + d))
    return games


# -- pairwise results ----------------------------------------------------------------------------
@dataclass
class Pairwise:
    """``wins[i][j]``: points of agent i against agent j (a draw is half); ``games[i][j]``."""

    agents: list[str]
    wins: list[list[float]]
    games: list[list[int]]

    @classmethod
    def empty(cls, agents: Sequence[str]) -> Pairwise:
        m = len(agents)
        return cls(list(agents), [[0.0] * m for _ in range(m)], [[0] * m for _ in range(m)])

    def add_game(self, seats: Sequence[str], ranking: Sequence[int]) -> None:
        idx = {a: i for i, a in enumerate(self.agents)}
        for s, t in combinations(range(len(seats)), 2):
            i, j = idx[seats[s]], idx[seats[t]]
            if i == j:
                continue
            if ranking[s] < ranking[t]:
                wi = 1.0
            elif ranking[s] > ranking[t]:
                wi = 0.0
            else:
                wi = 0.5
            self.wins[i][j] += wi
            self.wins[j][i] += 1.0 - wi
            self.games[i][j] += 1
            self.games[j][i] += 1


def pairwise_of(agents: Sequence[str], games: Sequence[GameOutcome]) -> Pairwise:
    pw = Pairwise.empty(agents)
    for g in games:
        pw.add_game(g.seats, g.ranking)
    return pw


# -- Bradley-Terry ------------------------------------------------------------------------------
def bradley_terry(
    wins: Sequence[Sequence[float]],
    games: Sequence[Sequence[float]],
    prior: float = 1.0,
    tol: float = 1e-10,
    max_iter: int = 100_000,
) -> list[float]:
    """Log-strengths theta (natural log, mean 0) maximizing the Bradley-Terry likelihood.

    ``prior`` adds that many virtual games, drawn, between every pair that met.
    Minorization-maximization (Hunter 2004): each step raises the likelihood.
    """
    m = len(wins)
    w = [[wins[i][j] + (prior / 2 if games[i][j] else 0.0) for j in range(m)] for i in range(m)]
    g = [[games[i][j] + (prior if games[i][j] else 0.0) for j in range(m)] for i in range(m)]
    total = [sum(w[i]) for i in range(m)]
    gamma = [1.0] * m
    for _ in range(max_iter):
        new = []
        for i in range(m):
            denom = sum(g[i][j] / (gamma[i] + gamma[j]) for j in range(m) if j != i and g[i][j])
            new.append(total[i] / denom if denom > 0 and total[i] > 0 else 1e-300)
        logs = [math.log(x) for x in new]
        mean = sum(logs) / m
        new = [math.exp(x - mean) for x in logs]
        delta = max(abs(math.log(a) - math.log(b)) for a, b in zip(new, gamma, strict=True))
        gamma = new
        if delta < tol:
            break
    theta = [math.log(x) for x in gamma]
    mean = sum(theta) / m
    return [t - mean for t in theta]


def _inverse(a: list[list[float]]) -> list[list[float]]:
    """Gauss-Jordan inverse with partial pivoting (small matrices only)."""
    m = len(a)
    aug = [row[:] + [1.0 if i == j else 0.0 for j in range(m)] for i, row in enumerate(a)]
    for col in range(m):
        piv = max(range(col, m), key=lambda r: abs(aug[r][col]))
        if abs(aug[piv][col]) < 1e-15:
            raise ZeroDivisionError("singular matrix")
        aug[col], aug[piv] = aug[piv], aug[col]
        p = aug[col][col]
        aug[col] = [x / p for x in aug[col]]
        for r in range(m):
            if r != col and aug[r][col]:
                f = aug[r][col]
                aug[r] = [x - f * y for x, y in zip(aug[r], aug[col], strict=True)]
    return [row[m:] for row in aug]


def bt_covariance(theta: Sequence[float], games: Sequence[Sequence[float]]) -> list[list[float]]:
    """Asymptotic covariance of the mean-0 log-strengths: pseudo-inverse of the information.

    The information matrix is a weighted graph Laplacian L (rows sum to 0); for a connected
    schedule its pseudo-inverse is ``inv(L + J/m) - J/m`` (J: all ones).
    """
    m = len(theta)
    info = [[0.0] * m for _ in range(m)]
    for i in range(m):
        for j in range(m):
            if i != j and games[i][j]:
                p = 1 / (1 + math.exp(theta[j] - theta[i]))
                v = games[i][j] * p * (1 - p)
                info[i][j] -= v
                info[i][i] += v
    shifted = [[info[i][j] + 1 / m for j in range(m)] for i in range(m)]
    inv = _inverse(shifted)
    return [[inv[i][j] - 1 / m for j in range(m)] for i in range(m)]


# -- the result -----------------------------------------------------------------------------------
@dataclass
class Rating:
    agent: str
    elo: float
    ci: tuple[float, float]  # the envelope of the bootstrap and analytic intervals
    se_analytic: float
    ci_analytic: tuple[float, float]
    ci_bootstrap: tuple[float, float] | None
    mean_score: float | None
    games: int
    wins: float  # sole wins count 1, a win shared by k seats 1/k


@dataclass
class TournamentResult:
    game_id: str
    num_players: int
    agents: list[str]
    n: int
    seed: int
    options: dict[str, Any]
    games: list[GameOutcome]
    schedule: list[Scheduled] = field(repr=False)
    prior: float = 1.0
    bootstrap: int = 1000

    def __post_init__(self) -> None:
        self._ratings: list[Rating] | None = None

    def pairwise(self) -> Pairwise:
        return pairwise_of(self.agents, self.games)

    def _clusters(self) -> list[list[GameOutcome]]:
        by_index = {g.index: g for g in self.games}
        groups: dict[tuple[int, int], list[GameOutcome]] = {}
        for s in self.schedule:
            if s.index in by_index:
                groups.setdefault((s.table, s.deal), []).append(by_index[s.index])
        return list(groups.values())

    def ratings(self) -> list[Rating]:
        if self._ratings is not None:
            return self._ratings
        pw = self.pairwise()
        theta = bradley_terry(pw.wins, pw.games, self.prior)
        m = len(self.agents)
        try:
            cov = bt_covariance(theta, pw.games)
            se = [math.sqrt(max(0.0, cov[i][i])) * ELO for i in range(m)]
        except ZeroDivisionError:
            se = [math.inf] * m
        boot: list[tuple[float, float]] | None = None
        if self.bootstrap > 0:
            boot = cluster_bootstrap(
                self.agents, self._clusters(), self.bootstrap, self.prior, self.seed
            )
        scores: dict[str, list[float]] = {a: [] for a in self.agents}
        count = dict.fromkeys(self.agents, 0)
        won = dict.fromkeys(self.agents, 0.0)
        for g in self.games:
            for s, a in enumerate(g.seats):
                count[a] += 1
                if s in g.winners:
                    won[a] += 1 / len(g.winners)
                if g.scores is not None:
                    scores[a].append(g.scores[s])
        out = []
        for i, a in enumerate(self.agents):
            elo = theta[i] * ELO
            analytic = (elo - Z95 * se[i], elo + Z95 * se[i])
            b = None if boot is None else boot[i]
            shown = analytic if b is None else (min(b[0], analytic[0]), max(b[1], analytic[1]))
            out.append(
                Rating(
                    a,
                    elo,
                    shown,
                    se[i],
                    analytic,
                    b,
                    sum(scores[a]) / len(scores[a]) if scores[a] else None,
                    count[a],
                    won[a],
                )
            )
        self._ratings = out
        return out

    def score_differences(self) -> dict[str, dict[str, tuple[float, float, float]]]:
        """Mean score of i minus j at the same table, with a 95% interval over deals."""
        per: dict[tuple[str, str], list[float]] = {}
        for cluster in self._clusters():
            diffs: dict[tuple[str, str], list[float]] = {}
            for g in cluster:
                if g.scores is None:
                    continue
                for s, t in combinations(range(len(g.seats)), 2):
                    a, b = g.seats[s], g.seats[t]
                    if a == b:
                        continue
                    d = g.scores[s] - g.scores[t]
                    diffs.setdefault((a, b), []).append(d)
                    diffs.setdefault((b, a), []).append(-d)
            for k, v in diffs.items():
                per.setdefault(k, []).append(sum(v) / len(v))
        out: dict[str, dict[str, tuple[float, float, float]]] = {}
        for (a, b), xs in per.items():
            out.setdefault(a, {})[b] = mean_interval(xs)
        return out

    def to_json(self) -> dict[str, Any]:
        pw = self.pairwise()
        matrix: dict[str, dict[str, Any]] = {}
        for i, a in enumerate(self.agents):
            row = {}
            for j, b in enumerate(self.agents):
                if i != j and pw.games[i][j]:
                    k = pw.games[i][j]
                    lo, hi = wilson_interval(pw.wins[i][j], k)
                    row[b] = {
                        "points": pw.wins[i][j],
                        "games": k,
                        "rate": pw.wins[i][j] / k,
                        "ci": [lo, hi],
                    }
            matrix[a] = row
        diffs = self.score_differences()
        return {
            "game": self.game_id,
            "players": self.num_players,
            "agents": self.agents,
            "deals_per_table": self.n,
            "seed": self.seed,
            "options": self.options,
            "games_played": len(self.games),
            "rating_model": "Bradley-Terry on pairwise results (Elo scale, mean 0)",
            "prior_draws_per_pair": self.prior,
            "bootstrap_resamples": self.bootstrap,
            "ratings": [
                {
                    "agent": r.agent,
                    "elo": r.elo,
                    "ci95": list(r.ci),
                    "ci95_analytic": list(r.ci_analytic),
                    "ci95_bootstrap": None if r.ci_bootstrap is None else list(r.ci_bootstrap),
                    "se_analytic": r.se_analytic,
                    "games": r.games,
                    "wins": r.wins,
                    "mean_score": r.mean_score,
                }
                for r in self.ratings()
            ],
            "win_matrix": matrix,
            "score_difference": {
                a: {b: {"mean": m, "ci95": [lo, hi]} for b, (m, lo, hi) in row.items()}
                for a, row in diffs.items()
            },
            "games": [g.to_row() for g in sorted(self.games, key=lambda g: g.index)],
        }


def cluster_bootstrap(
    agents: Sequence[str],
    clusters: Sequence[Sequence[GameOutcome]],
    resamples: int,
    prior: float = 1.0,
    seed: int = 0,
) -> list[tuple[float, float]]:
    """Percentile 95% intervals of the Elo ratings, resampling whole deals with replacement."""
    rng = random.Random(seed)
    parts = [pairwise_of(agents, c) for c in clusters]
    m = len(agents)
    samples: list[list[float]] = [[] for _ in range(m)]
    if not parts:
        return [(math.nan, math.nan)] * m
    for _ in range(resamples):
        w = [[0.0] * m for _ in range(m)]
        g = [[0] * m for _ in range(m)]
        for _k in range(len(parts)):
            p = parts[rng.randrange(len(parts))]
            for i in range(m):
                wi, gi, pwi, pgi = w[i], g[i], p.wins[i], p.games[i]
                for j in range(m):
                    if pgi[j]:
                        wi[j] += pwi[j]
                        gi[j] += pgi[j]
        theta = bradley_terry(w, g, prior, tol=1e-8)
        for i in range(m):
            samples[i].append(theta[i] * ELO)
    return [(percentile(s, 2.5), percentile(s, 97.5)) for s in samples]


# -- running ------------------------------------------------------------------------------------
def iter_tournament(
    game_id: str,
    agents: Sequence[str],
    n: int,
    num_players: int,
    seed: int = 0,
    workers: int = 1,
    options: Mapping[str, Any] | None = None,
    vs_field: bool = False,
    backend: Backend | None = None,
) -> tuple[list[Scheduled], Iterator[GameOutcome]]:
    """The schedule, and the outcomes as games end (through the simulation runner, on
    ``backend``: default a local pool of ``workers``)."""
    game = get_game(game_id)
    if len(set(agents)) != len(agents):
        raise ValueError("each agent may appear only once in a tournament")
    if len(agents) < 2:
        raise ValueError("a tournament needs at least two agents")
    if n < 1:
        raise ValueError("-n must be at least 1")
    game.new_game(num_players, seed, options)  # fail fast on bad options or player count
    for spec in agents:
        make_agent(spec, game, 0)
    sched = schedule(agents, num_players, n, seed, vs_field)
    tasks = [
        (game_id, num_players, list(s.seats), seed, s.index, options, False, s.deal_seed)
        for s in sched
    ]
    return sched, run_tasks(tasks, workers, backend)


def run_tournament(
    game_id: str,
    agents: Sequence[str],
    n: int,
    num_players: int,
    seed: int = 0,
    workers: int = 1,
    options: Mapping[str, Any] | None = None,
    prior: float = 1.0,
    bootstrap: int = 1000,
    progress: Callable[[GameOutcome], None] | None = None,
    vs_field: bool = False,
    backend: Backend | None = None,
) -> TournamentResult:
    sched, outcomes = iter_tournament(
        game_id, agents, n, num_players, seed, workers, options, vs_field, backend
    )
    games = []
    for g in outcomes:
        games.append(g)
        if progress is not None:
            progress(g)
    games.sort(key=lambda g: g.index)
    return TournamentResult(
        game_id,
        num_players,
        list(agents),
        n,
        seed,
        dict(options or {}),
        games,
        sched,
        prior,
        bootstrap,
    )


def total_games(agents: Sequence[str], num_players: int, n: int, vs_field: bool = False) -> int:
    return len(tables(agents, num_players, vs_field)) * n * num_players


# -- the plot -------------------------------------------------------------------------------------
def write_plot(result: TournamentResult, path: str) -> None:
    """Ratings with their intervals, and the pairwise win matrix, as a PNG (needs matplotlib)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ratings = sorted(result.ratings(), key=lambda r: r.elo)
    pw = result.pairwise()
    m = len(result.agents)
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 2.5 + 0.5 * m))
    ys = range(len(ratings))
    ax1.errorbar(
        [r.elo for r in ratings],
        list(ys),
        xerr=[[r.elo - r.ci[0] for r in ratings], [r.ci[1] - r.elo for r in ratings]],
        fmt="o",
        capsize=4,
    )
    ax1.set_yticks(list(ys), [r.agent for r in ratings])
    ax1.axvline(0, color="grey", lw=0.5)
    ax1.set_xlabel("Elo (95% interval)")
    ax1.set_title(f"{result.game_id}, {result.num_players} players, {len(result.games)} games")
    grid = [
        [pw.wins[i][j] / pw.games[i][j] if pw.games[i][j] else math.nan for j in range(m)]
        for i in range(m)
    ]
    im = ax2.imshow(grid, vmin=0, vmax=1, cmap="RdBu")
    for i in range(m):
        for j in range(m):
            if pw.games[i][j]:
                ax2.text(j, i, f"{grid[i][j]:.0%}", ha="center", va="center", fontsize=9)
    ax2.set_xticks(range(m), result.agents, rotation=30, ha="right")
    ax2.set_yticks(range(m), result.agents)
    ax2.set_title("row beats column")
    fig.colorbar(im, ax=ax2, fraction=0.046)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
