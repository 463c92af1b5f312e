import pytest

from ludoteca import fast


@pytest.fixture(scope="session", autouse=True)
def _compiled() -> None:
    """Compile (or load) the cores before the first test, so no test's time includes it."""
    fast.warm_up()
