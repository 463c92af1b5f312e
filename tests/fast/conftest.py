import os

import pytest

import ludoteca
from ludoteca import fast


@pytest.fixture(scope="session", autouse=True)
def _compiled() -> None:
    """Compile (or load) the cores before the first test, so no test's time includes it. Each
    core has its own compile lock: the second test worker takes them in the other order, so on a
    fresh clone the two workers compile different cores side by side and then load the rest."""
    games = [g.id for g in ludoteca.list_games()]
    if os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw") in ("1", "3", "5", "7"):
        games.reverse()
    fast.warm_up(games)
