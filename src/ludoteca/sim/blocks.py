"""A block of consecutive simulated games a compiled core dealt and played itself, kept as
columns: the per-game Python objects (``GameOutcome``, the match record's dicts) are built only
when asked for, one game at a time, and equal what the game-by-game runner builds."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..agents.compiled import action_json, action_texts
from ..engine import get_game
from ..engine.compiled.played import Played
from ..engine.match import RECORD_FORMAT
from .outcome import GameOutcome

# json.dumps(x, ensure_ascii=False), made once (dumps makes an encoder a call for such options);
# a dict's text is its items' texts joined by ", " with ": " between key and value, so a line
# put together from parts is the same bytes as encoding it whole
_encode = json.JSONEncoder(ensure_ascii=False).encode


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

    def csv_rows(self) -> list[list[Any]]:
        """Every game's CSV row as ``--out games.csv`` writes it (``OutcomeWriter.csv_row`` of
        its outcome), from the columns in a few list operations a block."""
        p = self.played
        n = self.num_players
        names = [[self.agents[a] for a in row] for row in self.seat_agent.tolist()]
        won = [" ".join(str(s) for s in range(n) if w[s]) for w in p.winners.tolist()]
        reasons = [p.reasons[r] for r in p.reason.tolist()]
        turns = [""] * len(self) if p.turns is None else p.turns.tolist()
        scores = [[""] * n] * len(self) if p.scores is None else p.scores.tolist()
        return [
            [self.first + k, int(d), *names[k], won[k], reasons[k], m, turns[k], *scores[k]]
            for k, (d, m) in enumerate(zip(self.deals.tolist(), p.decisions.tolist(), strict=True))
        ]

    def json_lines(self) -> list[str]:
        """Every game's JSON line as ``--out games.jsonl`` writes it (newline included): the
        same bytes as encoding ``outcome(k)``'s row and record, put together from parts: what
        every game of the block shares (the record's head, its options: for Sala de Miaula
        both decks and the card definitions, twelve KB) encoded once, each move's text
        ``[seat, action]`` taken from a table made once per block, so a game costs a join
        over its moves and the encoding of its few per-game fields."""
        p = self.played
        if p.starts is None or p.seats is None or p.codes is None:
            raise ValueError("this block kept no moves")
        texts = action_texts(get_game(self.game_id))
        pairs = [f"[{seat}, {t}]" for seat in range(self.num_players) for t in texts]
        moves = (p.seats * len(texts) + p.codes).tolist()
        starts = p.starts.tolist()
        head = (
            f'{{"format": {_encode(RECORD_FORMAT)}, "game": {_encode(self.game_id)}, '
            f'"rules_version": {_encode(self.rules_version)}, "num_players": {self.num_players}, '
            '"seed": '
        )
        options = f', "options": {_encode(self.options)}, "players": '
        lines = []
        for k in range(len(self)):
            deal = int(self.deals[k])
            seats = self.seats(k)
            row = _encode(
                {
                    "index": self.first + k,
                    "seed": deal,
                    "seats": seats,
                    "winners": self.winners(k),
                    "ranking": p.ranking[k].tolist(),
                    "scores": self.scores(k),
                    "reason": self.reason(k),
                    "decisions": int(p.decisions[k]),
                    "turns": self.turns(k),
                }
            )
            actions = ", ".join(map(pairs.__getitem__, moves[starts[k] : starts[k + 1]]))
            lines.append(
                f'{row[:-1]}, "record": {head}{deal}{options}{_encode(seats)}, '
                f'"actions": [{actions}], "result": {_encode(self.result_json(k))}}}}}\n'
            )
        return lines

    def outcomes(self, full: bool = True) -> list[GameOutcome]:
        return [self.outcome(k, full) for k in range(len(self))]
