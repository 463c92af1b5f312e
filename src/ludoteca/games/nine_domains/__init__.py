"""The Nine Domains (Os Nove Domínios): two players, three rounds, nine secret placements.

Rules in plain words and every decision where the text is silent: docs/rules/nine-domains.md.
"""

from .game import NineDomains

GAME = NineDomains()

__all__ = ["GAME", "NineDomains"]
