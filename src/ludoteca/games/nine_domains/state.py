"""The state of a game of The Nine Domains: the position, who acts, the end, copies and JSON.

Legal moves live in legal.py, what a move does (and the round's flow) in rules.py, what a
player sees and determinization in view.py.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ...engine import GameState, IllegalAction, Result, Rng
from . import legal, rules, view
from .cards import CARDS, DOMAINS, EMPTY, PILES, SPECIALS_PER_PLAYER
from .combat import domain_points
from .options import NineDomainsOptions
from .phases import DRAFT_ORDER, PHASE_NAMES, PLAYERS, POWER_NAMES, Phase

# the hot path compares plain ints (the specialised int comparison), so the phases are read as ints
DRAFTING, PLACING, POWERS, OVER = map(int, Phase)
_SPECIAL = CARDS.is_special


class NineDomainsState(GameState):
    __slots__ = (
        "bonus",
        "contested",
        "draft_pool",
        "draft_step",
        "elements_off",
        "hand",
        "history",
        "nplaced",
        "options",
        "outcomes",
        "pending",
        "phase",
        "pick",
        "piles",
        "placed",
        "reason",
        "removed",
        "rnd",
        "rng",
        "seen",
        "used",
        "winner",
        "won",
    )

    num_players = 2

    def __init__(self, game: Any, options: NineDomainsOptions) -> None:
        self.game = game
        self.options = options
        self.rng = Rng(0)
        self.phase = PLACING
        self.rnd = 0
        self.piles: list[list[int]] = [[] for _ in range(PILES)]  # top of a pile = last item
        self.won: list[list[int]] = [[], []]  # in the order they were taken
        self.removed: list[int] = []
        self.bonus = [0, 0]  # VP from 3+
        self.hand: list[list[int]] = [[], []]  # always sorted
        self.placed: list[list[int]] = [[EMPTY] * PILES, [EMPTY] * PILES]
        self.nplaced = [0, 0]
        self.used: list[list[int]] = [[], []]  # face up, in the order set aside
        self.seen: list[list[int]] = [[], []]  # sorted specials of each player both have seen
        self.history: list[list[list[int]]] = []  # per round: [cards of p0, cards of p1] by pile
        self.contested: list[list[int]] = []  # per round: domain at stake at each pile
        self.outcomes: list[list[int]] = []  # per round: winner at each pile (REMOVED: nobody)
        self.draft_pool: list[int] = []
        self.draft_step = 0
        self.pending: list[tuple[int, int, int]] = []  # (owner, SWAP|EXCHANGE, pile)
        self.pick = EMPTY  # first half of a two-step power choice
        self.elements_off = False
        self.winner = EMPTY
        self.reason = ""

    # -- who acts -------------------------------------------------------------------------
    @property
    def actors(self) -> tuple[int, ...]:
        ph = self.phase
        if ph == PLACING:
            n = self.nplaced
            return tuple(p for p in PLAYERS if n[p] < PILES)
        if ph == POWERS:
            return (self.pending[0][0],)
        if ph == DRAFTING:
            return (DRAFT_ORDER[self.draft_step],)
        return ()

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    # the rules live in their modules, the state their first argument; bound here as methods
    # (no wrapper call on the hot path)
    legal_actions = legal.legal_actions
    is_legal = legal.is_legal
    explain_illegal = legal.explain_illegal
    timeout_action = legal.timeout_action
    _apply = rules.apply

    # -- the end --------------------------------------------------------------------------
    def points(self, p: int) -> int:
        return domain_points(self.won[p]) + self.bonus[p]

    def result(self) -> Result:
        if self.phase != OVER:
            raise IllegalAction("the game is not over yet")
        vp = tuple(float(self.points(p)) for p in PLAYERS)
        w = self.winner
        if w == EMPTY:
            winners: tuple[int, ...] = PLAYERS
            ranking = (1, 1)
        else:
            winners = (w,)
            ranking = (1, 2) if w == 0 else (2, 1)
        details: dict[str, Any] = {
            "turns": len(self.history),
            "domains": [len(self.won[p]) for p in PLAYERS],
            "bonus_vp": list(self.bonus),
            "elements_ignored": self.elements_off,
        }
        if w != EMPTY and self.reason == "points" and vp[0] == vp[1]:
            details["tiebreak"] = "domains"
        return Result(winners, ranking, self.reason, vp, details)

    # -- what players see -----------------------------------------------------------------
    def view(self, player: int | None) -> dict[str, Any]:
        return view.build_view(self, player)

    def determinize(self, player: int, rng: random.Random) -> NineDomainsState:
        return view.determinize(self, player, rng)

    # -- copies and storage ---------------------------------------------------------------
    def clone(self) -> NineDomainsState:
        s = NineDomainsState.__new__(NineDomainsState)
        s.game = self.game
        s.options = self.options
        s.rng = self.rng.copy()
        s.phase = self.phase
        s.rnd = self.rnd
        s.piles = [x[:] for x in self.piles]
        s.won = [self.won[0][:], self.won[1][:]]
        s.removed = self.removed[:]
        s.bonus = self.bonus[:]
        s.hand = [self.hand[0][:], self.hand[1][:]]
        s.placed = [self.placed[0][:], self.placed[1][:]]
        s.nplaced = self.nplaced[:]
        s.used = [self.used[0][:], self.used[1][:]]
        s.seen = [self.seen[0][:], self.seen[1][:]]
        # finished rounds are never changed in place, so the inner lists can be shared
        s.history = self.history[:]
        s.contested = self.contested[:]
        s.outcomes = self.outcomes[:]
        s.draft_pool = self.draft_pool[:]
        s.draft_step = self.draft_step
        s.pending = self.pending[:]
        s.pick = self.pick
        s.elements_off = self.elements_off
        s.winner = self.winner
        s.reason = self.reason
        return s

    def to_json(self) -> dict[str, Any]:
        cid = CARDS.ids
        did = DOMAINS.ids

        def cards(xs: list[int]) -> list[str | None]:
            return [None if c == EMPTY else cid[c] for c in xs]

        return {
            "rng": self.rng.to_json(),
            "options": self.options.model_dump(mode="json"),
            "phase": PHASE_NAMES[self.phase],
            "round": self.rnd,
            "piles": [[did[d] for d in pile] for pile in self.piles],
            "won": [[did[d] for d in w] for w in self.won],
            "removed": [did[d] for d in self.removed],
            "bonus": list(self.bonus),
            "hand": [cards(h) for h in self.hand],
            "placed": [cards(x) for x in self.placed],
            "used": [cards(u) for u in self.used],
            "seen": [cards(s) for s in self.seen],
            "history": [[cards(r[0]), cards(r[1])] for r in self.history],
            "contested": [[did[d] for d in c] for c in self.contested],
            "outcomes": [list(o) for o in self.outcomes],
            "draft_pool": cards(self.draft_pool),
            "draft_step": self.draft_step,
            "pending": [[o, POWER_NAMES[k], i] for o, k, i in self.pending],
            "pick": self.pick,
            "elements_off": self.elements_off,
            "winner": self.winner,
            "reason": self.reason,
        }

    @classmethod
    def from_json(cls, game: Any, d: Mapping[str, Any]) -> NineDomainsState:
        s = cls(game, game.parse_options(d["options"], 2))
        ci = CARDS.index
        di = DOMAINS.index

        def cards(xs: list[str | None]) -> list[int]:
            return [EMPTY if c is None else ci[c] for c in xs]

        s.rng = Rng.from_json(d["rng"])
        s.phase = PHASE_NAMES.index(d["phase"])
        s.rnd = int(d["round"])
        s.piles = [[di[x] for x in pile] for pile in d["piles"]]
        s.won = [[di[x] for x in w] for w in d["won"]]
        s.removed = [di[x] for x in d["removed"]]
        s.bonus = [int(x) for x in d["bonus"]]
        s.hand = [cards(h) for h in d["hand"]]
        s.placed = [cards(x) for x in d["placed"]]
        s.nplaced = [sum(1 for c in row if c != EMPTY) for row in s.placed]
        s.used = [cards(u) for u in d["used"]]
        s.seen = [cards(x) for x in d["seen"]]
        s.history = [[cards(r[0]), cards(r[1])] for r in d["history"]]
        s.contested = [[di[x] for x in c] for c in d["contested"]]
        s.outcomes = [[int(x) for x in o] for o in d["outcomes"]]
        s.draft_pool = cards(d["draft_pool"])
        s.draft_step = int(d["draft_step"])
        s.pending = [(int(o), POWER_NAMES.index(k), int(i)) for o, k, i in d["pending"]]
        s.pick = int(d["pick"])
        s.elements_off = bool(d["elements_off"])
        s.winner = int(d["winner"])
        s.reason = str(d["reason"])
        return s

    # -- invariants (fuzz tests) ----------------------------------------------------------
    def check_invariants(self) -> None:
        for p in PLAYERS:
            mine = self.hand[p] + [c for c in self.placed[p] if c != EMPTY] + self.used[p]
            assert len(mine) == len(set(mine)), f"player {p} holds a card twice: {mine}"
            if self.phase != DRAFTING:
                assert len(mine) == len(CARDS.base) + SPECIALS_PER_PLAYER, (
                    f"player {p} owns {len(mine)} cards"
                )
            assert all(c in mine for c in CARDS.base), f"player {p} lost a base card"
            assert self.hand[p] == sorted(self.hand[p]), "a hand is kept sorted"
            assert self.nplaced[p] == sum(1 for c in self.placed[p] if c != EMPTY)
            assert set(self.seen[p]) <= set(mine), (
                f"player {p} was seen with a card they do not own"
            )
            assert set(c for c in self.used[p] if _SPECIAL[c]) <= set(self.seen[p]), (
                "a used special is unseen"
            )
        if self.options.special_deal != "independent":
            s0 = {c for c in self._owned(0) if _SPECIAL[c]}
            s1 = {c for c in self._owned(1) if _SPECIAL[c]}
            assert not s0 & s1, "both players hold the same special card from a shared pool"
        for r, rounds in enumerate(self.history):
            for p in PLAYERS:
                row = rounds[p]
                assert len(row) == PILES and EMPTY not in row, (
                    f"round {r + 1}: player {p} did not place three cards"
                )
        assert len(self.history) == len(self.contested) == len(self.outcomes)
        domains = (
            [d for pile in self.piles for d in pile] + self.won[0] + self.won[1] + self.removed
        )
        assert len(domains) == len(set(domains)), "a domain is in two places"
        placed_domains = len(self.won[0]) + len(self.won[1]) + len(self.removed)
        assert placed_domains == PILES * len(self.history), (
            "every contested domain is won or removed"
        )
        for p in PLAYERS:
            assert self.bonus[p] % max(1, max(CARDS.bonus_vp)) == 0
        if self.phase == PLACING:
            assert len(self.history) == self.rnd and not self.pending
        if self.phase == OVER:
            res = self.result()
            assert res.scores == tuple(float(self.points(p)) for p in PLAYERS), (
                "points do not add up"
            )

    def _owned(self, p: int) -> list[int]:
        return self.hand[p] + [c for c in self.placed[p] if c != EMPTY] + self.used[p]
