"""The options of a match. Each seat brings its deck (a starter deck's name or a list of card
ids); once validated, the options hold both full deck lists and the definitions of every card
in them (with hidden lists: of every card of the sets in play), so a match record replays
after the data files change. Definitions that are all a kept card catalog's (catalogs.py) are
named by it: ``catalog`` holds its digest and the options' JSON (a match record's, a stored
table's, a saved state's) leaves ``cards`` out; parsing reads them back from the snapshot. The
options that take ids of the data (decks, sets, terrain) say so (``choices_from``): the lobby
offers their names."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import Field, SerializerFunctionWrapHandler, model_serializer

from ...engine import GameOptions
from .cards import CardSpec

ALL_SETS = ["despertar", "eclipse", "bugingangas"]


class Options(GameOptions):
    deck_0: str | list[str] = Field(
        "mare_e_pedra",
        description="seat 0's deck: a starter deck (mare_e_pedra, brisa_do_mar, lava_e_rocha, "
        "fogo_e_vento) or a list of 25 card ids (ludoteca play --deck FILE sets it from a file)",
        json_schema_extra={"choices_from": "deck"},
    )
    deck_1: str | list[str] = Field(
        "fogo_e_vento",
        description="seat 1's deck: a starter deck's name or a list of 25 card ids",
        json_schema_extra={"choices_from": "deck"},
    )
    sets: list[str] = Field(
        default=ALL_SETS,
        description="the sets in play: despertar (base), eclipse, bugingangas (brings the Oficina)",
        json_schema_extra={"choices_from": "set"},
    )
    first_player: int | None = Field(
        None,
        description="the seat that starts (the last person to pet a cat); none: drawn at random",
    )
    terrain: str | None = Field(
        None,
        description="the starting terrain (agua, ar, terra, fogo, ...); none: drawn at random",
        json_schema_extra={"choices_from": "terrain"},
    )
    first_player_draws: bool = Field(
        True,
        description="the first player also draws on the very first turn (the text exempts nobody)",
    )
    draw_effects_end_game: bool = Field(
        True,
        description="a card that makes you draw from an empty deck ends the game, like the turn's "
        "draw; false: such a card draws what is left",
    )
    oficina_any_status: bool = Field(
        False,
        description="sick and fainted cats may go to the Oficina too (the text lists only the "
        "Canil and the ability for them, so false by default)",
    )
    decklists: Literal["hidden", "open"] = Field(
        "hidden",
        description="hidden: each seat sees its own deck list and, of the other's, only the "
        "cards revealed in play; open: both lists are public (an open-decklist tournament)",
    )
    catalog: str | None = Field(
        None,
        description="the card catalog whose definitions the match plays (the digest of a "
        "snapshot in data/catalogs/); filled in: a match record names it instead of carrying "
        "`cards`",
    )
    cards: dict[str, CardSpec] = Field(
        default={},
        description="definitions of the cards in both decks; filled in from `catalog`, else "
        "from the data files, when empty (a match record carries them, or names their "
        "catalog, so that it replays after the files change)",
    )

    @model_serializer(mode="wrap")
    def _catalog_named(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """With a catalog named, its JSON leaves the definitions out (they are the catalog's)."""
        if self.catalog is None:
            data: dict[str, Any] = handler(self)
            return data
        data = handler(self.model_copy(update={"cards": {}}))
        data.pop("cards", None)
        return data


# every option there was before `decklists`: a mapping that names them all (the options a match
# record, a stored table or a saved state holds are complete) but not `decklists` was saved
# when every list was public, and is read as `open` (``upgraded``)
OPTIONS_BEFORE_DECKLISTS = frozenset(
    {
        "deck_0",
        "deck_1",
        "sets",
        "first_player",
        "terrain",
        "first_player_draws",
        "draw_effects_end_game",
        "oficina_any_status",
        "cards",
    }
)


def upgraded(options: Mapping[str, Any]) -> Mapping[str, Any]:
    """Saved options from before `decklists` read as they played: with open lists."""
    if "decklists" not in options and options.keys() >= OPTIONS_BEFORE_DECKLISTS:
        return {**options, "decklists": "open"}
    return options


def dump(options: Options) -> dict[str, Any]:
    """The options' JSON, as a record holds it (``cards`` left out when ``catalog`` names them)."""
    return options.model_dump(mode="json")


def dump_inline(options: Options) -> dict[str, Any]:
    """The options' JSON with every definition inline and no catalog named: the form records
    had before catalogs were named (and the one to edit definitions in)."""
    data = options.model_copy(update={"catalog": None}).model_dump(mode="json")
    del data["catalog"]
    return data
