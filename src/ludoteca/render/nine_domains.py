"""Terminal board of The Nine Domains, drawn from a view only (never a state).

The three piles with their visible domains, what is placed in front of them (your cards, the
opponent's as a count of face-down cards), both players' domains with elements and VP, your
hand, the cards already played, earlier rounds' combats and any power being resolved.
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..engine import Game
from ..games.nine_domains.cards import DOMAINS, ELEMENTS

_COLOURS = {"red": "red", "green": "green", "blue": "blue", "purple": "magenta"}


def _t(game: Game, key: str, lang: str, **kw: Any) -> str:
    return game.catalog.text(key, lang, **kw)


def _elements(domain: str) -> Text:
    i = DOMAINS.index[domain]
    out = Text()
    for bit, name in enumerate(ELEMENTS):
        if DOMAINS.mask[i] >> bit & 1:
            out.append("●", style=_COLOURS[name])
    for _ in range(DOMAINS.halves[i]):
        out.append("◐", style=_COLOURS["purple"])
    return out


def _domain(game: Game, domain: str | None, lang: str) -> Text:
    if domain is None:
        return Text("—", style="dim")
    i = DOMAINS.index[domain]
    out = Text(game.catalog.text(f"domain.{domain}", lang), style="bold")
    out.append(f" {DOMAINS.vp[i]} {_t(game, 'ui.vp', lang)} ")
    out.append_text(_elements(domain))
    return out


def _who(game: Game, seat: int, lang: str, viewer: int | None) -> str:
    if viewer is not None and seat == viewer:
        return _t(game, "word.you", lang)
    return _t(game, "word.player", lang, n=seat + 1)


def _cards(cards: list[str], style: str = "") -> Text:
    return Text(" ".join(f"[{c}]" for c in cards) if cards else "—", style=style)


def _element_summary(game: Game, info: dict[str, Any], lang: str) -> Text:
    out = Text()
    for name in ELEMENTS:
        have = name in info["elements"]
        out.append("● " if have else "○ ", style=_COLOURS[name] if have else "dim")
    halves = info["purple_halves"]
    out.append(
        "◐" * min(halves, 2) + "○" * max(0, 2 - halves),
        style=_COLOURS["purple"] if halves else "dim",
    )
    return out


def render(view: dict[str, Any], game: Game, lang: str, seat: int | None) -> RenderableType:
    parts: list[RenderableType] = []
    players = view["players"]
    me = view.get("you")
    # -- the piles and what lies in front of them
    piles = Table(title=_t(game, "ui.piles", lang), box=box.ROUNDED, expand=False)
    piles.add_column(_t(game, "ui.pile", lang))
    piles.add_column(_t(game, "ui.top", lang))
    piles.add_column(_t(game, "ui.below", lang))
    if me is not None:
        piles.add_column(_t(game, "ui.placed", lang))
    incoming = view.get("incoming", [[0, 0, 0], [0, 0, 0]])
    for i, pile in enumerate(view["piles"]):
        below: Text
        if "cards" in pile:
            below = Text(
                ", ".join(game.catalog.text(f"domain.{d}", lang) for d in pile["cards"][1:]) or "—"
            )
        else:
            below = Text(f"{max(0, pile['count'] - 1)}", style="dim")
        row: list[RenderableType] = [
            game.catalog.text(f"pile.{i}", lang),
            _domain(game, pile["top"], lang),
            below,
        ]
        if me is not None:
            card = players[me]["placed"][i]
            mod = incoming[me][i]
            text = Text(f"[{card}]" if card else "·", style="bold yellow" if card else "dim")
            if mod and view["phase"] == "place":
                text.append(f" ({mod:+d})", style="cyan")
            row.append(text)
        piles.add_row(*row)
    parts.append(piles)
    # -- both players
    table = Table(box=box.SIMPLE_HEAVY, expand=False)
    table.add_column("")
    table.add_column(_t(game, "ui.domains", lang))
    table.add_column(_t(game, "ui.vp", lang), justify="right")
    table.add_column(_t(game, "ui.elements", lang))
    table.add_column(_t(game, "ui.used", lang))
    table.add_column(_t(game, "ui.hand", lang) if me is not None else "")
    for q, info in enumerate(players):
        doms = (
            Text("\n").join(_domain(game, d, lang) for d in info["domains"])
            if info["domains"]
            else Text("—")
        )
        vp = Text(str(info["vp"]), style="bold")
        if info["bonus_vp"]:
            vp.append(f" (+{info['bonus_vp']} {_t(game, 'ui.bonus', lang)})", style="green")
        if q == me:
            hand = _cards(info["hand"], "bold")
        else:
            hand = _cards(info["known_unplayed"], "dim")
            if info["unknown_specials"]:
                hand.append(
                    f" + {_t(game, 'ui.unknown', lang, count=info['unknown_specials'])}",
                    style="italic",
                )
            if view["phase"] == "place":
                hand.append(
                    f"\n{_t(game, 'ui.opponent_placed', lang)}: {info['placed_count']}/3 ({_t(game, 'ui.hidden', lang)})",
                    style="yellow",
                )
        name = Text(_who(game, q, lang, me), style="bold cyan" if q == me else "bold")
        table.add_row(
            name, doms, vp, _element_summary(game, info, lang), _cards(info["used"]), hand
        )
    parts.append(table)
    # -- earlier rounds
    if view["history"]:
        hist = Table(title=_t(game, "ui.history", lang), box=box.MINIMAL, expand=False)
        hist.add_column("#")
        for i in range(len(view["piles"])):
            hist.add_column(game.catalog.text(f"pile.{i}", lang))
        for r in view["history"]:
            cells: list[RenderableType] = [str(r["round"])]
            for i, d in enumerate(r["domains"]):
                dname = game.catalog.text(f"domain.{d}", lang)
                cards = []
                for q in (0, 1):
                    s = r["strength"][q][i]
                    cards.append(f"{r['cards'][q][i]}" + ("" if s is None else f"={s}"))
                w = r["winners"][i]
                who = _t(game, "ui.removed", lang) if w < 0 else _who(game, w, lang, me)
                cells.append(Text(f"{dname}: {cards[0]} × {cards[1]} → {who}"))
            hist.add_row(*cells)
        parts.append(hist)
    # -- the state of play
    lines = Text()
    if view["removed"]:
        lines.append(f"{_t(game, 'ui.removed', lang)}: ")
        lines.append(
            ", ".join(game.catalog.text(f"domain.{d}", lang) for d in view["removed"]) + "\n",
            style="dim",
        )
    if view["elements_ignored"]:
        lines.append(_t(game, "ui.elements_ignored", lang) + "\n", style="magenta")
    pending = view.get("pending")
    if pending:
        lines.append(
            f"{_t(game, 'ui.pending', lang)}: {game.catalog.text('power.' + pending['power'], lang)}"
            f" — {_who(game, pending['player'], lang, me)}\n",
            style="bold yellow",
        )
    draft = view.get("draft")
    if draft:
        lines.append(f"{_t(game, 'ui.draft_pool', lang)}: ")
        lines.append_text(_cards(draft["pool"], "bold"))
        lines.append("\n")
    result = view.get("result")
    if result:
        w = result["winner"]
        key = "ui.result_draw" if w is None else f"ui.result_{result['reason']}"
        lines.append(
            _t(game, key, lang, who=_who(game, w, lang, me) if w is not None else ""),
            style="bold green",
        )
    if lines.plain:
        parts.append(lines)
    title = f"{game.display_name(lang)} — {_t(game, 'ui.round', lang, round=view['round'], rounds=view['rounds'])}"
    if me is None:
        title += f" ({_t(game, 'ui.spectator', lang)})"
    return Panel(Group(*parts), title=title, border_style="cyan")
