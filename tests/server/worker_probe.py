"""A job for the AI workers in the tests (test_ai_seats.py), kept free of the server's imports:
a worker imports the module of every function it is sent."""

from __future__ import annotations

import sys


def loaded(module: str) -> bool:
    """Whether this process has imported ``module``."""
    return module in sys.modules
