"""Seat tokens: random secrets handed to a seat once; the database keeps only their hash."""

from __future__ import annotations

import hashlib
import hmac
import secrets


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def same_hash(a: str | None, b: str | None) -> bool:
    return a is not None and b is not None and hmac.compare_digest(a, b)


def new_table_id() -> str:
    # short enough for a link, long enough not to be guessed while the table is open
    return secrets.token_urlsafe(9).replace("-", "x").replace("_", "y")
