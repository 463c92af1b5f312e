"""The server's Web Push (VAPID) key pair: made on the first start, kept in the database
(``ludoteca_notify_keys``, name ``vapid``), the same for every process and every restart, so
browsers' subscriptions stay valid."""

from __future__ import annotations

import base64

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid02

from ..db import now
from .models import NotifyKeyRow

VAPID = "vapid"


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def b64url_decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def new_vapid_key() -> NotifyKeyRow:
    """A fresh P-256 key pair: the private key as PKCS#8 PEM, the public point as the
    browser's ``applicationServerKey`` (uncompressed, base64url)."""
    key = ec.generate_private_key(ec.SECP256R1())
    pem = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ).decode("ascii")
    point = key.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return NotifyKeyRow(name=VAPID, private_pem=pem, public_key=b64url(point), created_at=now())


def signer(row: NotifyKeyRow) -> Vapid02:
    """What signs the push requests (RFC 8292 ``vapid t=…,k=…``)."""
    return Vapid02.from_pem(row.private_pem.encode("ascii"))
