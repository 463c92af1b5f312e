"""Terminal drawing of a Coatl view: the supply, the Prophecies, each player's Coatls in colour.

Draws only what the view holds (a player's own hand appears only in that player's view).
"""

from __future__ import annotations

from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..engine import Game
from ..games.coatl import words
from ..games.coatl.constants import NUM_COLOURS
from ..games.coatl.names import COLOUR_CODE, COLOUR_NAMES, KIND_NAMES, PIECE_CODE
from ..games.coatl.names import PROPHECY_CODE as PCODE
from ..games.coatl.names import TEMPLE_CODE as TCODE

STYLE = ("bold yellow", "bold red", "bold grey62", "bold green", "bold blue")
GLYPH = ("◄", "■", "►")  # head, body, tail: a Coatl reads head (left) to tail (right)


def piece_text(code: int) -> Text:
    return Text(GLYPH[code // NUM_COLOURS], style=STYLE[code % NUM_COLOURS])


def pieces_text(names: list[str]) -> Text:
    t = Text()
    for n in names:
        t.append_text(piece_text(PIECE_CODE[n]))
    return t


def colour_dots(colours: list[str | None], kind: int) -> Text:
    return pieces_text([f"{c}_{KIND_NAMES[kind]}" for c in colours if c is not None])


def render(view: dict[str, Any], game: Game, lang: str, seat: int | None) -> RenderableType:
    cat = game.catalog

    def ui(key: str, **params: Any) -> str:
        return cat.text(f"ui.{key}", lang, **params)

    parts: list[RenderableType] = []
    # -- header ---------------------------------------------------------------------------
    head = Text()
    head.append(f"{ui('turn')} {view['turns'] + 1} · ", style="bold")
    head.append(words.player_name(cat, view["current"], lang), style="bold cyan")
    head.append(
        f" · {ui('phase')}: {ui('phase_' + view['phase'])} · {ui('actions_left', count=view['actions_left'])}"
    )
    if view["end"]:
        head.append(f" · {cat.text('reason.' + view['end'], lang)}", style="bold magenta")
        if view["final"]:
            owed = ", ".join(
                f"{words.player_name(cat, f['seat'], lang)}×{f['actions']}" for f in view["final"]
            )
            head.append(f" · {ui('final')}: {owed}")
    parts.append(head)

    # -- supply ---------------------------------------------------------------------------
    sup = view["supply"]
    supply = Table.grid(padding=(0, 2))
    legend = Text()
    for c in range(len(COLOUR_NAMES)):
        legend.append("■ ", style=STYLE[c])
        legend.append(words.colour(cat, c, lang) + "  ")
    legend.append(
        f"{GLYPH[0]} {cat.text('ui.head', lang)}  {GLYPH[1]} {cat.text('ui.body', lang)}  "
    )
    legend.append(f"{GLYPH[2]} {cat.text('ui.tail', lang)}")
    supply.add_row(legend)
    row = Text(f"{ui('bodies')}: ")
    for i, sp in enumerate(sup["bodies"]):
        row.append(f"{i + 1}[")
        row.append_text(colour_dots(sp, 1) if sp else Text(ui("empty")))
        row.append("] ")
    supply.add_row(row)
    ht = Text(f"{ui('heads')}: ")
    for i, c in enumerate(sup["heads"]):
        ht.append(f"{i + 1}[")
        ht.append_text(colour_dots([c], 0) if c is not None else Text(ui("empty")))
        ht.append("] ")
    ht.append(f"  {ui('tails')}: ")
    for i, c in enumerate(sup["tails"]):
        ht.append(f"{i + 1}[")
        ht.append_text(colour_dots([c], 2) if c is not None else Text(ui("empty")))
        ht.append("] ")
    supply.add_row(ht)
    bags = Text(f"{ui('bags')}: ")
    for kind, name in enumerate(KIND_NAMES):
        for colour, left in view["bags"][name].items():
            bags.append(str(left), style=STYLE[COLOUR_CODE[colour]])
            bags.append(" ")
        bags.append(" / " if kind < 2 else "")
    supply.add_row(bags)
    parts.append(Panel(supply, title=ui("supply"), title_align="left"))

    # -- Prophecies and Temples -----------------------------------------------------------
    cards = Table.grid(padding=(0, 2))
    for i, t in enumerate(view["display"]):
        cards.add_row(f"{i + 1}.", words.prophecy_name(cat, PCODE[t], lang) if t else ui("empty"))
    cards.add_row(f"{ui('deck')}:", str(view["deck_size"]))
    cards.add_row(f"{ui('discard')}:", str(len(view["discard"])))
    for i, pile in enumerate(view["piles"]):
        top = words.temple_name(cat, TCODE[pile["top"]], lang) if pile["top"] else ui("empty")
        cards.add_row(f"{ui('piles')} {i + 1} ({pile['size']}):", top)
    parts.append(Panel(cards, title=ui("display"), title_align="left"))

    # -- players --------------------------------------------------------------------------
    boxes = []
    for q, pl in enumerate(view["players"]):
        g = Table.grid(padding=(0, 1))
        g.add_row(f"{ui('score')}:", Text(str(pl["score"]), style="bold"))
        g.add_row(f"{ui('board')}:", pieces_text(pl["board"]) if pl["board"] else Text(ui("empty")))
        if "hand" in pl:
            names = [words.prophecy_name(cat, PCODE[t], lang) for t in pl["hand"]]
            g.add_row(f"{ui('hand')}:", "\n".join(names) or ui("empty"))
            temples = [words.temple_name(cat, TCODE[t], lang) for t in pl["temples"]]
            g.add_row(f"{ui('temples')}:", "\n".join(temples) or ui("empty"))
        else:
            g.add_row(f"{ui('hand')}:", f"{pl['hand_size']} ({ui('hidden')})")
            if pl.get("shown"):
                shown = [words.prophecy_name(cat, PCODE[t], lang) for t in pl["shown"]]
                g.add_row(f"{ui('shown')}:", "\n".join(shown))
            g.add_row(f"{ui('temples')}:", f"{pl['temple_hand_size']} ({ui('hidden')})")
        if pl["promised"]:
            promised = [words.temple_name(cat, TCODE[t], lang) for t in pl["promised"]]
            g.add_row(f"{ui('promised')}:", "\n".join(promised))
        tokens = ", ".join(
            name.strip()
            for name, live in zip(ui("token_names").split(","), pl["tokens"].values(), strict=False)
            if live
        )
        g.add_row(f"{ui('tokens')}:", tokens or ui("empty"))
        for ci, c in enumerate(pl["coatls"]):
            line = Text(f"{ci + 1}. ")
            line.append_text(pieces_text(c["pieces"]))
            state = ui("finished") if c["done"] else ui("unfinished")
            line.append(
                f"  ({state}, {ui('points', count=c['points'])})",
                style="dim" if not c["done"] else "",
            )
            for t in c["prophecies"]:
                line.append(f"\n   · {words.prophecy_name(cat, PCODE[t], lang)}")
            if c["temple"]:
                line.append(f"\n   ⌂ {words.temple_name(cat, TCODE[c['temple']], lang)}")
            g.add_row(f"{ui('coatls')}:" if ci == 0 else "", line)
        name = words.player_name(cat, q, lang)
        if q == seat:
            name += f" ({cat.text('game.you', lang)})"
        style = "bold cyan" if q == view["current"] and view["phase"] != "over" else "white"
        boxes.append(Panel(g, title=name, title_align="left", border_style=style))
    parts.append(Columns(boxes))
    return Group(*parts)
