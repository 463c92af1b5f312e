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
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from . import api, rematch, ws
from .config import Settings
from .db import Store, make_engine, migrate
from .errors import ApiError
from .limits import RateLimiter
from .schemas import MAX_BODY_BYTES
from .tables import TableManager

log = logging.getLogger("ludoteca.server")
WEB = resources.files("ludoteca.web")
DEFAULT_GC = gc.get_threshold()
GC_THRESHOLDS = (5_000, 4, 1_000_000)
FULL_GC_SECONDS = 300.0


class BodyLimit:
    """Refuses HTTP bodies over MAX_BODY_BYTES before anything reads them."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for k, v in scope.get("headers", []):
            if k == b"content-length" and v.isdigit() and int(v) > MAX_BODY_BYTES:
                await too_large(send)
                return
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            msg = await receive()
            seen += len(msg.get("body", b""))
            if seen > MAX_BODY_BYTES:
                raise ApiError(413, "too_large", "request too large")
            return msg

        try:
            await self.app(scope, counted, send)
        except ApiError:
            await too_large(send)


async def too_large(send: Send) -> None:
    body = (
        b'{"error":{"code":"too_large","message":"a request body holds at most '
        + str(MAX_BODY_BYTES).encode()
        + b' bytes"}}'
    )
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [(b"content-type", b"application/json")],
        }
    )
    await send({"type": "http.response.body", "body": body})


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
        app.state.limiter = RateLimiter(settings.rate_limit) if settings.rate_limit > 0 else None
        await manager.start()
        collector = asyncio.create_task(tame_the_collector())
        try:
            yield
        finally:
            collector.cancel()
            gc.set_threshold(*DEFAULT_GC)
            gc.unfreeze()
            await manager.stop()
            engine.dispose()

    app = FastAPI(title="ludoteca", lifespan=lifespan, docs_url="/api/docs", redoc_url=None)
    app.add_middleware(BodyLimit)

    @app.exception_handler(ApiError)
    async def api_error(_: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse(exc.to_json(), status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        message, details = _validation_message(list(exc.errors()))
        return JSONResponse(
            {"error": {"code": "invalid_request", "message": message, "details": details}},
            status_code=422,
        )

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        return JSONResponse(
            {"error": {"code": "http_" + str(exc.status_code), "message": str(exc.detail)}},
            status_code=exc.status_code,
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
    app.mount("/static", StaticFiles(directory=str(WEB)), name="static")

    index = str(WEB.joinpath("index.html"))

    @app.get("/", include_in_schema=False)
    @app.get("/t/{table_id}", include_in_schema=False)
    @app.get("/r/{table_id}", include_in_schema=False)
    async def page(table_id: str | None = None) -> FileResponse:
        return FileResponse(index, headers={"Cache-Control": "no-cache"})

    return app
