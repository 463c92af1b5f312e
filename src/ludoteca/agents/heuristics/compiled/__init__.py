"""Which heuristic agents a game's compiled core plays, one module per game (named after the
game id, ``-`` as ``_``, like the heuristics themselves).

A game's compiled heuristic (``games/<game>/compiled/``) reads the agent's numbers from a table;
each module here builds that table from the agent's own module and says which of the agent's
settings the compiled code plays:

    AGENT                  the heuristic agent class the core plays
    supported() -> str     why the compiled heuristic no longer matches the agent (empty: it does)
    table() -> ndarray     the agent's numbers, in the compiled heuristic's order
    fits(agent) -> bool    whether this agent's settings are the ones compiled

``agents/compiled.py`` installs them into the core the first time it is asked about an agent:
the game's compiled code imports no agent.
"""
