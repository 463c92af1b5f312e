"""Sala de Miaula, compiled (numba): the twin of this package's Python rules, one module a Python
module (each header names its twin), for playouts, searches and RL batches that never leave
compiled code. The Python package is the reference; the tests in tests/games/sala_de_miaula/
hold the two equal move for move.

    core.py         what the drivers load: ``supported()`` and ``Core``
    layout.py       the declared array, the match's card rules in it (twin of state.py)
    table.py        the package's numbers and ``supported()`` (cards.py, actions.py)
    model.py        zones, a creature on the table, moving cards (model.py)
    effects.py      the cards' effects (effects.py)
    legal.py        who acts, the legal moves (legal.py)
    rules.py        what each action does, the turn's start and end (rules.py)
    setup.py        the deal (setup.py)
    heuristic.py    the heuristic agent (its numbers:
                    agents/heuristics/compiled/sala_de_miaula.py)
    playout.py      the entry points ``Core`` calls
    observation.py  the RL observation (twin of ../observation.py, the readable encoder)

Nothing here is imported until a core is asked for (``ludoteca.engine.compiled.core_for``).
"""
