#!/usr/bin/env python3
"""The largest files and functions under a folder (issue 20: small modules, one job each).

Files by lines; functions (and methods) by lines from ``def`` to their last line, decorators
apart; ``--over N`` counts the functions longer than N lines (80 by default), per folder.

    python benchmarks/code_sizes.py                               # src/ludoteca, top 15 of each
    python benchmarks/code_sizes.py src/ludoteca/games --top 30
    python benchmarks/code_sizes.py src/ludoteca --only compiled observation
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections import Counter
from pathlib import Path


def functions(path: Path) -> list[tuple[int, str]]:
    """(lines, name) of every function in ``path``, nested ones too."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            end = node.end_lineno or node.lineno
            out.append((end - node.lineno + 1, f"{path}:{node.lineno} {node.name}"))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("root", nargs="?", default="src/ludoteca")
    ap.add_argument("--top", type=int, default=15, help="rows of each list")
    ap.add_argument("--over", type=int, default=80, help="count functions longer than this")
    ap.add_argument("--only", nargs="*", default=[], help="keep paths containing one of these")
    a = ap.parse_args(argv)
    paths = sorted(Path(a.root).rglob("*.py"))
    if a.only:
        paths = [p for p in paths if any(s in str(p) for s in a.only)]
    files = sorted((len(p.read_text(encoding="utf-8").splitlines()), str(p)) for p in paths)
    funcs = sorted(f for p in paths for f in functions(p))
    print(f"largest files ({len(files)} read, {sum(n for n, _ in files)} lines)")
    for n, name in files[::-1][: a.top]:
        print(f"  {n:6d}  {name}")
    print("largest functions")
    for n, name in funcs[::-1][: a.top]:
        print(f"  {n:6d}  {name}")
    long = [name for n, name in funcs if n > a.over]
    print(f"functions over {a.over} lines: {len(long)}")
    for folder, k in sorted(Counter(str(Path(x.split(":")[0]).parent) for x in long).items()):
        print(f"  {k:4d}  {folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
