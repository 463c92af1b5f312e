"""The Nine Domains: the observation of one seat, from ``view(p)``.

The readable RL encoder, the reference (``make(num_players)``, found by
``engine.observation.encoder_for``); its compiled twin, ``compiled/observation.py``, writes the
same vector from the core's array for the doors (tests/rl/test_obs_core_nine_domains.py holds them equal).

Two players only. Card slices are indexed by the card ids of the catalog (``0`` .. ``5``, the
specials, ``*``) plus one slot for an id it lacks; domain slices by the domain ids.
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping
from typing import Any

import numpy as np

from ...engine.observation import Encoder, OptionsCodec, Vocabulary, counts
from .cards import CARDS as CATALOG
from .cards import DOMAINS as DOMAIN_CATALOG
from .cards import PILES, ROUNDS
from .options import NineDomainsOptions

CARDS = Vocabulary(CATALOG.ids)
DOMAINS = Vocabulary(DOMAIN_CATALOG.ids)
PHASES = Vocabulary(("draft", "place", "power", "over"))
POWERS = ("swap", "exchange")
ELEMENTS = ("red", "green", "blue")
HAND = ROUNDS * PILES
# the state's codes as the encoder's indices (cards and domains are both in catalog order)


class NineDomainsEncoder(Encoder):
    game_id = "nine-domains"

    def __init__(self, num_players: int) -> None:
        super().__init__(num_players)
        add = self.layout.add
        c, d = CARDS.size, DOMAINS.size
        self.options = OptionsCodec(NineDomainsOptions)
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
        me = view["you"] or 0
        self._fill_table(buf, view, me)
        for info in view["players"]:
            self._fill_player(buf, info, me)
        for rnd in view["history"][:ROUNDS]:
            self._fill_round(buf, rnd, me)
        for q in (0, 1):
            r = (q - me) % 2
            for i, x in enumerate(view["incoming"][q][:PILES]):
                buf[self.o_incoming + r * PILES + i] = x / 3
        buf[self.o_flags] = 1.0 if view["elements_ignored"] else 0.0
        pend = view.get("pending")
        if pend is not None:
            self._fill_pending(buf, pend, me)
        draft = view.get("draft")
        if draft is not None:
            at = self.o_draft
            buf[at] = 1.0
            counts(buf, at + 1, CARDS, draft["pool"], 1.0)
            buf[at + 1 + CARDS.size + (draft["next"] - me) % 2] = 1.0
        self.options.fill(buf, self.o_options, view["options"])

    def _fill_table(self, buf: np.ndarray, view: Mapping[str, Any], me: int) -> None:
        """Seat, phase, round, who acts, the piles and the removed domains."""
        d = DOMAINS.size
        di = DOMAINS
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

    def _fill_player(self, buf: np.ndarray, info: Mapping[str, Any], me: int) -> None:
        """One player's domains, points, cards seen and used (and the hand, for this seat)."""
        c, d = CARDS.size, DOMAINS.size
        ci, di = CARDS, DOMAINS
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

    def _fill_round(self, buf: np.ndarray, rnd: Mapping[str, Any], me: int) -> None:
        """A past round: its domains, cards, strengths and winners."""
        c, d = CARDS.size, DOMAINS.size
        ci, di = CARDS, DOMAINS
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

    def _fill_pending(self, buf: np.ndarray, pend: Mapping[str, Any], me: int) -> None:
        """The follow-up power waiting for its owner."""
        d = DOMAINS.size
        ci, di = CARDS, DOMAINS
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

    def template(self, options: Any) -> array:
        buf = super().template(options)
        self.options.fill(buf, self.o_options, options.model_dump(mode="json"))
        return buf


_C, _D = CARDS.size, DOMAINS.size
# pure functions of a few small lists, asked at every step with the same lists: kept by value
_WON: dict[tuple[int, ...], tuple[int, int, int]] = {}
_KNOWN: dict[tuple[tuple[int, ...], tuple[int, ...]], list[int]] = {}


_BLOCKS: dict[tuple[int, int, int, int, bool, int, int], tuple[Any, ...]] = {}


def make(num_players: int) -> NineDomainsEncoder:
    return NineDomainsEncoder(num_players)
