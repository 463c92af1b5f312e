"""Sala de Miaula: the Brazilian cat card battler, designed from its text as editable card data.

The rules text describes the game; the cards, abilities, spells and items are ours (data/), and
every decision where the text is silent is written in docs/rules/sala-de-miaula.md.
"""

from .game import SalaDeMiaula

GAME = SalaDeMiaula()

__all__ = ["GAME", "SalaDeMiaula"]
