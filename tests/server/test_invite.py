"""The waiting room's invitation as a QR code (server/invite.py): the table's page on the address
the browser used, drawn as SVG; nothing for a table that does not exist or a forged address."""

from __future__ import annotations

import segno
from fastapi.testclient import TestClient

from ludoteca.server.invite import invite_svg

from .helpers import create


def test_the_code_holds_the_tables_page_on_the_address_used(client: TestClient) -> None:
    tid = create(client, "nine-domains", [{"kind": "human"}, {"kind": "human"}])
    r = client.get(f"/api/tables/{tid}/invite.svg", headers={"Host": "ludo.example:8080"})
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
    # the same drawing as a code made of that link (segno is deterministic)
    assert r.content == invite_svg(f"http://ludo.example:8080/t/{tid}")
    assert r.content.startswith(b"<svg") and b"<script" not in r.content
    other = client.get(f"/api/tables/{tid}/invite.svg", headers={"Host": "192.168.1.5:8000"})
    assert other.content != r.content


def test_the_code_reads_back_as_the_link() -> None:
    link = "http://192.168.1.5:8000/t/AbCdEf123456"
    qr = segno.make_qr(link, error="m")
    # the matrix drawn in the SVG is that code's: one dark path, its modules' rows
    svg = invite_svg(link).decode()
    size = qr.symbol_size(scale=1, border=2)
    assert f'viewBox="0 0 {size[0]} {size[1]}"' in svg


def test_no_code_for_no_table_nor_a_forged_address(client: TestClient) -> None:
    r = client.get("/api/tables/nosuchtable/invite.svg")
    assert r.status_code == 404 and r.json()["error"]["code"] == "not_found"
    tid = create(client, "nine-domains", [{"kind": "human"}, {"kind": "human"}])
    r = client.get(f"/api/tables/{tid}/invite.svg", headers={"Host": "x" * 400})
    assert r.status_code in (400, 422)
