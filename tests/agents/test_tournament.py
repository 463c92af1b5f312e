"""Tournament maths on known cases, the schedule, and a small tournament end to end."""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ludoteca.cli.main import app
from ludoteca.engine import Game
from ludoteca.sim.outcome import GameOutcome
from ludoteca.sim.stats import Z95
from ludoteca.sim.tournament import (
    ELO,
    Pairwise,
    bradley_terry,
    bt_covariance,
    cluster_bootstrap,
    run_tournament,
    schedule,
    tables,
)


def test_two_agents_fit_is_the_log_odds() -> None:
    """A beats B 30 times in 40: the Elo gap is 400 log10(30/10), split evenly around 0."""
    theta = bradley_terry([[0, 30], [10, 0]], [[0, 40], [40, 0]], prior=0)
    assert (theta[0] - theta[1]) * ELO == pytest.approx(400 * math.log10(3), abs=1e-6)
    assert theta[0] == pytest.approx(-theta[1])


def test_two_agents_analytic_interval() -> None:
    """Var(theta_A - theta_B) = 1 / (n p q); each rating carries a quarter of it."""
    n, p = 40, 0.75
    theta = bradley_terry([[0, 30], [10, 0]], [[0, 40], [40, 0]], prior=0)
    cov = bt_covariance(theta, [[0, 40], [40, 0]])
    assert cov[0][0] == pytest.approx(1 / (4 * n * p * (1 - p)), rel=1e-6)
    assert cov[0][1] == pytest.approx(-cov[0][0], rel=1e-6)
    half = Z95 * math.sqrt(cov[0][0]) * ELO
    assert half == pytest.approx(Z95 * ELO / math.sqrt(4 * 40 * 0.1875), rel=1e-6)


def test_fit_recovers_ratings_from_expected_results() -> None:
    """Results that are exactly the model's expectations give back the model's ratings."""
    true = [200.0, 0.0, -200.0]
    n = 100
    m = len(true)
    wins = [[0.0] * m for _ in range(m)]
    games = [[0] * m for _ in range(m)]
    for i in range(m):
        for j in range(m):
            if i != j:
                wins[i][j] = n / (1 + 10 ** ((true[j] - true[i]) / 400))
                games[i][j] = n
    elo = [t * ELO for t in bradley_terry(wins, games, prior=0)]
    assert elo == pytest.approx(true, abs=1e-4)


def test_prior_keeps_an_unbeaten_agent_finite() -> None:
    theta = bradley_terry([[0, 10], [0, 0]], [[0, 10], [10, 0]], prior=1)
    # 10.5 points of 11 with one virtual draw: log-odds log(10.5 / 0.5)
    assert theta[0] - theta[1] == pytest.approx(math.log(21), rel=1e-6)


def test_draws_and_multiplayer_rankings_count_pairwise() -> None:
    pw = Pairwise.empty(["a", "b", "c"])
    pw.add_game(["a", "b", "c"], [1, 2, 2])  # a first, b and c tied
    assert pw.wins[0] == [0.0, 1.0, 1.0]
    assert pw.wins[1][2] == pw.wins[2][1] == 0.5
    assert pw.games[1][2] == 1
    pw.add_game(["a", "b", "b"], [2, 1, 3])  # the same agent twice: no game against itself
    assert pw.games[1][1] == 0 and pw.games[0][1] == 3
    assert pw.wins[0][1] == 2.0 and pw.wins[1][0] == 1.0


def test_schedule_pairs_deals_and_rotates_seats() -> None:
    games = schedule(["x", "y", "z"], 2, n=4, seed=100)
    assert len(games) == 3 * 4 * 2  # 3 pairs, 4 deals, 2 seatings
    by_deal: dict[tuple[int, int], list[tuple[str, ...]]] = {}
    for g in games:
        by_deal.setdefault((g.table, g.deal), []).append(g.seats)
        assert g.deal_seed == 100 + g.deal
    for seatings in by_deal.values():
        assert len(seatings) == 2 and seatings[0] == seatings[1][::-1]
    seat_count = Counter((a, s) for g in games for s, a in enumerate(g.seats))
    assert len(set(seat_count.values())) == 1  # every agent in every seat equally often


def test_tables_with_fewer_agents_than_seats() -> None:
    assert tables(["ismcts", "random"], 4) == [
        ("ismcts", "random", "random", "random"),
        ("random", "ismcts", "ismcts", "ismcts"),
    ]
    assert tables(["ismcts", "random"], 4, vs_field=True) == [
        ("ismcts", "random", "random", "random")
    ]
    assert tables(["a", "b", "c"], 3) == [("a", "b", "c")]
    assert len(tables(["a", "b", "c", "d"], 2)) == 6


def test_small_tournament_end_to_end(toy: Game) -> None:
    res = run_tournament("toy", ["random", "ismcts:iterations=10"], n=6, num_players=2, seed=3)
    assert len(res.games) == 12
    pairs: dict[int, list[object]] = {}
    for g in res.games:
        pairs.setdefault(g.seed, []).append(g.seats)
    assert all(len(v) == 2 for v in pairs.values())  # each deal played with the seats swapped
    ratings = res.ratings()
    assert sum(r.elo for r in ratings) == pytest.approx(0, abs=1e-6)
    for r in ratings:
        assert r.ci[0] <= r.elo <= r.ci[1]
        assert r.games == 12
    data = res.to_json()
    assert data["win_matrix"]["random"]["ismcts:iterations=10"]["games"] == 12
    json.dumps(data)


def outcome(i: int, seats: list[str], winner: int) -> GameOutcome:
    ranking = [1 if s == winner else 2 for s in range(len(seats))]
    return GameOutcome(i, i, seats, [winner], ranking, None, "test", 1, None)


def test_bootstrap_of_independent_games_matches_the_analytic_interval() -> None:
    """100 one-game deals, A wins 70: resampling deals is resampling Bernoulli trials."""
    clusters = [[outcome(i, ["a", "b"], 0 if i < 70 else 1)] for i in range(100)]
    (lo, hi), _ = cluster_bootstrap(["a", "b"], clusters, 2000, prior=0, seed=1)
    theta = bradley_terry([[0, 70], [30, 0]], [[0, 100], [100, 0]], prior=0)
    half = Z95 * math.sqrt(bt_covariance(theta, [[0, 100], [100, 0]])[0][0]) * ELO
    assert (hi - lo) / (2 * half) == pytest.approx(1, abs=0.15)
    assert lo < theta[0] * ELO < hi


def test_bootstrap_sees_that_paired_deals_cancel_the_luck_of_the_deal() -> None:
    """Every deal is won by whoever holds seat 0: with the seats swapped each deal ends 1-1,
    so the ratings are exactly equal in every resample (the analytic interval cannot know)."""
    clusters = [
        [outcome(2 * d, ["a", "b"], 0), outcome(2 * d + 1, ["b", "a"], 0)] for d in range(50)
    ]
    (lo, hi), _ = cluster_bootstrap(["a", "b"], clusters, 200, prior=0, seed=1)
    assert lo == pytest.approx(0, abs=1e-6) and hi == pytest.approx(0, abs=1e-6)


def test_cli_tournament_writes_json_and_png(toy: Game, tmp_path: Path) -> None:
    out, plot = tmp_path / "t.json", tmp_path / "t.png"
    r = CliRunner().invoke(
        app,
        [
            "tournament",
            "toy",
            "--agents",
            "random,ismcts:iterations=5",
            "-n",
            "3",
            "--out",
            str(out),
            "--plot",
            str(plot),
            "--bootstrap",
            "50",
            "--no-progress",
            "--lang",
            "en",
        ],
    )
    assert r.exit_code == 0, r.output
    assert "Elo" in r.output and "95% CI" in r.output
    assert json.loads(out.read_text())["games_played"] == 6
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_cli_tournament_writes_its_numbers_as_pt_br_does(toy: Game) -> None:
    """In pt-BR the rates are written with a decimal comma (50,0%), an interval's ends apart by
    a dash, and no number with a decimal point."""
    args = ["tournament", "toy", "--agents", "random,ismcts:iterations=5", "-n", "3"]
    r = CliRunner().invoke(app, [*args, "--bootstrap", "20", "--no-progress", "--lang", "pt-BR"])
    assert r.exit_code == 0, r.output
    assert re.search(r"\(\d+,\d%\)", r.output), r.output  # the wins' share
    assert re.search(r"\d+,\d% \[\d+%–\d+%\]", r.output), r.output  # the win matrix
    assert re.search(r"\[[+-]?\d+ – [+-]?\d+\]", r.output), r.output  # Elo's interval
    assert not re.search(r"\d\.\d", r.output), r.output


def test_cli_tournament_refuses_a_repeated_agent(toy: Game) -> None:
    r = CliRunner().invoke(app, ["tournament", "toy", "--agents", "random,random", "--lang", "en"])
    assert r.exit_code == 2 and "only once" in r.output
