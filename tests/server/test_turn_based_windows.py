"""Reaction windows at turn-based tables (docs/rules/exploding-kittens.md, decision 19): a
window stays open the rule's fixed length whatever the hands (its closing time is a row, no
task), closes at once when every seat of it has answered, and at its time the server passes
for the seats still owing an answer."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

import ludoteca
from ludoteca.server import create_app
from ludoteca.server.turn_rules import RULES
from ludoteca.server.turn_store import WINDOW

from .helpers import move, state, wait_for
from .test_turn_based import advance, moves, new_table, rows_of, turn_settings


def test_a_window_lasts_the_same_whoever_holds_a_nope_and_closes_at_its_time(
    tmp_path: Path,
) -> None:
    settings = turn_settings(tmp_path / "db.sqlite3")
    with TestClient(create_app(settings)) as c:
        lengths, holders = set(), set()
        for _ in range(6):  # new deals: who holds a Nope changes, the window's length does not
            tid, tokens = new_table(c, game="react-toy")
            st = state(c, tid, tokens[0])
            score = next(a["action"] for a in st["legal"] if a["action"]["type"] == "score")
            assert move(c, tid, tokens[0], score, st["move"]).status_code == 200
            row = wait_for(lambda tid=tid: rows_of(settings, tid).get(WINDOW))
            lengths.add(round((row.due_at - row.started_at).total_seconds()))
            holders.add(
                tuple(
                    any(a["action"]["type"] == "nope" for a in state(c, tid, tokens[p])["legal"])
                    for p in (0, 1)
                )
            )
            assert c.app.state.manager.tables[tid].window.task is None  # type: ignore[attr-defined]
        assert lengths == {RULES.window_seconds}
        assert len(holders) > 1  # the deals did differ
        # the last table: nobody answers; at the window's time the server passes for both
        advance(c, RULES.window_seconds - 5)
        assert moves(settings, tid) == [(0, "player")]
        advance(c, 10)
        wait_for(lambda: len(moves(settings, tid)) == 3)
        assert moves(settings, tid) == [(0, "player"), (0, "window"), (1, "window")]
        assert WINDOW not in rows_of(settings, tid)


def test_every_seats_pass_closes_a_window_at_once(tmp_path: Path) -> None:
    settings = turn_settings(tmp_path / "db.sqlite3")
    with TestClient(create_app(settings)) as c:
        tid, tokens = new_table(c, game="react-toy")
        st = state(c, tid, tokens[0])
        score = next(a["action"] for a in st["legal"] if a["action"]["type"] == "score")
        move(c, tid, tokens[0], score, st["move"])
        for p in (0, 1):
            assert move(c, tid, tokens[p], {"type": "pass"}, 1).status_code == 200
        assert [by for _, by in moves(settings, tid)] == ["player", "window", "window"]
        rows = rows_of(settings, tid)
        assert WINDOW not in rows and rows[1].due_at is not None  # seat 1's turn, its deadline


def test_the_rules_for_players_state_the_datas_window_length() -> None:
    minutes = RULES.window_seconds // 60
    root = Path(ludoteca.__file__).parent / "help" / "rules"
    for lang, words in (("en", f"open {minutes} minutes"), ("pt-BR", f"aberta {minutes} minutos")):
        assert words in (root / f"exploding-kittens.{lang}.md").read_text(encoding="utf-8")
