"""Every card, terrain, ability, set and starter deck has its words in both languages, the
data files hold none, and the table reads them in the reader's language."""

from __future__ import annotations

import io
import random
import re
from typing import Any

import pytest
from rich.console import Console

from ludoteca.engine import DataError, Event
from ludoteca.games.sala_de_miaula import GAME
from ludoteca.games.sala_de_miaula.cards import POOL, _read, load_pool
from ludoteca.games.sala_de_miaula.deckfile import parse_deck_text
from ludoteca.games.sala_de_miaula.words import CATALOG, KINDS, Kind, name_of
from ludoteca.render import render_view

# the ids of each kind of thing the catalogs name
IDS: dict[Kind, list[str]] = {
    "card": list(POOL.cards),
    "terrain": list(POOL.terrains),
    "ability": list(POOL.abilities),
    "set": list(POOL.sets),
    "deck": list(POOL.decks),
}
# the data file each kind lives in, and where its entries sit in it
FILES: dict[Kind, tuple[str, tuple[str, ...]]] = {
    "terrain": ("terrains.toml", ()),
    "ability": ("abilities.toml", ()),
    "set": ("sets.toml", ()),
    "deck": ("decks.toml", ("decks",)),
    "card": ("cards_despertar.toml", ("cards",)),
}


def test_the_kinds_are_the_pool_s() -> None:
    assert set(KINDS) == set(IDS)


@pytest.mark.parametrize("lang", ["pt-BR", "en"])
@pytest.mark.parametrize("kind", KINDS)
def test_everything_of_the_data_has_a_name_in_each_catalog(kind: Kind, lang: str) -> None:
    msgs = CATALOG.messages[lang]
    missing = [i for i in IDS[kind] if not msgs.get(f"{kind}.{i}", "").strip()]
    assert not missing, f"locale/{lang}.toml [{kind}] lacks {missing}"
    # card.<id>.text and the like are made by data_words, not written in the catalogs
    unknown = sorted(
        k for k in msgs if k.startswith(f"{kind}.") and k.removeprefix(f"{kind}.") not in IDS[kind]
    )
    assert not unknown, f"locale/{lang}.toml names {kind}s the data does not hold: {unknown}"


@pytest.mark.parametrize("kind", KINDS)
def test_english_names_are_english_words_not_the_portuguese_ones(kind: Kind) -> None:
    ids = IDS[kind]
    same = [i for i in ids if name_of(kind, i, "en") == name_of(kind, i, "pt-BR")]
    assert not same, same
    for lang in ("pt-BR", "en"):
        assert len({name_of(kind, i, lang) for i in ids}) == len(ids), (kind, lang)


@pytest.mark.parametrize("kind", KINDS)
def test_the_data_files_hold_no_names(kind: Kind) -> None:
    fname, path = FILES[kind]
    table: Any = _read(fname)
    for k in path:
        table = table[k]
    assert not [i for i, body in table.items() if {"name", "name_en"} & set(body)]


@pytest.mark.parametrize("field", ["name", "name_en"])
@pytest.mark.parametrize("kind", KINDS)
def test_a_data_file_with_a_leftover_name_is_refused_saying_where_words_go(
    kind: Kind, field: str
) -> None:
    """Like the cards: names are not read from the data (a stale one would never be shown), so
    a file that still has one fails at load, naming the entry and the catalog key."""
    fname, path = FILES[kind]

    def read(name: str) -> dict[str, Any]:
        data = _read(name)
        if name == fname:
            table = data
            for k in path:
                table = table[k]
            table[next(iter(table))][field] = "Velho Nome"
        return data

    first = IDS[kind][0]
    with pytest.raises(DataError) as e:
        load_pool(read)
    msg = str(e.value)
    assert f"data/{fname}" in msg and f"[{'.'.join((*path, first))}]" in msg, msg
    assert f"`{field}`" in msg and "locale/en.toml" in msg and f"{kind}.{first}" in msg, msg


def test_the_pool_loads_from_its_files() -> None:
    assert load_pool(_read) == POOL


def test_texts_and_browser_words_are_in_the_reader_language() -> None:
    words = GAME.data_words("en")
    assert words["card.pingo"] == "Droplet"
    assert "Sneeze:" in words["card.bolha.text"] and "Espirro" not in words["card.bolha.text"]
    assert GAME.data_words("pt-BR")["card.pingo"] == "Pingo"


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("pt-BR", "O jogador 1 atacou Fênix com Pingo + Bolha: 3 de dano."),
        ("en", "Player 1 attacked Phoenix with Droplet + Bubble: 3 damage."),
    ],
)
def test_events_name_cards_in_the_reader_language(lang: str, line: str) -> None:
    e = Event(
        "attack", {"player": 0, "attackers": ["pingo", "bolha"], "target": "fenix", "damage": 3}
    )
    assert GAME.describe_event(e, lang, 0) == line


def test_every_event_of_a_game_names_no_card_in_the_other_language() -> None:
    pt_names = {GAME.card_name(c, "pt-BR") for c in POOL.cards} - {
        GAME.card_name(c, "en") for c in POOL.cards
    }
    s = GAME.new_game(2, 11, {})
    rng = random.Random(11)
    lines: list[str] = []
    while not s.is_over and len(lines) < 400:
        p = s.actors[0]
        a = rng.choice(s.legal_actions(p))
        lines.append(GAME.describe_action(a, "en"))
        lines += [GAME.describe_event(e, "en", p) for e in s.apply(p, a)]
    text = "\n".join(lines)
    assert not [n for n in pt_names if f" {n} " in f" {text} ".replace(".", " ")], text[:400]


def test_a_deck_file_reads_names_in_either_language() -> None:
    assert parse_deck_text("2 Droplet\n2 pingo\n", "deck") == ["pingo"] * 4


@pytest.mark.parametrize(
    "line", ["starter: lava_e_rocha", "starter: Lava and Rock", "starter: lava e rocha"]
)
def test_a_deck_file_names_a_starter_deck_by_id_or_name_in_either_language(line: str) -> None:
    assert parse_deck_text(f"# mine\n{line}\n", "deck") == "lava_e_rocha"


def test_the_browser_words_carry_every_name_in_the_reader_language() -> None:
    """What /api/games/sala-de-miaula/words hands the browser: the catalogs plus data_words."""
    for lang in ("pt-BR", "en"):
        other = "en" if lang == "pt-BR" else "pt-BR"
        words = {**CATALOG.messages[other], **CATALOG.messages[lang], **GAME.data_words(lang)}
        for kind, ids in IDS.items():
            for i in ids:
                assert words[f"{kind}.{i}"] == name_of(kind, i, lang)
    assert GAME.terrain_name("agua", "en") == "Pond" and GAME.terrain_name("agua") == "Lagoa"
    assert GAME.ability_name("espirro", "en") == "Sneeze"
    assert GAME.set_name("eclipse", "en") == "Eclipse in the Kennel"
    assert GAME.deck_name("mare_e_pedra", "pt-BR") == "Maré e Pedra"


def _mentions(text: str, names: set[str]) -> list[str]:
    return sorted(n for n in names if re.search(rf"(?<!\w){re.escape(n)}(?!\w)", text))


def _english_game_text(seed: int) -> str:
    """An English game played at random: every action and event line, and the terminal board
    of the acting seat's view after each move."""
    s = GAME.new_game(2, seed, {})
    rng = random.Random(seed)
    buf = io.StringIO()
    console = Console(file=buf, width=120, color_system=None)
    lines: list[str] = []
    while not s.is_over and len(lines) < 1200:
        p = s.actors[0]
        a = rng.choice(s.legal_actions(p))
        lines.append(GAME.describe_action(a, "en"))
        lines += [GAME.describe_event(e, "en", p) for e in s.apply(p, a)]
        console.print(render_view(s.view(p), GAME, "en", p))
    return "\n".join(lines) + "\n" + buf.getvalue()


def test_an_english_game_names_no_terrain_or_ability_in_portuguese() -> None:
    kinds: tuple[Kind, ...] = ("terrain", "ability")
    pt = {name_of(k, i, "pt-BR") for k in kinds for i in IDS[k]}
    en = {name_of(k, i, "en") for k in kinds for i in IDS[k]}
    text = "\n".join(_english_game_text(seed) for seed in (3, 11))
    assert not _mentions(text, pt - en)
    # not vacuous: the board names its terrain, a creature its ability, the log what changed
    assert len(_mentions(text, en)) >= 6, _mentions(text, en)
