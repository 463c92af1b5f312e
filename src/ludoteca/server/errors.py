"""Errors the API answers with: a status, a stable code and a sentence, as JSON.

No error message carries hidden information: messages come from the server itself or from the
engine's ``explain_illegal`` for the seat that acted, which never mentions what it can't see.
"""

from __future__ import annotations


class ApiError(Exception):
    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message

    def to_json(self) -> dict[str, object]:
        return {"error": {"code": self.code, "message": self.message}}


def not_found(what: str) -> ApiError:
    return ApiError(404, "not_found", f"{what} does not exist")


def forbidden(message: str) -> ApiError:
    return ApiError(403, "forbidden", message)
