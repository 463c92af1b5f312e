"""A software passkey for the tests: an authenticator that makes a P-256 key per credential,
answers ``navigator.credentials.create`` with a "none" attestation and ``get`` with an ECDSA
signature, and verifies its person (UV) every time, as the browser would hand them over."""

from __future__ import annotations

import base64
import hashlib
import json
import os
from typing import Any

import cbor2
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


class Device:
    def __init__(self, origin: str = "http://testserver") -> None:
        self.origin = origin
        self.keys: dict[bytes, tuple[ec.EllipticCurvePrivateKey, str, str, int]] = {}

    def _client_data(self, kind: str, challenge: str) -> bytes:
        data = {"type": kind, "challenge": challenge, "origin": self.origin, "crossOrigin": False}
        return json.dumps(data).encode()

    def create(self, options: dict[str, Any]) -> dict[str, Any]:
        key = ec.generate_private_key(ec.SECP256R1())
        cred = os.urandom(16)
        rp_id = options["rp"]["id"]
        self.keys[cred] = (key, rp_id, options["user"]["id"], 0)
        numbers = key.public_key().public_numbers()
        cose = cbor2.dumps(
            {
                1: 2,
                3: -7,
                -1: 1,
                -2: numbers.x.to_bytes(32, "big"),
                -3: numbers.y.to_bytes(32, "big"),
            }
        )
        attested = bytes(16) + len(cred).to_bytes(2, "big") + cred + cose
        auth = hashlib.sha256(rp_id.encode()).digest() + bytes([0x45]) + bytes(4) + attested
        attestation = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": auth})
        client = self._client_data("webauthn.create", options["challenge"])
        return {
            "id": b64(cred),
            "rawId": b64(cred),
            "type": "public-key",
            "response": {"clientDataJSON": b64(client), "attestationObject": b64(attestation)},
            "clientExtensionResults": {},
        }

    def get(self, options: dict[str, Any], cred: bytes | None = None) -> dict[str, Any]:
        """The answer with the first credential for the options' site (or ``cred``)."""
        rp_id = options["rpId"]
        if cred is None:
            cred = next(c for c, v in self.keys.items() if v[1] == rp_id)
        key, _, user, count = self.keys[cred]
        self.keys[cred] = (key, rp_id, user, count + 1)
        client = self._client_data("webauthn.get", options["challenge"])
        auth = (
            hashlib.sha256(rp_id.encode()).digest() + bytes([0x05]) + (count + 1).to_bytes(4, "big")
        )
        signature = key.sign(auth + hashlib.sha256(client).digest(), ec.ECDSA(hashes.SHA256()))
        return {
            "id": b64(cred),
            "rawId": b64(cred),
            "type": "public-key",
            "response": {
                "clientDataJSON": b64(client),
                "authenticatorData": b64(auth),
                "signature": b64(signature),
                "userHandle": user,
            },
            "clientExtensionResults": {},
        }
