"""Issue 12, input: nothing a request carries makes the server work more than its size says.

Each test is one reproduction from the probe: the deck count bomb, numbers no game takes,
oversize bodies (chunked too), names that hide or fake text, junk over the WebSocket.
"""

from __future__ import annotations

import json
import logging
import time
import tracemalloc
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from ludoteca.games.sala_de_miaula.deckfile import parse_deck_text
from ludoteca.server.schemas import MAX_BODY_BYTES

from .helpers import create, free_port, join, start_server, state, stop_server


def error_code(r: object) -> str:
    return str(r.json()["error"]["code"])  # type: ignore[attr-defined]


# -- the deck count bomb --------------------------------------------------------------------
@pytest.mark.parametrize(
    "deck",
    [
        "100000000 pingo",
        "100000000 pingo\n100000000 pingo",
        "100000000000 pingo",
        "9" * 10_000 + " pingo",  # more digits than Python turns into an int
        "3 pingo",
    ],
)
def test_a_deck_count_is_checked_before_the_deck_is_built(
    module_client: TestClient, deck: str
) -> None:
    client = module_client  # each case its own table, on one server
    tid = create(client, "sala-de-miaula", [{"kind": "human"}, {"kind": "human"}])
    tracemalloc.start()
    t = time.perf_counter()
    r = client.post(f"/api/tables/{tid}/join", json={"name": "Ana", "deck": deck})
    took = time.perf_counter() - t
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert r.status_code == 422 and error_code(r) == "invalid_deck", r.text
    assert "at most 2 copies of a card: pingo x" in r.json()["error"]["message"]
    # the bomb took 15.9 s and 2.4 GB; refusing it takes what reading the text takes
    assert peak < 20_000_000 and took < 2.0
    # and changed nothing: the seat is still open
    assert [s["taken"] for s in client.get(f"/api/tables/{tid}").json()["seats"]] == [False, False]


def test_deck_files_keep_their_words_within_the_bounds() -> None:
    # counts within the game's limits are read as before; a count past them names the line
    assert parse_deck_text("starter: mare_e_pedra", "x") == "mare_e_pedra"
    with pytest.raises(Exception, match="line 2: at most 2 copies of a card: pingo x7"):
        parse_deck_text("1 pingo\n7 pingo", "x")
    with pytest.raises(Exception, match="exactly 25 cards"):
        parse_deck_text("2 pingo\n" * 1000, "x")


# -- numbers no game takes ------------------------------------------------------------------
@pytest.mark.parametrize(
    ("body", "words"),
    [
        (b'{"game": "toy", "options": {"x": NaN}}', "not finite"),
        (b'{"game": "toy", "options": {"x": Infinity}}', "not finite"),
        (b'{"game": "toy", "options": {"x": [-Infinity]}}', "not finite"),
        (b'{"game": "toy", "options": {"x": 1e308}}', "over 2^53"),
        (b'{"game": "toy", "options": {"x": 100000000000000000000000}}', "over 2^53"),
        (b'{"game": "toy", "window_seconds": NaN}', "finite number"),
        (b'{"game": "toy", "clock_seconds": Infinity}', "finite number"),
        (b'{"game": "toy", "options": {"x": ' + b"[" * 40 + b"]" * 40 + b"}}", "nests more"),
    ],
)
def test_numbers_and_nesting_past_every_limit_are_refused_before_any_game_reads_them(
    client: TestClient, body: bytes, words: str
) -> None:
    # the toy game would refuse the unknown option "x" itself: the words say who refused
    r = client.post("/api/tables", content=body, headers={"content-type": "application/json"})
    assert r.status_code == 422 and error_code(r) == "invalid_request", r.text
    assert words in r.json()["error"]["message"]
    assert client.get("/api/tables").json() == []


def test_a_move_number_and_a_replay_start_are_bounded(client: TestClient) -> None:
    tid = create(client, "toy", [{"kind": "human"}, {"kind": "human"}])
    _, tok = join(client, tid, "Ana")
    r = client.post(
        f"/api/tables/{tid}/moves",
        json={"move": 10**30, "action": {"type": "play", "card": 1}},
        headers={"Authorization": f"Bearer {tok}"},
    )
    assert r.status_code == 422 and error_code(r) == "invalid_request"
    r = client.get(f"/api/tables/{tid}/replay?start={10**30}")
    assert r.status_code == 422


# -- bodies over the limit --------------------------------------------------------------------
def test_an_oversize_body_gets_413_even_when_chunked(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:  # 20 MB with no Content-Length: sent chunked
        for _ in range(400):
            yield b" " * 50_000

    r = client.post("/api/tables", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413 and error_code(r) == "too_large", r.text
    big = b'{"game": "toy", "options": {"x": "' + b"a" * MAX_BODY_BYTES + b'"}}'
    r = client.post("/api/tables", content=big, headers={"content-type": "application/json"})
    assert r.status_code == 413 and error_code(r) == "too_large"
    assert client.get("/api/tables").json() == []


# -- names ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("Ana\x00", "name_control"),
        ("A\x07na", "name_control"),
        ("Ana\u202egnirts", "name_format"),  # right-to-left override
        ("\u200b\u200b", "name_format"),  # zero-width spaces only
        ("An\u200da", "name_format"),
        ("Ana\nBia", "name_line_break"),
        ("Ana\u2028Bia", "name_line_break"),
        ("   ", "name_invisible"),
        ("\u3164", "name_invisible"),  # a Hangul filler: a letter that shows nothing
        ("\u0301\u0301", "name_invisible"),  # combining marks on nothing
    ],
)
def test_names_that_hide_or_fake_text_are_refused_with_the_reason(
    client: TestClient, name: str, code: str
) -> None:
    tid = create(client, "toy", [{"kind": "human"}, {"kind": "human"}])
    r = client.post(f"/api/tables/{tid}/join", json={"name": name})
    assert r.status_code == 422 and error_code(r) == code, r.text
    assert r.json()["error"]["message"].startswith("body.name: a name")
    r = client.post("/api/tables", json={"game": "toy", "join": {"name": name}})
    assert r.status_code == 422 and error_code(r) == code
    assert [s["taken"] for s in client.get(f"/api/tables/{tid}").json()["seats"]] == [False, False]


def test_names_are_stored_in_nfc(client: TestClient) -> None:
    tid = create(client, "toy", [{"kind": "human"}, {"kind": "human"}])
    join(client, tid, "Jose\u0301")  # e + combining acute
    seats = client.get(f"/api/tables/{tid}").json()["seats"]
    assert seats[0]["name"] == "Jos\u00e9"


# -- junk over the WebSocket --------------------------------------------------------------------
JUNK_AFTER_HELLO: list[dict[str, object]] = [
    {"bytes": b"\x00\x01\x02"},  # a binary frame
    {"bytes": b"\xff\xfe{"},  # not UTF-8
    {"text": "[" * 1200 + "]" * 1200},  # nested past the recursion limit
    {"text": '{"type": "move", "action": ' + "{" * 1000 + "}" * 1000 + "}"},
    {"text": "[1, 2]"},
    {"text": '"hello"'},
    {"text": "42"},
    {"text": "null"},
    {"text": "x" * (MAX_BODY_BYTES + 1)},
]


@pytest.mark.parametrize("junk", JUNK_AFTER_HELLO)
def test_websocket_junk_gets_an_error_and_the_connection_goes_on(
    client: TestClient, junk: dict[str, object], caplog: pytest.LogCaptureFixture
) -> None:
    tid = create(client, "toy", [{"kind": "human"}, {"kind": "human"}])
    with caplog.at_level(logging.INFO), client.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_json({"type": "hello"})
        assert ws.receive_json()["type"] == "state"
        ws.send({"type": "websocket.receive", **junk})
        got = ws.receive_json()
        assert got["type"] == "error" and got["error"]["code"] in ("invalid_json", "too_large")
        assert got["error"]["message"]
        ws.send_json({"type": "ping"})  # still served
        assert ws.receive_json() == {"type": "pong"}
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]
    assert all("\n" not in r.getMessage() for r in caplog.records)


@pytest.mark.parametrize("junk", JUNK_AFTER_HELLO)
def test_websocket_junk_instead_of_hello_is_told_and_closed_cleanly(
    client: TestClient, junk: dict[str, object], caplog: pytest.LogCaptureFixture
) -> None:
    tid = create(client, "toy", [{"kind": "human"}, {"kind": "human"}])
    with caplog.at_level(logging.INFO), client.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send({"type": "websocket.receive", **junk})
        got = ws.receive_json()
        assert got["type"] == "error" and got["error"]["message"].startswith("say hello first")
        closing = ws.receive()
        assert closing["type"] == "websocket.close" and closing["code"] == 1008
        assert closing["reason"].startswith("say hello first")
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]
    # and the server is fine
    assert state(client, tid)["move"] == 0


def test_an_oversized_websocket_message_on_a_real_server_is_answered_and_a_huge_one_bounded(
    tmp_path: Path,
) -> None:
    """Through uvicorn (the TestClient enforces no frame size): a message over the app's limit
    gets error ``too_large`` and the socket goes on (it was closed with 1009 at 70 KB, issue
    24); one over what uvicorn reads at all is cut off there, with 1009."""
    import asyncio

    import httpx
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosedError

    from ludoteca.server.schemas import MAX_WS_FRAME_BYTES

    port = free_port()
    proc = start_server(tmp_path / "db.sqlite3", port, plugins=False)
    try:
        tid = create(
            httpx.Client(base_url=f"http://127.0.0.1:{port}"),  # type: ignore[arg-type]
            "coatl",
            [{"kind": "human"}, {"kind": "human"}],
        )

        async def talk() -> None:
            url = f"ws://127.0.0.1:{port}/ws/tables/{tid}"
            async with connect(url, max_size=None) as ws:
                await ws.send(json.dumps({"type": "hello"}))
                assert json.loads(await ws.recv())["type"] == "state"
                for size in (70_000, MAX_BODY_BYTES + 1, MAX_WS_FRAME_BYTES - 100):
                    await ws.send(json.dumps({"type": "ping", "pad": "x" * size}))
                    got = json.loads(await ws.recv())
                    assert got["type"] == "error" and got["error"]["code"] == "too_large", size
                    await ws.send(json.dumps({"type": "ping"}))  # still served
                    assert json.loads(await ws.recv()) == {"type": "pong"}
                # past what the server reads of one message: closed, nothing held
                await ws.send("x" * (MAX_WS_FRAME_BYTES + 1))
                with pytest.raises(ConnectionClosedError) as closed:
                    await ws.recv()
                assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009

        asyncio.run(asyncio.wait_for(talk(), 60))
    finally:
        stop_server(proc)
