"""Local stand-ins for the outside world of notifications (no push service or mail server is
reachable here): a Web Push endpoint that checks what a real push service checks (the VAPID
signature, RFC 8292) and decrypts the message as the browser would (aes128gcm, RFC 8291), and
an SMTP server (aiosmtpd) that keeps what it receives."""

from __future__ import annotations

import base64
import json
import os
import threading
import time
from dataclasses import dataclass, field
from email import message_from_bytes
from email.message import Message
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
from aiosmtpd.controller import Controller
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

from .helpers import free_port


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Browser:
    """A browser's push subscription: its own key pair and auth secret."""

    endpoint: str
    key: ec.EllipticCurvePrivateKey = field(
        default_factory=lambda: ec.generate_private_key(ec.SECP256R1())
    )
    auth: bytes = field(default_factory=lambda: os.urandom(16))

    def subscription(self) -> dict[str, Any]:
        point = self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {
            "endpoint": self.endpoint,
            "keys": {"p256dh": b64url(point), "auth": b64url(self.auth)},
        }


def check_vapid(header: str, server_key: str, audience: str, contact: str) -> dict[str, Any]:
    """The push service's check: ``vapid t=<JWT>,k=<key>``, the key the server's own, the JWT
    signed ES256 by it, for this push service (aud), not expired, with a contact (sub)."""
    scheme, _, params = header.partition(" ")
    assert scheme == "vapid", header
    parts = dict(p.split("=", 1) for p in params.split(","))
    assert parts["k"] == server_key
    head, claims, sig = parts["t"].split(".")
    assert json.loads(unb64url(head)) == {"typ": "JWT", "alg": "ES256"}
    raw = unb64url(sig)
    assert len(raw) == 64
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(server_key))
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    public.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))  # raises if forged
    body = json.loads(unb64url(claims))
    assert body["aud"] == audience and body["sub"] == contact
    assert time.time() < body["exp"] <= time.time() + 24 * 3600
    return dict(body)


class PushService:
    """An HTTP push endpoint on 127.0.0.1: ``/ok/<name>`` accepts (201), ``/gone/<name>``
    answers 410 as a push service does for an expired subscription."""

    def __init__(self, server_key: str, contact: str) -> None:
        self.server_key = server_key
        self.contact = contact
        self.browsers: dict[str, Browser] = {}
        self.received: list[tuple[str, dict[str, Any]]] = []  # (path, decrypted payload)
        self.errors: list[str] = []
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                try:
                    service.accept(self.path, dict(self.headers.items()), body)
                except Exception as e:  # the test reads the reason
                    service.errors.append(f"{self.path}: {e!r}")
                    self.send_response(400)
                else:
                    self.send_response(410 if self.path.startswith("/gone/") else 201)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *_: Any) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def browser(self, path: str) -> Browser:
        b = Browser(self.base + path)
        self.browsers[path] = b
        return b

    def accept(self, path: str, headers: dict[str, str], body: bytes) -> None:
        h = {k.lower(): v for k, v in headers.items()}
        check_vapid(h["authorization"], self.server_key, self.base, self.contact)
        assert h["content-encoding"] == "aes128gcm"
        assert int(h["ttl"]) > 0
        b = self.browsers[path]
        plain = http_ece.decrypt(body, private_key=b.key, auth_secret=b.auth, version="aes128gcm")
        self.received.append((path, json.loads(plain)))

    def to(self, path: str) -> list[dict[str, Any]]:
        return [p for where, p in self.received if where == path]

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


class Inbox:
    """An SMTP server on 127.0.0.1 (aiosmtpd) that keeps every message it is given."""

    def __init__(self) -> None:
        self.messages: list[Message] = []
        inbox = self

        class Handler:
            async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
                inbox.messages.append(message_from_bytes(envelope.content))
                return "250 OK"

        self.port = free_port()
        self.controller = Controller(Handler(), hostname="127.0.0.1", port=self.port)
        self.controller.start()
        self.running = True

    def close(self) -> None:
        if self.running:  # a test may have stopped it early
            self.running = False
            self.controller.stop()
