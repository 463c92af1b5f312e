"""Terminal board for Gatinhos Explosivos, drawn from one seat's view only."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..engine import Game

CARD_STYLE = {
    "defuse": "bold green",
    "exploding_kitten": "bold red",
    "nope": "bold magenta",
    "cat_wild": "bold yellow",
}


def _card(game: Game, key: str, lang: str) -> Text:
    style = CARD_STYLE.get(key, "cyan" if key.startswith("cat_") else "white")
    return Text(game.catalog.text(f"card.{key}", lang), style=style)


def _cards(game: Game, keys: list[str], lang: str) -> Text:
    out = Text()
    counts: dict[str, int] = {}
    for k in keys:
        counts[k] = counts.get(k, 0) + 1
    for i, (k, c) in enumerate(counts.items()):
        if i:
            out.append("  ")
        out.append_text(_card(game, k, lang))
        if c > 1:
            out.append(f" x{c}", style="dim")
    return out


def render(view: dict[str, Any], game: Game, lang: str, seat: int | None) -> RenderableType:
    t = game.catalog.text

    def seat_name(p: int) -> str:
        name = t("seat", lang, n=p + 1)
        return f"{name} ({t('ui.you', lang)})" if p == seat else name

    players = Table(title=t("ui.players", lang), expand=False)
    players.add_column(t("ui.seat", lang))
    players.add_column(t("ui.cards", lang), justify="right")
    players.add_column(t("ui.status", lang))
    for p in range(view["players"]):
        status: Text | str
        if not view["alive"][p]:
            status = Text(t("ui.out", lang), style="red")
        elif p == view["current"]:
            status = Text(
                "▶ " + t("ui.turn", lang, player=seat_name(p), owed=view["turns_owed"]),
                style="bold",
            )
        else:
            status = t("ui.in_game", lang)
        players.add_row(seat_name(p), str(view["hand_sizes"][p]), status)

    table = Text()
    table.append(
        f"{t('ui.pile', lang)}: {t('ui.pile_cards', lang, count=view['pile_size'])}  ", style="bold"
    )
    table.append(f"({t('ui.kittens', lang, count=view['kittens_in_pile'])})  ", style="red")
    arrow = t("ui.clockwise", lang) if view["direction"] == 1 else t("ui.counter", lang)
    table.append(f"{t('ui.direction', lang)}: {arrow}\n")
    discard = view["discard"]
    table.append(f"{t('ui.discard', lang)} ({len(discard)}): ")
    table.append_text(_cards(game, discard[-6:], lang) if discard else Text("-"))

    parts: list[RenderableType] = [players, table]
    pend = view.get("pending")
    if pend:
        line = Text(f"{t('ui.pending', lang)}: ", style="bold yellow")
        line.append(seat_name(pend["player"]) + " — ")
        if pend["card"]:
            line.append_text(_card(game, pend["card"], lang))
        if pend["picks"]:
            line.append_text(_cards(game, pend["picks"], lang))
        if pend["kind"] != "play":
            line.append(f" ({pend['kind']})")
        if pend["target"] is not None and pend["target"] >= 0:
            line.append(f" → {seat_name(pend['target'])}")
        if pend["name"]:
            line.append(" ? ")
            line.append_text(_card(game, pend["name"], lang))
        parts.append(line)
    w = view.get("window")
    if w:
        waiting = ", ".join(seat_name(p) for p in w["waiting"]) or "-"
        parts.append(Text(t("ui.window", lang, nopes=w["nopes"], waiting=waiting), style="magenta"))
    if seat is not None and "hand" in view:
        parts.append(Panel(_cards(game, view["hand"], lang) or Text("-"), title=t("ui.hand", lang)))
        if view["known_pile"]:
            known = Text(f"{t('ui.known', lang)}: ")
            for pos, key in view["known_pile"]:
                known.append(f" #{pos + 1} ")
                known.append_text(_card(game, key, lang))
            parts.append(known)
        if view["known_hands"]:
            kh = Text(f"{t('ui.known_hands', lang)}: ")
            for holder, key in view["known_hands"]:
                kh.append(f" {seat_name(holder)}: ")
                kh.append_text(_card(game, key, lang))
            parts.append(kh)
    return Panel(Group(*parts), title=t("ui.title", lang), border_style="red")
