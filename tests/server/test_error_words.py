"""Every error code the server answers with has words for a Portuguese reader in the client."""

from __future__ import annotations

import re

from .helpers import ROOT

SERVER = ROOT / "src" / "ludoteca" / "server"
I18N = ROOT / "src" / "ludoteca" / "web" / "i18n.js"


def server_codes() -> set[str]:
    codes: set[str] = set()
    for path in SERVER.glob("*.py"):
        text = path.read_text()
        codes |= set(re.findall(r'ApiError\(\s*\d+,\s*"(\w+)"', text))
        codes |= set(re.findall(r'"code":\s*"(\w+)"', text))
        # the WebSocket's errors and refusals, and validation errors that are codes of their own
        codes |= set(re.findall(r'\b(?:error|Junk)\(\s*"(\w+)"', text))
        codes |= set(re.findall(r'refuse\(\s*ws,\s*"(\w+)"', text))
        codes |= set(re.findall(r'PydanticCustomError\(\s*"(\w+)"', text))
    codes.discard("http_")  # an HTTP status code is appended to it: see app.py
    return codes


def test_every_error_code_has_portuguese_words() -> None:
    js = I18N.read_text()
    table = js[js.index("const ERRORS_PT = {") : js.index("};", js.index("const ERRORS_PT = {"))]
    worded = set(re.findall(r"(\w+):\s*\"", table))
    codes = server_codes()
    assert len(codes) > 15  # the scan finds the server's codes
    assert not codes - worded, f"no pt-BR words for {sorted(codes - worded)}"
