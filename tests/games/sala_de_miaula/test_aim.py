"""The data says whose place each targeted effect aims at, and it says what effects.py does."""

from __future__ import annotations

import pytest

from ludoteca.engine import DataError
from ludoteca.games.sala_de_miaula import GAME
from ludoteca.games.sala_de_miaula.actions import NO_TARGET, UseAbility
from ludoteca.games.sala_de_miaula.cards import ACTION_EFFECTS, POOL, check_aim
from ludoteca.games.sala_de_miaula.model import SICK

from .helpers import table


def test_every_targeted_action_of_the_pool_has_its_aim() -> None:
    for cid, spec in POOL.cards.items():
        targeted = spec.effect is not None and ACTION_EFFECTS[spec.effect] != "none"
        assert (cid in POOL.aims) == targeted, cid
    assert POOL.aims["orvalho"] == "own"  # Ronrono (Purr): an ally, or your own life
    assert POOL.aims["arranhao"] == POOL.aims["bolha"] == "enemy"
    assert GAME.data_words("en")["card.orvalho.aim"] == "own"


@pytest.mark.parametrize(
    ("effect", "aim", "message"),
    [
        ("purr", None, r"effect 'purr' picks a target: say whose place with `aim = 'own'`"),
        ("purr", "enemy", r"`aim = 'enemy'`, but effect 'purr' aims at 'own' places"),
        ("damage", "any", r"`aim = 'any'`, but effect 'damage' aims at 'enemy' places"),
        ("heal", "own", r"effect 'heal' takes no target, so no `aim`"),
    ],
)
def test_a_wrong_aim_is_a_clear_error(effect: str, aim: str | None, message: str) -> None:
    with pytest.raises(DataError, match=r"data/x.toml: \[cards.z\]: " + message):
        check_aim(effect, aim, "data/x.toml: [cards.z]")


def test_purr_targets_only_own_places_or_own_life() -> None:
    """With both places 1 taken, Purr's legal targets are the ally's place and your life."""
    s = table(mine=["orvalho", "pingo"], theirs=["toco", "pedregulho"])
    s.field[0][1].status = SICK  # type: ignore[union-attr]
    uses = {a.target for a in s.legal_actions(0) if isinstance(a, UseAbility) and a.slot == 0}
    assert uses == {1, NO_TARGET}
