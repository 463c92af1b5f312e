"""Decks kept on the account: the Gatálogo's decks (Sala de Miaula), saved, listed, renamed and
deleted by the signed-in person, offered when they create or join a table on any browser.

A deck is stored only if the game would take it at a table: the verdict is the game's own
(``parse_options`` with the deck as a seat's, every set in play: the same rules a deck file
meets), and a refused deck says why in codes the client words (``problems``, each a "problem" and its numbers), nothing stored.
A deck is its account's data: every read and write names the account (deck_store.py), another
account's deck is "not found", the export lists them, and the account's deletion takes them.
A guest's decks stay in their browser until they sign up or in: then ``import_`` moves them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine import InvalidOptions, get_game
from ..games.sala_de_miaula.cards import DECK_SIZE, MAX_COPIES, POOL, deck_problems
from .accounts import iso
from .db import now
from .deck_store import DeckStore
from .errors import ApiError
from .models import AccountRow, DeckRow
from .tokens import new_table_id

GAME = "sala-de-miaula"  # the one game whose tables take a person's own deck today
MAX_DECKS = 100  # per account: a person's collection, not a store for anything else


def problems_of(cards: dict[str, int]) -> list[dict[str, object]]:
    """Why a deck ({card id: copies}) breaks the deck rules, as codes and numbers ([] if it
    does not): the rules of cards.deck_problems, one entry per card the person can fix."""
    out: list[dict[str, object]] = []
    for cid, n in sorted(cards.items()):
        if cid not in POOL.cards:
            out.append({"problem": "unknown_card", "card": cid})
        elif n > MAX_COPIES:
            out.append({"problem": "copies", "card": cid, "most": MAX_COPIES, "n": n})
    total = sum(cards.values())
    if total != DECK_SIZE:
        out.append({"problem": "size", "n": total, "size": DECK_SIZE})
    return out


def check(cards: dict[str, int]) -> dict[str, int]:
    """The deck as stored (cards in id order), or a 422 that says why it is refused."""
    problems = problems_of(cards)
    if problems:
        ids = [cid for cid, n in cards.items() for _ in range(min(n, MAX_COPIES + 1))]
        said = deck_problems(ids, POOL.cards, set(POOL.sets))
        raise ApiError(
            422, "invalid_deck", "; ".join(said) or "not a legal deck", problems=problems
        )
    # the game's own verdict, as a table would give it for this deck as a seat's
    try:
        get_game(GAME).parse_options(
            {"deck_0": [cid for cid, n in cards.items() for _ in range(n)]}, 2
        )
    except InvalidOptions as e:
        raise ApiError(422, "invalid_deck", str(e), problems=[{"problem": "rules"}]) from None
    return dict(sorted(cards.items()))


def deck_text(cards: dict[str, int]) -> str:
    """The deck as a deck file (games/sala_de_miaula/deckfile.py), what a seat is sent with."""
    return "".join(f"{n} {cid}\n" for cid, n in sorted(cards.items()))


def deck_json(row: DeckRow) -> dict[str, Any]:
    return {
        "id": row.id,
        "game": row.game,
        "name": row.name,
        "cards": dict(row.cards),
        "text": deck_text(row.cards),
        "created_at": iso(row.created_at),
        "updated_at": iso(row.updated_at),
    }


def not_found() -> ApiError:
    # the same answer for a deck of another account and one that never was
    return ApiError(404, "not_found", "no deck of yours has that id")


def name_taken() -> ApiError:
    return ApiError(409, "deck_name_taken", "another deck of yours has that name")


def too_many() -> ApiError:
    return ApiError(409, "too_many_decks", f"an account keeps at most {MAX_DECKS} decks")


class Decks:
    def __init__(self, db: Callable[..., Any], store: DeckStore) -> None:
        self.db = db  # the registry's database thread
        self.store = store

    async def _run(self, fn: Callable[..., Any], *args: Any) -> Any:
        return await self.db(fn, *args)

    async def of(self, account: AccountRow) -> list[dict[str, Any]]:
        rows: list[DeckRow] = await self._run(self.store.of, account.id, GAME)
        return [deck_json(r) for r in rows]

    async def get(self, account: AccountRow, deck_id: str) -> dict[str, Any]:
        row: DeckRow | None = await self._run(self.store.get, account.id, deck_id)
        if row is None:
            raise not_found()
        return deck_json(row)

    async def create(self, account: AccountRow, name: str, cards: dict[str, int]) -> DeckRow:
        stored = check(cards)
        t = now()
        row = DeckRow(
            id=new_table_id(),
            account_id=account.id,
            game=GAME,
            name=name,
            cards=stored,
            created_at=t,
            updated_at=t,
        )
        why = await self._run(self.store.add, row, MAX_DECKS)
        if why == "taken":
            raise name_taken()
        if why == "full":
            raise too_many()
        return row

    async def change(
        self,
        account: AccountRow,
        deck_id: str,
        name: str | None,
        cards: dict[str, int] | None,
    ) -> DeckRow:
        stored = check(cards) if cards is not None else None
        got = await self._run(self.store.change, account.id, deck_id, name, stored, now())
        if got == "missing":
            raise not_found()
        if got == "taken":
            raise name_taken()
        row: DeckRow = got
        return row

    async def delete(self, account: AccountRow, deck_id: str) -> None:
        if not await self._run(self.store.remove, account.id, deck_id):
            raise not_found()

    async def import_(self, account: AccountRow, decks: list[tuple[str, dict[str, int]]]) -> Any:
        """A guest's browser decks, moved to the account that just signed in: a deck the
        account has already (same name, same cards) counts as moved; another deck of the
        same name is kept beside it under a numbered name; a broken deck is refused (it
        stays in the browser). The names moved and those refused, for the browser."""
        moved: list[str] = []
        refused: list[str] = []
        have = {r["name"]: r["cards"] for r in await self.of(account)}
        for name, cards in decks:
            try:
                stored = check(cards)
            except ApiError:
                refused.append(name)
                continue
            if have.get(name) == stored:
                moved.append(name)
                continue
            target = free_name(name, have)
            try:
                await self.create(account, target, stored)
            except ApiError:
                refused.append(name)  # full (or taken meanwhile): the browser keeps it
                continue
            have[target] = stored
            moved.append(name)
        return {"moved": moved, "refused": refused}

    async def export(self, account: AccountRow) -> list[dict[str, Any]]:
        rows: list[DeckRow] = await self._run(self.store.of, account.id, None)
        return [deck_json(r) for r in rows]


def free_name(name: str, taken: dict[str, Any]) -> str:
    """``name``, or "name (2)", "name (3)"... the first the account does not use (at most 40
    characters: the name is cut to make room for the number)."""
    if name not in taken:
        return name
    for n in range(2, MAX_DECKS + 2):
        tail = f" ({n})"
        candidate = name[: 40 - len(tail)] + tail
        if candidate not in taken:
            return candidate
    return name  # pragma: no cover - more names than an account may keep decks
