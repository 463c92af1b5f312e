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
        "--rllib",
        action="store_true",
        help="also train one RLlib PPO iteration on a local Ray (tests/rl/test_rllib.py, ~1 min)",
    )
    parser.addoption(
        "--review-browser",
        action="store_true",
        help="also play The Nine Domains against an AI seat and review it in Chromium from the "
        "end screen (tests/server/test_browser_review.py, ~1.5 min on a loaded machine)",
    )


@pytest.fixture
def fuzz_games(request: pytest.FixtureRequest) -> int | None:
    return request.config.getoption("--fuzz-games")
