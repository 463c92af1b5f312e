"""Rule-based agents, one module per game (named after the game id, ``-`` as ``_``).

Each module defines ``HeuristicAgent(Agent)``; it reads only its handle (view, legal actions),
like every agent.
"""
