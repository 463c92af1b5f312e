"""Every component of every game's data has a help text in both languages, built from the
data (so it names what the engine plays), with no template left unfilled."""

from __future__ import annotations

import re

import pytest

from ludoteca.games.coatl.cards import PROPHECIES, TEMPLE_BOTH, TEMPLE_ONE, TEMPLES
from ludoteca.games.exploding_kittens.cards import KEYS
from ludoteca.games.nine_domains.cards import CARDS, DOMAINS
from ludoteca.games.sala_de_miaula.cards import POOL, STATUSES
from ludoteca.help.components import help_texts

LANGS = ("pt-BR", "en")

# the ids of each game's data, read from its catalogs (not from the help module)
DATA_IDS = {
    "exploding-kittens": [f"card.{k}" for k in KEYS],
    "coatl": [f"prophecy.{p.id}" for p in PROPHECIES] + [f"temple.{t.id}" for t in TEMPLES],
    "nine-domains": [f"card.{c.id}" for c in CARDS.models]
    + [f"domain.{d.id}" for d in DOMAINS.models],
    "sala-de-miaula": [f"card.{c}" for c in POOL.cards]
    + [f"terrain.{t}" for t in POOL.terrains]
    + [f"status.{s}" for s in STATUSES],
}
# the icons the issue names, which the boards draw
ICONS = {
    "exploding-kittens": ["zone.turns"],
    "coatl": ["icon.sigma", "icon.bracket", "icon.absent", "icon.length", "icon.equal"],
    "nine-domains": ["icon.element.purple"],
    "sala-de-miaula": ["icon.ability", "icon.item"],
}


@pytest.mark.parametrize("game", sorted(DATA_IDS))
@pytest.mark.parametrize("lang", LANGS)
def test_every_component_explains_itself(game: str, lang: str) -> None:
    texts = help_texts(game, lang)
    missing = [k for k in DATA_IDS[game] + ICONS[game] if not texts.get(k, "").strip()]
    assert not missing, f"{game} {lang}: no help for {missing}"
    for k, v in texts.items():
        assert not re.search(r"\{\w*\}", v), f"{game} {lang} {k}: unfilled template {v!r}"
        # a missing catalog entry comes back as its own key ("coatl.zone.end")
        assert not re.fullmatch(r"[\w.-]+", v), f"{game} {lang} {k}: no words, only {v!r}"


@pytest.mark.parametrize("game", sorted(DATA_IDS))
def test_languages_differ(game: str) -> None:
    pt, en = help_texts(game, "pt-BR"), help_texts(game, "en")
    assert pt.keys() == en.keys()
    same = [k for k in pt if pt[k] == en[k]]
    assert not same, f"{game}: untranslated help {same[:5]}"


def test_help_follows_the_data() -> None:
    """The words come from the data: a Prophecy's tiers and a Temple's points as the catalog
    holds them, a Sala card's attack and life from its data."""
    en = help_texts("coatl", "en")
    p = PROPHECIES[0]
    for n, v in p.tiers:
        assert (
            f"{n} time{'s' if n != 1 else ''} score{'' if n != 1 else 's'} {v} points"
            in en[f"prophecy.{p.id}"]
        )
    t = TEMPLES[0]
    assert f"one condition scores {TEMPLE_ONE} points; both, {TEMPLE_BOTH}" in en[f"temple.{t.id}"]
    sala = help_texts("sala-de-miaula", "en")
    cid, c = next((k, c) for k, c in POOL.cards.items() if c.type == "creature")
    assert f"ATK {c.attack}" in sala[f"card.{cid}"] and f"LIFE {c.life}" in sala[f"card.{cid}"]
    ek = help_texts("exploding-kittens", "pt-BR")
    assert ek["card.nope"].startswith("Não!:")
