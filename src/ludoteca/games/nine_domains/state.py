"""The state of a game of The Nine Domains, and the round's flow.

A round: both players place their three cards face down, one ``Place`` at a time and at the
same time (both are actors until each has placed three). When the sixth card is down, the
cards are revealed and the three combats are fought; the domains go to the winners (or are
removed on identical cards), 3+ scores its VP, and the cards are set aside face up. Then the
follow-up powers (2- swap, 3- exchange) are resolved left to right by pile, each by its owner;
then the element check; then the next round, or the end after round 3.
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Mapping
from typing import Any

from ...engine import Action, Event, GameState, IllegalAction, Result, Rng
from .actions import (
    DECLINE,
    DISCARD,
    DRAFT,
    PLACE,
    RECOVER,
    SWAP_GIVE,
    SWAP_TAKE,
    Decline,
    Discard,
    Draft,
    Place,
    Recover,
    SwapGive,
    SwapTake,
)
from .cards import CARDS, DOMAINS, PILES, ROUNDS, SPECIALS_PER_PLAYER
from .combat import REMOVED, domain_points, fight, has_all_elements, margin, modifiers
from .options import NineDomainsOptions

DRAFTING, PLACING, POWERS, OVER = 0, 1, 2, 3
PHASES = ("draft", "place", "power", "over")
SWAP, EXCHANGE = 0, 1
POWER_NAMES = ("swap", "exchange")
EMPTY = -1
# snake order for the open draft of specials: seat 0 picks first, seat 1 answers with two
DRAFT_ORDER = (0, 1, 1, 0, 0, 1)
PLAYERS = (0, 1)

_VALUE = CARDS.value
_POWER = CARDS.power
_SPECIAL = CARDS.is_special
_INDEX = CARDS.index


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

    # -- setup ----------------------------------------------------------------------------
    @classmethod
    def new(cls, game: Any, seed: int, options: NineDomainsOptions) -> NineDomainsState:
        s = cls(game, options)
        rng = s.rng = Rng(seed)
        deck = list(range(len(DOMAINS)))
        rng.shuffle(deck)
        size = DOMAINS.pile_size
        s.piles = [deck[i * size : (i + 1) * size] for i in range(PILES)]
        base = list(CARDS.base)
        k = SPECIALS_PER_PLAYER
        if options.special_deal == "draft":
            s.hand = [base[:], base[:]]
            s.draft_pool = list(CARDS.specials)
            s.phase = DRAFTING
        elif options.special_deal == "independent":
            s.hand = [sorted(base + rng.sample(CARDS.specials, k)) for _ in PLAYERS]
        else:
            pool = list(CARDS.specials)
            rng.shuffle(pool)
            s.hand = [sorted(base + pool[:k]), sorted(base + pool[k : 2 * k])]
        return s

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

    def legal_actions(self, player: int) -> list[Action]:
        ph = self.phase
        if ph == PLACING:
            if player not in PLAYERS or self.nplaced[player] >= PILES:
                return []
            row = self.placed[player]
            free = [i for i in range(PILES) if row[i] == EMPTY]
            return [PLACE[c][i] for c in self.hand[player] for i in free]
        if ph == POWERS:
            owner, kind, _ = self.pending[0]
            if player != owner:
                return []
            out: list[Action]
            if kind == SWAP:
                if self.pick == EMPTY:
                    out = [SWAP_GIVE[d] for d in sorted(self.won[owner])]
                else:
                    out = [SWAP_TAKE[d] for d in sorted(self.won[1 - owner])]
            elif self.pick == EMPTY:
                out = [RECOVER[c] for c in self.recoverable(owner)]
            else:
                out = [DISCARD[c] for c in self.hand[owner]]
            out.append(DECLINE)
            return out
        if ph == DRAFTING and player == DRAFT_ORDER[self.draft_step]:
            return [DRAFT[c] for c in self.draft_pool]
        return []

    def is_legal(self, player: int, action: Action) -> bool:
        if type(action) is Place:
            if self.phase != PLACING or player not in PLAYERS or self.nplaced[player] >= PILES:
                return False
            c = _INDEX.get(action.card) if isinstance(action.card, str) else None
            pile = action.pile
            return (
                c is not None
                and c in self.hand[player]
                and type(pile) is int
                and 0 <= pile < PILES
                and self.placed[player][pile] == EMPTY
            )
        return action in self.legal_actions(player)

    def recoverable(self, player: int) -> list[int]:
        """Used cards the 3- may take back (option exchange_this_round), sorted."""
        used = self.used[player]
        if not self.options.exchange_this_round and self.history:
            this_round = self.history[-1][player]
            used = [c for c in used if c not in this_round]
        return sorted(used)

    def explain_illegal(self, player: int, action: Action) -> str:
        ph = PHASES[self.phase]
        t = type(action)
        if t is Place:
            assert isinstance(action, Place)
            if self.phase != PLACING:
                return f"cards are placed at the start of a round; now it is the {ph} phase"
            if action.card not in _INDEX:
                return f"there is no card {action.card!r}"
            if not isinstance(action.pile, int) or not 0 <= action.pile < PILES:
                return f"pile must be 0, 1 or 2, not {action.pile!r}"
            if _INDEX[action.card] not in self.hand[player]:
                return f"card {action.card} is not in your hand"
            return f"you already placed a card in front of pile {action.pile}"
        if t is Draft:
            if self.phase != DRAFTING:
                return "the draft of special cards is over (or was not chosen in the options)"
            return f"card {getattr(action, 'card', '?')} is not in the draft pool"
        if self.phase != POWERS:
            return f"no power is being resolved; now it is the {ph} phase"
        _, kind, _ = self.pending[0]
        wanted = {
            (SWAP, True): "choose one of your domains to give (swap_give) or decline",
            (SWAP, False): "choose one of your opponent's domains to take (swap_take) or decline",
            (EXCHANGE, True): "choose one of your used cards to take back (recover) or decline",
            (EXCHANGE, False): "choose a card of your hand to set aside (discard) or decline",
        }[(kind, self.pick == EMPTY)]
        return f"{self.game.describe_action(action, 'en')} is not possible now: {wanted}"

    def timeout_action(self, player: int) -> Action:
        """The clock: place the lowest card of the hand on the first free pile; draft the first
        special of the pool; decline a power."""
        if player in self.actors:
            if self.phase == PLACING:
                c = min(self.hand[player], key=lambda x: (_VALUE[x], x))
                return PLACE[c][self.placed[player].index(EMPTY)]
            if self.phase == DRAFTING:
                return DRAFT[self.draft_pool[0]]
            return DECLINE
        if self.is_over:
            raise IllegalAction("the game is over")
        raise IllegalAction(f"player {player!r} has no decision to make now")

    # -- playing --------------------------------------------------------------------------
    def _apply(self, player: int, action: Action) -> list[Event]:
        t = type(action)
        if t is Place:
            assert isinstance(action, Place)
            return self._place(player, _INDEX[action.card], action.pile)
        if t is Draft:
            assert isinstance(action, Draft)
            return self._draft(player, _INDEX[action.card])
        if t is Decline:
            kind = self.pending[0][1]
            ev = [Event("declined", {"player": player, "power": POWER_NAMES[kind]})]
            return ev + self._power_done()
        if t is SwapGive:
            assert isinstance(action, SwapGive)
            self.pick = DOMAINS.index[action.domain]
            return [Event("swap_offered", {"player": player, "domain": action.domain})]
        if t is SwapTake:
            assert isinstance(action, SwapTake)
            return self._swap(player, self.pick, DOMAINS.index[action.domain]) + self._power_done()
        if t is Recover:
            assert isinstance(action, Recover)
            self.pick = _INDEX[action.card]
            return [Event("recover_chosen", {"player": player, "card": action.card})]
        if t is Discard:
            assert isinstance(action, Discard)
            return self._exchange(player, self.pick, _INDEX[action.card]) + self._power_done()
        raise IllegalAction(f"unknown action {action!r}")  # pragma: no cover - legality checked

    def _place(self, p: int, card: int, pile: int) -> list[Event]:
        self.hand[p].remove(card)
        self.placed[p][pile] = card
        self.nplaced[p] += 1
        events = [
            Event("placed", {"player": p, "count": self.nplaced[p]}),
            Event(
                "placed_own", {"player": p, "card": CARDS.ids[card], "pile": pile}, frozenset((p,))
            ),
        ]
        if self.nplaced[0] == PILES and self.nplaced[1] == PILES:
            events += self._resolve_round()
        return events

    def _draft(self, p: int, card: int) -> list[Event]:
        self.draft_pool.remove(card)
        insort(self.hand[p], card)
        insort(self.seen[p], card)  # an open draft: both players saw the pick
        self.draft_step += 1
        events = [Event("drafted", {"player": p, "card": CARDS.ids[card]})]
        if self.draft_step == len(DRAFT_ORDER):
            self.phase = PLACING
            events.append(Event("round_started", {"round": 1}))
        return events

    def _resolve_round(self) -> list[Event]:
        opts = self.options
        cards = [self.placed[0], self.placed[1]]
        previous = self.history[-1] if self.history else None
        total, plus = modifiers(cards, previous, self.rnd, opts.four_plus_target == "opponent")
        tie = total if opts.malus_counts_as_bonus else plus
        ids = CARDS.ids
        events = [
            Event(
                "revealed",
                {
                    "round": self.rnd + 1,
                    "cards0": " ".join(ids[c] for c in cards[0]),
                    "cards1": " ".join(ids[c] for c in cards[1]),
                },
            )
        ]
        contested = [pile.pop() for pile in self.piles]
        outcome = []
        for i in range(PILES):
            a, b = cards[0][i], cards[1][i]
            sa, sb = _VALUE[a] + total[0][i], _VALUE[b] + total[1][i]
            w, by_effect = fight(a, sa, tie[0][i], b, sb, tie[1][i])
            d = contested[i]
            outcome.append(w)
            if w == REMOVED:
                self.removed.append(d)
                events.append(
                    Event(
                        "domain_removed",
                        {"pile": i, "domain": DOMAINS.ids[d], "card": ids[a], "other": ids[b]},
                    )
                )
                continue
            self.won[w].append(d)
            wc, lc = cards[w][i], cards[1 - w][i]
            ws, ls = (sa, sb) if w == 0 else (sb, sa)
            events.append(
                Event(
                    "domain_won",
                    {
                        "player": w,
                        "pile": i,
                        "domain": DOMAINS.ids[d],
                        "card": ids[wc],
                        "other": ids[lc],
                        "strength": "*" if CARDS.no_strength[wc] else ws,
                        "other_strength": "*" if CARDS.no_strength[lc] else ls,
                        "how": "effect" if by_effect else ("tie" if ws == ls else "strength"),
                    },
                )
            )
            power = _POWER[wc]
            if power == "victory_bonus":
                m = margin(wc, ws, lc, ls, by_effect, opts.three_plus_effect_win_scores)
                if m is not None and m >= CARDS.bonus_margin[wc]:
                    self.bonus[w] += CARDS.bonus_vp[wc]
                    events.append(
                        Event(
                            "victory_bonus",
                            {"player": w, "card": ids[wc], "vp": CARDS.bonus_vp[wc]},
                        )
                    )
            elif power == "swap_domain":
                self.pending.append((w, SWAP, i))
            elif power == "exchange_card":
                self.pending.append((w, EXCHANGE, i))
        # the revealed cards are set aside face up: public from now on
        for p in PLAYERS:
            row = cards[p]
            self.used[p].extend(row)
            for c in row:
                if _SPECIAL[c] and c not in self.seen[p]:
                    insort(self.seen[p], c)
        self.history.append([cards[0][:], cards[1][:]])
        self.contested.append(contested)
        self.outcomes.append(outcome)
        self.placed = [[EMPTY] * PILES, [EMPTY] * PILES]
        self.nplaced = [0, 0]
        self.phase = POWERS
        return events + self._next_power()

    def _next_power(self) -> list[Event]:
        """Skip the pending powers that have nothing to act on; end the round when none is left."""
        events: list[Event] = []
        self.pick = EMPTY
        while self.pending:
            owner, kind, pile = self.pending[0]
            if kind == SWAP and self.won[owner] and self.won[1 - owner]:
                return events
            if kind == EXCHANGE and self.hand[owner] and self.recoverable(owner):
                return events
            self.pending.pop(0)
            events.append(
                Event("power_unusable", {"player": owner, "power": POWER_NAMES[kind], "pile": pile})
            )
        return events + self._end_round()

    def _power_done(self) -> list[Event]:
        self.pending.pop(0)
        return self._next_power()

    def _swap(self, p: int, give: int, take: int) -> list[Event]:
        mine, theirs = self.won[p], self.won[1 - p]
        mine[mine.index(give)] = take
        theirs[theirs.index(take)] = give
        return [Event("swap", {"player": p, "gave": DOMAINS.ids[give], "took": DOMAINS.ids[take]})]

    def _exchange(self, p: int, recover: int, discard: int) -> list[Event]:
        used = self.used[p]
        used.remove(recover)
        used.append(discard)
        hand = self.hand[p]
        hand.remove(discard)
        insort(hand, recover)
        if _SPECIAL[discard] and discard not in self.seen[p]:
            insort(self.seen[p], discard)
        return [
            Event(
                "exchange",
                {"player": p, "recovered": CARDS.ids[recover], "discarded": CARDS.ids[discard]},
            )
        ]

    def _end_round(self) -> list[Event]:
        events: list[Event] = []
        if not self.elements_off:
            done = [has_all_elements(self.won[p]) for p in PLAYERS]
            if done[0] and done[1]:
                self.elements_off = True
                events.append(Event("elements_ignored", {"round": self.rnd + 1}))
            elif done[0] or done[1]:
                w = 0 if done[0] else 1
                self._finish(w, "elements")
                events.append(Event("won_by_elements", {"player": w}))
                return events
        self.rnd += 1
        if self.rnd < ROUNDS:
            self.phase = PLACING
            events.append(Event("round_started", {"round": self.rnd + 1}))
            return events
        vp = [self.points(p) for p in PLAYERS]
        if vp[0] != vp[1]:
            w = 0 if vp[0] > vp[1] else 1
            self._finish(w, "points")
            events.append(Event("won_by_points", {"player": w, "vp": vp[w], "other_vp": vp[1 - w]}))
        elif self.options.vp_tie == "domains" and len(self.won[0]) != len(self.won[1]):
            w = 0 if len(self.won[0]) > len(self.won[1]) else 1
            self._finish(w, "points")
            events.append(Event("won_by_domains", {"player": w, "vp": vp[w]}))
        else:
            self._finish(EMPTY, "draw")
            events.append(Event("drawn", {"vp": vp[0]}))
        return events

    def _finish(self, winner: int, reason: str) -> None:
        self.phase = OVER
        self.winner = winner
        self.reason = reason
        self.pending = []
        self.pick = EMPTY

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
        from .view import build_view

        return build_view(self, player)

    def determinize(self, player: int, rng: random.Random) -> NineDomainsState:
        from .hidden import determinize

        return determinize(self, player, rng)

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
            "phase": PHASES[self.phase],
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
        s.phase = PHASES.index(d["phase"])
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
