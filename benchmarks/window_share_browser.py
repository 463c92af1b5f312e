"""The share of a 4-seat Exploding Kittens game's wall time in Nope windows, in Chromium
(issue 25 item 4): one person clicking on the board (tests/server/test_browser_flow.py's
player) and three `easy` AI seats, on a server with the default AI pace (0.6 s a turn's move).

    python benchmarks/window_share_browser.py --games 2

Settings side by side on the same seeds: "before" (windows of a fixed 3 s, as every table had
until issue 25) and "now" (the defaults: a window closes once every seat has answered, AI
seats answer at once, a person's own standing card passes by itself).
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright
from tests.server import test_browser
from tests.server.helpers import free_port, start_server, stop_server
from tests.server.test_browser import CHROMIUM
from tests.server.test_browser_flow import window_share

SETTINGS = {
    "before: fixed 3 s": {"window_seconds": 3.0, "window_close_early": False},
    "now: defaults": {},
}


def main(games: int) -> None:
    test_browser.GAME_SECONDS = 600  # fixed windows make a game long
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        proc = start_server(Path(tmp) / "w.sqlite3", port, plugins=False, ai_delay=0.6)
        base = f"http://127.0.0.1:{port}"
        rows: dict[str, list[dict[str, float]]] = {k: [] for k in SETTINGS}
        try:
            with sync_playwright() as p:
                b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
                for i in range(games):
                    for name, kw in SETTINGS.items():
                        rows[name].append(window_share(b, base, f"bench-{i}", clicks=7 + i, **kw))
                b.close()
        finally:
            stop_server(proc)
    print(f"4-seat Exploding Kittens in Chromium, 1 person + 3 easy AI, {games} game(s) each")
    print(f"{'setting':<20} {'game s':>8} {'windows':>8} {'share':>7}")
    for name, rs in rows.items():
        t = statistics.mean(r["seconds"] for r in rs)
        n = statistics.mean(r["windows"] for r in rs)
        share = sum(r["share"] * r["seconds"] for r in rs) / sum(r["seconds"] for r in rs)
        print(f"{name:<20} {t:>8.1f} {n:>8.1f} {share:>7.1%}")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--games", type=int, default=1, help="games per setting")
    main(ap.parse_args().games)
