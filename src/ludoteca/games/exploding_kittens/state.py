"""The state of a game of Gatinhos Explosivos: plain lists and ints, copied by hand.

Layout (all public unless said otherwise):
- ``hands[p]``: counts per card code (hidden: only p sees them); ``hn[p]``: hand sizes.
- ``pile``: the draw pile, bottom first, so the top is ``pile[-1]`` and drawing is ``pop()``
  (hidden). ``pk`` runs parallel to it: a bitmask per card of the seats that know that card
  (who saw it in the future, who put a kitten there). Moving a card moves its mask.
- ``hk[o]``: cards observer o knows another player holds, as ``holder * 32 + card`` (a card o
  gave away, one o saw drawn from a slot o knew, a card taken publicly).
- turn: ``cur`` (active seat), ``dir`` (+1 / -1), ``owed`` (turns still owed, the current one
  included), ``attacked`` (those turns came from an attack: what stacking passes on).
- ``phase`` and the pending play: ``pend`` (card code, or PAIR/TRIPLE/FIVE), ``pcard``,
  ``pwilds``, ``ptarget``, ``pname``, ``picks``; the Nope window: ``nopes`` (Nopes counted so
  far), ``answered`` and ``wants`` (bitmasks; who asked to Nope is hidden until it counts).
- ``limbo``: a card out of the pile while its owner decides where it goes (the kitten being
  defused, the card being buried); ``lmask`` who knows it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...engine.errors import DataError, IllegalAction
from ...engine.game import GameState
from ...engine.reactions import ReactionWindow
from ...engine.result import Result
from ...engine.rng import Rng
from . import actions as A
from . import legacy, legal, rules, storage, view
from .cards import KITTEN, NK, deck_with
from .options import Options
from .phases import BURY_PHASE, DEFUSE_PHASE, MAIN, NO_PEND, OVER, WINDOW
from .view import determinize as _determinize

if TYPE_CHECKING:
    from .game import ExplodingKittens


class EKState(GameState):
    __slots__ = (
        "_actors",
        "_unseen",
        "ai",
        "ak",
        "alive",
        "alive_t",
        "answered",
        "attacked",
        "cur",
        "dir",
        "discard",
        "game",
        "gone",
        "hands",
        "hk",
        "hn",
        "limbo",
        "lmask",
        "nopes",
        "num_players",
        "o_bury_any",
        "o_five_diff",
        "o_sspass",
        "o_stack",
        "options",
        "out",
        "owed",
        "pcard",
        "pend",
        "phase",
        "picks",
        "pile",
        "pk",
        "pname",
        "ptarget",
        "pwilds",
        "rng",
        "tturns",
        "turns",
        "wants",
    )

    game: ExplodingKittens

    def __init__(self, game: ExplodingKittens, n: int, options: Options, rng: Rng) -> None:
        self.game = game
        self.num_players = n
        self.options = options
        self.o_stack = options.stacking_attacks
        self.o_sspass = options.super_skip_passes_turns
        self.o_bury_any = options.bury_anywhere
        self.o_five_diff = options.five_card_combo == "different"
        self.rng = rng
        self.hands: list[list[int]] = [[0] * NK for _ in range(n)]
        self.hn: list[int] = [0] * n
        self.pile: list[int] = []
        self.pk: list[int] = []
        self.discard: list[int] = []
        self.alive: list[bool] = [True] * n
        self.alive_t: tuple[int, ...] = tuple(range(n))
        self.out: list[int] = []
        self.gone: list[list[int]] = [[] for _ in range(n)]
        self.hk: list[list[int]] = [[] for _ in range(n)]
        self.cur = 0
        self.dir = 1
        self.owed = 1
        self.attacked = False
        self.phase = MAIN
        self.pend = NO_PEND
        self.pcard = -1
        self.pwilds = 0
        self.ptarget = -1
        self.pname = -1
        self.picks: list[int] = []
        self.nopes = 0
        self.answered = 0
        self.wants = 0
        self.ak = 0
        self.ai = 0
        self.limbo = -1
        self.lmask = 0
        self.turns = 0
        self.tturns: list[int] = [0] * n
        self._actors: tuple[int, ...] = (0,)
        # determinize's pool of what one seat has not seen, kept between calls (view.py)
        self._unseen: tuple[Any, ...] | None = None

    # -- the contract -------------------------------------------------------------------
    @property
    def actors(self) -> tuple[int, ...]:
        return self._actors

    # the hot path: the rule functions themselves are the methods (no extra call layer)
    legal_actions = legal.legal_actions  # type: ignore[assignment]
    is_legal = legal.is_legal  # type: ignore[assignment]
    explain_illegal = legal.explain_illegal  # type: ignore[assignment]
    timeout_action = legal.timeout_action  # type: ignore[assignment]
    _apply = rules.apply  # type: ignore[assignment]

    def reaction_window(self) -> ReactionWindow | None:
        """The Nope window: every seat still in that has not answered may Nope or pass."""
        if self.phase != WINDOW:
            return None
        return ReactionWindow(self._actors, A.PASS, view.window_about(self))

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def result(self) -> Result:
        if self.phase != OVER:
            raise IllegalAction("the game is still running")
        winner = self.alive_t[0]
        n = self.num_players
        ranking = [0] * n
        ranking[winner] = 1
        for place, p in enumerate(reversed(self.out), start=2):
            ranking[p] = place
        return Result(
            (winner,),
            tuple(ranking),
            "last_standing",
            None,
            {"turns": self.turns, "turns_by_seat": list(self.tturns), "eliminated": list(self.out)},
        )

    def view(self, player: int | None) -> dict[str, Any]:
        return view.view(self, player)

    # ISMCTS calls it every iteration: the function itself, no extra call layer
    determinize = _determinize  # type: ignore[assignment]

    # -- copies -------------------------------------------------------------------------
    def clone(self) -> EKState:
        c = self.copy_public()
        c.rng = Rng(self.rng.state)
        c.hands = [h[:] for h in self.hands]
        c.pile = self.pile[:]
        c.pk = self.pk[:]
        c.hk = [k[:] for k in self.hk]
        return c

    def copy_public(self) -> EKState:
        """A copy of everything but the generator, the hands, the pile with its masks and
        what each seat knows of others' hands, which the caller sets (``clone`` copies
        them; ``determinize`` re-deals them, so copying them first would be wasted)."""
        c = EKState.__new__(EKState)
        c.game = self.game
        c.num_players = self.num_players
        c.options = self.options
        c.o_stack = self.o_stack
        c.o_sspass = self.o_sspass
        c.o_bury_any = self.o_bury_any
        c.o_five_diff = self.o_five_diff
        c.hn = self.hn[:]
        c.discard = self.discard[:]
        c.alive = self.alive[:]
        c.alive_t = self.alive_t
        c.out = self.out[:]
        c.gone = [g[:] for g in self.gone]
        c.cur = self.cur
        c.dir = self.dir
        c.owed = self.owed
        c.attacked = self.attacked
        c.phase = self.phase
        c.pend = self.pend
        c.pcard = self.pcard
        c.pwilds = self.pwilds
        c.ptarget = self.ptarget
        c.pname = self.pname
        c.picks = self.picks[:]
        c.nopes = self.nopes
        c.answered = self.answered
        c.wants = self.wants
        c.ak = self.ak
        c.ai = self.ai
        c.limbo = self.limbo
        c.lmask = self.lmask
        c.turns = self.turns
        c.tturns = self.tturns[:]
        c._actors = self._actors
        c._unseen = None
        return c

    # -- storage: JSON in words (docs/rules/exploding-kittens.md, "State JSON") ---------------
    def to_json(self) -> dict[str, Any]:
        return storage.state_json(self)

    @classmethod
    def from_json(cls, game: ExplodingKittens, d: Mapping[str, Any]) -> EKState:
        try:
            if legacy.is_v2_state(d):
                d = legacy.upgrade_state(d)
            n = int(d["players"])
            st = cls(game, n, game.parse_options(d["options"], n), Rng.from_json(d["rng"]))
            storage.load_state(st, d)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
            raise DataError(
                f"exploding-kittens: not a saved state ({type(e).__name__}: {e})"
            ) from None
        return st

    # -- invariants (the fuzz tests call this after every step) ---------------------------
    def check_invariants(self) -> None:
        n = self.num_players
        counts = [0] * NK
        for p in range(n):
            h = self.hands[p]
            assert min(h) >= 0, f"negative count in hand {p}"
            assert sum(h) == self.hn[p], f"hand size of {p} is wrong"
            assert self.alive[p] or self.hn[p] == 0, f"eliminated {p} still holds cards"
            for c in range(NK):
                counts[c] += h[c]
            for c in self.gone[p]:
                counts[c] += 1
        for c in self.pile:
            counts[c] += 1
        for c in self.discard:
            counts[c] += 1
        if self.limbo >= 0:
            counts[self.limbo] += 1
        assert tuple(counts) == deck_with(n, self.options.extra_cards), (
            "a card is missing or duplicated"
        )
        assert len(self.pk) == len(self.pile)
        kittens = self.pile.count(KITTEN) + (self.limbo == KITTEN)
        assert kittens == len(self.alive_t) - 1, "kittens in the pile must be players still in - 1"
        assert KITTEN not in self.discard
        for o in range(n):
            known = [0] * (n * 32)
            for x in self.hk[o]:
                known[x] += 1
                holder, c = x >> 5, x & 31
                assert holder != o and known[x] <= self.hands[holder][c], (
                    f"{o} knows a card that is not there"
                )
        assert len(self.alive_t) >= 1
        if self.phase == OVER:
            assert len(self.alive_t) == 1 and self._actors == ()
        else:
            assert self.alive[self.cur], "the active player is out"
            assert self.owed >= 1
            assert self.pile or self.phase in (DEFUSE_PHASE, BURY_PHASE)
