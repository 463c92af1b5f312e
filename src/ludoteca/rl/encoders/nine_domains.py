"""The Nine Domains: the observation of one seat, from ``view(p)``.

Two players only. Card slices are indexed by the card ids of the catalog (``0`` .. ``5``, the
specials, ``*``) plus one slot for an id it lacks; domain slices by the domain ids.
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping
from typing import Any

import numpy as np

from ...engine import get_game
from ...games.nine_domains.cards import CARDS as CATALOG
from ...games.nine_domains.cards import DOMAINS as DOMAIN_CATALOG
from ...games.nine_domains.cards import ELEMENTS as GAME_ELEMENTS
from ...games.nine_domains.cards import EMPTY, PILES, ROUNDS
from ...games.nine_domains.combat import domain_points, elements_of
from ...games.nine_domains.phases import DRAFT_ORDER, PHASE_NAMES, POWER_NAMES, Phase
from ...games.nine_domains.view import _round_cards, incoming, known_unplayed
from .base import Encoder, OptionsCodec, Vocabulary, counts

CARDS = Vocabulary(CATALOG.ids)
DOMAINS = Vocabulary(DOMAIN_CATALOG.ids)
PHASES = Vocabulary(("draft", "place", "power", "over"))
POWERS = ("swap", "exchange")
ELEMENTS = ("red", "green", "blue")
HAND = ROUNDS * PILES
# the state's codes as the encoder's indices (cards and domains are both in catalog order)
PHASE_INDEX = tuple(PHASES[name] for name in PHASE_NAMES)
POWER_INDEX = tuple(POWERS.index(name) if name in POWERS else -1 for name in POWER_NAMES)
ELEMENT_INDEX = tuple(ELEMENTS.index(e) if e in ELEMENTS else -1 for e in GAME_ELEMENTS)


class NineDomainsEncoder(Encoder):
    game_id = "nine-domains"

    def __init__(self, num_players: int) -> None:
        super().__init__(num_players)
        add = self.layout.add
        c, d = CARDS.size, DOMAINS.size
        self.options = OptionsCodec(get_game(self.game_id).Options)
        self.o_seat = add("seat", 2, "my absolute seat, one-hot")
        self.o_phase = add("phase", PHASES.size, "phase one-hot (draft, place, power, over)")
        self.o_round = add("round", 1, f"round / {ROUNDS}")
        self.o_actors = add("actors", 2, "seats owing a decision, relative (0 = me)")
        self.o_piles = add(
            "piles",
            PILES * (1 + d + ROUNDS * d),
            "per pile: domains left / 3; top domain one-hot; with open_piles every domain "
            "from the top, one-hot per depth",
        )
        self.o_removed = add("removed", d, "domains removed from play, multi-hot")
        self.player_size = d + 2 + len(ELEMENTS) + 1 + c + c + 2
        self.o_players = add(
            "players",
            2 * self.player_size,
            "per relative seat: domains won (multi-hot), VP / 10, bonus VP / 5, elements "
            "held (red, green, blue), purple halves / 2, cards used (counts), specials shown "
            "(counts), cards in hand / 9, cards placed this round / 3",
        )
        self.o_hand = add("hand", c, "my hand, counts per card")
        self.o_placed = add(
            "placed", PILES * (c + 1), "my face-down cards this round, per pile: empty or card"
        )
        self.o_opponent = add(
            "opponent_known",
            c + 1,
            "the opponent's cards everyone knows are unplayed (counts); unknown specials / 3",
        )
        self.round_size = 1 + PILES * d + 2 * PILES * c + 2 * PILES * 2 + PILES * 3
        self.o_history = add(
            "history",
            ROUNDS * self.round_size,
            "per finished round: done flag; contested domain per pile; each relative seat's "
            "card per pile; strength / 10 and 'no strength' flag per seat and pile; winner "
            "per pile one-hot (me, opponent, nobody)",
        )
        self.o_incoming = add(
            "incoming", 2 * PILES, "strength changes this round's cards get, per seat and pile / 3"
        )
        self.o_flags = add("elements_ignored", 1, "elements are ignored this game")
        self.o_pending = add(
            "pending",
            1 + 2 + len(POWERS) + PILES + d + c,
            "power being resolved: present; owner (relative); power (swap, exchange); pile; "
            "its first pick (domain or card)",
        )
        self.o_draft = add(
            "draft", 1 + c + 2, "special draft: open; pool (counts); who picks next (relative)"
        )
        self.o_options = add("options", self.options.size, self.options.doc)

    def fill(self, buf: np.ndarray, view: Mapping[str, Any]) -> None:
        c, d = CARDS.size, DOMAINS.size
        me = view["you"] or 0
        ci, di = CARDS, DOMAINS
        buf[self.o_seat + me] = 1.0
        buf[self.o_phase + PHASES[view["phase"]]] = 1.0
        buf[self.o_round] = view["round"] / ROUNDS
        for q in view["actors"]:
            buf[self.o_actors + (q - me) % 2] = 1.0
        at = self.o_piles
        for pile in view["piles"]:
            buf[at] = pile["count"] / ROUNDS
            if pile["top"] is not None:
                buf[at + 1 + di[pile["top"]]] = 1.0
            for depth, dom in enumerate(pile.get("cards", ())[:ROUNDS]):
                buf[at + 1 + d + depth * d + di[dom]] = 1.0
            at += 1 + d + ROUNDS * d
        counts(buf, self.o_removed, di, view["removed"], 1.0)
        for info in view["players"]:
            r = (info["seat"] - me) % 2
            at = self.o_players + r * self.player_size
            counts(buf, at, di, info["domains"], 1.0)
            at += d
            buf[at] = info["vp"] / 10
            buf[at + 1] = info["bonus_vp"] / 5
            at += 2
            for e in info["elements"]:
                if e in ELEMENTS:
                    buf[at + ELEMENTS.index(e)] = 1.0
            at += len(ELEMENTS)
            buf[at] = info["purple_halves"] / 2
            at += 1
            counts(buf, at, ci, info["used"], 1.0)
            at += c
            counts(buf, at, ci, info["seen_specials"], 1.0)
            at += c
            buf[at] = info["hand_count"] / HAND
            buf[at + 1] = info["placed_count"] / PILES
            if r == 0:
                counts(buf, self.o_hand, ci, info.get("hand", ()), 1.0)
                for i, card in enumerate(info.get("placed", ())[:PILES]):
                    base = self.o_placed + i * (c + 1)
                    buf[base if card is None else base + 1 + ci[card]] = 1.0
            else:
                counts(buf, self.o_opponent, ci, info.get("known_unplayed", ()), 1.0)
                buf[self.o_opponent + c] = info.get("unknown_specials", 0) / 3
        for rnd in view["history"][:ROUNDS]:
            at = self.o_history + (rnd["round"] - 1) * self.round_size
            buf[at] = 1.0
            at += 1
            for i, dom in enumerate(rnd["domains"][:PILES]):
                buf[at + i * d + di[dom]] = 1.0
            at += PILES * d
            for q in (0, 1):
                r = (q - me) % 2
                for i, card in enumerate(rnd["cards"][q][:PILES]):
                    buf[at + (r * PILES + i) * c + ci[card]] = 1.0
            at += 2 * PILES * c
            for q in (0, 1):
                r = (q - me) % 2
                for i, s in enumerate(rnd["strength"][q][:PILES]):
                    j = at + (r * PILES + i) * 2
                    if s is None:
                        buf[j + 1] = 1.0
                    else:
                        buf[j] = s / 10
            at += 2 * PILES * 2
            for i, w in enumerate(rnd["winners"][:PILES]):
                buf[at + i * 3 + (2 if w is None or w < 0 else (w - me) % 2)] = 1.0
        for q in (0, 1):
            r = (q - me) % 2
            for i, x in enumerate(view["incoming"][q][:PILES]):
                buf[self.o_incoming + r * PILES + i] = x / 3
        buf[self.o_flags] = 1.0 if view["elements_ignored"] else 0.0
        pend = view.get("pending")
        if pend is not None:
            at = self.o_pending
            buf[at] = 1.0
            buf[at + 1 + (pend["player"] - me) % 2] = 1.0
            if pend["power"] in POWERS:
                buf[at + 3 + POWERS.index(pend["power"])] = 1.0
            buf[at + 3 + len(POWERS) + pend["pile"]] = 1.0
            pick = pend["pick"]
            base = at + 3 + len(POWERS) + PILES
            if pick is not None:
                if pend["power"] == "swap":
                    buf[base + di[pick]] = 1.0
                else:
                    buf[base + d + ci[pick]] = 1.0
        draft = view.get("draft")
        if draft is not None:
            at = self.o_draft
            buf[at] = 1.0
            counts(buf, at + 1, ci, draft["pool"], 1.0)
            buf[at + 1 + c + (draft["next"] - me) % 2] = 1.0
        self.options.fill(buf, self.o_options, view["options"])

    def template(self, options: Any) -> array:
        buf = super().template(options)
        self.options.fill(buf, self.o_options, options.model_dump(mode="json"))
        return buf

    def fill_state(self, buf: Any, st: Any, me: int) -> None:
        # fill's entries, in its order, from the NineDomainsState (card and domain codes are
        # their catalog index, so their CARDS / DOMAINS index)
        c, d = _C, _D
        buf[self.o_seat + me] = 1.0
        phase = st.phase
        buf[self.o_phase + PHASE_INDEX[phase]] = 1.0
        buf[self.o_round] = min(st.rnd + 1, ROUNDS) / ROUNDS
        for q in st.actors:
            buf[self.o_actors + (q - me) % 2] = 1.0
        at = self.o_piles
        open_piles = st.options.open_piles
        for pile in st.piles:
            buf[at] = len(pile) / ROUNDS
            if pile:
                buf[at + 1 + pile[-1]] = 1.0
                if open_piles:
                    for depth, dom in enumerate(reversed(pile[-ROUNDS:])):
                        buf[at + 1 + d + depth * d + dom] = 1.0
            at += 1 + d + ROUNDS * d
        at = self.o_removed
        for dom in st.removed:
            buf[at + dom] += 1.0
        for q in (0, 1):
            r = (q - me) % 2
            at = self.o_players + r * self.player_size
            won = st.won[q]
            for dom in won:
                buf[at + dom] += 1.0
            at += d
            vp, mask, halves = _won_facts(won)
            buf[at] = (vp + st.bonus[q]) / 10  # st.points(q)
            buf[at + 1] = st.bonus[q] / 5
            at += 2
            for i, e in enumerate(ELEMENT_INDEX):
                if mask >> i & 1 and e >= 0:
                    buf[at + e] = 1.0
            at += len(ELEMENTS)
            buf[at] = halves / 2
            at += 1
            for x in st.used[q]:
                buf[at + x] += 1.0
            at += c
            for x in st.seen[q]:
                buf[at + x] += 1.0
            at += c
            hand = st.hand[q]
            buf[at] = len(hand) / HAND
            buf[at + 1] = st.nplaced[q] / PILES
            if r == 0:
                for x in hand:
                    buf[self.o_hand + x] += 1.0
                for i, x in enumerate(st.placed[q][:PILES]):
                    base = self.o_placed + i * (c + 1)
                    buf[base if x == EMPTY else base + 1 + x] = 1.0
            else:
                known = _known_unplayed(st, q)
                for x in known:
                    buf[self.o_opponent + x] += 1.0
                buf[self.o_opponent + c] = (len(hand) + st.nplaced[q] - len(known)) / 3
        four_opp = st.options.four_plus_target == "opponent"
        previous = None
        size = self.round_size
        history, contested, outcomes = st.history, st.contested, st.outcomes
        for rnd, cards in enumerate(history[:ROUNDS]):
            at = self.o_history + rnd * size
            buf[at : at + size] = self._round_block(
                rnd, cards, previous, contested[rnd], outcomes[rnd], four_opp, me
            )
            previous = cards
        inc = incoming(st)
        for q in (0, 1):
            r = (q - me) % 2
            for i, x in enumerate(inc[q][:PILES]):
                if x:  # the template is zeros
                    buf[self.o_incoming + r * PILES + i] = x / 3
        buf[self.o_flags] = 1.0 if st.elements_off else 0.0
        if st.pending:
            owner, kind, pile_at = st.pending[0]
            at = self.o_pending
            buf[at] = 1.0
            buf[at + 1 + (owner - me) % 2] = 1.0
            power = POWER_INDEX[kind]
            if power >= 0:
                buf[at + 3 + power] = 1.0
            buf[at + 3 + len(POWERS) + pile_at] = 1.0
            base = at + 3 + len(POWERS) + PILES
            if st.pick != EMPTY:
                if POWER_NAMES[kind] == "swap":
                    buf[base + st.pick] = 1.0
                else:
                    buf[base + d + st.pick] = 1.0
        if phase == Phase.DRAFT:
            at = self.o_draft
            buf[at] = 1.0
            for x in st.draft_pool:
                buf[at + 1 + x] += 1.0
            buf[at + 1 + c + (DRAFT_ORDER[st.draft_step] - me) % 2] = 1.0

    def _round_block(
        self,
        rnd: int,
        cards: list[list[int]],
        previous: list[list[int]] | None,
        contested: list[int],
        outcomes: list[int],
        four_opp: bool,
        me: int,
    ) -> array:
        """The history entries of one finished round, as seen by ``me``. A finished round's
        lists are never changed (the rules append new ones; clones share them), so its block
        is kept, keyed by their identities; the entry holds the lists, so no id of the key
        is reused while it is cached. Only public facts (revealed cards) are in it."""
        key = (id(cards), id(previous), id(contested), id(outcomes), four_opp, me, rnd)
        hit = _BLOCKS.get(key)
        if (
            hit is not None
            and hit[0] is cards
            and hit[1] is contested
            and hit[2] is outcomes
            and hit[4] is previous
        ):
            return hit[3]
        c, d = _C, _D
        block = array("f", bytes(4 * self.round_size))
        _, strength = _round_cards(cards, previous, rnd, four_opp, True)
        block[0] = 1.0
        at = 1
        for i, dom in enumerate(contested[:PILES]):
            block[at + i * d + dom] = 1.0
        at += PILES * d
        for q in (0, 1):
            r = (q - me) % 2
            for i, x in enumerate(cards[q][:PILES]):
                block[at + (r * PILES + i) * c + x] = 1.0
        at += 2 * PILES * c
        for q in (0, 1):
            r = (q - me) % 2
            for i, sv in enumerate(strength[q][:PILES]):
                j = at + (r * PILES + i) * 2
                if sv is None:
                    block[j + 1] = 1.0
                else:
                    block[j] = sv / 10
        at += 2 * PILES * 2
        for i, w in enumerate(outcomes[:PILES]):
            block[at + i * 3 + (2 if w is None or w < 0 else (w - me) % 2)] = 1.0
        if len(_BLOCKS) >= 10_000:
            _BLOCKS.clear()
        _BLOCKS[key] = (cards, contested, outcomes, block, previous)
        return block


_C, _D = CARDS.size, DOMAINS.size
# pure functions of a few small lists, asked at every step with the same lists: kept by value
_WON: dict[tuple[int, ...], tuple[int, int, int]] = {}
_KNOWN: dict[tuple[tuple[int, ...], tuple[int, ...]], list[int]] = {}


def _won_facts(won: list[int]) -> tuple[int, int, int]:
    """(VP of the domains, element mask, purple halves) of a player's won domains."""
    key = tuple(won)
    hit = _WON.get(key)
    if hit is None:
        if len(_WON) > 100_000:
            _WON.clear()
        hit = _WON[key] = (domain_points(won), *elements_of(won))
    return hit


def _known_unplayed(st: Any, q: int) -> list[int]:
    """view.known_unplayed(st, q): a function of q's used cards and shown specials only."""
    key = (tuple(st.used[q]), tuple(st.seen[q]))
    hit = _KNOWN.get(key)
    if hit is None:
        if len(_KNOWN) > 100_000:
            _KNOWN.clear()
        hit = _KNOWN[key] = known_unplayed(st, q)
    return hit


_BLOCKS: dict[tuple[int, int, int, int, bool, int, int], tuple[Any, ...]] = {}


def make(num_players: int) -> NineDomainsEncoder:
    return NineDomainsEncoder(num_players)
