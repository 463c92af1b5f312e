"""Exploding Kittens, compiled (numba): the twin of this package's Python rules, for playouts,
searches and RL batches that never leave compiled code. The Python package is the reference;
tests/games/exploding_kittens/test_compiled.py holds the two equal move for move.

    core.py         what the drivers load: ``supported()`` (what it implements, checked against
                    the package's tables) and ``Core``
    rules.py        the array's declared layout, the table, the rules (twin of rules.py,
                    effects.py, legal.py, turns.py, pile.py, nope.py) and the deal
    observation.py  the RL observation (twin of rl/encoders/exploding_kittens.py)

Nothing here is imported until a core is asked for (``ludoteca.engine.compiled.core_for``).
"""
