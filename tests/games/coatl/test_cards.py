"""The card catalogs: all 54 Prophecies and 15 Temples, validated at load."""

import tomllib
from collections import Counter
from importlib import resources

import pytest

from ludoteca import DataError
from ludoteca.games.coatl.cards import (
    FULL_DECK,
    PROPHECIES,
    TEMPLES,
    parse_prophecies,
    parse_temples,
)


def raw(name: str) -> dict:
    f = resources.files("ludoteca.games.coatl").joinpath("data", name)
    return tomllib.loads(f.read_text(encoding="utf-8"))


def test_54_prophecies_in_ten_families() -> None:
    assert len(FULL_DECK) == 54
    per_family = Counter()
    for p in PROPHECIES:
        per_family[p.family] += p.copies
    assert per_family == {
        "colour_count": 10,
        "exact_pair": 5,
        "trio": 5,
        "ordered_pair": 7,
        "alternating": 3,
        "two_two": 4,
        "three_two": 3,
        "rainbow": 3,
        "bridge": 9,
        "mirror": 5,
    }


def test_printed_points() -> None:
    by = {p.id: p for p in PROPHECIES}
    assert by["colour-count-y"].tiers == ((3, 2), (4, 3), (5, 4), (6, 5))
    assert by["exact-pair-r"].tiers == ((1, 2), (2, 5))
    assert by["trio-k"].tiers == ((1, 3), (2, 7))
    assert by["ordered-pair-rb"].tiers == ((1, 1), (2, 3), (3, 5))
    assert by["alternating-rgrg"].tiers == ((1, 5),)
    assert by["two-two-ggrr"].tiers == ((1, 4),)
    assert by["three-two-yybbb"].tiers == ((1, 6),)
    assert by["rainbow-kgrby"].tiers == ((1, 7),)
    assert by["bridge-grk"].tiers == ((1, 2), (2, 6))
    assert by["mirror-rb"].tiers == ((1, 4),)


def test_15_temples() -> None:
    assert len(TEMPLES) == 15
    kinds = Counter((t.a.kind, t.b.kind) for t in TEMPLES)
    assert kinds == {("absent", "length"): 5, ("equal", "length"): 5, ("absent", "equal"): 5}


def test_a_bad_prophecy_names_file_and_entry() -> None:
    data = raw("prophecies.toml")
    data["prophecy"][3]["colours"] = "YX"
    with pytest.raises(DataError, match=r"prophecies.toml: prophecy 'colour-count-g'"):
        parse_prophecies(data)


def test_rising_tiers_and_card_total_are_checked() -> None:
    data = raw("prophecies.toml")
    data["prophecy"][0]["tiers"] = [[3, 2], [3, 3]]
    with pytest.raises(DataError, match=r"colour-count-y.*tiers must rise"):
        parse_prophecies(data)
    data = raw("prophecies.toml")
    data["prophecy"][0]["copies"] = 3
    with pytest.raises(DataError, match="55 cards"):
        parse_prophecies(data)


def test_a_bad_temple_names_file_and_entry() -> None:
    data = raw("temples.toml")
    data["temple"][2]["b"] = {"kind": "length", "value": 0}
    with pytest.raises(DataError, match=r"temples.toml: temple 'absent-g-length-9'"):
        parse_temples(data)
    data = raw("temples.toml")
    data["temple"][0]["a"] = {"kind": "absent", "colours": "YR"}
    with pytest.raises(DataError, match="absent-y-length-7"):
        parse_temples(data)
    data = raw("temples.toml")
    data["temple"].pop()
    with pytest.raises(DataError, match="14 temples"):
        parse_temples(data)
