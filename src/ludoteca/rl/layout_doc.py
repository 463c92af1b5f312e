"""Prints the observation layout of every game as Markdown (``python -m ludoteca.rl.layout_doc``),
the tables of docs/rl.md."""

from __future__ import annotations

from ..engine import list_games
from ..engine.observation import encoder_for


def layout_markdown() -> str:
    out: list[str] = []
    for game in list_games():
        sizes = ", ".join(
            f"{n} players: {encoder_for(game.id, n).size}"
            for n in range(game.min_players, game.max_players + 1)
        )
        enc = encoder_for(game.id, game.min_players)
        out.append(f"### {game.id}\n\nVector size by player count: {sizes}.\n")
        out.append(f"| field | size ({game.min_players} players) | what it holds |")
        out.append("| --- | --- | --- |")
        for name, _start, size, doc in enc.describe():
            out.append(f"| `{name}` | {size} | {doc} |")
        out.append("")
    return "\n".join(out)


if __name__ == "__main__":
    print(layout_markdown())
