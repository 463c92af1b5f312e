"""Scoring of every Prophecy family and every Temple, on Coatls written head to tail."""

import pytest

from ludoteca.games.coatl.cards import FAMILIES, PROPHECIES, TEMPLES
from ludoteca.games.coatl.patterns import occurrences, prophecy_points, temple_points

from .helpers import TM, T, seq


def pts(pid: str, letters: str) -> int:
    return prophecy_points(T(pid), seq(letters))


# -- colour count: 3:2, 4:3, 5:4, 6+:5 ---------------------------------------------------
@pytest.mark.parametrize(
    ("letters", "points"),
    [("YYRR", 0), ("YRYKY", 2), ("YYYY", 3), ("YRYYKYY", 4), ("YYYYYY", 5), ("YYYYYYYYY", 5)],
)
def test_colour_count_tiers(letters: str, points: int) -> None:
    """Quantidade de uma cor: 3:2, 4:3, 5:4, 6 ou mais:5, em qualquer lugar do Cóatl."""
    assert pts("colour-count-y", letters) == points


def test_colour_count_counts_head_and_tail_pieces() -> None:
    assert pts("colour-count-k", "KRRK" + "K") == 2  # head and tail are K too


# -- exact pair: runs of exactly two ------------------------------------------------------
@pytest.mark.parametrize(
    ("letters", "points"),
    [
        ("RRY", 2),  # a run at the head end
        ("YRR", 2),  # a run at the tail end
        ("RRR", 0),  # three in a row is not an exact pair
        ("RRRR", 0),  # nor is four
        ("RRYRR", 5),
        ("RRYRRYRR", 5),  # the top tier is 2 runs
        ("RRYRRR", 2),
        ("RYR", 0),
    ],
)
def test_exact_pair(letters: str, points: int) -> None:
    """Par exato: uma sequência de exatamente duas peças da cor; 1 par:2, 2 pares:5."""
    assert pts("exact-pair-r", letters) == points


# -- trio: three in a row, non-overlapping ------------------------------------------------
@pytest.mark.parametrize(
    ("letters", "points"),
    [
        ("KKK", 3),
        ("KKKK", 3),
        ("KKKKK", 3),
        ("KKKKKK", 7),
        ("KKKRKKK", 7),
        ("KKRKK", 0),
        ("KKKKKKKKK", 7),
    ],
)
def test_trio(letters: str, points: int) -> None:
    """Trio: três da cor em sequência; seis seguidas são dois trios (sem sobreposição)."""
    assert pts("trio-k", letters) == points


def test_trio_counts_runs_of_six_as_two() -> None:
    assert occurrences(T("trio-g"), seq("GGGGGG")) == 2
    assert occurrences(T("trio-g"), seq("GGGGG")) == 1


# -- ordered pair: c1 directly followed by c2, read head to tail --------------------------
@pytest.mark.parametrize(
    ("letters", "points"),
    [("YG", 1), ("GY", 0), ("YGYG", 3), ("YGRYGKYG", 5), ("YGYGYGYG", 5), ("YYGG", 1), ("YRG", 0)],
)
def test_ordered_pair(letters: str, points: int) -> None:
    """Par ordenado: a primeira cor seguida da segunda, lido da cabeça para a cauda."""
    assert pts("ordered-pair-yg", letters) == points


# -- fixed sequences ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("pid", "letters", "points"),
    [
        ("alternating-kbkb", "KBKB", 5),
        ("alternating-kbkb", "RKBKBR", 5),
        ("alternating-kbkb", "BKBK", 0),  # read head to tail, it starts with blue
        ("alternating-kbkb", "KBKBKB", 5),  # scored once
        ("alternating-kbkb", "KBBKB", 0),
        ("two-two-bbyy", "BBYY", 4),
        ("two-two-bbyy", "RBBYYR", 4),
        ("two-two-bbyy", "YYBB", 0),
        ("two-two-bbyy", "BBBYYY", 4),  # the pattern as consecutive pieces inside longer runs
        ("three-two-rrrgg", "RRRGG", 6),
        ("three-two-rrrgg", "RRGGG", 0),
        ("three-two-kkggg", "YKKGGGY", 6),
        ("rainbow-ykrgb", "YKRGB", 7),
        ("rainbow-ykrgb", "BGRKY", 0),
        ("rainbow-ykrgb", "YKRGBYKRGB", 7),
        ("rainbow-rkbyg", "RRKBYGG", 7),
        ("rainbow-kgrby", "KGRB", 0),
    ],
)
def test_sequences(pid: str, letters: str, points: int) -> None:
    """Alternância, dois-dois, três-dois e arco-íris: a sequência exatamente como escrita."""
    assert pts(pid, letters) == points


# -- bridge: c1, one or more middle, c2 ---------------------------------------------------
@pytest.mark.parametrize(
    ("letters", "points"),
    [
        ("YKR", 2),
        ("YKKKKR", 2),
        ("YR", 0),  # at least one middle piece
        ("YKGR", 0),  # the middle is all one colour
        ("RKY", 0),  # head to tail
        ("YKRYKKR", 6),
        ("YKRYKRYKR", 6),
    ],
)
def test_bridge(letters: str, points: int) -> None:
    """Ponte: a primeira cor, uma ou mais da cor do meio, a última cor; 1:2, 2:6."""
    assert pts("bridge-ykr", letters) == points


def test_bridge_with_equal_ends_does_not_overlap() -> None:
    """Ponte G,Y,G: em GYGYG o G do meio só serve a uma ponte (ocorrências sem sobreposição)."""
    assert occurrences(T("bridge-gyg"), seq("GYGYG")) == 1
    assert pts("bridge-gyg", "GYGYG") == 2
    assert pts("bridge-gyg", "GYGGYG") == 6
    assert pts("bridge-bgb", "BGGGBRBGB") == 6


# -- mirror: c1 c2, at least one piece, c2 c1 ---------------------------------------------
@pytest.mark.parametrize(
    ("letters", "points"),
    [
        ("KYRYK", 4),
        ("KYRRGYK", 4),
        ("KYYK", 0),  # at least one piece between
        ("YKRKY", 0),  # head to tail: K Y first
        ("KYKYK", 4),  # the middle piece may be any colour, even K
        ("KYRKY", 0),
    ],
)
def test_mirror(letters: str, points: int) -> None:
    """Espelho: c1 c2, pelo menos uma peça de qualquer cor, c2 c1."""
    assert pts("mirror-ky", letters) == points


def test_every_family_has_a_scoring_test() -> None:
    tested = {
        "colour_count",
        "exact_pair",
        "trio",
        "ordered_pair",
        "alternating",
        "two_two",
        "three_two",
        "rainbow",
        "bridge",
        "mirror",
    }
    assert set(FAMILIES) == tested


def test_every_prophecy_scores_its_own_pattern() -> None:
    """Each card's pattern, written out once, reaches its first tier."""
    for p in PROPHECIES:
        c = p.colours
        if p.family == "colour_count":
            s = [c[0]] * 3
        elif p.family == "exact_pair":
            s = [c[0]] * 2
        elif p.family == "trio":
            s = [c[0]] * 3
        elif p.family == "bridge":
            s = [c[0], c[1], c[2]]
        elif p.family == "mirror":
            other = next(x for x in range(5) if x not in c)
            s = [c[0], c[1], other, c[1], c[0]]
        else:
            s = list(c)
        assert prophecy_points(p.index, s) == p.tiers[0][1], p.id


# -- Temples ------------------------------------------------------------------------------
def tp(tid: str, letters: str) -> int:
    return temple_points(TM(tid), seq(letters))


@pytest.mark.parametrize(
    ("tid", "letters", "points"),
    [
        ("absent-y-length-7", "RRKGBBR", 7),  # no yellow and exactly 7 pieces
        ("absent-y-length-7", "RRKGBB", 3),
        ("absent-y-length-7", "RRKGBBY", 3),
        ("absent-y-length-7", "YRKGBB", 0),
        ("absent-k-length-8", "YYYYRRRR", 7),
        ("absent-g-length-9", "YYYYYRRRR", 7),
        ("absent-b-length-10", "YYYYYRRRRR", 7),
        ("absent-r-length-11", "YYYYYYKKKKK", 7),
        ("absent-r-length-11", "YYYYYYKKKKKK", 3),
        ("equal-ry-length-12", "RYRYRYRYRYRY", 7),
        ("equal-ry-length-12", "RYK", 3),
        ("equal-ry-length-12", "KKKKKKKKKKKK", 3),  # 0 = 0 does not count, the length does
        ("equal-ry-length-12", "KKK", 0),
        ("equal-yg-length-6", "YGYGKK", 7),
        ("equal-bk-length-9", "BKBKBKRRR", 7),
        ("equal-rg-length-6", "RGRGRG", 7),
        ("equal-by-length-12", "BY", 3),
        ("absent-k-equal-br", "BRRB", 7),
        ("absent-k-equal-br", "BRRBK", 3),
        ("absent-k-equal-br", "BRR", 3),
        ("absent-b-equal-kr", "KR", 7),
        ("absent-g-equal-ky", "KYG", 3),
        ("absent-r-equal-bg", "BG", 7),
        ("absent-y-equal-kg", "KGY", 3),
        ("absent-y-equal-kg", "KGGY", 0),
    ],
)
def test_temples(tid: str, letters: str, points: int) -> None:
    """Templo: uma condição cumprida vale 3, as duas valem 7; o comprimento conta cabeça e cauda."""
    assert tp(tid, letters) == points


def test_every_temple_is_tested() -> None:
    ids = {t.id for t in TEMPLES}
    tested = {
        "absent-y-length-7",
        "absent-k-length-8",
        "absent-g-length-9",
        "absent-b-length-10",
        "absent-r-length-11",
        "equal-ry-length-12",
        "equal-yg-length-6",
        "equal-bk-length-9",
        "equal-rg-length-6",
        "equal-by-length-12",
        "absent-k-equal-br",
        "absent-b-equal-kr",
        "absent-g-equal-ky",
        "absent-r-equal-bg",
        "absent-y-equal-kg",
    }
    assert ids == tested
