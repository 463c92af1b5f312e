"""Why a move is refused, in the reader's language.

Coatl and Sala de Miaula write their refusals in any language from their own catalogs (each
game's ``refusals.py``: the precise rule, piece, card or Coatl). For the other games the
engine's ``explain_illegal`` (written in English, the engine's language) is read back through
patterns into the help's catalog: each game's refusals are a short fixed list of sentences; a
sentence no pattern knows is shown as the engine wrote it (tests/help/test_why.py checks that
none is left unread in the games' refusals)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ..engine import Action, GameState
from ..games.coatl import refusals as coatl_refusals
from ..games.sala_de_miaula import refusals as sala_refusals
from .components import WORDS

# the games that write their own refusals in the reader's language
EXPLAIN: dict[str, Callable[[Any, int, Action, str], str]] = {
    "coatl": coatl_refusals.explain,
    "sala-de-miaula": sala_refusals.explain,
}

# (game, the engine's sentence as a pattern, the catalog key of its words); the pattern's groups
# are filled into the words (an "action" group is the move's own description, in the reader's
# language; a "need" group is one of the fixed phrases below, translated by key)
_ACTION = r"(?P<action>.+?)"
PATTERNS: dict[str, list[tuple[str, str]]] = {
    "exploding-kittens": [
        (r"the game is over", "why.over"),
        (r"player \d+ has no decision to make now", "why.not_your_turn"),
        (r"\w+ is not legal now: (?P<need>.+)", "why.ek.now"),
    ],
    "nine-domains": [
        (r"the game is over", "why.over"),
        (
            r"cards are placed at the start of a round; now it is the (?P<phase>\w+) phase",
            "why.nd.not_placing",
        ),
        (r"there is no card .+", "why.nd.no_card"),
        (r"pile must be 0, 1 or 2, not .+", "why.nd.no_pile"),
        (r"card \S+ is not in your hand", "why.nd.not_in_hand"),
        (r"you already placed a card in front of pile (?P<pile>\d+)", "why.nd.placed"),
        (
            r"the draft of special cards is over \(or was not chosen in the options\)",
            "why.nd.no_draft",
        ),
        (r"card \S+ is not in the draft pool", "why.nd.not_in_pool"),
        (r"no power is being resolved; now it is the (?P<phase>\w+) phase", "why.nd.no_power"),
        (_ACTION + r" is not possible now: (?P<need>.+)", "why.nd.power"),
    ],
}

# the fixed phrases the engine puts in its sentences, by the key of their words
NEEDS: dict[str, str] = {
    # Exploding Kittens: what the phase asks
    "play a card or combo, or draw": "ek.main",
    "choose a target (another player still in; for Favor and combos, one holding cards)": "ek.target",
    "name the card you ask for": "ek.name",
    "pick the next of five different cards from your hand": "ek.five",
    "answer the window: pass, or Nope if you hold one": "ek.window",
    "choose a card of your hand to give": "ek.give",
    "choose a card of the discard pile": "ek.take",
    "choose the next card from the top": "ek.alter",
    "choose where to put the kitten back (0 = top)": "ek.defuse",
    "choose where to put the card back (0 = top)": "ek.bury",
    # The Nine Domains: what a pending power asks
    "choose one of your domains to give (swap_give) or decline": "nd.swap_give",
    "choose one of your opponent's domains to take (swap_take) or decline": "nd.swap_take",
    "choose one of your used cards to take back (recover) or decline": "nd.recover",
    "choose a card of your hand to set aside (discard) or decline": "nd.discard",
}


def known(game_id: str, text: str) -> bool:
    """Whether a pattern reads this sentence of the engine (and its phrase, if it has one);
    a game that writes its own refusals reads them all."""
    if game_id in EXPLAIN:
        return True
    for pattern, _key in PATTERNS.get(game_id, []):
        m = re.fullmatch(pattern, text)
        if m:
            need = m.groupdict().get("need")
            return need is None or need in NEEDS
    return False


def reason(state: GameState, seat: int, action: Action, lang: str) -> str:
    """Why ``action`` of ``seat`` is refused now, in ``lang``: the engine's reason."""
    if state.is_over:
        return WORDS.text("why.over", lang)
    if seat not in state.actors:
        return WORDS.text("why.not_your_turn", lang)
    game = state.game
    if game.id in EXPLAIN:
        return EXPLAIN[game.id](state, seat, action, lang)
    text = state.explain_illegal(seat, action)
    for pattern, key in PATTERNS.get(game.id, []):
        m = re.fullmatch(pattern, text)
        if not m:
            continue
        params: dict[str, Any] = dict(m.groupdict())
        if "action" in params or "{action}" in (WORDS.template(key, lang) or ""):
            params["action"] = game.describe_action(action, lang)
        if params.get("need") is not None:
            need = NEEDS.get(params["need"])
            if need is None:
                break
            params["need"] = WORDS.text(f"why.need.{need}", lang)
        if "pile" in params:
            params["pile"] = int(params["pile"]) + 1
        if "phase" in params:
            params["phase"] = WORDS.text(f"why.nd.phase.{params['phase']}", lang)
        return WORDS.text(key, lang, **params)
    return text
