"""``ludoteca accounts``: the operator lists, suspends, unsuspends and deletes accounts.

It works on the database directly (the server may be running: each command is one short
transaction). A suspension ends the account's sessions at once; a suspended person cannot sign
in, so cannot sit as that account. Deleting leaves the account's seats in their games as a
deleted player, as the person's own deletion does.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Annotated

import typer
from rich.markup import escape
from rich.table import Table

from .common import console, msg, pick_language

if TYPE_CHECKING:
    from ..server.account_store import AccountStore
    from ..server.models import AccountRow

accounts_app = typer.Typer(
    help="People's accounts (the server's database): list, suspend, unsuspend, delete.",
    no_args_is_help=True,
)

DatabaseOpt = Annotated[
    str | None,
    typer.Option(
        "--database",
        help="database URL (as ludoteca serve); also LUDOTECA_DATABASE_URL; default: the "
        "SQLite file in your data folder",
    ),
]
LangOpt = Annotated[str | None, typer.Option("--lang", help="pt-BR or en")]
NameArg = Annotated[str, typer.Argument(help="the account's name (any case)")]


def open_store(database: str | None) -> AccountStore:
    # the server's database stack (SQLAlchemy, Alembic) loads only for these commands, as for
    # `serve`, so the other commands start fast
    from ..server.account_store import AccountStore
    from ..server.config import resolve_database_url
    from ..server.db import make_engine, migrate

    engine = make_engine(resolve_database_url(database))
    migrate(engine)  # a database the server never opened gets its tables, as the server does
    return AccountStore(engine)


def find(store: AccountStore, name: str, lang: str) -> AccountRow:
    account = store.by_name(name)
    if account is None:
        console.print(f"[bold red]{escape(msg('accounts.unknown', lang, name=name))}[/]")
        raise typer.Exit(1)
    return account


@accounts_app.command("list")
def list_cmd(database: DatabaseOpt = None, lang: LangOpt = None) -> None:
    """Every account: name, since when, suspended or not, seats."""
    lg = pick_language(lang)
    store = open_store(database)
    rows = store.all()
    table = Table(title=msg("accounts.title", lg, n=len(rows)))
    for key in ("name", "created", "state", "seats"):
        table.add_column(msg(f"accounts.{key}", lg))
    for a in rows:
        state = "suspended" if a.suspended_at is not None else "active"
        seats = len(store.seats_of(a.id))
        since = a.created_at.strftime("%Y-%m-%d %H:%M")
        table.add_row(escape(a.name), since, msg(f"accounts.{state}", lg), str(seats))
    console.print(table)


@accounts_app.command("suspend")
def suspend_cmd(name: NameArg, database: DatabaseOpt = None, lang: LangOpt = None) -> None:
    """Suspend an account: its sessions end, it cannot sign in (nor sit as itself)."""
    lg = pick_language(lang)
    store = open_store(database)
    account = find(store, name, lg)
    store.suspend(account.id, datetime.now(UTC))
    console.print(escape(msg("accounts.suspended_done", lg, name=account.name)))


@accounts_app.command("unsuspend")
def unsuspend_cmd(name: NameArg, database: DatabaseOpt = None, lang: LangOpt = None) -> None:
    """Lift a suspension."""
    lg = pick_language(lang)
    store = open_store(database)
    account = find(store, name, lg)
    store.suspend(account.id, None)
    console.print(escape(msg("accounts.unsuspended_done", lg, name=account.name)))


@accounts_app.command("delete")
def delete_cmd(
    name: NameArg,
    yes: Annotated[bool, typer.Option("--yes", help="do not ask")] = False,
    database: DatabaseOpt = None,
    lang: LangOpt = None,
) -> None:
    """Delete an account (its seats stay in their games as a deleted player)."""
    lg = pick_language(lang)
    store = open_store(database)
    account = find(store, name, lg)
    if not yes and not typer.confirm(msg("accounts.confirm", lg, name=account.name)):
        raise typer.Exit(1)
    held = store.delete(account.id)
    console.print(escape(msg("accounts.deleted_done", lg, name=account.name, n=len(held))))
