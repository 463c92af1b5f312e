"""The invitation to a table as a QR code: ``GET /api/tables/{id}/invite.svg``.

A person across the table points a phone at the waiting room's code instead of typing the link.
The code holds the table's page (``/t/{id}``) on the address the browser used to reach this
server (its ``Host``), so it works on a LAN address as well as behind a proxy's name. It is
drawn here (``segno``), as SVG: no script and nothing from another origin on the page.
"""

from __future__ import annotations

import functools
import io

import segno
from fastapi import APIRouter, Request, Response

from .api import manager
from .errors import ApiError

router = APIRouter(prefix="/api")

# a link longer than this is no invitation anyone typed (a forged Host header): refused
MAX_LINK = 300


@functools.lru_cache(maxsize=256)
def invite_svg(link: str) -> bytes:
    """The SVG of a QR code holding ``link`` (medium error correction: survives a glare)."""
    out = io.BytesIO()
    qr = segno.make_qr(link, error="m")
    # dark on light with a quiet zone, scaled by the page (no fixed size: it fills its box)
    qr.save(
        out, kind="svg", scale=1, border=2, light="#fff", xmldecl=False, svgns=True, omitsize=True
    )
    return out.getvalue()


def invite_link(request: Request, table_id: str) -> str:
    return f"{str(request.base_url).rstrip('/')}/t/{table_id}"


@router.get("/tables/{table_id}/invite.svg", response_class=Response)
async def invite_qr(request: Request, table_id: str) -> Response:
    await manager(request).get(table_id)  # 404 for a table that does not exist
    link = invite_link(request, table_id)
    if len(link) > MAX_LINK:
        raise ApiError(422, "invalid_request", "this address is too long for an invitation")
    return Response(
        invite_svg(link),
        media_type="image/svg+xml",
        headers={"Cache-Control": "private, max-age=3600"},
    )
