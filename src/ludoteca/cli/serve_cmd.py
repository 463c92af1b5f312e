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
    abandoned_hours: Annotated[
        float,
        typer.Option(
            "--abandoned-hours",
            help="the lobby shows a running table as abandoned when its people have been away "
            "and nothing changed this long (0: never)",
        ),
    ] = 1.0,
    trust_proxy: Annotated[
        list[str] | None,
        typer.Option(
            "--trust-proxy",
            help="a proxy (address or network) whose X-Forwarded-For names the client; "
            "repeat for more; default: none, the socket's peer is the client",
        ),
    ] = None,
    allow_origin: Annotated[
        list[str] | None,
        typer.Option(
            "--allow-origin",
            help="an origin (https://host) besides the server's own whose pages may open "
            "WebSockets; repeat for more",
        ),
    ] = None,
    max_open_tables: Annotated[
        int, typer.Option("--max-open-tables", help="open tables in all (0: no cap)")
    ] = 2000,
    max_open_tables_per_address: Annotated[
        int,
        typer.Option(
            "--max-open-tables-per-address", help="open tables one address made (0: no cap)"
        ),
    ] = 20,
    max_sockets_per_address: Annotated[
        int,
        typer.Option("--max-sockets-per-address", help="WebSockets of one address (0: no cap)"),
    ] = 64,
    max_spectators: Annotated[
        int, typer.Option("--max-spectators", help="spectators of one table (0: no cap)")
    ] = 64,
    allow_agent_specs: Annotated[
        bool,
        typer.Option(
            "--allow-agent-specs",
            help="AI seats may take agent specs (capped budgets), not only easy/medium/strong",
        ),
    ] = False,
    https_only: Annotated[
        bool,
        typer.Option(
            "--https-only",
            help="session cookies always Secure (TLS ended by a proxy that does not say so); "
            "default: Secure over https or a trusted proxy's X-Forwarded-Proto: https",
        ),
    ] = False,
    passkey_rp_id: Annotated[
        str,
        typer.Option(
            "--passkey-rp-id",
            help="the passkeys' relying party id (the site's domain); default: the host name "
            "the browser used",
        ),
    ] = "",
    passkey_origin: Annotated[
        list[str] | None,
        typer.Option(
            "--passkey-origin",
            help="a page origin (https://host) a passkey may answer from (repeatable); "
            "default: the request's own origin",
        ),
    ] = None,
    dev_clock: Annotated[
        bool,
        typer.Option(
            "--dev-clock",
            help="tests and demonstrations only: POST /api/dev/clock moves the server's clock "
            "on (turn-based deadlines); never on a real server",
        ),
    ] = False,
    log_level: Annotated[str, typer.Option("--log-level", help="uvicorn log level")] = "info",
) -> None:
    """Run the server: lobby, tables, live play, replays, and the browser client."""
    # the server's stack (FastAPI, SQLAlchemy, uvicorn: over a second to import) loads only for
    # `serve`, so the other commands start fast
    import uvicorn

    from ..server import Settings, create_app
    from ..server.config import resolve_database_url, resolve_redis_url
    from ..server.schemas import MAX_WS_FRAME_BYTES

    url = resolve_database_url(database)
    redis_url = resolve_redis_url(redis)
    settings = Settings(
        database_url=url,
        ai_delay=ai_delay,
        plugins=tuple(plugin or ()),
        redis_url=redis_url,
        rate_limit=rate_limit,
        open_table_ttl=open_table_hours * 3600.0,
        abandoned_after=abandoned_hours * 3600.0,
        trusted_proxies=tuple(trust_proxy or ()),
        allowed_origins=tuple(o.rstrip("/") for o in allow_origin or ()),
        max_open_tables=max_open_tables,
        max_open_tables_per_address=max_open_tables_per_address,
        max_sockets_per_address=max_sockets_per_address,
        max_spectators=max_spectators,
        allow_agent_specs=allow_agent_specs,
        https_only=https_only,
        passkey_rp_id=passkey_rp_id,
        passkey_origins=tuple(o.rstrip("/") for o in passkey_origin or ()),
        dev_clock=dev_clock,
    )
    try:
        app = create_app(settings)
    except ValueError as e:  # a --trust-proxy that is no address
        raise typer.BadParameter(str(e), param_hint="--trust-proxy") from None
    shown = url.split("@")[-1] if "@" in url else url
    typer.echo(f"ludoteca: http://{host}:{port}/  (database: {shown})")
    if dev_clock:
        typer.echo("ludoteca: --dev-clock: anyone may move this server's clock on (tests only)")
    if redis_url:
        typer.echo(f"ludoteca: table changes shared through Redis ({redis_url.split('@')[-1]})")
    # no per-message deflate: views are small, and compressing each one costs more CPU than
    # it saves on a local network. No proxy headers in uvicorn (it would trust X-Forwarded-For
    # from 127.0.0.1 by default): the app reads them only from --trust-proxy addresses.
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level=log_level,
        ws_max_size=MAX_WS_FRAME_BYTES,  # above the app's own limit: it answers too_large
        ws_per_message_deflate=False,
        proxy_headers=False,
        forwarded_allow_ips="",
        server_header=False,
    )
