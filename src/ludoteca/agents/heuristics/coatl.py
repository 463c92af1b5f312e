"""A Coatl player that builds toward the Prophecies in its hand.

One-step lookahead: it draws one determinization of what it cannot see (``handle.sample``),
tries each legal action on a copy and keeps the one whose position it likes best. The position
value counts finished Coatls at their real score, cards beside unfinished Coatls at most of
what they score now, Prophecies in hand by how well they already fit an unfinished Coatl, and
pieces on the board by how many hand Prophecies ask for their colour. Assembly steps are small
actions, so the lookahead walks a whole assembly one piece or card at a time.
"""

from __future__ import annotations

import random
from typing import Any

from ...engine import Action, SeatHandle
from ...games.coatl.cards import PROPHECIES
from ...games.coatl.constants import BODY, NUM_COLOURS
from ...games.coatl.patterns import prophecy_points, temple_points
from ...games.coatl.scoring import coatl_points
from ..base import Agent

# weights of the position value (tuned on random opponents, see the closing report)
W_ATTACHED = 0.9  # a card beside an unfinished Coatl, per point it scores now
W_CARD = 0.2  # a Prophecy in hand
W_FIT = 0.6  # ... per point it could score on the best unfinished Coatl (now or nearly)
W_PIECE_COATL = 0.3  # a piece already in an unfinished Coatl
W_END = 1.0  # an unfinished Coatl's head or tail (it is closer to finished)
W_TEMPLE_FIT = 0.4  # per point a Temple in reach would give an unfinished Coatl now
W_PIECE_BOARD = 0.25  # a piece on the board
W_WANTED = 0.12  # ... per hand Prophecy that names its colour
W_TEMPLE = 0.4  # a Temple in hand
W_TOKEN = 0.3  # an unspent sacrifice token (spend it when it buys more than this)
W_FINISHED = 2.0  # a finished Coatl beyond its points: it brings the end nearer, and frees a slot
W_FIRST_END = 0.6  # the first head (tail) on the board; more of them are worth little
W_MORE_ENDS = 0.05
W_NEEDED_END = 0.8  # ... more while a Coatl with cards beside it lacks that end


def _prefix_progress(
    seq: list[int], pattern: tuple[int, ...], front_open: bool, back_open: bool
) -> int:
    """How many pieces of ``pattern`` already sit at an open end, ready to be continued."""
    best = 0
    n = len(pattern)
    for k in range(min(n - 1, len(seq)), 0, -1):
        if back_open and tuple(seq[-k:]) == pattern[:k]:
            best = k
            break
    for k in range(min(n - 1, len(seq)), best, -1):
        if front_open and tuple(seq[:k]) == pattern[-k:]:
            best = k
            break
    return best


def progress(t: int, seq: list[int], front_open: bool, back_open: bool) -> float:
    """0..1: how far Coatl ``seq`` is toward Prophecy ``t``'s first tier, along open ends."""
    p = PROPHECIES[t]
    c = p.colours
    f = p.family
    if f == "colour_count":
        return min(seq.count(c[0]), 3) / 3
    if f in ("exact_pair", "trio"):
        need = 2 if f == "exact_pair" else 3
        run = 0
        if back_open:
            while run < len(seq) and seq[-1 - run] == c[0]:
                run += 1
        if front_open and not run:
            while run < len(seq) and seq[run] == c[0]:
                run += 1
        return min(run, need - 1) / need
    if f == "bridge":
        pat: tuple[int, ...] = (c[0], c[1], c[2])
        return _prefix_progress(seq, pat, front_open, back_open) / 3
    if f == "mirror":
        pat = (c[0], c[1], -1, c[1], c[0])
        if back_open and len(seq) >= 3:
            for i in range(len(seq) - 2):
                if seq[i] == c[0] and seq[i + 1] == c[1]:
                    return 0.8 if seq[-1] == c[1] and i + 3 < len(seq) else 0.6
        return _prefix_progress(seq, pat, front_open, back_open) / 5
    return _prefix_progress(seq, c, front_open, back_open) / len(c)


def card_potential(t: int, open_coatls: list[tuple[list[int], bool, bool]]) -> float:
    """Points card ``t`` scores now on an open Coatl, or a share of them by its progress."""
    first = PROPHECIES[t].tiers[0][1]
    best = 0.0
    for seq, front, back in open_coatls:
        now = prophecy_points(t, seq)
        if now:
            best = max(best, float(now))
        elif front or back:
            best = max(best, 0.7 * first * progress(t, seq, front, back) ** 2)
    return best


def position_value(state: Any, me: int) -> float:
    pl = state.players[me]
    v = 0.0
    open_coatls: list[tuple[list[int], bool, bool]] = []
    temples = list(pl.temples) + list(pl.promised) + [pile[-1] for pile in state.piles if pile]
    for c in pl.coatls:
        if c.done:
            v += coatl_points(c) + W_FINISHED
            continue
        seq = c.colours()
        head, tail = c.has_head(), c.has_tail()
        open_coatls.append((seq, not head, not tail))
        v += W_ATTACHED * sum(prophecy_points(t, seq) for t in c.prophecies)
        v += W_PIECE_COATL * len(seq) + W_END * (head + tail)
        if c.prophecies:
            v += W_TEMPLE_FIT * max((temple_points(t, seq) for t in temples), default=0)
    wanted = [0] * NUM_COLOURS
    for t in pl.hand:
        v += W_CARD + W_FIT * card_potential(t, open_coatls)
        for col in set(PROPHECIES[t].colours):
            wanted[col] += 1
    ends = [0, 0, 0]
    # a head (tail) is worth more while a Coatl with cards beside it still lacks one
    need = [0.0, 0.0, 0.0]
    for c in pl.coatls:
        if not c.done and c.prophecies:
            if not c.has_head():
                need[0] = W_NEEDED_END
            if not c.has_tail():
                need[2] = W_NEEDED_END
    for code in pl.board:
        kind = code // NUM_COLOURS
        if kind == BODY:
            v += W_PIECE_BOARD + W_WANTED * wanted[code % NUM_COLOURS]
        else:
            # one head and one tail in reserve is what a Coatl needs; hoarding helps nobody
            v += W_FIRST_END + need[kind] if ends[kind] == 0 else W_MORE_ENDS
            ends[kind] += 1
    v += W_TEMPLE * (len(pl.temples) + len(pl.promised)) + W_TOKEN * sum(pl.tokens)
    return v


class HeuristicAgent(Agent):
    name = "heuristic"

    def __init__(self, seed: int = 0, noise: float = 0.01) -> None:
        super().__init__(seed)
        self.noise = float(noise)

    def act(self, handle: SeatHandle) -> Action:
        legal = handle.legal_actions()
        if len(legal) == 1:
            return legal[0]
        base = handle.sample(random.Random(self.rng.getrandbits(64)))
        me = handle.player
        best: list[Action] = []
        best_v = float("-inf")
        for a in legal:
            s = base.clone()
            s.apply(me, a)
            v = position_value(s, me) + self.noise * self.rng.random()
            if v > best_v:
                best_v = v
                best = [a]
        return best[0]
