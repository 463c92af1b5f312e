"""``ludoteca play``: people against agents, or several people at one keyboard.

Each person sees only their own seat's view and the events addressed to them; between two
people at one keyboard the screen is cleared and the keyboard handed over.
"""

from __future__ import annotations

from pathlib import Path

from rich.panel import Panel
from rich.rule import Rule

from ..agents import Agent, AgentSpecError, make_agent
from ..engine import Event, Game, Match, SeatHandle
from ..engine.events import visible_events
from ..render import render_view
from .common import console, msg


class Quit(Exception):
    pass


def who(seat: int, humans: set[int], lang: str, single_human: bool) -> str:
    name = msg("play.player", lang, seat=seat + 1)
    if single_human and seat in humans:
        return f"{name} ({msg('play.you', lang)})"
    return name


def choose(game: Game, match: Match, seat: int, lang: str) -> int:
    legal = match.state.legal_actions(seat)
    for i, a in enumerate(legal, 1):
        console.print(f"  [bold cyan]{i:>3}[/] {game.describe_action(a, lang)}")
    while True:
        raw = console.input(f"[bold]{msg('play.choose', lang)}:[/] ").strip().lower()
        if raw in ("q", "quit", "sair"):
            raise Quit
        if raw.isdigit() and 1 <= int(raw) <= len(legal):
            return int(raw) - 1
        console.print(f"[red]{msg('play.bad_choice', lang, n=len(legal))}[/]")


def show_log(game: Game, events: list[Event], seat: int, lang: str) -> None:
    mine = visible_events(events, seat)
    if not mine:
        return
    console.print(Rule(msg("play.log", lang), style="dim"))
    for e in mine[-20:]:
        console.print(f"  • {game.describe_event(e, lang, seat)}")


def show_result(game: Game, match: Match, humans: set[int], lang: str, single_human: bool) -> None:
    r = match.state.result()
    names = ", ".join(who(w, humans, lang, single_human) for w in r.winners)
    lines = [msg("play.winner" if len(r.winners) == 1 else "play.winners", lang, who=names)]
    reason = game.catalog.text(f"result.{r.reason}", lang, **dict(r.details))
    lines.append(
        msg("play.reason", lang, reason=reason if not reason.startswith("result.") else r.reason)
    )
    if r.scores is not None:
        lines.append(msg("play.scores", lang, scores=" · ".join(f"{s:g}" for s in r.scores)))
    console.print(Panel("\n".join(lines), title=msg("play.game_over", lang), border_style="green"))


def play(
    game: Game,
    num_players: int,
    humans: set[int],
    ai_spec: str,
    seed: int,
    options: dict[str, object],
    lang: str,
    save: Path | None,
    clear: bool = True,
) -> Match:
    agents: dict[int, Agent] = {}
    for s in range(num_players):
        if s not in humans:
            try:
                agents[s] = make_agent(ai_spec, game, seed * 31 + s)
            except AgentSpecError:
                if ai_spec != "heuristic":
                    raise
                agents[s] = make_agent("random", game, seed * 31 + s)
                console.print(f"[yellow]{msg('play.no_heuristic', lang, agent='random')}[/]")
    labels = [("human" if s in humans else ai_spec) for s in range(num_players)]
    match = Match(game, num_players, seed, options, labels)
    single = len(humans) == 1
    unseen: dict[int, list[Event]] = {s: [] for s in humans}
    last_human: int | None = None
    try:
        while not match.state.is_over:
            seat = match.state.actors[0]
            if seat in agents:
                action = agents[seat].act(SeatHandle(match.state, seat))
                events = match.apply(seat, action)
            elif len(match.state.actors) > 1 and len(legal := match.state.legal_actions(seat)) == 1:
                # a reaction window or a simultaneous step where this person has one choice
                # (pass): answered for them, as a table would, without asking
                events = match.apply(seat, legal[0])
            else:
                if len(humans) > 1 and last_human is not None and last_human != seat:
                    if clear:
                        console.clear()
                    console.input(msg("play.pass_keyboard", lang, seat=seat + 1))
                    if clear:
                        console.clear()
                last_human = seat
                console.print(Rule(msg("play.turn_of", lang, who=who(seat, humans, lang, single))))
                show_log(game, unseen[seat], seat, lang)
                unseen[seat] = []
                console.print(render_view(match.state.view(seat), game, lang, seat))
                i = choose(game, match, seat, lang)
                events = match.apply(seat, match.state.legal_actions(seat)[i])
            for s in humans:
                unseen[s].extend(events)
    except (Quit, EOFError, KeyboardInterrupt):
        console.print(f"\n[yellow]{msg('play.quit', lang)}[/]")
        if save is not None:
            match.record.save(save)
            console.print(msg("play.saved", lang, path=save))
        return match
    for s in sorted(humans)[:1] if single else []:
        show_log(game, unseen[s], s, lang)
        console.print(render_view(match.state.view(s), game, lang, s))
    if not single:
        console.print(render_view(match.state.view(None), game, lang, None))
    show_result(game, match, humans, lang, single)
    if save is not None:
        match.record.save(save)
        console.print(msg("play.saved", lang, path=save))
    return match
