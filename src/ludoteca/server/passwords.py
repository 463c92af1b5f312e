"""Passwords: hashed with Argon2id (argon2-cffi), never stored, logged or sent back.

An unknown name is checked against a dummy hash made once per process, so a sign-in with a
name nobody has costs the same work as a wrong password (no account enumeration by time).
"""

from __future__ import annotations

import functools
import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

# OWASP's first Argon2id setting: 19 MiB, 2 passes, 1 lane (~30 ms on an idle core, 130 ms on
# this busy 2-core machine). RFC 9106's 64 MiB and 4 lanes took 0.8 s a hash here: a few
# sign-ins at once would hold both cores. A hash made with other parameters still verifies
# and is remade at the next sign-in (needs_rehash).
HASHER = PasswordHasher(time_cost=2, memory_cost=19 * 1024, parallelism=1)


def hash_password(password: str) -> str:
    return HASHER.hash(password)


@functools.cache
def _dummy_hash() -> str:
    return HASHER.hash(secrets.token_urlsafe(16))


def verify(stored: str | None, password: str) -> bool:
    """True if ``password`` is the one ``stored`` was made from; for no stored hash (an
    unknown name, an account without a password) the same work is done and False returned."""
    try:
        return HASHER.verify(stored or _dummy_hash(), password) and stored is not None
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


def needs_rehash(stored: str) -> bool:
    """The hash was made with weaker parameters than today's: store a new one at sign-in."""
    return HASHER.check_needs_rehash(stored)
