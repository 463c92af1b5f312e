"""The friends' HTTP doors: invitations (``/api/tables/{id}/invitations``,
``/api/account/invitations``) and blocks (``/api/account/blocks``). Each acts for the
session's own account (server/friends.py says who may do what)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from .account_api import SessionCookie, accounts
from .api import manager
from .friends import Friends
from .people_schemas import Block, Decline, Invite, Unblock

router = APIRouter(prefix="/api")


def friends(request: Request) -> Friends:
    f: Friends = request.app.state.friends
    return f


@router.post("/tables/{table_id}/invitations", status_code=201)
async def invite(
    request: Request, table_id: str, body: Invite, session: SessionCookie = None
) -> dict[str, Any]:
    """Invite an account, by name, to a table where the session's account sits."""
    account = await accounts(request).require(session)
    table = await manager(request).get(table_id)
    await friends(request).invite(account, table, body.name)
    return {"invited": True}


@router.get("/account/invitations")
async def invitations(request: Request, session: SessionCookie = None) -> dict[str, Any]:
    account = await accounts(request).require(session)
    return {"invitations": await friends(request).received(account)}


@router.post("/account/invitations/decline")
async def decline(request: Request, body: Decline, session: SessionCookie = None) -> Any:
    account = await accounts(request).require(session)
    await friends(request).decline(account, body.table)
    return {"declined": True}


@router.get("/account/blocks")
async def blocks(request: Request, session: SessionCookie = None) -> dict[str, Any]:
    account = await accounts(request).require(session)
    return {"blocked": await friends(request).blocks(account)}


@router.post("/account/blocks", status_code=201)
async def block(request: Request, body: Block, session: SessionCookie = None) -> Any:
    account = await accounts(request).require(session)
    return {"blocked": await friends(request).block(account, body.name)}


@router.post("/account/blocks/remove")
async def unblock(request: Request, body: Unblock, session: SessionCookie = None) -> Any:
    account = await accounts(request).require(session)
    await friends(request).unblock(account, body.id)
    return {"unblocked": True}
