from collections.abc import Iterator

import pytest

from ludoteca.engine import registry

from ..engine.toy_game import GAME


@pytest.fixture
def toy() -> Iterator[object]:
    registry.register(GAME)
    yield GAME
    registry.unregister(GAME.id)
