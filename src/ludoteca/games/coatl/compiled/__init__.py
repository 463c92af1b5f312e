"""Coatl, compiled (numba): the twin of this package's Python rules, one module a Python module
(each header names its twin), for playouts, searches and RL batches that never leave compiled
code. The Python package is the reference; the tests in tests/games/coatl/ hold the two equal
move for move.

    core.py         what the drivers load: ``supported()`` and ``Core``
    layout.py       the declared array (twin of state.py, model.py)
    table.py        the package's numbers and ``supported()``
                    (cards.py, constants.py, actions.py)
    lists.py        lists kept in the array
    patterns.py     Prophecy and Temple patterns (patterns.py)
    legal.py        who acts, the legal moves (legal.py, assembly.py)
    supply.py       bags, display, deck (supply.py)
    rules.py        what a move does (rules.py)
    setup.py        the deal (setup.py)
    scoring.py      the result (scoring.py)
    heuristic.py    the heuristic agent (its numbers:
                    agents/heuristics/compiled/coatl.py)
    playout.py      the entry points ``Core`` calls
    observation.py  the RL observation (twin of ../observation.py, the readable encoder)

Nothing here is imported until a core is asked for (``ludoteca.engine.compiled.core_for``).
"""
