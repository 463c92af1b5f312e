"""Exploding Kittens, compiled (numba): the twin of this package's Python rules, for playouts,
searches and RL batches that never leave compiled code. The Python package is the reference;
tests/games/exploding_kittens/test_compiled.py holds the two equal move for move.

    core.py         what the drivers load: ``supported()`` (what it implements, checked against
                    the package's tables) and ``Core``
    layout.py       the array, declared once, and the table of the package's numbers
                    (twin of state.py's fields, cards.py, actions.py)
    rules.py        what a move does (twin of rules.py, effects.py, turns.py, hands.py,
                    pile.py, nope.py)
    legal.py        the legal moves (twin of legal.py)
    deal.py         a new game (twin of EKState.deal)
    heuristic.py    the heuristic agent (twin of agents/heuristics/exploding_kittens.py; its
                    numbers: agents/heuristics/compiled/exploding_kittens.py)
    playout.py      playouts, whole games, the batched step and masks
    observation.py  the RL observation (twin of ../observation.py, the readable encoder)

Nothing here is imported until a core is asked for (``ludoteca.engine.compiled.core_for``).
"""
