"""A block of consecutive simulated games a compiled core dealt and played itself, kept as
columns: the per-game Python objects (``GameOutcome``, the match record's dicts) are built only
when asked for, one game at a time, and equal what the game-by-game runner builds."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..agents.compiled import action_json, action_texts
from ..engine import get_game
from ..engine.compiled.played import Played
from ..engine.match import RECORD_FORMAT
from . import render as R
from .outcome import GameOutcome

# each move's text in a record (UTF-8), seat by action code: "[seat, action]", then the same
# after ", " (a game's later moves); made once per game and seat count
_MOVES: dict[tuple[str, int], R.Pool] = {}


def _move_texts(game_id: str, num_players: int) -> R.Pool:
    table = _MOVES.get((game_id, num_players))
    if table is None:
        texts = action_texts(get_game(game_id))
        first = [f"[{seat}, {t}]" for seat in range(num_players) for t in texts]
        table = _MOVES[(game_id, num_players)] = R.Pool.of(first + [", " + m for m in first])
    return table


def _won_text(bits: int, num_players: int, render: R.Render) -> str:
    """The winners field of a game whose winning seats are ``bits``: a JSON list of the
    seats, or, for CSV, the seats joined by spaces."""
    seats = [s for s in range(num_players) if bits >> s & 1]
    if render is R.encode_json:
        return R.encode_json(seats)
    return render(" ".join(map(str, seats)))


@dataclass
class GameBlock:
    """Games ``first`` .. ``first + len - 1`` of a run: game ``first + k`` dealt with seed
    ``deals[k]``, seat s held by ``agents[seat_agent[k, s]]``; ``played`` holds the results
    (and the moves, where records are kept); ``options`` the record's options."""

    game_id: str
    num_players: int
    agents: list[str]
    first: int
    deals: np.ndarray  # the deal seeds (int64)
    seat_agent: np.ndarray  # (games, seats): index into agents
    played: Played
    options: dict[str, Any]
    rules_version: str

    def __len__(self) -> int:
        return len(self.played)

    @property
    def has_moves(self) -> bool:
        return self.played.codes is not None

    def drop_moves(self) -> None:
        """Forget the moves (written out already: a million games' moves would not fit)."""
        self.played.starts = self.played.seats = self.played.codes = None

    def seats(self, k: int) -> list[str]:
        return [self.agents[a] for a in self.seat_agent[k].tolist()]

    def winners(self, k: int) -> list[int]:
        return [s for s, won in enumerate(self.played.winners[k].tolist()) if won]

    def scores(self, k: int) -> list[float] | None:
        """Floats, or ints where the game's result keeps ints (the column's type says)."""
        s = self.played.scores
        return None if s is None else s[k].tolist()

    def turns(self, k: int) -> int | None:
        t = self.played.turns
        return None if t is None else int(t[k])

    def reason(self, k: int) -> str:
        return self.played.reasons[int(self.played.reason[k])]

    def moves(self, k: int) -> list[tuple[int, int]]:
        p = self.played
        if p.starts is None or p.seats is None or p.codes is None:
            raise ValueError("this block kept no moves")
        lo, hi = int(p.starts[k]), int(p.starts[k + 1])
        return list(zip(p.seats[lo:hi].tolist(), p.codes[lo:hi].tolist(), strict=True))

    def result_json(self, k: int) -> dict[str, Any]:
        """The game's ``Result.to_json()``."""
        return {
            "winners": self.winners(k),
            "ranking": self.played.ranking[k].tolist(),
            "reason": self.reason(k),
            "scores": self.scores(k),
            "details": self.played.details(k),
        }

    def outcome(self, k: int, full: bool = True) -> GameOutcome:
        """Game ``first + k`` as ``play_one`` gives it: with its whole match record where the
        moves were kept; ``full=False`` leaves the record's action list empty and gives its
        JSON text in ``actions_json`` only (what ``--out`` writes: no dict per action)."""
        seats = self.seats(k)
        deal = int(self.deals[k])
        record: dict[str, Any] = {}
        actions_json = None
        if self.has_moves:
            moves = self.moves(k)
            if full:
                table = action_json(get_game(self.game_id))
                actions: list[Any] = [[p, dict(table[c])] for p, c in moves]
            else:
                actions = []
            texts = action_texts(get_game(self.game_id))
            actions_json = ", ".join([f"[{p}, {texts[c]}]" for p, c in moves])
            record = {
                "format": RECORD_FORMAT,
                "game": self.game_id,
                "rules_version": self.rules_version,
                "num_players": self.num_players,
                "seed": deal,
                "options": json.loads(json.dumps(self.options)) if full else self.options,
                "players": list(seats),
                "actions": actions,
                "result": self.result_json(k),
            }
        return GameOutcome(
            self.first + k,
            deal,
            seats,
            self.winners(k),
            self.played.ranking[k].tolist(),
            self.scores(k),
            self.reason(k),
            int(self.played.decisions[k]),
            self.turns(k),
            record,
            actions_json,
        )

    def _row_columns(self, render: R.Render) -> dict[str, Any]:
        """The per-game fields the row and the record share, as rendered columns."""
        p = self.played
        n = self.num_players
        names = [render(a) for a in self.agents]
        seats = [R.Column(names, self.seat_agent[:, s]) for s in range(n)]
        bits = (p.winners.astype(np.int64) << np.arange(n, dtype=np.int64)).sum(axis=1)
        codes, distinct = R.dense(bits)
        won = R.Column([_won_text(b, n, render) for b in distinct], codes)
        reason = R.Column([render(r) for r in p.reasons], p.reason.astype(np.int64))
        return {"seats": seats, "winners": won, "reason": reason}

    def csv_bytes(self) -> Iterator[memoryview]:
        """Every game's CSV row as ``--out games.csv`` writes it (``OutcomeWriter.csv_row`` of
        its outcome through ``csv.writer``), in UTF-8, the block's rows in chunks of a few
        hundred KB, each made when the one before is written."""
        p = self.played
        g = len(self)
        f = R.csv_field
        cols = self._row_columns(f)
        index = np.arange(self.first, self.first + g, dtype=np.int64)
        parts: list[str | R.Column] = [*R.number_parts(index), ",", *R.number_parts(self.deals)]
        for c in [*cols["seats"], cols["winners"], cols["reason"]]:
            parts += [",", c]
        parts += [",", R.rendered(p.decisions, f), ","]
        if p.turns is not None:
            parts.append(R.rendered(p.turns, f))
        if p.scores is None:
            parts.append("," * self.num_players)
        else:
            for c in R.seat_columns(p.scores, f):
                parts += [",", c]
        parts.append("\r\n")  # csv.writer's default line end (the file keeps it: newline="")
        return R.join_rows(parts, g)

    def jsonl_bytes(self) -> Iterator[memoryview]:
        """Every game's JSON line as ``--out games.jsonl`` writes it (newline included), in
        UTF-8, the block's lines in chunks of a few hundred KB (cut between lines, each made
        when the one before is written): the same bytes as encoding each game's row and record
        (``OutcomeWriter.line``). What every game shares (the record's head, its options: for
        Sala de Miaula both decks and the name of the card catalog, under one KB) is rendered
        once a block, each move's text ``[seat, action]`` comes from a table made once per game and
        seat count, and the per-game fields from their columns (``sim/render.py``)."""
        p = self.played
        if p.starts is None or p.seats is None or p.codes is None:
            raise ValueError("this block kept no moves")
        g = len(self)
        enc = R.encode_json
        cols = self._row_columns(enc)
        seats = R.json_list(cols["seats"])
        ranking = R.json_list(R.seat_columns(p.ranking, enc))
        scores: list[str | R.Column] = (
            ["null"] if p.scores is None else R.json_list(R.seat_columns(p.scores, enc))
        )
        deal = R.number_parts(self.deals)
        index = R.number_parts(np.arange(self.first, self.first + g, dtype=np.int64))
        turns: str | R.Column = "null" if p.turns is None else R.rendered(p.turns, enc)
        head: list[str | R.Column] = [
            '{"index": ',
            *index,
            ', "seed": ',
            *deal,
            ', "seats": ',
            *seats,
            ', "winners": ',
            cols["winners"],
            ', "ranking": ',
            *ranking,
            ', "scores": ',
            *scores,
            ', "reason": ',
            cols["reason"],
            ', "decisions": ',
            R.rendered(p.decisions, enc),
            ', "turns": ',
            turns,
            f', "record": {{"format": {enc(RECORD_FORMAT)}, "game": {enc(self.game_id)}, '
            f'"rules_version": {enc(self.rules_version)}, '
            f'"num_players": {self.num_players}, "seed": ',
            *deal,
            f', "options": {enc(self.options)}, "players": ',
            *seats,
            ', "actions": [',
        ]
        tail: list[str | R.Column] = [
            '], "result": {"winners": ',
            cols["winners"],
            ', "ranking": ',
            *ranking,
            ', "reason": ',
            cols["reason"],
            ', "scores": ',
            *scores,
            ', "details": ',
            *self._details(),
            "}}}\n",
        ]
        texts = _move_texts(self.game_id, self.num_players)
        per_seat = len(texts) // (2 * self.num_players)  # texts by seat, then action code
        moves = R.Moves(texts, p.starts, p.seats, p.codes, per_seat)
        return R.join_rows_around(head, moves, tail, g)

    def _details(self) -> list[str | R.Column]:
        """The parts of every game's ``Result.details`` as JSON: from the columns the core
        names (``detail_columns``), else game by game (``details``)."""
        p = self.played
        g = len(self)
        spec = getattr(p, "detail_columns", None)
        if spec is None:
            return [R.Column([R.encode_json(p.details(k)) for k in range(g)], np.arange(g))]
        return R.json_dict(spec(), g)

    def outcomes(self, full: bool = True) -> list[GameOutcome]:
        return [self.outcome(k, full) for k in range(len(self))]
