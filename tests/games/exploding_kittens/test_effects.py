"""The handler tables: one effect per card of the catalog, one move per action type, every one
of them reached by play, and the package free of import cycles."""

from __future__ import annotations

import ast
import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ludoteca.games.exploding_kittens import GAME, effects, rules
from ludoteca.games.exploding_kittens import actions as A
from ludoteca.games.exploding_kittens.cards import ACTION_CARDS, CODE, KEYS
from ludoteca.games.exploding_kittens.phases import PEND_FIVE, PEND_PAIR, PEND_TRIPLE, Phase

PACKAGE = Path(effects.__file__).parent


def test_every_action_card_has_exactly_one_effect() -> None:
    assert set(effects.CARD_EFFECTS) == {KEYS[c] for c in ACTION_CARDS}
    assert len(set(effects.CARD_EFFECTS.values())) == len(effects.CARD_EFFECTS), (
        "two cards share a handler"
    )
    assert set(effects.BY_PENDING) == {*ACTION_CARDS, PEND_PAIR, PEND_TRIPLE, PEND_FIVE}
    for key, handler in effects.CARD_EFFECTS.items():
        assert effects.BY_PENDING[CODE[key]] is handler


def test_every_action_type_has_exactly_one_move() -> None:
    types = {type(a) for a in (*GAME.action_space.actions, A.EXPLODE)}
    assert set(rules.MOVES) == types
    assert len(set(rules.MOVES.values())) == len(rules.MOVES)


def _counting(
    table: dict[Any, Callable[..., Any]], hits: Counter[Any], key: Any
) -> Callable[..., Any]:
    handler = table[key]

    def counted(*args: Any) -> Any:
        hits[key] += 1
        return handler(*args)

    return counted


def test_play_reaches_every_handler(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seeded games under every option call each card's effect, each combo's and each move
    handler: none is dead. The players prefer a kind of move not made yet, often just draw
    (five identical cards need a full hand) and now and then let the clock explode a kitten."""
    effect_hits: Counter[int] = Counter()
    move_hits: Counter[type] = Counter()
    for code in list(effects.BY_PENDING):
        monkeypatch.setitem(
            effects.BY_PENDING, code, _counting(effects.BY_PENDING, effect_hits, code)
        )
    for t in list(rules.MOVES):
        monkeypatch.setitem(rules.MOVES, t, _counting(rules.MOVES, move_hits, t))
    option_sets: list[dict[str, Any]] = [
        {},
        {"bury_anywhere": True, "stacking_attacks": False},
        {"five_card_combo": "identical", "super_skip_passes_turns": False},
    ]
    games = 0
    while (len(effect_hits) < len(effects.BY_PENDING) or len(move_hits) < len(rules.MOVES)) and (
        games < 400
    ):
        rng = random.Random(games)
        st = GAME.new_game(2 + games % 4, games, option_sets[games % 3])
        while not st.is_over:
            p = rng.choice(st.actors)
            legal = st.legal_actions(p)
            new = [a for a in legal if not move_hits[type(a)]]
            if st.phase == Phase.DEFUSE and rng.random() < 0.3:
                a = st.timeout_action(p)
            elif new:
                a = rng.choice(new)
            elif st.phase == Phase.MAIN and rng.random() < 0.7:
                a = A.DRAW  # hoarding: five identical cards need a full hand
            else:
                a = rng.choice(legal)
            st.apply(p, a)
        games += 1
    missing = [KEYS[c] if c < len(KEYS) else c for c in effects.BY_PENDING if not effect_hits[c]]
    assert not missing, f"effects never run: {missing}"
    assert not [t for t in rules.MOVES if not move_hits[t]], "a move handler never runs"


def _runtime_imports(path: Path) -> tuple[set[str], list[str]]:
    """The package modules a module imports when it runs (TYPE_CHECKING blocks aside), and
    the imports found inside functions."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    inside: list[str] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue
            fn = in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
            if isinstance(child, ast.ImportFrom) and child.level == 1:
                if fn:
                    inside.append(f"{path.name}:{child.lineno}")
                if child.module:
                    found.add(child.module.split(".")[0])
                else:
                    found.update(a.name for a in child.names)
            visit(child, fn)

    visit(tree, False)
    return found, inside


def test_the_package_has_no_import_cycle_and_no_import_inside_a_function() -> None:
    modules = {p.stem: p for p in PACKAGE.glob("*.py")}
    graph = {m: _runtime_imports(p)[0] & set(modules) for m, p in modules.items()}
    inside = [x for p in modules.values() for x in _runtime_imports(p)[1]]
    assert not inside, f"imports inside functions: {inside}"
    done: set[str] = set()

    def walk(m: str, path: tuple[str, ...]) -> None:
        assert m not in path, f"import cycle: {' -> '.join((*path, m))}"
        if m in done:
            return
        for dep in graph[m]:
            walk(dep, (*path, m))
        done.add(m)

    for m in graph:
        walk(m, ())
