"""The Nine Domains, compiled (numba): the twin of this package's Python rules, one module a
Python module (each header names its twin), for playouts, searches and RL batches that never
leave compiled code. The Python package is the reference; the tests in
tests/games/nine_domains/ hold the two equal move for move.

    core.py         what the drivers load: ``supported()`` and ``Core``
    layout.py       the declared array (twin of state.py)
    table.py        the package's numbers and ``supported()`` (cards.py, actions.py)
    lists.py        sorted lists kept in the array
    legal.py        who acts, the legal moves (legal.py)
    combat.py       strengths, fights, the element check (combat.py)
    rules.py        what a move does, the round's flow (rules.py)
    setup.py        the deal (setup.py)
    heuristic.py    the heuristic agent (its numbers:
                    agents/heuristics/compiled/nine_domains.py)
    playout.py      the entry points ``Core`` calls
    observation.py  the RL observation (twin of ../observation.py, the readable encoder)

Nothing here is imported until a core is asked for (``ludoteca.engine.compiled.core_for``).
"""
