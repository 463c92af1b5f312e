"""The passkeys' HTTP doors (``/api/account/passkeys``): options, then the browser's answer,
for a new account, for a signed-in account adding one, and for signing in; the account's list
and removal. Sessions as in account_api.py (the same cookie, a new one at every sign-in)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response

from .account_api import SessionCookie, accounts, set_session
from .accounts import public
from .api import client_address
from .passkeys import Passkeys, Site, passkey_json
from .people_schemas import PasskeyAnswer, PasskeyRemove, PasskeySignUpStart

router = APIRouter(prefix="/api/account/passkeys")


def passkeys(request: Request) -> Passkeys:
    p: Passkeys = request.app.state.passkeys
    return p


def site(request: Request) -> Site:
    """This site as the browser sees it: the host name it used, the page's origin."""
    url = request.url
    origin = f"{url.scheme}://{url.netloc}"
    return passkeys(request).site(url.hostname or "", origin)


@router.post("/signup/options")
async def signup_options(request: Request, body: PasskeySignUpStart) -> dict[str, Any]:
    return await passkeys(request).signup_options(body.name, site(request), client_address(request))


@router.post("/signup", status_code=201)
async def sign_up(
    request: Request, body: PasskeyAnswer, response: Response, session: SessionCookie = None
) -> dict[str, Any]:
    account, token = await passkeys(request).sign_up(
        body.ceremony, body.credential, site(request), session
    )
    set_session(request, response, token)
    return {"account": public(account)}


@router.post("/signin/options")
async def signin_options(request: Request) -> dict[str, Any]:
    return await passkeys(request).signin_options(site(request), client_address(request))


@router.post("/signin")
async def sign_in(
    request: Request, body: PasskeyAnswer, response: Response, session: SessionCookie = None
) -> dict[str, Any]:
    account, token = await passkeys(request).sign_in(
        body.ceremony, body.credential, site(request), client_address(request), session
    )
    set_session(request, response, token)
    return {"account": public(account)}


@router.get("")
async def mine(request: Request, session: SessionCookie = None) -> dict[str, Any]:
    account = await accounts(request).require(session)
    return {
        "passkeys": await passkeys(request).of(account),
        "password": account.password_hash is not None,
    }


@router.post("/options")
async def add_options(request: Request, session: SessionCookie = None) -> dict[str, Any]:
    account = await accounts(request).require(session)
    return await passkeys(request).add_options(account, site(request), client_address(request))


@router.post("", status_code=201)
async def add(request: Request, body: PasskeyAnswer, session: SessionCookie = None) -> Any:
    account = await accounts(request).require(session)
    row = await passkeys(request).add(account, body.ceremony, body.credential, site(request))
    return {"passkey": passkey_json(row)}


@router.post("/remove")
async def remove(request: Request, body: PasskeyRemove, session: SessionCookie = None) -> Any:
    account = await accounts(request).require(session)
    await passkeys(request).remove(account, body.id)
    return {"removed": True}
