"""Errors the API answers with: a status, a stable code and a sentence, as JSON.

No error message carries hidden information: messages come from the server itself or from the
engine's ``explain_illegal`` for the seat that acted, which never mentions what it can't see.
"""

from __future__ import annotations

import math

# a 429 or 503 that says nothing better: try again in a minute
DEFAULT_RETRY_SECONDS = 60.0


class ApiError(Exception):
    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        retry_after: float | None = None,
        problems: list[dict[str, object]] | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.retry_after = retry_after
        # what exactly is wrong, as codes and numbers the client puts in its own words (a
        # refused deck's problems: server/decks.py)
        self.problems = problems

    def to_json(self) -> dict[str, object]:
        error: dict[str, object] = {"code": self.code, "message": self.message}
        if self.problems is not None:
            error["problems"] = self.problems
        return {"error": error}

    def headers(self) -> dict[str, str] | None:
        """``Retry-After`` (whole seconds, at least 1) on every 429, and on a 503 that says it."""
        wait = self.retry_after
        if wait is None and self.status == 429:
            wait = DEFAULT_RETRY_SECONDS
        if wait is None:
            return None
        return {"Retry-After": str(max(1, math.ceil(wait)))}


def not_found(what: str) -> ApiError:
    return ApiError(404, "not_found", f"{what} does not exist")


def forbidden(message: str) -> ApiError:
    return ApiError(403, "forbidden", message)
