"""Completeness by construction: each game's compiled core declares what it implements (cards,
effects, phases, action types, powers, families, options ...) by the Python package's own
names, and its ``supported()`` is derived from that declaration. Here, for every game with a
core: the package's tables hold nothing the core does not declare, and anything new in them
makes the core decline (the Python reference then plays), never a silent no-op.

This is the checklist's guard when adding a card or an effect (docs/architecture.md): the
failure names what the compiled twin is missing."""

from __future__ import annotations

import importlib

import pytest

import ludoteca
from ludoteca.engine import compiled
from ludoteca.engine.compiled.core import unimplemented
from ludoteca.sim import simulate

GAMES = [g for g in ludoteca.list_games() if compiled.has_core(g) or not compiled.AVAILABLE]


def _core_module(game: ludoteca.Game):
    name = compiled.compiled_package(game) + ".core"
    try:
        return importlib.import_module(name)
    except ImportError as e:  # numba missing: the declaration is still readable
        pytest.skip(f"{name}: {e}")


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_the_core_implements_everything_the_package_has(game):
    mod = _core_module(game)
    has = mod.package_has()
    assert has, "the package's tables, read"
    for kind, names in has.items():
        assert kind in mod.IMPLEMENTS, f"{game.id}: the core declares nothing of its {kind}"
        missing = sorted(map(str, names - mod.IMPLEMENTS[kind]))
        assert not missing, f"{game.id}: the compiled twin lacks the {kind} {missing}"
    assert mod.supported() == ""
    assert mod.Core.IMPLEMENTS is mod.IMPLEMENTS


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_anything_new_in_the_package_makes_the_core_decline(game, monkeypatch):
    mod = _core_module(game)
    real = mod.package_has()
    for kind in real:
        grown = {k: v | {"brand_new"} if k == kind else v for k, v in real.items()}
        monkeypatch.setattr(mod, "package_has", lambda grown=grown: grown)
        why = mod.supported()
        assert "brand_new" in why and kind in why, (kind, why)
    assert "brand_new" in unimplemented(mod.IMPLEMENTS, grown)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_a_state_slot_the_layout_does_not_mirror_makes_the_core_decline(game, monkeypatch):
    """The layout's check (``unmirrored``) is part of every core's ``supported()``: a slot of
    the state that the array neither holds nor lists as not mirrored would be lost between
    moves in compiled play, so the core declines, naming it."""
    mod = _core_module(game)
    layout = importlib.import_module(compiled.compiled_package(game) + ".layout")
    slot = "rng"  # every state has one, and no core's array holds it
    assert slot in layout.NOT_MIRRORED
    monkeypatch.delitem(layout.NOT_MIRRORED, slot)
    assert f"does not hold the state's {slot}" in mod.supported()


def _outcomes(n):
    res = simulate("exploding-kittens", 8, n, ["random", "heuristic"], seed=3)
    return [(g.to_row(), g.record) for g in res.games]


def test_an_exploding_kittens_card_the_core_lacks_makes_it_decline_and_the_game_plays(monkeypatch):
    """A new card with its Python rules (a catalog entry, its role, its effect) and no compiled
    twin: the core declines, naming the card, and games play through the reference, the same
    games as with the core switched off."""
    from ludoteca.games.exploding_kittens import cards as C
    from ludoteca.games.exploding_kittens import effects as FX
    from ludoteca.games.exploding_kittens.compiled import core as twin

    game = ludoteca.get_game("exploding-kittens")
    catalog = C._read("cards.toml")
    catalog["card"].append({"key": "catnip_cannon", "role": "action"})
    monkeypatch.setitem(C.IMPLEMENTED, "catnip_cannon", "action")
    monkeypatch.setitem(FX.CARD_EFFECTS, "catnip_cannon", FX.CARD_EFFECTS["skip"])
    assert "catnip_cannon" in C.load_cards(catalog)  # the data is accepted: it has rules
    assert "catnip_cannon" in twin.supported()
    monkeypatch.setattr(compiled, "_CORES", {})
    monkeypatch.setattr(compiled, "_WHY", {})
    if compiled.AVAILABLE:
        assert compiled.core_for(game) is None
        assert "catnip_cannon" in compiled.why_not(game)
    calls = []
    monkeypatch.setattr(compiled, "_play", lambda *a, **k: calls.append(1))
    got = _outcomes(3)
    assert calls == [], "no move in compiled code"
    with compiled.disabled():
        assert got == _outcomes(3)
    rec = ludoteca.engine.MatchRecord.from_json(got[0][1])
    assert rec.final_state().result().to_json() == rec.result
