"""``ludoteca serve``: the web server (FastAPI under uvicorn) with its database."""

from __future__ import annotations

from typing import Annotated

import typer


def serve(
    host: Annotated[str, typer.Option("--host", help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="port to listen on")] = 8000,
    database: Annotated[
        str | None,
        typer.Option(
            "--database",
            help="database URL (sqlite:///file.sqlite3 or postgresql://...); "
            "also LUDOTECA_DATABASE_URL; default: an SQLite file in your data folder",
        ),
    ] = None,
    ai_delay: Annotated[
        float, typer.Option("--ai-delay", help="seconds an AI seat waits before moving")
    ] = 0.6,
    plugin: Annotated[
        list[str] | None,
        typer.Option("--plugin", help="a Python module to import that registers more games"),
    ] = None,
    redis: Annotated[
        str | None,
        typer.Option(
            "--redis",
            help="Redis URL (redis://127.0.0.1:6379/0) to run several server processes over one "
            "database; also LUDOTECA_REDIS_URL; default: one process, no Redis",
        ),
    ] = None,
    rate_limit: Annotated[
        float,
        typer.Option(
            "--rate-limit", help="tables created + seats joined per address a minute (0: off)"
        ),
    ] = 60.0,
    open_table_hours: Annotated[
        float,
        typer.Option("--open-table-hours", help="delete open tables idle this long (0: never)"),
    ] = 24.0,
    allow_agent_specs: Annotated[
        bool,
        typer.Option(
            "--allow-agent-specs",
            help="AI seats may take agent specs (capped budgets), not only easy/medium/strong",
        ),
    ] = False,
    log_level: Annotated[str, typer.Option("--log-level", help="uvicorn log level")] = "info",
) -> None:
    """Run the server: lobby, tables, live play, replays, and the browser client."""
    import uvicorn

    from ..server import Settings, create_app
    from ..server.config import resolve_database_url, resolve_redis_url
    from ..server.schemas import MAX_BODY_BYTES

    url = resolve_database_url(database)
    redis_url = resolve_redis_url(redis)
    settings = Settings(
        database_url=url,
        ai_delay=ai_delay,
        plugins=tuple(plugin or ()),
        redis_url=redis_url,
        rate_limit=rate_limit,
        open_table_ttl=open_table_hours * 3600.0,
        allow_agent_specs=allow_agent_specs,
    )
    app = create_app(settings)
    shown = url.split("@")[-1] if "@" in url else url
    typer.echo(f"ludoteca: http://{host}:{port}/  (database: {shown})")
    if redis_url:
        typer.echo(f"ludoteca: table changes shared through Redis ({redis_url.split('@')[-1]})")
    # no per-message deflate: views are small, and compressing each one costs more CPU than
    # it saves on a local network
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level=log_level,
        ws_max_size=MAX_BODY_BYTES,
        ws_per_message_deflate=False,
    )
