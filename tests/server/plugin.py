"""Registers the test games in a server started in another process (``--plugin``).

Only that process imports it; the tests themselves register the games in a fixture."""

from ludoteca.engine.registry import _MODULES, register
from tests.engine.toy_game import GAME as TOY
from tests.server.react_game import GAME as REACT

for g in (TOY, REACT):
    if g.id not in _MODULES:
        register(g)
