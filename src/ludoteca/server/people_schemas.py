"""Request bodies of the people's doors: passkeys, passwords, invitations and blocks
(passkey_api.py, account_api.py, friends_api.py). The same rules as schemas.py: unknown
fields refused, every string storable, every size bounded."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import AfterValidator, Field, StringConstraints

from .schemas import MAX_NAME_CHARS, MAX_PASSWORD_CHARS, Name, Password, Strict, _bounded_json


def _credential(value: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = _bounded_json(value, "credential")
    return out


# what a browser's PublicKeyCredential.toJSON() gives (checked by the webauthn package)
Credential = Annotated[dict[str, Any], AfterValidator(_credential)]
Ceremony = Annotated[str, StringConstraints(max_length=64)]
# a name typed to find a person: any text (an unknown one is told as unknown)
SomeName = Annotated[str, StringConstraints(min_length=1, max_length=4 * MAX_NAME_CHARS)]


class PasskeySignUpStart(Strict):
    name: Name


class PasskeyAnswer(Strict):
    ceremony: Ceremony
    credential: Credential


class PasskeyRemove(Strict):
    id: Annotated[str, StringConstraints(max_length=1400)]


class ChangePassword(Strict):
    # absent for an account that has no password yet (made with a passkey)
    current: Annotated[str, StringConstraints(max_length=MAX_PASSWORD_CHARS)] | None = None
    new: Password


class Invite(Strict):
    name: SomeName


class Block(Strict):
    name: SomeName


class Unblock(Strict):
    id: Annotated[str, StringConstraints(max_length=24)]


class Decline(Strict):
    table: Annotated[str, StringConstraints(max_length=24)] = Field(...)
