"""``ludoteca replay``: step through a saved match, as a spectator or from one seat."""

from __future__ import annotations

import json
from pathlib import Path

from rich.rule import Rule

from ..engine import Action, DataError, Game, GameState, MatchRecord
from ..engine.events import visible_events
from ..render import render_view
from .common import console, msg


def load_record(path: Path, index: int | None) -> MatchRecord:
    """A match record file, or line ``index`` of a simulation's JSON Lines output."""
    if path.suffix.lower() == ".jsonl":
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except OSError as e:
            raise DataError(f"{path}: {e}") from None
        i = index or 0
        if not 0 <= i < len(lines):
            raise DataError(f"{path} holds {len(lines)} games; there is no game {i}")
        try:
            row = json.loads(lines[i])
        except json.JSONDecodeError as e:
            raise DataError(f"{path}, line {i + 1}: {e}") from None
        if not row.get("record"):
            raise DataError(f"{path}, line {i + 1}: no match record stored")
        return MatchRecord.from_json(row["record"], f"{path}:{i + 1}")
    return MatchRecord.load(path)


def replay(record: MatchRecord, seat: int | None, lang: str, interactive: bool = True) -> None:
    game = record.get_game()
    if seat is not None and not 0 <= seat < record.num_players:
        raise DataError(f"this match has seats 1..{record.num_players}")
    # states after each move, so the viewer can step back and forth
    states: list[GameState] = [record.initial_state()]
    lines: list[str] = [msg("replay.start", lang, n=len(record.actions))]
    for step in record.steps():
        states.append(step.state.clone())
        head = msg(
            "replay.step",
            lang,
            i=step.index + 1,
            n=len(record.actions),
            who=msg("play.player", lang, seat=step.player + 1),
            action=_action_text(game, step.player, step.action, seat, lang),
        )
        log = [game.describe_event(e, lang, seat) for e in visible_events(step.events, seat)]
        lines.append("\n".join([head, *(f"  • {t}" for t in log)]))
    i = 0
    while True:
        console.print(Rule())
        console.print(lines[i])
        console.print(render_view(states[i].view(seat), game, lang, seat))
        if not interactive:
            if i == len(states) - 1:
                break
            i += 1
            continue
        raw = console.input(f"[dim]{msg('replay.help', lang)}[/] ").strip().lower()
        if raw in ("q", "quit", "sair"):
            break
        if raw == "b":
            i = max(0, i - 1)
        elif raw.isdigit():
            i = max(0, min(len(states) - 1, int(raw)))
        elif i == len(states) - 1:
            console.print(msg("replay.end", lang))
            break
        else:
            i += 1


def _action_text(game: Game, player: int, action: Action, seat: int | None, lang: str) -> str:
    # Only the viewer's own moves are named: another seat's move may be secret (a face-down
    # placement, a Defused kitten's position); what the viewer learnt of it is in the events.
    if player == seat:
        return game.describe_action(action, lang)
    return "…"
