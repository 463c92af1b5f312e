"""Sala de Miaula: the observation of one seat, from ``view(p)``.

The readable RL encoder, the reference (``make(num_players)``, found by
``engine.observation.encoder_for``); its compiled twin, ``compiled/observation.py``, writes the
same vector from the core's array for the doors (tests/rl/test_obs_core_sala_de_miaula.py holds them equal).

Two players only. Card slices are indexed by the card ids of the data files in file order
(``games/sala_de_miaula/data/cards_*.toml``) plus one slot for any other id (a custom card
given in the ``cards`` option). A card's attack, life and text are not repeated: they follow
from its id. The deck list slice of a side is what the view carries: with hidden lists (option
``decklists``) only the seat's own list, the other side's slice stays zero (its revealed cards
are in the Canil, the known hand and the field slices).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ...engine.observation import Encoder, Vocabulary, counts
from .cards import ELEMENTS as ELEMENT_NAMES
from .cards import POOL
from .model import STATUS_NAMES

CARDS = Vocabulary(POOL.cards)
TERRAINS = Vocabulary(POOL.terrains)
ELEMENTS = Vocabulary(ELEMENT_NAMES)
STATUSES = STATUS_NAMES  # ("healthy", "sick", "fainted"): a creature's status is its index
PLACES = 3
START_LIFE = 15
DECK = 25


class SalaDeMiaulaEncoder(Encoder):
    game_id = "sala-de-miaula"

    def __init__(self, num_players: int) -> None:
        super().__init__(num_players)
        add = self.layout.add
        k = CARDS.size
        self.slot_size = 1 + k + k + len(STATUSES) + 1 + 3
        self.o_seat = add("seat", 2, "my absolute seat, one-hot")
        self.o_turn = add(
            "turn",
            1 + 2 + 2 + 1,
            "turn / 30; current player (relative one-hot); first player (relative one-hot); "
            "the game is over",
        )
        self.o_terrain = add(
            "terrain", TERRAINS.size + ELEMENTS.size, "terrain one-hot; its element one-hot"
        )
        self.o_flags = add(
            "turn_flags",
            4 + PLACES,
            "Oficina in play; a creature played this turn; another card played; actions "
            "spent / 3; each place spent this turn",
        )
        self.o_players = add(
            "players",
            2 * (3 + 3 * k + PLACES * self.slot_size),
            "per relative seat: life / 15, deck size / 25, hand size / 5; cards of the hand "
            "everyone knows (counts / 2); the Canil (discard, counts / 2); the deck list "
            "(counts / 2; with hidden lists, mine only); then each field place: occupied, creature one-hot, item one-hot, "
            "status (healthy, sick, fainted), turns since the status / 10, acted, Oficina, "
            "extra life used",
        )
        self.o_hand = add("hand", k, "my hand, counts / 2")

    def fill(self, buf: np.ndarray, view: Mapping[str, Any]) -> None:
        k = CARDS.size
        me = view["seat"] or 0
        turn = view["turn"]
        buf[self.o_seat + me] = 1.0
        at = self.o_turn
        buf[at] = turn / 30
        buf[at + 1 + (view["current"] - me) % 2] = 1.0
        buf[at + 3 + (view["first"] - me) % 2] = 1.0
        buf[at + 5] = 1.0 if view["over"] else 0.0
        buf[self.o_terrain + TERRAINS[view["terrain"]]] = 1.0
        buf[self.o_terrain + TERRAINS.size + ELEMENTS[view["terrain_element"]]] = 1.0
        at = self.o_flags
        buf[at] = 1.0 if view["oficina"] else 0.0
        buf[at + 1] = 1.0 if view["played_creature"] else 0.0
        buf[at + 2] = 1.0 if view["played_other"] else 0.0
        buf[at + 3] = view["actions_spent"] / 3
        for i, spent in enumerate(view["spent_places"][:PLACES]):
            buf[at + 4 + i] = 1.0 if spent else 0.0
        player_size = 3 + 3 * k + PLACES * self.slot_size
        for q, info in enumerate(view["players"]):
            r = (q - me) % 2
            at = self.o_players + r * player_size
            buf[at] = info["life"] / START_LIFE
            buf[at + 1] = info["deck_count"] / DECK
            buf[at + 2] = info["hand_count"] / 5
            at += 3
            counts(buf, at, CARDS, info["known_in_hand"], 0.5)
            counts(buf, at + k, CARDS, info["canil"], 0.5)
            counts(buf, at + 2 * k, CARDS, info.get("decklist", ()), 0.5)
            at += 3 * k
            for slot in info["field"][:PLACES]:
                if slot is not None:
                    buf[at] = 1.0
                    buf[at + 1 + CARDS[slot["card"]]] = 1.0
                    if slot["item"] is not None:
                        buf[at + 1 + k + CARDS[slot["item"]]] = 1.0
                    j = at + 1 + 2 * k
                    if slot["status"] in STATUSES:
                        buf[j + STATUSES.index(slot["status"])] = 1.0
                    if slot["status"] != "healthy":
                        buf[j + 3] = (turn - slot["status_turn"]) / 10
                    buf[j + 4] = 1.0 if slot["acted"] else 0.0
                    buf[j + 5] = 1.0 if slot["oficina"] else 0.0
                    buf[j + 6] = 1.0 if slot["lives_used"] else 0.0
                at += self.slot_size
            if r == 0:
                counts(buf, self.o_hand, CARDS, info.get("hand", ()), 0.5)


def make(num_players: int) -> SalaDeMiaulaEncoder:
    return SalaDeMiaulaEncoder(num_players)
