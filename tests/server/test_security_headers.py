"""Issue 12, headers: the browser client stays in its own origin; WebSockets come from it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from fastapi.testclient import TestClient

from ludoteca.server import create_app

from .conftest import sqlite_settings
from .helpers import ROOT, create

if TYPE_CHECKING:
    from playwright.sync_api import Browser

WEB = ROOT / "src" / "ludoteca" / "web"


def csp_of(headers: object) -> dict[str, str]:
    text = headers["content-security-policy"]  # type: ignore[index]
    return {d.split()[0]: d.strip() for d in text.split(";") if d.strip()}


@pytest.mark.parametrize(
    "path", ["/", "/t/abc", "/r/abc", "/static/app.js", "/api/games", "/api/tables/nope"]
)
def test_every_answer_carries_the_security_headers(client: TestClient, path: str) -> None:
    r = client.get(path)
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["x-frame-options"] == "DENY"
    assert r.headers["referrer-policy"] == "no-referrer"
    csp = csp_of(r.headers)
    assert csp["frame-ancestors"] == "frame-ancestors 'none'"
    assert csp["script-src"] == "script-src 'self'" and csp["style-src"] == "style-src 'self'"
    assert csp["default-src"] == "default-src 'self'" and csp["object-src"] == "object-src 'none'"
    assert "unsafe" not in r.headers["content-security-policy"]


def test_a_413_and_the_api_docs_carry_them_too(client: TestClient) -> None:
    r = client.post("/api/tables", content=b"x" * 70_000)
    assert r.status_code == 413 and r.headers["x-frame-options"] == "DENY"
    docs = client.get("/api/docs")
    assert docs.status_code == 200
    assert csp_of(docs.headers)["frame-ancestors"] == "frame-ancestors 'none'"


def test_the_client_has_no_inline_script_or_style() -> None:
    # what the strict policy would block: inline <script>/<style>, style="" and on...="" in
    # the page, style attributes set from the JavaScript (dom.js turns them into CSSOM)
    html = (WEB / "index.html").read_text()
    for tag in re.findall(r"<script\b[^>]*>", html):
        assert "src=" in tag, tag
    assert re.search(r"<script\b[^>]*>\s*[^<\s]", html) is None
    assert "<style" not in html and not re.search(r"\s(style|on\w+)=", html)
    for js in WEB.rglob("*.js"):
        text = js.read_text()
        assert 'setAttribute("style"' not in text and "setAttribute('style'" not in text, js
        assert "eval(" not in text and "new Function" not in text, js
    assert 'k === "style"' in (WEB / "dom.js").read_text()


# -- WebSocket origin -------------------------------------------------------------------------
def test_a_websocket_from_another_origin_is_refused_with_a_reason(client: TestClient) -> None:
    tid = create(client, "toy", [{"kind": "human"}, {"kind": "human"}])
    path = f"/ws/tables/{tid}"
    with client.websocket_connect(path, headers={"Origin": "https://evil.example"}) as ws:
        got = ws.receive_json()
        assert got["type"] == "error" and got["error"]["code"] == "bad_origin"
        closing = ws.receive()
        assert closing["code"] == 1008 and "https://evil.example" in closing["reason"]
    # the page's own origin, and a client that is no browser (no Origin), are let in
    for headers in ({"Origin": "http://testserver"}, {}):
        with client.websocket_connect(path, headers=headers) as ws:
            ws.send_json({"type": "hello"})
            assert ws.receive_json()["type"] == "state"


def test_the_operator_may_allow_other_origins(tmp_path: Path) -> None:
    settings = sqlite_settings(tmp_path / "o.sqlite3", allowed_origins=("https://play.example",))
    with TestClient(create_app(settings)) as c:
        tid = create(c, "toy", [{"kind": "human"}, {"kind": "human"}])
        with c.websocket_connect(
            f"/ws/tables/{tid}", headers={"Origin": "https://play.example"}
        ) as ws:
            ws.send_json({"type": "hello"})
            assert ws.receive_json()["type"] == "state"
        with c.websocket_connect(
            f"/ws/tables/{tid}", headers={"Origin": "https://other.example"}
        ) as ws:
            assert ws.receive_json()["error"]["code"] == "bad_origin"


# -- the policy in a real browser ---------------------------------------------------------------
def test_the_client_runs_under_its_policy_in_chromium(
    browser_server: str, browser: Browser
) -> None:
    """No CSP violation while the lobby loads and a table of each game is drawn (a context of
    the session's Chromium that keeps the policy: no bypass_csp here)."""
    import httpx

    live_server = browser_server  # the session's (conftest.py)
    page = browser.new_context().new_page()
    violations: list[str] = []
    page.on(
        "console",
        lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None,
    )
    page.goto(live_server + "/")
    page.wait_for_selector("#create")
    for game in ("sala-de-miaula", "nine-domains", "exploding-kittens", "coatl"):
        r = httpx.post(
            live_server + "/api/tables",
            json={"game": game, "seats": [{"kind": "human"}, {"kind": "ai"}]},
        )
        assert r.status_code == 201, r.text
        tid = r.json()["id"]
        token = httpx.post(f"{live_server}/api/tables/{tid}/join", json={"name": "Ana"}).json()[
            "token"
        ]
        page.goto(f"{live_server}/t/{tid}#seat={token}")
        page.wait_for_selector(".legal button, .moves button, button", timeout=15_000)
        page.wait_for_timeout(300)
    page.evaluate("document.body.offsetHeight")
    assert violations == [], violations
