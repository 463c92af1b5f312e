"""Card catalogs named by their digest (catalogs.py): every catalog of the data files is kept as
a snapshot, a record names it instead of carrying the definitions, and records that carry them
(every record made before) load and replay exactly as before."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import pytest

from ludoteca import DataError, InvalidOptions, Match, MatchRecord
from ludoteca.games.sala_de_miaula import GAME, catalogs
from ludoteca.games.sala_de_miaula.cards import POOL
from ludoteca.games.sala_de_miaula.options import dump_inline
from ludoteca.games.sala_de_miaula.state import SalaState

DATA = Path(__file__).parent / "data"
KEPT = Path(catalogs.__file__).parent / "data" / "catalogs"


def _fixture(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / name).read_text(encoding="utf-8"))
    return data


def _clear() -> None:
    for f in (catalogs.kept, catalogs.current, catalogs.definitions, catalogs.pool_digest):
        f.cache_clear()


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A snapshot folder of the test's own: today's snapshot, and whatever the test adds."""
    catalogs.write_snapshot(tmp_path)
    monkeypatch.setattr(catalogs, "_folder", lambda: tmp_path)
    _clear()
    yield tmp_path
    _clear()


def _edited_snapshot(folder: Path) -> tuple[str, dict[str, Any]]:
    """A snapshot of the catalog with Pingo at 9 attack (as if the data files had had it)."""
    old = {cid: spec.model_dump(mode="json") for cid, spec in POOL.cards.items()}
    old["pingo"]["attack"] = 9
    content = (json.dumps(old, ensure_ascii=False, sort_keys=True, indent=1) + "\n").encode()
    name = catalogs.digest(content)
    (folder / f"{name}.json").write_bytes(content)
    _clear()
    return name, old


def test_the_data_files_catalog_has_its_snapshot() -> None:
    d = catalogs.pool_digest()
    assert d in catalogs.kept(), (
        f"the card catalog of data/cards_*.toml has no snapshot data/catalogs/{d}.json: run "
        "`.venv/bin/python scripts/sala_catalog` and commit the file it writes (never delete "
        "an old one: records name them)"
    )
    assert catalogs.current() == d


def test_every_snapshot_hashes_to_its_name_and_holds_a_catalog() -> None:
    files = sorted(KEPT.glob("*.json"))
    assert files and {p.stem for p in files} == catalogs.kept()
    for p in files:
        content = p.read_bytes()
        assert catalogs.digest(content) == p.stem, f"{p.name}: its content hashes elsewhere"
        specs = catalogs.definitions(p.stem)
        assert catalogs.canonical(specs) == content, f"{p.name}: not in the canonical form"


def test_a_new_record_names_the_catalog_and_replays_the_same(tmp_path: Path) -> None:
    m = Match(GAME, 2, 5, {}, ["a", "b"])
    while not m.state.is_over:
        p = m.state.actors[0]
        m.apply(p, m.state.legal_actions(p)[0])
    assert m.record.options["catalog"] == catalogs.current()
    assert "cards" not in m.record.options
    assert "cards" not in m.state.to_json()["options"]
    path = tmp_path / "r.json"
    m.record.save(path)
    final = MatchRecord.load(path).final_state()
    assert final.options == m.state.options
    assert final.to_json() == m.state.to_json()


def test_an_inline_record_and_its_digest_twin_replay_to_identical_states() -> None:
    """A record made before catalogs were named (tests/.../data/record_inline_cards.json:
    `ludoteca simulate` JSON Lines, definitions inline) and the same record naming its catalog
    give the same options and the same state after every action."""
    inline = MatchRecord.from_json(_fixture("record_inline_cards.json"))
    assert "cards" in inline.options and "catalog" not in inline.options
    twin_json = _fixture("record_inline_cards.json")
    del twin_json["options"]["cards"]
    twin_json["options"]["catalog"] = catalogs.current()
    twin = MatchRecord.from_json(twin_json)
    assert inline.initial_state().options == twin.initial_state().options
    steps = 0
    for a, b in zip(inline.steps(), twin.steps(), strict=True):
        assert a.state.to_json() == b.state.to_json()
        assert [e.to_json() for e in a.events] == [e.to_json() for e in b.events]
        steps += 1
    assert steps == len(inline.actions) and inline.final_state().is_over
    assert inline.final_state().result().to_json() == inline.result
    # the inline record, saved again, names its catalog: the twin
    again = GAME.new_game(2, inline.seed, inline.options).options.model_dump(mode="json")
    assert again == twin_json["options"]


def test_a_saved_state_with_inline_definitions_loads_the_same() -> None:
    """A state saved before (options with `cards`) loads, and is the state its record reaches."""
    saved = _fixture("state_inline_cards.json")
    assert "cards" in saved["options"]
    s = GAME.state_from_json(saved)
    replayed = next(
        st.state
        for st in MatchRecord.from_json(_fixture("record_inline_cards.json")).steps()
        if st.index == 10
    )
    assert s.to_json() == replayed.to_json()
    assert s.to_json()["options"]["catalog"] == catalogs.current()
    back = GAME.state_from_json(s.to_json())
    assert back.options == s.options and back.to_json() == s.to_json()


def test_custom_definitions_stay_inline() -> None:
    opts = dump_inline(GAME.new_game(2, 1, {}).options)
    opts["cards"]["pingo"]["attack"] = 9
    s = GAME.new_game(2, 1, opts)
    dumped = s.options.model_dump(mode="json")
    assert dumped["catalog"] is None and dumped["cards"]["pingo"]["attack"] == 9
    assert GAME.new_game(2, 1, dumped).options == s.options
    # open lists define the decks' cards only: inline too, when one of them is custom
    opts.update(decklists="open", deck_0="brisa_do_mar")
    dumped = GAME.new_game(2, 1, opts).options.model_dump(mode="json")
    assert "pingo" in dumped["cards"] and dumped["cards"]["pingo"]["attack"] == 9


def test_a_catalog_named_nowhere_is_refused_clearly() -> None:
    rec = _fixture("record_inline_cards.json")
    del rec["options"]["cards"]
    rec["options"]["catalog"] = "0123456789abcdef"
    with pytest.raises(InvalidOptions, match="unknown card catalog '0123456789abcdef'"):
        MatchRecord.from_json(rec).final_state()
    with pytest.raises(InvalidOptions, match="unknown card catalog"):
        GAME.new_game(2, 1, {"catalog": "../../cards_despertar"})
    # a long name is not echoed back whole (a request's error stays short)
    with pytest.raises(InvalidOptions, match="unknown card catalog") as refused:
        GAME.new_game(2, 1, {"catalog": "../" * 5000})
    assert len(str(refused.value)) < 300
    # a record may not give both: which one would it have been played with?
    both = {"catalog": catalogs.current(), **dump_inline(GAME.new_game(2, 1, {}).options)}
    with pytest.raises(InvalidOptions, match="not both"):
        GAME.new_game(2, 1, both)
    # the refusals changed nothing: the good form still loads
    assert GAME.new_game(2, 1, {"catalog": catalogs.current()}).options.catalog is not None


def test_hidden_lists_name_one_catalog_whatever_the_decks() -> None:
    """With hidden lists the options define every card of the sets in play and name the whole
    catalog: nothing in them but the deck lists (which a view never shows) tells a deck."""
    a = GAME.new_game(2, 1, {}).options.model_dump(mode="json")
    b = GAME.new_game(2, 1, {"deck_0": "lava_e_rocha", "deck_1": "brisa_do_mar"})
    other = b.options.model_dump(mode="json")
    assert a["catalog"] == other["catalog"] == catalogs.current()
    drop = ("deck_0", "deck_1")
    assert {k: v for k, v in a.items() if k not in drop} == {
        k: v for k, v in other.items() if k not in drop
    }


def test_a_record_of_an_older_catalog_names_it_and_replays(folder: Path) -> None:
    """After the cards change, a record made with the old catalog (inline or named) reads its
    definitions from the old snapshot."""
    name, old = _edited_snapshot(folder)
    assert name != catalogs.current() and name in catalogs.kept()
    inline = dump_inline(GAME.new_game(2, 3, {}).options)
    inline["cards"] = {cid: old[cid] for cid in inline["cards"]}
    s = cast(SalaState, GAME.new_game(2, 3, inline))
    assert s.cards["pingo"].attack == 9 and s.options.catalog == name
    named = s.options.model_dump(mode="json")
    assert named["catalog"] == name and "cards" not in named
    t = GAME.new_game(2, 3, named)
    assert t.options == s.options and t.to_json() == s.to_json()


def test_a_snapshot_edited_by_hand_is_refused(folder: Path) -> None:
    name, old = _edited_snapshot(folder)
    (folder / f"{name}.json").write_text(json.dumps(old).replace('"life": 1', '"life": 2'))
    with pytest.raises(DataError, match="hashes to"):
        catalogs.definitions(name)
    with pytest.raises(InvalidOptions, match=f"{name}.json: its content hashes to"):
        GAME.new_game(2, 1, {"catalog": name})


def test_without_its_snapshot_the_catalog_stays_inline(folder: Path) -> None:
    """Cards edited but no snapshot written yet: records carry the definitions, as before."""
    (folder / f"{catalogs.pool_digest()}.json").unlink()
    _clear()
    dumped = GAME.new_game(2, 1, {}).options.model_dump(mode="json")
    assert dumped["catalog"] is None and len(dumped["cards"]) == len(POOL.cards)
