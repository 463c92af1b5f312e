"""Terminal board of Sala de Miaula, drawn from a view only: terrain, life, places, hands."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

COLOURS = {"agua": "bright_blue", "ar": "bright_cyan", "terra": "yellow", "fogo": "bright_red"}
STATUS_STYLE = {"healthy": "green", "sick": "magenta", "fainted": "bright_black"}


def _t(game: Any, key: str, lang: str, **kw: Any) -> str:
    return str(game.catalog.text(f"ui.{key}", lang, **kw))


def _card_line(game: Any, cid: str, lang: str) -> Text:
    pool = game.card_pool()
    spec = pool.get(cid)
    if spec is None:
        return Text(cid)
    colour = COLOURS.get(spec.element or "", "white")
    line = Text(game.card_name(cid, lang), style=f"bold {colour}")
    line.append(f"  {game.card_text(cid, lang)}", style="dim")
    return line


def _places(game: Any, side: dict[str, Any], terrain_el: str, lang: str, active: bool) -> Table:
    pool = game.card_pool()
    tb = Table(expand=True, show_lines=False, pad_edge=False)
    tb.add_column("#", justify="right", width=2)
    tb.add_column("")
    tb.add_column(_t(game, "atk", lang), justify="right")
    tb.add_column(_t(game, "hp", lang), justify="right")
    tb.add_column("")
    tb.add_column(_t(game, "item", lang))
    for i, c in enumerate(side["field"]):
        if c is None:
            tb.add_row(str(i + 1), Text(_t(game, "empty", lang), style="dim"), "", "", "", "")
            continue
        spec = pool.get(c["card"])
        item = pool.get(c["item"]) if c.get("item") else None
        atk = (spec.attack if spec else 0) + (item.attack if item else 0)
        if spec is not None and spec.element == terrain_el:
            atk += 1
        life = (spec.life if spec else 0) + (item.life if item else 0)
        name = Text(
            game.card_name(c["card"], lang),
            style=f"bold {COLOURS.get(spec.element if spec else '', 'white')}",
        )
        if spec is not None and spec.ability:
            name.append(f" [{game.ability_name(spec.ability, lang)}]", style="italic")
        state = Text(
            game.catalog.text(f"status.{c['status']}", lang),
            style=STATUS_STYLE.get(c["status"], ""),
        )
        if c.get("oficina"):
            state.append(f" · {_t(game, 'oficina', lang)}", style="cyan")
        if active:  # whether a cat may still act matters on its owner's turn only
            state.append(
                f" · {_t(game, 'acted' if c.get('acted') else 'ready', lang)}", style="dim"
            )
        item_name = game.card_name(c["item"], lang) if item else ""
        tb.add_row(str(i + 1), name, str(atk), str(life), state, item_name)
    return tb


def _side(game: Any, view: dict[str, Any], q: int, seat: int | None, lang: str) -> Panel:
    side = view["players"][q]
    who = _t(game, "player", lang, n=q + 1) + (f" ({_t(game, 'you', lang)})" if q == seat else "")
    head = Text(who, style="bold")
    head.append(f"   {_t(game, 'life', lang)} ", style="")
    head.append(str(side["life"]), style="bold red" if side["life"] <= 5 else "bold green")
    head.append(
        f"   {_t(game, 'deck', lang)} {side['deck_count']}   {_t(game, 'hand', lang)} {side['hand_count']}"
    )
    head.append(f"   {_t(game, 'canil', lang)} {len(side['canil'])}")
    parts: list[RenderableType] = [
        head,
        _places(game, side, view["terrain_element"], lang, view["current"] == q),
    ]
    if side["canil"]:
        names = [game.card_name(c, lang) for c in side["canil"][-4:]]
        parts.append(Text(f"{_t(game, 'canil', lang)}: … {', '.join(names)}", style="dim"))
    if side["known_in_hand"] and q != seat:
        names = [game.card_name(c, lang) for c in side["known_in_hand"]]
        parts.append(Text(f"{_t(game, 'known', lang)}: {', '.join(names)}", style="dim"))
    if "hand" in side:
        parts.append(Text(f"{_t(game, 'hand', lang)}:", style="bold"))
        parts += [_card_line(game, c, lang) for c in side["hand"]]
    border = "green" if view["current"] == q and not view["over"] else "white"
    return Panel(Group(*parts), border_style=border)


def render(view: dict[str, Any], game: Any, lang: str, seat: int | None) -> RenderableType:
    terrain = Text(f"{_t(game, 'terrain', lang)}: ", style="bold")
    el = view["terrain_element"]
    terrain.append(
        f"{game.terrain_name(view['terrain'], lang)} ({game.catalog.text(f'element.{el}', lang)})",
        style=f"bold {COLOURS.get(el, 'white')}",
    )
    terrain.append(
        f"   {_t(game, 'turn', lang)} {view['turn']} · {_t(game, 'player', lang, n=view['current'] + 1)}"
    )
    yes, no = _t(game, "yes", lang), _t(game, "no", lang)
    pair = Text(
        _t(
            game,
            "played",
            lang,
            creature=yes if view["played_creature"] else no,
            other=yes if view["played_other"] else no,
            actions=view["actions_spent"],
        ),
        style="dim",
    )
    top = 1 - seat if seat in (0, 1) else 1
    rows: list[RenderableType] = [
        terrain,
        pair,
        _side(game, view, top, seat, lang),
        _side(game, view, 1 - top, seat, lang),
    ]
    if view["over"]:
        r = view["result"]
        msg = (
            _t(game, "draw", lang)
            if len(r["winners"]) != 1
            else _t(game, "winner", lang, n=r["winners"][0] + 1)
        )
        rows.append(Text(f"{_t(game, 'over', lang)}: {msg}", style="bold yellow"))
    return Panel(Group(*rows), title=game.display_name(lang))
