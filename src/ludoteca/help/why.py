"""Why a move is refused, in the reader's language: the engine's ``explain_illegal`` (written in
English, the engine's language) read back through patterns into the help's catalog. Each game's
refusals are a short fixed list of sentences; a sentence no pattern knows is shown as the engine
wrote it (tests/help/test_why.py checks that none is left unread in the games' refusals)."""

from __future__ import annotations

import re
from typing import Any

from ..engine import Action, GameState
from .components import WORDS

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
    "coatl": [
        (r"the game is over", "why.over"),
        (r"it is player (?P<n>\d+)'s decision, not player \d+'s", "why.other_decides"),
        (_ACTION + r": now you must (?P<need>.+)", "why.coatl.must"),
        (
            _ACTION + r": a Coatl with head and tail must be finished before anything else",
            "why.coatl.closed",
        ),
        (_ACTION + r": you already hold (?P<n>\d+) Prophecies", "why.coatl.hand_full"),
        (_ACTION + r": that supply space is empty", "why.coatl.space_empty"),
        (_ACTION + r": your board holds at most (?P<n>\d+) pieces", "why.coatl.board_full"),
        (
            _ACTION + r": at most (?P<n>\d+) unfinished Coatls and (?P<m>\d+) in all",
            "why.coatl.too_many",
        ),
        (_ACTION + r": that Prophecy is not in your hand", "why.coatl.not_in_hand"),
        (_ACTION + r": that piece is not on your board", "why.coatl.not_on_board"),
        (
            _ACTION + r": the sacrifice token is spent, switched off, or has nothing to take",
            "why.coatl.token",
        ),
        (_ACTION + r": not allowed now", "why.coatl.not_now"),
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
    "sala-de-miaula": [
        (r"the game is over", "why.over"),
        (
            _ACTION
            + r": not possible now \(check the pair rule, the places, the creature's action and status, and the target\)",
            "why.sala.not_now",
        ),
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
    # Coatl: what the phase asks
    "choose which starting Prophecies to keep": "coatl.setup",
    "choose the Temple this Coatl fulfils": "coatl.temple",
    "discard Prophecies from hand, then go on to take Prophecies": "coatl.vision",
    "take more Prophecies or stop": "coatl.prophecy",
    "go on assembling or end the assembly": "coatl.assembly",
    # The Nine Domains: what a pending power asks
    "choose one of your domains to give (swap_give) or decline": "nd.swap_give",
    "choose one of your opponent's domains to take (swap_take) or decline": "nd.swap_take",
    "choose one of your used cards to take back (recover) or decline": "nd.recover",
    "choose a card of your hand to set aside (discard) or decline": "nd.discard",
}


def known(game_id: str, text: str) -> bool:
    """Whether a pattern reads this sentence of the engine (and its phrase, if it has one)."""
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
    text = state.explain_illegal(seat, action)
    game = state.game
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
