"""Simulation: many games between agents, with summaries and per-game records."""

from .runner import GameOutcome, iter_games, play_one, simulate
from .summary import AgentLine, SeatLine, SimulationResult, Summary

__all__ = [
    "AgentLine",
    "GameOutcome",
    "SeatLine",
    "SimulationResult",
    "Summary",
    "iter_games",
    "play_one",
    "simulate",
]
