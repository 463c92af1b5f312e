"""The accounts' HTTP doors (``/api/account``): sign up, in and out, the account's own data.

The session travels in an HttpOnly, SameSite=Lax cookie (Secure under ``--https-only`` or
over https); nothing here reads a session from anywhere else. Every state-changing request
has passed the Origin check first (middleware.SameOrigin). Each door acts on the account of
the session that asks, and on no other: no route takes an account's id.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Cookie, Request, Response
from fastapi.responses import JSONResponse

from .accounts import Accounts, public, seat_json
from .api import client_address
from .people_schemas import ChangePassword
from .schemas import ClaimSeats, Rename, SignIn, SignUp

router = APIRouter(prefix="/api/account")

COOKIE = "ludoteca_session"
SessionCookie = Annotated[str | None, Cookie(alias=COOKIE, max_length=100)]


def accounts(request: Request) -> Accounts:
    a: Accounts = request.app.state.accounts
    return a


def secure(request: Request) -> bool:
    """Secure cookies under ``--https-only``, or on a request that came over https (or that a
    trusted proxy says did: middleware.ClientAddress)."""
    return bool(request.app.state.settings.https_only) or request.url.scheme == "https"


def set_session(request: Request, response: Response, token: str) -> None:
    days = float(request.app.state.settings.session_days)
    response.set_cookie(
        COOKIE,
        token,
        max_age=int(days * 86400),
        path="/",
        httponly=True,
        samesite="lax",
        secure=secure(request),
    )


def end_session(request: Request, response: Response) -> None:
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax", secure=secure(request))


@router.post("/signup", status_code=201)
async def sign_up(
    request: Request, body: SignUp, response: Response, session: SessionCookie = None
) -> dict[str, Any]:
    account, token = await accounts(request).sign_up(body.name, body.password, session)
    set_session(request, response, token)
    return {"account": public(account)}


@router.post("/signin")
async def sign_in(
    request: Request, body: SignIn, response: Response, session: SessionCookie = None
) -> dict[str, Any]:
    account, token = await accounts(request).sign_in(
        body.name, body.password, client_address(request), session
    )
    set_session(request, response, token)
    return {"account": public(account)}


@router.post("/signout")
async def sign_out(request: Request, response: Response, session: SessionCookie = None) -> Any:
    await accounts(request).sign_out(session)
    end_session(request, response)
    return {"signed_out": True}


@router.post("/signout-everywhere")
async def sign_out_everywhere(
    request: Request, response: Response, session: SessionCookie = None
) -> dict[str, Any]:
    a = accounts(request)
    ended = await a.sign_out_everywhere(await a.require(session))
    end_session(request, response)
    return {"signed_out": True, "sessions": ended}


@router.get("")
async def me(request: Request, session: SessionCookie = None) -> dict[str, Any]:
    """The signed-in account and its seats (404-free: 401 when nobody is signed in)."""
    a = accounts(request)
    account = await a.require(session)
    return {"account": public(account), "seats": [seat_json(s) for s in await a.seats(account)]}


@router.post("/rename")
async def rename(request: Request, body: Rename, session: SessionCookie = None) -> dict[str, Any]:
    a = accounts(request)
    account = await a.rename(await a.require(session), body.name)
    return {"account": public(account)}


@router.post("/seats")
async def claim(request: Request, body: ClaimSeats, session: SessionCookie = None) -> Any:
    """Bind the seats whose tokens this browser holds (a guest's) to the signed-in account."""
    a = accounts(request)
    account = await a.require(session)
    bound = await a.claim(account, [(c.table, c.token) for c in body.seats])
    return {"claimed": bound}


@router.post("/password")
async def change_password(
    request: Request, body: ChangePassword, response: Response, session: SessionCookie = None
) -> dict[str, Any]:
    """A new password: every session of the account ends; this browser gets a new one."""
    a = accounts(request)
    account = await a.require(session)
    token = await a.change_password(account, body.current, body.new, client_address(request))
    set_session(request, response, token)
    return {"changed": True}


@router.get("/export")
async def export(request: Request, session: SessionCookie = None) -> JSONResponse:
    a = accounts(request)
    account = await a.require(session)
    data = await a.export(account)
    # the passkeys (ids and dates: the public keys are the site's, no secret of the person's)
    # and the invitations and blocks (server/friends.py)
    data["passkeys"] = await request.app.state.passkeys.of(account)
    data.update(await request.app.state.friends.export(account))
    # the address and push subscriptions kept for notifications (server/notify)
    data["notifications"] = await request.app.state.manager.notifier.export(account.id)
    data.update(await request.app.state.profiles.export(account.id))  # ratings (profiles.py)
    data["decks"] = await request.app.state.decks.export(account)  # built decks (decks.py)
    return JSONResponse(
        data,
        headers={
            "Content-Disposition": 'attachment; filename="ludoteca-account.json"',
            "Cache-Control": "no-store",
        },
    )


@router.post("/delete")
async def delete(request: Request, response: Response, session: SessionCookie = None) -> Any:
    a = accounts(request)
    await a.delete(await a.require(session))
    end_session(request, response)
    return {"deleted": True}
