"""Exploding Kittens: the observation of one seat, from ``view(p)``.

The readable RL encoder, the reference (``make(num_players)``, found by
``engine.observation.encoder_for``); its compiled twin, ``compiled/observation.py``, writes the
same vector from the core's array for the doors (tests/rl/test_obs_core.py holds them equal).

Sized per player count (2..10). Card slices are indexed by the catalog's card keys in order
(``games/exploding_kittens/data/cards.toml``) plus one slot for a key the catalog lacks.
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping
from typing import Any

import numpy as np

from ...engine.observation import Encoder, Vocabulary, counts, onehot
from .cards import KEYS
from .phases import PHASES

CARDS = Vocabulary(KEYS)
PHASE = Vocabulary(PHASES)
PENDING_KINDS = Vocabulary(("play", "pair", "triple", "five"))
FIVE_COMBOS = ("different", "identical")
_K = CARDS.size
# known pile slots encoded one by one, from the top; deeper known slots are counted together
TOP_SLOTS = 8


class ExplodingKittensEncoder(Encoder):
    game_id = "exploding-kittens"

    def __init__(self, num_players: int) -> None:
        super().__init__(num_players)
        n, k = num_players, CARDS.size
        add = self.layout.add
        self.o_seat = add("seat", n, "my absolute seat, one-hot (the actions name seats)")
        self.o_phase = add("phase", PHASE.size, "phase of the turn, one-hot (main, target, ...)")
        self.o_current = add("current", n, "whose turn it is, relative seat one-hot")
        self.o_actors = add("actors", n, "seats owing a decision now, relative")
        self.o_turn = add(
            "turn",
            4,
            "direction (1 clockwise, 0 reversed); turns owed by the current player / 4; "
            "attacked flag; turns played / 100",
        )
        self.o_alive = add("alive", n, "alive flag per relative seat")
        self.o_hand_sizes = add("hand_sizes", n, "cards in hand per relative seat / 10")
        self.o_turns_by_seat = add("turns_by_seat", n, "turns played per relative seat / 30")
        self.o_gone = add(
            "gone", n * k, "cards of eliminated seats (face up), per relative seat, counts / 4"
        )
        self.o_pile = add("pile", 2, "draw pile size / 60; exploding kittens still in it / 10")
        self.o_discard = add("discard", k, "discard pile, counts per card / 4")
        self.o_discard_top = add("discard_top", k, "top card of the discard pile, one-hot")
        self.o_pend = add(
            "pending",
            1 + PENDING_KINDS.size + n + k + 1 + k + n + k + 1,
            "pending play: present; kind one-hot (play, pair, triple, five); player (relative); "
            "card one-hot; wild cats used / 4; cards picked so far (counts); target (relative); "
            "card named; Nopes played on it / 4",
        )
        self.o_window = add(
            "window",
            1 + 1 + n + n,
            "Nope window: open; Nopes so far / 4; answered per relative seat; still waiting",
        )
        self.o_limbo = add(
            "limbo", k + 2, "card out of the pile while its owner decides: none, hidden, card"
        )
        self.o_hand = add("hand", k, "my hand, counts per card / 4")
        self.o_known_top = add(
            "known_top",
            TOP_SLOTS * k,
            f"the top {TOP_SLOTS} pile slots I know (0 = next draw), card one-hot per slot",
        )
        self.o_known_bottom = add("known_bottom", k, "the bottom pile card, if I know it")
        self.o_known_deep = add(
            "known_deep", k, f"other known pile slots (below the top {TOP_SLOTS}), counts"
        )
        self.o_known_hands = add(
            "known_hands", n * k, "cards I know others hold, per relative seat, counts / 4"
        )
        self.o_answer = add("my_answer", 2, "my hidden answer in the open window: nope, pass")
        self.o_alter = add("alter", 2, "Alter the Future in hand: cards to place / 5, placed / 5")
        self.o_options = add(
            "options",
            3 + len(FIVE_COMBOS),
            "options: stacking_attacks, super_skip_passes_turns, bury_anywhere; "
            "five_card_combo one-hot (different, identical)",
        )

    def fill(self, buf: np.ndarray, view: Mapping[str, Any]) -> None:
        me = view["seat"]
        me = 0 if me is None else me
        self._fill_table(buf, view, me)
        pend = view["pending"]
        if pend is not None:
            self._fill_pending(buf, pend, me)
        window = view["window"]
        if window is not None:
            self._fill_window(buf, window, me)
        self._fill_knowledge(buf, view, me)
        self._fill_options(buf, view["options"])

    def _fill_table(self, buf: np.ndarray, view: Mapping[str, Any], me: int) -> None:
        """What everyone sees: seats, phase, turn, each seat's hand size and gone cards, the
        pile and the discard."""
        n, k = self.num_players, CARDS.size
        onehot(buf, self.o_seat, me, n)
        buf[self.o_phase + PHASE[view["phase"]]] = 1.0
        buf[self.o_current + (view["current"] - me) % n] = 1.0
        for q in view["actors"]:
            buf[self.o_actors + (q - me) % n] = 1.0
        t = self.o_turn
        buf[t] = 1.0 if view["direction"] == 1 else 0.0
        buf[t + 1] = view["turns_owed"] / 4
        buf[t + 2] = 1.0 if view["attacked"] else 0.0
        buf[t + 3] = view["turns"] / 100
        for q in range(n):
            r = (q - me) % n
            buf[self.o_alive + r] = 1.0 if view["alive"][q] else 0.0
            buf[self.o_hand_sizes + r] = view["hand_sizes"][q] / 10
            buf[self.o_turns_by_seat + r] = view["turns_by_seat"][q] / 30
            counts(buf, self.o_gone + r * k, CARDS, view["gone"][q], 0.25)
        buf[self.o_pile] = view["pile_size"] / 60
        buf[self.o_pile + 1] = view["kittens_in_pile"] / 10
        discard = view["discard"]
        counts(buf, self.o_discard, CARDS, discard, 0.25)
        if discard:
            buf[self.o_discard_top + CARDS[discard[-1]]] = 1.0

    def _fill_pending(self, buf: np.ndarray, pend: Mapping[str, Any], me: int) -> None:
        """The card or combo waiting for its Nope window."""
        n, k = self.num_players, CARDS.size
        at = self.o_pend
        buf[at] = 1.0
        at += 1
        buf[at + PENDING_KINDS[pend["kind"]]] = 1.0
        at += PENDING_KINDS.size
        buf[at + (pend["player"] - me) % n] = 1.0
        at += n
        if pend["card"] is not None:
            buf[at + CARDS[pend["card"]]] = 1.0
        at += k
        buf[at] = pend["wilds"] / 4
        at += 1
        counts(buf, at, CARDS, pend["picks"], 1.0)
        at += k
        target = pend["target"]
        if target is not None and target >= 0:
            buf[at + (target - me) % n] = 1.0
        at += n
        if pend["name"] is not None:
            buf[at + CARDS[pend["name"]]] = 1.0
        at += k
        buf[at] = pend["nopes"] / 4

    def _fill_window(self, buf: np.ndarray, window: Mapping[str, Any], me: int) -> None:
        """The open Nope window: its Nopes, who answered, who is awaited."""
        n = self.num_players
        at = self.o_window
        buf[at] = 1.0
        buf[at + 1] = window["nopes"] / 4
        for q in window["answered"]:
            buf[at + 2 + (q - me) % n] = 1.0
        for q in window["waiting"]:
            buf[at + 2 + n + (q - me) % n] = 1.0

    def _fill_knowledge(self, buf: np.ndarray, view: Mapping[str, Any], me: int) -> None:
        """What this seat knows: the card in limbo, its hand, the pile's and others' hands'
        cards it saw, its hidden answer, its Alter the Future."""
        n, k = self.num_players, CARDS.size
        ci = CARDS.index
        other = CARDS.other
        limbo = view["limbo"]
        if limbo is None:
            buf[self.o_limbo] = 1.0
        elif limbo == "hidden":
            buf[self.o_limbo + 1] = 1.0
        else:
            buf[self.o_limbo + 2 + CARDS[limbo]] = 1.0
        counts(buf, self.o_hand, CARDS, view.get("hand", ()), 0.25)
        bottom = view["pile_size"] - 1
        for pos, card in view.get("known_pile", ()):
            c = ci.get(card, other)
            if pos < TOP_SLOTS:
                buf[self.o_known_top + pos * k + c] = 1.0
            if pos == bottom:
                buf[self.o_known_bottom + c] = 1.0
            elif pos >= TOP_SLOTS:
                buf[self.o_known_deep + c] += 1.0
        for q, card in view.get("known_hands", ()):
            buf[self.o_known_hands + (q - me) % n * k + ci.get(card, other)] += 0.25
        answer = view.get("my_answer")
        if answer == "nope":
            buf[self.o_answer] = 1.0
        elif answer == "pass":
            buf[self.o_answer + 1] = 1.0
        alter = view.get("alter")
        if alter is not None:
            buf[self.o_alter] = alter["count"] / 5
            buf[self.o_alter + 1] = alter["placed"] / 5

    def _fill_options(self, buf: np.ndarray, opts: Mapping[str, Any]) -> None:
        at = self.o_options
        buf[at] = 1.0 if opts["stacking_attacks"] else 0.0
        buf[at + 1] = 1.0 if opts["super_skip_passes_turns"] else 0.0
        buf[at + 2] = 1.0 if opts["bury_anywhere"] else 0.0
        combo = opts["five_card_combo"]
        if combo in FIVE_COMBOS:
            buf[at + 3 + FIVE_COMBOS.index(combo)] = 1.0

    def template(self, options: Any) -> array:
        buf = super().template(options)
        at = self.o_options
        buf[at] = 1.0 if options.stacking_attacks else 0.0
        buf[at + 1] = 1.0 if options.super_skip_passes_turns else 0.0
        buf[at + 2] = 1.0 if options.bury_anywhere else 0.0
        if options.five_card_combo in FIVE_COMBOS:
            buf[at + 3 + FIVE_COMBOS.index(options.five_card_combo)] = 1.0
        return buf


# the discard pile's counts / 4, by the pile's cards: it changes only when cards are played,
# so most steps of a game ask for the one they asked before
_DISCARDS: dict[tuple[int, ...], array] = {}


def make(num_players: int) -> ExplodingKittensEncoder:
    return ExplodingKittensEncoder(num_players)
