import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--fuzz-games",
        type=int,
        default=None,
        help="random games per game in the fuzz tests (default: a few hundred; thousands for a deep run)",
    )


@pytest.fixture
def fuzz_games(request: pytest.FixtureRequest) -> int | None:
    return request.config.getoption("--fuzz-games")
