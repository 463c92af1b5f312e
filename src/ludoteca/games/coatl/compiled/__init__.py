"""Coatl, compiled (numba): the twin of this package's Python rules, for playouts, searches
and RL batches that never leave compiled code. The Python package is the reference; the tests
in tests/games/coatl/ hold the two equal move for move.

    core.py         what the drivers load: ``supported()`` and ``Core``
    rules.py        the array's layout, the table, the rules, the legal moves, the deal and
                    the compiled heuristic (its numbers: agents/heuristics/compiled/coatl.py)
    observation.py  the RL observation (twin of rl/encoders/coatl.py)

Nothing here is imported until a core is asked for (``ludoteca.engine.compiled.core_for``).
"""
