"""The layers of the code import downward only, read from the source (docs/architecture.md,
"Layers"):

    engine  <-  games  <-  agents, render, testing  <-  review  <-  rl, sim, server  <-  cli

A module may import its own layer's package and the layers below it; two packages of one layer
know nothing of each other (the doors rl, sim and server are independent; cli, the command
line, starts the simulations and the server). Imports inside functions and under
``TYPE_CHECKING`` count like any other: hiding an upward import in a function is still one.

Function-level imports of ludoteca's own modules are kept for loading an optional extra or a
compiled core lazily, and each says so in a comment.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import ludoteca

ROOT = Path(ludoteca.__file__).parent

# package -> layer (higher imports lower); the package of a module is its first name below
# ``ludoteca``. ``web`` holds the browser's files (no Python but its package marker).
LAYERS: dict[str, float] = {
    "engine": 0,
    "games": 1,
    "agents": 2,
    "render": 2,
    "help": 2,  # help for people at the table: words from the games' data
    "testing": 2,
    "rl": 3,
    "sim": 3,
    "server": 3,
    # game review: replays a record, values moves with the agents; below the doors, as the
    # server runs reviews and hints in the browser (issue 22)
    "review": 2.5,
    "web": 3,
    "cli": 4,
    "__main__": 5,  # python -m ludoteca: the command line
}


@dataclass(frozen=True)
class Import:
    importer: str  # dotted module name
    target: str  # dotted module name (a module or package of ludoteca)
    path: str  # the importer's file, relative to the source root
    line: int
    in_function: bool


def _module_name(path: Path) -> str:
    rel = path.relative_to(ROOT.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_module(dotted: str) -> bool:
    rel = Path(*dotted.split("."))
    return (ROOT.parent / rel).with_suffix(".py").is_file() or (ROOT.parent / rel).is_dir()


def _targets(node: ast.Import | ast.ImportFrom, module: str, is_package: bool) -> list[str]:
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    if node.level:
        base = module.split(".") if is_package else module.split(".")[:-1]
        base = base[: len(base) - node.level + 1]
        frm = ".".join(base + ([node.module] if node.module else []))
    else:
        frm = node.module or ""
    # ``from pkg import sub`` imports the module pkg.sub
    subs = [f"{frm}.{a.name}" for a in node.names if _is_module(f"{frm}.{a.name}")]
    return subs or [frm]


def _imports_of(path: Path, module: str, rel: str) -> list[Import]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    in_function: set[int] = set()
    for fn in ast.walk(tree):
        if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
            in_function.update(id(n) for n in ast.walk(fn))
    out = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Import | ast.ImportFrom):
            continue
        for target in _targets(node, module, path.name == "__init__.py"):
            if target == "ludoteca" or target.startswith("ludoteca."):
                out.append(Import(module, target, rel, node.lineno, id(node) in in_function))
    return out


def all_imports() -> list[Import]:
    return [
        i
        for path in sorted(ROOT.rglob("*.py"))
        for i in _imports_of(path, _module_name(path), str(path.relative_to(ROOT.parent)))
    ]


def _package(dotted: str) -> str | None:
    parts = dotted.split(".")
    return parts[1] if len(parts) > 1 else None


def upward(imports: list[Import]) -> list[str]:
    """Every import that points up a layer or across to a sibling package of the same layer."""
    bad = []
    for i in imports:
        a, b = _package(i.importer), _package(i.target)
        if a is None or b is None or a == b:
            continue  # the package's root (public names of the engine) or one package
        if a not in LAYERS or b not in LAYERS:
            bad.append(f"{i.path}:{i.line}: {i.target}: package not placed in a layer (LAYERS)")
            continue
        if LAYERS[b] < LAYERS[a]:
            continue
        where = "up" if LAYERS[b] > LAYERS[a] else "across"
        bad.append(f"{i.path}:{i.line}: {i.importer} imports {i.target} ({where}: {a} -> {b})")
    return bad


def test_imports_point_downward_only() -> None:
    bad = upward(all_imports())
    assert not bad, "imports against the layers (docs/architecture.md):\n" + "\n".join(bad)


def test_the_check_sees_a_hidden_upward_import(tmp_path: Path) -> None:
    """Not vacuous: an import of the command line inside a function of a game is caught, and so
    is one across the doors."""
    found = [
        Import("ludoteca.games.coatl.rules", "ludoteca.cli.main", "x.py", 1, True),
        Import("ludoteca.rl.core", "ludoteca.sim.runner", "y.py", 2, False),
        Import("ludoteca.cli.main", "ludoteca.sim.runner", "z.py", 3, False),
        Import("ludoteca.agents.base", "ludoteca.games.coatl", "w.py", 4, False),
    ]
    bad = upward(found)
    assert [b.split(":")[0] for b in bad] == ["x.py", "y.py"]
    # and the reader finds such an import in a file, inside a function
    f = tmp_path / "probe.py"
    f.write_text("def f():\n    from ..cli import main\n    return main\n", encoding="utf-8")
    (probe,) = _imports_of(f, "ludoteca.games.probe", "probe.py")
    assert probe == Import("ludoteca.games.probe", "ludoteca.cli.main", "probe.py", 2, True)
    assert upward([probe])


def _commented(lines: list[str], line: int) -> bool:
    """The import on ``line`` (1-based) has a comment on it, or above the import lines it
    belongs to."""
    if "#" in lines[line - 1]:
        return True
    k = line - 2
    while k >= 0:
        text = lines[k].strip()
        if text.startswith("#"):
            return True
        if text and not text.startswith(("from ", "import ")):
            return False
        k -= 1
    return False


def test_function_level_imports_of_our_modules_say_why() -> None:
    """A function-level import of ludoteca's own code loads an optional extra or a compiled
    core lazily, with a comment saying so; any other belongs at the top of the module."""
    missing = []
    for i in all_imports():
        if not i.in_function:
            continue
        lines = (ROOT.parent / i.path).read_text(encoding="utf-8").splitlines()
        if not _commented(lines, i.line):
            missing.append(f"{i.path}:{i.line}: {i.target}")
    assert not missing, "function-level imports without a reason:\n" + "\n".join(missing)
