"""Messages with plural forms: the form is chosen by ``count`` (one for exactly 1)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

import ludoteca
from ludoteca import get_game
from ludoteca.engine import Catalog, Event


def test_a_message_with_plural_forms_takes_the_one_that_fits_the_count() -> None:
    cat = Catalog(
        {
            "pt-BR": {"x.one": "{count} carta", "x.other": "{count} cartas"},
            "en": {"x.one": "{count} card", "x.other": "{count} cards"},
        }
    )
    assert cat.text("x", "pt-BR", count=1) == "1 carta"
    assert cat.text("x", "pt-BR", count=0) == "0 cartas"
    assert cat.text("x", "pt-BR", count=2) == "2 cartas"
    assert cat.text("x", "en", count=1) == "1 card"
    assert cat.has("x", "en")


@pytest.mark.parametrize(
    ("lang", "one", "three"),
    [
        ("pt-BR", "Jogador 1 viu a próxima carta.", "Jogador 1 viu as 3 próximas cartas."),
        ("en", "Player 1 looked at the next card.", "Player 1 looked at the next 3 cards."),
    ],
)
def test_seeing_the_future_is_told_in_the_right_number(lang: str, one: str, three: str) -> None:
    game = get_game("exploding-kittens")
    saw = {
        n: game.describe_event(Event("saw", {"player": 0, "count": n}), lang, None) for n in (1, 3)
    }
    assert saw == {1: one, 3: three}


def test_a_plural_message_may_name_the_number_it_agrees_with() -> None:
    cat = Catalog({"en": {"t.by": "owed", "t.one": "{owed} turn", "t.other": "{owed} turns"}})
    assert [cat.text("t", "en", owed=n) for n in (1, 2)] == ["1 turn", "2 turns"]


@pytest.mark.parametrize(
    ("game", "kind", "data", "lang", "line"),
    [
        ("exploding-kittens", "turns", {"player": 0, "owed": 1}, "en", "owes 1 turn."),
        ("exploding-kittens", "turns", {"player": 0, "owed": 3}, "pt-BR", "deve jogar 3 turnos."),
        ("coatl", "turn_started", {"player": 0, "actions": 1}, "pt-BR", "(1 ação)."),
        ("coatl", "turn_started", {"player": 0, "actions": 2}, "en", "(2 actions)."),
    ],
)
def test_counted_events_agree_with_their_number(
    game: str, kind: str, data: dict[str, int], lang: str, line: str
) -> None:
    assert get_game(game).describe_event(Event(kind, data), lang, None).endswith(line)


def _catalog_files() -> list[Path]:
    root = Path(ludoteca.__file__).parent
    return [
        *sorted(root.glob("**/locale/*.toml")),
        root / "web" / "i18n.js",
        root / "web" / "flow-words.js",
    ]


@pytest.mark.parametrize("path", _catalog_files(), ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_no_message_hedges_its_number(path: Path) -> None:
    """ "turn(s)", "lugar(es)", "selvagem(ns)", "ação/ações": a counted word takes its plural
    forms (key.one / key.other) instead."""
    hedges = re.findall(r"\w+\((?:s|es|ns|is)\)|\w+ão/\w+ões", path.read_text(encoding="utf-8"))
    assert not hedges, hedges


# -- every count message, in every catalog -------------------------------------------------------
PLACEHOLDER = re.compile(r"\{(\w+)\}")
FORM = re.compile(r"^(.+)\.(one|other|by)$")


def web_messages() -> dict[str, dict[str, str]]:
    """The browser client's own sentences (web/i18n.js ``WORDS``), flat as a server catalog:
    a plural object ``{one, other}`` as ``key.one`` / ``key.other``, chosen by ``n`` as the
    client's ``t()`` does (``key.by = "n"``)."""
    js = (Path(ludoteca.__file__).parent / "web" / "i18n.js").read_text(encoding="utf-8")
    words = js[js.index("const WORDS = {") : js.index("\n};", js.index("const WORDS = {"))]
    parts = {"pt-BR": words[: words.index("\n  en: {")], "en": words[words.index("\n  en: {") :]}
    out: dict[str, dict[str, str]] = {}
    for lang, part in parts.items():
        flat: dict[str, str] = {}
        for m in re.finditer(r'(\w+): \{ one: "([^"]*)", other: "([^"]*)" \}', part):
            flat |= {f"{m[1]}.one": m[2], f"{m[1]}.other": m[3], f"{m[1]}.by": "n"}
        plain = re.sub(r'\w+: \{ one: "[^"]*", other: "[^"]*" \}', "", part)
        for m in re.finditer(r'(\w+): "((?:[^"\\]|\\.)*)"', plain):
            flat.setdefault(m[1], m[2])
        out[lang] = flat
    return out


def catalogs() -> dict[str, Catalog]:
    """Every message catalog: each game's, the terminal's, the agents', the browser client's."""
    out = {f"games/{g}": get_game(g).catalog for g in sorted(ludoteca.engine.registry.game_ids())}
    out["cli"] = Catalog.from_package("ludoteca.cli")
    out["agents"] = Catalog.from_package("ludoteca.agents")
    out["web"] = Catalog(web_messages())
    return out


def _noun_after(template: str, name: str) -> str | None:
    """The word right after the placeholder. Not counted: a range's end ("{min}–{max}
    players" agrees with the range), a one-letter unit ("s"), a rate ("games/s")."""
    m = re.search(r"(?<![–-])\{" + name + r"\} (\w{2,})(?!\w|/)", template)
    return m[1] if m else None


def count_messages(cat: Catalog) -> set[tuple[str, str]]:
    """(key, the parameter that counts) of every message that shows a count: each message with
    plural forms (counted by its ``by``, else ``count``), and each placeholder followed by a
    plural noun in both languages ("{n} pieces", "{n} peças"), in a plain message or beside
    the count of one with forms: a count without forms of its own."""
    found: set[tuple[str, str]] = set()
    en, pt = cat.messages["en"], cat.messages["pt-BR"]
    by: dict[str, str] = {}
    for lang in ("en", "pt-BR"):
        for key in cat.messages[lang]:
            m = FORM.match(key)
            if m and m[2] == "other":
                by[m[1]] = cat.template(f"{m[1]}.by", lang) or "count"
                found.add((m[1], by[m[1]]))
    for key in en.keys() & pt.keys():
        m = FORM.match(key)
        base = m[1] if m else key
        for name in set(PLACEHOLDER.findall(en[key])) - {by.get(base)}:
            a, b = _noun_after(en[key], name), _noun_after(pt[key], name)
            if a and b and a.endswith("s") and b.endswith("s"):
                found.add((base, name))
    return found


COUNT_MESSAGES = sorted(
    (name, key, by) for name, cat in catalogs().items() for key, by in count_messages(cat)
)


def test_count_messages_are_found_in_every_catalog() -> None:
    found = {(name, key) for name, key, _ in COUNT_MESSAGES}
    assert {
        ("games/coatl", "ui.actions_left"),  # issue 24: "1 actions left" in the terminal
        ("games/coatl", "event.turn_started"),
        ("games/exploding-kittens", "event.saw"),
        ("cli", "simulate.written"),
        ("web", "cards"),
    } <= found
    assert {name for name, _ in found} >= {
        "cli",
        "web",
        *(f"games/{g}" for g in ludoteca.engine.registry.game_ids()),
    }


@pytest.mark.parametrize(("name", "key", "by"), COUNT_MESSAGES, ids=lambda x: str(x))
@pytest.mark.parametrize("lang", ["pt-BR", "en"])
def test_every_count_message_agrees_with_one_and_with_two(
    name: str, key: str, by: str, lang: str
) -> None:
    """Rendered with 1 and with 2, the words differ by more than the number ("1 action" /
    "2 actions", "1 Não! jogado" / "2 Não! jogados"): never "1 actions"."""
    cat = catalogs()[name]
    forms = [
        cat.template(f"{key}.{f}", lang) or cat.template(key, lang) or "" for f in ("one", "other")
    ]
    others = {p: "X" for t in forms for p in PLACEHOLDER.findall(t) if p != by}
    one, two = (cat.text(key, lang, **others, **{by: n}) for n in (1, 2))
    same = re.sub(r"(?<![\w.])1(?![\w.])", "2", one) == two
    assert not same, f"{name} {key} ({lang}) does not agree with its number: {one!r} / {two!r}"


# words that do not change with their number: "2 VP" / "2 PV" (abbreviations), "+2 bonus" /
# "+2 bônus"
INVARIANT = {"ui.vp", "ui.bonus"}


def test_no_number_is_glued_to_a_catalog_word_in_code() -> None:
    """A count shown in the terminal or the browser is one catalog message with plural forms
    ("{count} actions left"), never a number followed by a word from the catalog, which cannot
    agree with it ("1 actions left", issue 24)."""
    root = Path(ludoteca.__file__).parent
    glued = []
    for path in [*sorted((root / "cli").glob("**/*.py")), *sorted((root / "web").glob("**/*.js"))]:
        text = path.read_text(encoding="utf-8")
        # Python f-strings: {x} {ui('key')} / {t('key', ...)}; JS templates: ${x} ${ctx.w("key")}
        for m in re.finditer(
            r"""\{[^{}]+\} \{(?:ui|t|_t|msg)\((?:game, )?['"]([\w.]+)['"]"""
            r"""|\$\{[^{}]+\} \$\{ctx\.[wt]\(['"]([\w.]+)['"]""",
            text,
        ):
            key = m[1] or m[2]
            if key not in INVARIANT and f"ui.{key}" not in INVARIANT:
                glued.append(f"{path.relative_to(root)}: {m[0]}")
    assert not glued, glued


@pytest.mark.parametrize(
    ("lang", "one", "two"),
    [("en", "1 action left", "2 actions left"), ("pt-BR", "1 ação restante", "2 ações restantes")],
)
def test_the_terminal_counts_coatls_actions_in_the_right_number(
    lang: str, one: str, two: str
) -> None:
    from rich.console import Console

    from ludoteca.render.coatl import render

    game = get_game("coatl")
    view = game.new_game(2, seed=1).view(0)
    shown = []
    for n in (1, 2):
        console = Console(width=200, record=True, color_system=None, file=io.StringIO())
        console.print(render({**view, "actions_left": n}, game, lang, 0))
        shown.append(console.export_text())
    assert one in shown[0] and two in shown[1]
