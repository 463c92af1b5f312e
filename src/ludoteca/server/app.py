"""The FastAPI application: the API, the WebSocket, the browser client, errors as JSON."""

from __future__ import annotations

import asyncio
import gc
import importlib
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from . import (
    account_api,
    api,
    deck_api,
    friends_api,
    help_api,
    invite,
    passkey_api,
    ratings_api,
    rematch,
    review_api,
    turn_api,
    ws,
)
from .account_store import AccountStore
from .accounts import Accounts
from .config import Settings
from .db import Store, make_engine, migrate
from .deck_store import DeckStore
from .decks import Decks
from .errors import ApiError
from .friends import Friends
from .friends_store import FriendStore
from .limits import Caps, RateLimiter
from .middleware import (
    BodyLimit,
    ClientAddress,
    PlainUrl,
    SameOrigin,
    SecurityHeaders,
    networks,
)
from .notify import api as notify_api
from .passkey_store import PasskeyStore
from .passkeys import Passkeys
from .profiles import Profiles
from .profiles_store import ProfileStore
from .ratings_store import RatingStore
from .ratings_updates import RatingUpdates
from .tables import TableManager

log = logging.getLogger("ludoteca.server")
WEB = resources.files("ludoteca.web")
DEFAULT_GC = gc.get_threshold()
GC_THRESHOLDS = (5_000, 4, 1_000_000)
FULL_GC_SECONDS = 300.0


async def tame_the_collector() -> None:
    """Keep Python's full collections off the move path.

    A full (generation 2) collection scans every live object and stops the event loop while
    it does: with a few hundred tables that is 150-350 ms, often enough to be the p99 of move
    latency. So the young generations are collected as usual (a little less often), the
    automatic full collection is put out of reach, and one full collection runs here every
    ``FULL_GC_SECONDS``, after which the survivors are frozen (left out of the young
    collections' bookkeeping) until the next one.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    while True:
        await asyncio.sleep(FULL_GC_SECONDS)
        gc.unfreeze()
        gc.collect()
        gc.freeze()


# validation errors whose type is a code of its own (a refused name says why: schemas.py)
OWN_CODES = frozenset(
    {
        "name_control",
        "name_format",
        "name_line_break",
        "name_invisible",
        "name_too_long",
        "bad_character",
        "password_too_short",
    }
)


def _validation_code(errors: list[Any]) -> str:
    kind = str(errors[0].get("type", "")) if errors else ""
    return kind if kind in OWN_CODES else "invalid_request"


def _validation_message(errors: list[Any]) -> tuple[str, list[dict[str, Any]]]:
    # no "input" echoed back: errors name the field and the rule, nothing more
    details = [
        {"where": ".".join(str(x) for x in e.get("loc", ())), "problem": e.get("msg", "")}
        for e in errors[:10]
    ]
    first = details[0] if details else {"where": "request", "problem": "invalid"}
    return f"{first['where']}: {first['problem']}", details


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()
    trusted = networks(settings.trusted_proxies)  # a bad address stops the start, with words
    for module in settings.plugins:
        importlib.import_module(module)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        inline = settings.database_url.startswith("sqlite") and not settings.redis_url
        # writes made on the event loop (see TableManager.write): the log is checkpointed
        # in the database thread, not by whichever commit fills it
        engine = make_engine(settings.database_url, settings.connect_args, not inline)
        migrate(engine)
        manager = TableManager(Store(engine), settings)
        app.state.manager = manager
        accounts = Accounts(manager.registry, AccountStore(engine), settings)
        app.state.accounts = accounts
        app.state.passkeys = Passkeys(accounts, PasskeyStore(engine), settings)
        app.state.friends = Friends(accounts, FriendStore(engine))
        app.state.decks = Decks(manager.registry.db, DeckStore(engine))
        app.state.limiter = RateLimiter(settings.rate_limit) if settings.rate_limit > 0 else None
        app.state.caps = Caps(settings)
        rating_store = RatingStore(engine)
        app.state.profiles = Profiles(manager.registry, ProfileStore(engine), rating_store)
        rating_updates = RatingUpdates(manager.registry, rating_store)
        manager.registry.on_change(rating_updates.table_changed)
        await manager.start()
        # a rated game whose update a stop cut off is rated now, in the background
        manager.registry.spawn(rating_updates.catch_up())
        collector = asyncio.create_task(tame_the_collector())
        try:
            yield
        finally:
            collector.cancel()
            review_api.stop(app)
            gc.set_threshold(*DEFAULT_GC)
            gc.unfreeze()
            await manager.stop()
            engine.dispose()

    app = FastAPI(title="ludoteca", lifespan=lifespan, docs_url="/api/docs", redoc_url=None)
    app.state.settings = settings
    # outermost last: the client's address first, then the headers on every answer (a 413
    # included), then the body's size, then the URL's characters, then the origin of a change
    app.add_middleware(SameOrigin, allowed=settings.allowed_origins)
    app.add_middleware(PlainUrl)
    app.add_middleware(BodyLimit)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(ClientAddress, trusted=trusted)

    @app.exception_handler(ApiError)
    async def api_error(_: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse(exc.to_json(), status_code=exc.status, headers=exc.headers())

    @app.exception_handler(RequestValidationError)
    async def invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        errors = list(exc.errors())
        message, details = _validation_message(errors)
        return JSONResponse(
            {"error": {"code": _validation_code(errors), "message": message, "details": details}},
            status_code=422,
        )

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        headers = dict(exc.headers or {})
        if exc.status_code == 429:
            headers.setdefault("Retry-After", "60")
        return JSONResponse(
            {"error": {"code": "http_" + str(exc.status_code), "message": str(exc.detail)}},
            status_code=exc.status_code,
            headers=headers,
        )

    @app.exception_handler(Exception)
    async def crashed(_: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error", exc_info=exc)
        return JSONResponse(
            {"error": {"code": "internal", "message": "the server failed unexpectedly"}},
            status_code=500,
        )

    app.include_router(api.router)
    app.include_router(ws.router)
    app.include_router(rematch.router)
    app.include_router(help_api.router)
    app.include_router(invite.router)
    app.include_router(account_api.router)
    app.include_router(passkey_api.router)
    app.include_router(deck_api.router)
    app.include_router(friends_api.router)
    app.include_router(turn_api.router)
    app.include_router(notify_api.router)
    app.include_router(ratings_api.router)
    app.include_router(review_api.router)
    app.mount("/static", StaticFiles(directory=str(WEB)), name="static")

    index = str(WEB.joinpath("index.html"))

    @app.get("/", include_in_schema=False)
    @app.get("/t/{table_id}", include_in_schema=False)
    @app.get("/r/{table_id}", include_in_schema=False)
    @app.get("/learn/{table_id}", include_in_schema=False)
    @app.get("/gatalogo", include_in_schema=False)
    @app.get("/account", include_in_schema=False)
    @app.get("/p/{table_id}", include_in_schema=False)  # a profile (an account's id)
    @app.get("/ratings/{table_id}", include_in_schema=False)  # a game's leaderboard
    @app.get("/me/tables", include_in_schema=False)
    async def page(table_id: str | None = None) -> FileResponse:
        return FileResponse(index, headers={"Cache-Control": "no-cache"})

    return app
