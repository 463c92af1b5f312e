"""Sala de Miaula, compiled: the state as one flat int64 array (twin of ``state.py``'s
``SalaState`` fields and ``model.py``'s ``Creature`` and ``Card``), with the rules of the
match's cards riding in it.

The array is declared once (``LAYOUT``, with the nested ``CREATURE`` and ``RULES`` records):
its offsets, the copy in (``LAYOUT.load``, which ``Core.load`` calls) and out
(``LAYOUT.store``) and the check against the state's and the records' fields derive from the
declaration. Strings travel as numbers: card ids (``IDS``, numbered in sorted order, so that
sorting numbers sorts ids as the package sorts strings), terrains, elements, the end's reason.
The cards a match plays with are data (the options embed them, and a custom deck or custom
card definitions may change every number and effect): each state carries its cards' rules as
the ``CARDS`` table, one ``RULES`` record a card, built from the state's ``Card`` objects
once per set of definitions, so the compiled effects read what the options say. The Python
package is the reference; tests/games/sala_de_miaula/test_compiled.py holds the twin to it.
"""

from __future__ import annotations

from typing import Any

from ....engine.compiled.layout import (
    Computed,
    Fixed,
    Layout,
    Option,
    Record,
    Records,
    Scalar,
    SeatLists,
    Seats,
    SeatSet,
    Table,
    Word,
)
from .. import model as TB
from ..cards import EFFECT_PARAMS, ELEMENTS, POOL

PL = 3  # places a side
CAP = 32  # cards in one zone (a deck has 25)
Z_DECK, Z_HAND, Z_CANIL, Z_KNOWN = 0, 1, 2, 3
NO_CARD = -1  # an empty place's card, a creature's item when it holds none
NO_ELEMENT = -1  # a card (or a terrain-less state) without an element
NO_TERRAIN = -1  # no terrain yet ("")
OTHER_TERRAIN = -2  # a terrain the pool does not have (a hand-made saved state's)
NO_OPPOSITE = -9  # never an element: a card without an element stands anywhere
NO_EFFECT = -1  # a card without an action effect
NO_REASON = -1  # a reason the rules never give (a hand-edited saved state's)
REASONS = ("", "life", "deck_out")

# the effects the core carries out (effects.py's EFFECTS), by number (rules.py's E_*)
EFFECTS = (
    "status",
    "scare",
    "damage",
    "hammer",
    "damage_all",
    "heal",
    "draw",
    "cure_all",
    "terrain",
    "purr",
    "revive",
    "spring",
)

IDS = tuple(sorted(POOL.cards))
INDEX = {cid: i for i, cid in enumerate(IDS)}
TERRAINS = tuple(sorted(POOL.terrains))
TINDEX = {t: i for i, t in enumerate(TERRAINS)}
EINDEX = {e: i for i, e in enumerate(ELEMENTS)}
NC = len(IDS)


# -- the cards of a match: one RULES record a card (the CARDS table) ------------------------
def effect_param(card: TB.Card) -> int:
    """The number the card's effect takes (its amount, status or terrain), 0 if none."""
    wanted = EFFECT_PARAMS.get(card.effect or "", {})
    for name, kind in wanted.items():
        v: Any = card.params[name]
        if kind == "status":
            return int(TB.STATUS_CODES[v])
        if kind == "terrain":
            return TINDEX[v]
        return int(v)
    return 0


# -- the array: declared once (offsets, copies in and out, the field check derive from it) --
# a creature in a place (offsets inside FIELD's record)
CREATURE = Record(
    [
        Word("F_CARD", "card", words=IDS),
        Word("F_ITEM", "item", words=IDS, none=NO_CARD),
        Scalar("F_STATUS", "status"),
        Scalar("F_STURN", "status_turn"),
        Scalar("F_ACTED", "acted", as_bool=True),
        Scalar("F_OFICINA", "oficina", as_bool=True),
        Scalar("F_LIVES", "lives_used", as_bool=True),
    ],
    make=TB.Creature,
)
F_CARD, F_ITEM, F_STATUS, F_STURN, F_ACTED, F_OFICINA, F_LIVES, CF = CREATURE.offsets
# a card's rules (offsets inside the CARDS table's record); read in, never written back
RULES = Record(
    [
        Scalar("K_KIND", "kind"),
        Word("K_ELEM", "element", words=ELEMENTS, none=NO_ELEMENT),
        Word("K_OPP", "opposite", words=ELEMENTS, none=NO_OPPOSITE),
        Scalar("K_ATK", "attack"),
        Scalar("K_LIFE", "life"),
        Word("K_EFFECT", "effect", words=EFFECTS, none=NO_EFFECT),
        Computed("K_PARAM", "params", of=effect_param),
        Scalar("K_GUARD", "guard"),
        Scalar("K_LIVES", "lives"),
        Scalar("K_COURAGE", "courage"),
        Scalar("K_POTION", "potion"),
        Scalar("K_REDUCE", "reduce"),
        # the card names an ability (the heuristic agent values such a creature more)
        Scalar("K_NAMED", "ability", as_bool=True),
    ],
    make=TB.Card,
)
(
    K_KIND, K_ELEM, K_OPP, K_ATK, K_LIFE, K_EFFECT, K_PARAM,
    K_GUARD, K_LIVES, K_COURAGE, K_POTION, K_REDUCE, K_NAMED,
    CFN,
) = RULES.offsets  # fmt: skip
LAYOUT = Layout(
    [
        Seats("LIFE", "life", cap=2),
        # the terrain's number (set back through set_terrain, which sets its element too); a
        # terrain outside the pool plays as none does, and the way back keeps its name (only
        # a terrain spell, always a pool terrain, replaces it)
        Word(
            "TERRAIN",
            "terrain",
            words=TERRAINS,
            blank=NO_TERRAIN,
            other=OTHER_TERRAIN,
            setter="set_terrain",
        ),
        Word("TELEM", "terrain_element", words=ELEMENTS, other=NO_ELEMENT, store_back=False),
        Scalar("TURN", "turn"),
        Scalar("CUR", "current"),
        Scalar("FIRST", "first"),
        Scalar("PCRE", "played_creature", as_bool=True),
        Scalar("POTH", "played_other", as_bool=True),
        Scalar("NSPENT", "actions_spent"),
        Fixed("SPENT", "spent_places", length=PL, as_bool=True),
        Scalar("OVER", "over", as_bool=True),
        SeatSet("WIN", "winners", cap=2),  # bit p set when p is among the winners
        Word("REASON", "reason", words=REASONS, other=NO_REASON),  # the way back keeps it
        # the options' flags, kept in the array for speed: read, never written back
        Option("O_FIRST_DRAWS", option="first_player_draws"),
        Option("O_DRAW_ENDS", option="draw_effects_end_game"),
        Scalar("O_OFICINA", "oficina_enabled", store_back=False),
        Scalar("O_OFI_ANY", "oficina_any_status", store_back=False),
    ],
    [
        # the zones' lengths, [zone][2] (ZN), then the zones, [zone][2][CAP] (ZONES): card ids
        Seats("DECKN", cap=2),
        Seats("HANDN", cap=2),
        Seats("CANILN", cap=2),
        Seats("KNOWNN", cap=2),
        SeatLists("DECK", "deck", seats=2, cap=CAP, counts="DECKN", words=IDS),
        SeatLists("HAND", "hand", seats=2, cap=CAP, counts="HANDN", words=IDS),
        SeatLists("CANIL", "canil", seats=2, cap=CAP, counts="CANILN", words=IDS),
        SeatLists("KNOWN", "known", seats=2, cap=CAP, counts="KNOWNN", words=IDS),
        # [side][place][CF]: a creature, or an empty place (no card, no item)
        Records(
            "FIELD",
            "field",
            record=CREATURE,
            cap=2,
            row=PL,
            none={"F_CARD": NO_CARD, "F_ITEM": NO_CARD},
        ),
        # [card][CFN]: this match's cards' rules, by card id (zeros: a card it does not have)
        Table("CARDS", "cards", record=RULES, words=IDS, kept_per="options.cards"),
    ],
    reserve=20,
    clears=("_legal",),  # the reference's cached legal moves belong to the state it had
)
# the fields the array does not mirror, and why
NOT_MIRRORED = {
    "game": "the game object",
    "num_players": "always two",
    "options": "read through the O_* flags and the CARDS table",
    "decklists": "the decks as chosen: play never changes them",
    "rng": "only the deal draws; the generator travels beside the array",
    # a Card's (RULES)
    "id": "a card's id: its place in the CARDS table",
    "set": "the set a card comes from: the options' sets decide, not the card",
    "passive": "read as its flags (guard, lives, courage, potion) and reduce",
}
(
    LIFE, TERRAIN, TELEM, TURN, CUR, FIRST, PCRE, POTH, NSPENT, SPENT, OVER, WIN, REASON,
    O_FIRST_DRAWS, O_DRAW_ENDS, O_OFICINA, O_OFI_ANY,
    DECKN, HANDN, CANILN, KNOWNN, DECK, HAND, CANIL, KNOWN, FIELD, CARDS,
    SIZE,
) = LAYOUT.offsets  # fmt: skip
LAYOUT.check(globals())
ZN = DECKN  # the four zones' lengths in a row, [zone][2] (Z_DECK, Z_HAND, Z_CANIL, Z_KNOWN)
ZONES = DECK  # the four zones in a row, [zone][2][CAP] (Z_DECK, Z_HAND, Z_CANIL, Z_KNOWN)
