import os

import pytest

# Rich wraps at the terminal width; tests read whole sentences, so give them room.
os.environ.setdefault("COLUMNS", "200")
# The CLI speaks the locale's language; the tests that read its words expect pt-BR unless they
# ask (--lang, or the locale tests in tests/cli/test_language.py), whatever the machine's LANG.
os.environ.setdefault("LUDOTECA_LANG", "pt-BR")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--fuzz-games",
        type=int,
        default=None,
        help="random games per game in the fuzz tests (default: a few hundred; thousands for a deep run)",
    )
    parser.addoption(
        "--long",
        action="store_true",
        help="also run the long checks (marked `long`: whole games in a browser at both sizes, "
        "one RLlib PPO iteration on a local Ray...), left out of the default run for its time",
    )
    parser.addoption("--rllib", action="store_true", help="the same as --long (kept for old notes)")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "long: a long check, run with --long (the default run keeps a short one beside it)",
    )


# The slow modules first: under xdist each worker takes consecutive tests from the front of
# the collection, so a module that waits on browsers, Ray or clocks, left at the end (as the
# alphabet put tests/server and tests/sim), became the run's tail with the other workers idle.
# Started first, they run beside the many short game tests, which then fill the gaps.
SLOW_FIRST = (
    "tests/sim/test_ray_backend.py",
    "tests/rl/test_rllib.py",
    "tests/server/test_browser",
    "tests/server/test_window_timing.py",
    "tests/server/",
)


def _slowness(item: pytest.Item) -> int:
    path = item.nodeid.split("::", 1)[0]
    for rank, prefix in enumerate(SLOW_FIRST):
        if path.startswith(prefix):
            return rank
    return len(SLOW_FIRST)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    items.sort(key=_slowness)  # stable: each module keeps its own order
    # Deselected, not skipped: a default run reports them as left out on purpose, and no skip
    # can stand in for a check that did not run.
    if config.getoption("--long") or config.getoption("--rllib"):
        return
    kept = [item for item in items if item.get_closest_marker("long") is None]
    if len(kept) != len(items):
        config.hook.pytest_deselected(items=[i for i in items if i.get_closest_marker("long")])
        items[:] = kept


@pytest.fixture
def fuzz_games(request: pytest.FixtureRequest) -> int | None:
    return request.config.getoption("--fuzz-games")
