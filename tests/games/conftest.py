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


@pytest.fixture(autouse=True)
def compiled_twin(request: pytest.FixtureRequest) -> None:
    """The shared header of tests/games/<game>/test_compiled.py (the compiled core against the
    reference, move for move): without numba those modules skip, saying why; with it the
    cores are compiled (or loaded) first (``compiled_cores``)."""
    if request.module.__name__.rpartition(".")[2] != "test_compiled":
        return
    game = request.path.parent.name.replace("_", "-")
    if not compiled.AVAILABLE:
        pytest.skip(compiled.why_not(game))
    request.getfixturevalue("compiled_cores")
