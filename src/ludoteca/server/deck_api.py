"""The decks' HTTP doors (``/api/account/decks``): the signed-in person's own decks. Every door
acts on the session's account and no other (server/decks.py): nobody signed in gets 401,
another account's deck is 404 as if it were not there."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Request
from pydantic import Field, StringConstraints

from .account_api import SessionCookie, accounts
from .decks import Decks, deck_json
from .schemas import Name, Strict

router = APIRouter(prefix="/api/account/decks")

CardId = Annotated[str, StringConstraints(min_length=1, max_length=64, pattern=r"^[a-z0-9_]+$")]
# a card's copies: bounded here, checked against the deck rules by decks.check (which says
# "at most 2 copies" in the person's words)
Copies = Annotated[int, Field(ge=1, le=99)]
Cards = Annotated[dict[CardId, Copies], Field(max_length=200)]
DeckId = Annotated[str, Path(max_length=24)]


class DeckIn(Strict):
    name: Name
    cards: Cards


class DeckChange(Strict):
    name: Name | None = None
    cards: Cards | None = None


class DeckImport(Strict):
    decks: Annotated[list[DeckIn], Field(max_length=100)]


def decks(request: Request) -> Decks:
    d: Decks = request.app.state.decks
    return d


@router.get("")
async def list_decks(request: Request, session: SessionCookie = None) -> dict[str, Any]:
    account = await accounts(request).require(session)
    return {"decks": await decks(request).of(account)}


@router.post("", status_code=201)
async def create(request: Request, body: DeckIn, session: SessionCookie = None) -> Any:
    account = await accounts(request).require(session)
    return {"deck": deck_json(await decks(request).create(account, body.name, body.cards))}


@router.post("/import")
async def import_decks(request: Request, body: DeckImport, session: SessionCookie = None) -> Any:
    """The decks a guest built in this browser, moved to the account just signed in."""
    account = await accounts(request).require(session)
    return await decks(request).import_(account, [(d.name, d.cards) for d in body.decks])


@router.get("/{deck_id}")
async def get(request: Request, deck_id: DeckId, session: SessionCookie = None) -> Any:
    account = await accounts(request).require(session)
    return {"deck": await decks(request).get(account, deck_id)}


@router.patch("/{deck_id}")
async def change(
    request: Request, deck_id: DeckId, body: DeckChange, session: SessionCookie = None
) -> Any:
    """Renamed, or its cards replaced (the deck saved again), or both."""
    account = await accounts(request).require(session)
    row = await decks(request).change(account, deck_id, body.name, body.cards)
    return {"deck": deck_json(row)}


@router.delete("/{deck_id}")
async def delete(request: Request, deck_id: DeckId, session: SessionCookie = None) -> Any:
    account = await accounts(request).require(session)
    await decks(request).delete(account, deck_id)
    return {"deleted": True}
