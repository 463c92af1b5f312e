"""Sala de Miaula, compiled: the state as one flat int64 array (twin of ``state.py``'s
``SalaState`` fields), with the rules of the match's cards riding in it.

The array is declared once (``LAYOUT``): its offsets, the copy in (``from_state``) and out
(``to_state``) of the plain fields and the check against the state's fields derive from the
declaration. Most of Sala's fields are not plain numbers (card ids, terrain names, the field's
creatures), so the declaration places them (``Block``, ``Field``) and ``from_state``/``to_state``
below translate them. The cards a match plays with are data (the options embed them, and a
custom deck or custom card definitions may change every number and effect): each state carries
its cards' rules as the ``CARDS`` block, built from the state's ``Card`` objects, so the
compiled effects read what the options say. Card ids are numbered in sorted order, so sorting
numbers sorts ids as the package sorts strings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ....engine.compiled.layout import Block, Field, Layout, Scalar, Seats
from .. import model as TB
from ..cards import EFFECT_PARAMS, ELEMENTS, POOL

if TYPE_CHECKING:
    from ..state import SalaState

PL = 3  # places a side
CAP = 32  # cards in one zone (a deck has 25)
Z_DECK, Z_HAND, Z_CANIL, Z_KNOWN = 0, 1, 2, 3
F_CARD, F_ITEM, F_STATUS, F_STURN, F_ACTED, F_OFICINA, F_LIVES = range(7)
CF = 7  # a place's slots
K_KIND, K_ELEM, K_OPP, K_ATK, K_LIFE, K_EFFECT, K_PARAM = range(7)
K_GUARD, K_LIVES, K_COURAGE, K_POTION, K_REDUCE = range(7, 12)
K_NAMED = 12  # the card names an ability (the heuristic agent values such a creature more)
CFN = 13  # a card's slots
NO_ELEMENT = -1  # a card (or a terrain-less state) without an element
OTHER_TERRAIN = -2  # a terrain the pool does not have (see from_state)
NO_OPPOSITE = -9  # never an element: a card without an element stands anywhere
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

# -- the array: declared once (offsets, the plain fields' copy and the field check) ---------
LAYOUT = Layout(
    [
        Seats("LIFE", "life", cap=2),
        Field("TERRAIN", "terrain"),  # the pool's terrain number (see from_state)
        Field("TELEM", "terrain_element"),  # an element's number (set_terrain sets it back)
        Scalar("TURN", "turn"),
        Scalar("CUR", "current"),
        Scalar("FIRST", "first"),
        Scalar("PCRE", "played_creature", as_bool=True),
        Scalar("POTH", "played_other", as_bool=True),
        Scalar("NSPENT", "actions_spent"),
        Block("SPENT", "spent_places", length=PL),
        Scalar("OVER", "over", as_bool=True),
        Field("WIN", "winners"),  # bit p set when p is among the winners
        Field("REASON", "reason"),  # an index of REASONS
        # the options' flags, kept in the array for speed: read, never written back
        Field("O_FIRST_DRAWS"),
        Field("O_DRAW_ENDS"),
        Scalar("O_OFICINA", "oficina_enabled", store_back=False),
        Scalar("O_OFI_ANY", "oficina_any_status", store_back=False),
    ],
    [
        Block("ZN", length=4 * 2),  # [zone][2] lengths
        Block("DECK", "deck", length=2 * CAP),  # the zones: [zone][2][CAP], card numbers
        Block("HAND", "hand", length=2 * CAP),
        Block("CANIL", "canil", length=2 * CAP),
        Block("KNOWN", "known", length=2 * CAP),
        Block("FIELD", "field", length=2 * PL * CF),  # [2][3][CF]
        Block("CARDS", "cards", length=NC * CFN),  # [card][CFN]: this match's cards' rules
    ],
    reserve=20,
)
# the state's fields the array does not mirror, and why
NOT_MIRRORED = {
    "game": "the game object",
    "num_players": "always two",
    "options": "read through the O_* flags and the CARDS block",
    "decklists": "the decks as chosen: play never changes them",
    "rng": "only the deal draws; the generator travels beside the array",
    "_legal": "a cache of legal moves: to_state drops it",
}
(
    LIFE, TERRAIN, TELEM, TURN, CUR, FIRST, PCRE, POTH, NSPENT, SPENT, OVER, WIN, REASON,
    O_FIRST_DRAWS, O_DRAW_ENDS, O_OFICINA, O_OFI_ANY,
    ZN, DECK, HAND, CANIL, KNOWN, FIELD, CARDS,
    SIZE,
) = LAYOUT.offsets  # fmt: skip
LAYOUT.check(globals())
ZONES = DECK  # the four zones in a row, [zone][2][CAP] (Z_DECK, Z_HAND, Z_CANIL, Z_KNOWN)


# -- the cards of a match, from the state's Card objects ------------------------------------
def _param(effect: str | None, params: Any) -> int:
    wanted = EFFECT_PARAMS.get(effect or "", {})
    for name, kind in wanted.items():
        v = params[name]
        if kind == "status":
            return int(TB.STATUS_CODES[v])
        if kind == "terrain":
            return TINDEX[v]
        return int(v)
    return 0


_BLOCKS: dict[tuple[tuple[str, int], ...], tuple[list[Any], np.ndarray]] = {}
_LAST: list[Any] = [None, None]  # the last definitions asked for and their block (held)


def card_block(st: SalaState) -> np.ndarray:
    """The rules of the state's cards as the block S holds. Every new game parses its own
    options, but the card definitions in them are the pool's own objects unless the options
    define cards: the block is kept per set of definition objects (held, so no id is reused)."""
    specs = st.options.cards
    # the same game's states (a search's samples, whose options differ by a drawn deck list
    # only and share the definitions): options are frozen
    if specs is _LAST[0]:
        return _LAST[1]
    key = tuple((cid, id(spec)) for cid, spec in specs.items())
    hit = _BLOCKS.get(key)
    if hit is not None and all(a is b for a, b in zip(hit[0], specs.values(), strict=True)):
        _LAST[:] = specs, hit[1]
        return hit[1]
    B = np.zeros(NC * CFN, dtype=np.int64)
    for cid, c in st.cards.items():
        at = INDEX[cid] * CFN
        B[at + K_KIND] = c.kind
        B[at + K_ELEM] = EINDEX[c.element] if c.element else NO_ELEMENT
        B[at + K_OPP] = EINDEX[c.opposite] if c.opposite else NO_OPPOSITE
        B[at + K_ATK] = c.attack
        B[at + K_LIFE] = c.life
        B[at + K_EFFECT] = EFFECTS.index(c.effect) if c.effect else -1
        B[at + K_PARAM] = _param(c.effect, c.params)
        B[at + K_GUARD] = c.guard
        B[at + K_LIVES] = c.lives
        B[at + K_COURAGE] = c.courage
        B[at + K_POTION] = c.potion
        B[at + K_REDUCE] = c.reduce
        B[at + K_NAMED] = 1 if c.ability else 0
    if len(_BLOCKS) > 256:
        _BLOCKS.clear()
    _BLOCKS[key] = (list(specs.values()), B)
    _LAST[:] = specs, B
    return B


# -- state in and out ---------------------------------------------------------------------
def from_state(st: SalaState) -> np.ndarray:
    """The flat array of a state (its generator apart)."""
    S = LAYOUT.load(st)
    # a terrain outside the pool (a hand-made saved state: the reference takes any string, and
    # its element is then the string itself, no card's) plays as no terrain does; store keeps
    # its name, which only a terrain spell (always a pool terrain) replaces
    S[TERRAIN] = TINDEX.get(st.terrain, OTHER_TERRAIN) if st.terrain else -1
    S[TELEM] = EINDEX.get(st.terrain_element, NO_ELEMENT)
    S[SPENT : SPENT + PL] = st.spent_places
    S[WIN] = sum(1 << p for p in st.winners)
    # a reason the rules never give (a hand-edited saved state) is left as it is by store
    S[REASON] = REASONS.index(st.reason) if st.reason in REASONS else -1
    o = st.options
    S[O_FIRST_DRAWS] = o.first_player_draws
    S[O_DRAW_ENDS] = o.draw_effects_end_game
    ix = INDEX
    for z, lists in enumerate((st.deck, st.hand, st.canil, st.known)):
        for p in (0, 1):
            xs = lists[p]
            S[ZN + z * 2 + p] = len(xs)
            at = ZONES + (z * 2 + p) * CAP
            S[at : at + len(xs)] = [ix[c] for c in xs]
    for p in (0, 1):
        for i, c in enumerate(st.field[p]):
            at = FIELD + (p * PL + i) * CF
            if c is None:
                S[at + F_CARD] = S[at + F_ITEM] = -1
                continue
            S[at : at + CF] = (
                ix[c.card],
                -1 if c.item is None else ix[c.item],
                c.status,
                c.status_turn,
                c.acted,
                c.oficina,
                c.lives_used,
            )
    S[CARDS:] = card_block(st)
    return S


def to_state(S: np.ndarray, st: SalaState) -> None:
    """Write the array back into ``st`` (same game, same options)."""
    LAYOUT.store(S, st)
    v = S[:CARDS].tolist()
    ids = IDS
    t = v[TERRAIN]
    if t != OTHER_TERRAIN:
        st.set_terrain(TERRAINS[t] if t >= 0 else "")
    st.spent_places = [bool(x) for x in v[SPENT : SPENT + PL]]
    st.winners = tuple(p for p in (0, 1) if v[WIN] >> p & 1)
    if v[REASON] >= 0:
        st.reason = REASONS[v[REASON]]
    zones = []
    for z in range(4):
        pair = []
        for p in (0, 1):
            at = ZONES + (z * 2 + p) * CAP
            pair.append([ids[c] for c in v[at : at + v[ZN + z * 2 + p]]])
        zones.append(pair)
    st.deck, st.hand, st.canil, st.known = zones
    names = TB.STATUS_NAMES
    for p in (0, 1):
        side: list[TB.Creature | None] = []
        for i in range(PL):
            at = FIELD + (p * PL + i) * CF
            card = v[at + F_CARD]
            if card < 0:
                side.append(None)
                continue
            c = TB.Creature(ids[card])
            item = v[at + F_ITEM]
            c.item = ids[item] if item >= 0 else None
            c.status = v[at + F_STATUS]
            c.status_turn = v[at + F_STURN]
            c.acted = bool(v[at + F_ACTED])
            c.oficina = bool(v[at + F_OFICINA])
            c.lives_used = bool(v[at + F_LIVES])
            assert 0 <= c.status < len(names)
            side.append(c)
        st.field[p] = side
    st._legal = None
