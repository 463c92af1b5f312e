import os

import pytest

import ludoteca
from ludoteca.engine import compiled


@pytest.fixture(scope="session")
def compiled_cores() -> None:
    """Compile (or load) the cores before the first compiled test, so no test's time includes
    it (tests/games/<game>/test_compiled.py ask for it). Each core has its own compile lock: the
    second test worker takes them in the other order, so on a fresh clone the two workers
    compile different cores side by side and then load the rest."""
    games = [g.id for g in ludoteca.list_games()]
    if os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw") in ("1", "3", "5", "7"):
        games.reverse()
    compiled.warm_up(games)
