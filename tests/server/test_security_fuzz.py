"""Issue 12: the whole HTTP API fuzzed from its own OpenAPI schema (schemathesis).

Every operation gets requests that fit its schema and requests that break it, with path
parameters that are now and then a real table, and a real seat token in some of them. No
answer may be a 500, none may take longer than TIME_BOUND, every error is our JSON.
Every operation runs on SQLite and on PostgreSQL (which refuses characters SQLite stores, NUL
among them: issue 24), the latter with a quarter of the examples (at least 2).
The examples per operation and mode on SQLite: 4 by default (the examples are derandomized: the
same ones every run, a regression check; drawing them costs more than answering them), 8 with
``--long``, any number with LUDOTECA_FUZZ_API_EXAMPLES, which raises both databases: a deep
run is e.g. ``LUDOTECA_FUZZ_API_EXAMPLES=500 pytest tests/server/test_security_fuzz.py``.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode

from ludoteca.server import create_app

from .conftest import pg_schema, sqlite_settings
from .helpers import create, join

EXAMPLES = 4  # per operation and generation mode, on SQLite
LONG_EXAMPLES = 8  # with --long
EXAMPLES_ENV = "LUDOTECA_FUZZ_API_EXAMPLES"  # any number, for a deep run
TIME_BOUND = 3.0  # seconds; a request here takes milliseconds, the machine may be busy
OPERATIONS = [
    ("GET", "/api/games"),
    ("GET", "/api/games/{game_id}/words"),
    ("GET", "/api/tables"),
    ("POST", "/api/tables"),
    ("GET", "/api/tables/{table_id}"),
    ("POST", "/api/tables/{table_id}/join"),
    ("POST", "/api/tables/{table_id}/leave"),
    ("GET", "/api/tables/{table_id}/state"),
    ("POST", "/api/tables/{table_id}/moves"),
    ("POST", "/api/tables/{table_id}/rematch"),
    ("GET", "/api/tables/{table_id}/replay"),
    ("POST", "/api/tables/{table_id}/why"),
    ("GET", "/api/games/{game_id}/rules"),
    ("GET", "/api/games/{game_id}/help"),
    ("GET", "/api/games/sala-de-miaula/catalog"),
    ("GET", "/api/tutorials"),
    ("GET", "/api/tutorials/{game_id}/{step}"),
    ("GET", "/api/tables/{table_id}/invite.svg"),
    # accounts (issue 21): the session cookie is the fuzz's own (none, or a made-up one)
    ("GET", "/api/account"),
    ("POST", "/api/account/signup"),
    ("POST", "/api/account/signin"),
    ("POST", "/api/account/signout"),
    ("POST", "/api/account/signout-everywhere"),
    ("POST", "/api/account/rename"),
    ("POST", "/api/account/seats"),
    ("GET", "/api/account/export"),
    ("POST", "/api/account/delete"),
    # passkeys, password, invitations and blocks (issue 21, items 1, 6, 7)
    ("POST", "/api/account/password"),
    ("POST", "/api/account/passkeys/signup/options"),
    ("POST", "/api/account/passkeys/signup"),
    ("POST", "/api/account/passkeys/signin/options"),
    ("POST", "/api/account/passkeys/signin"),
    ("GET", "/api/account/passkeys"),
    ("POST", "/api/account/passkeys/options"),
    ("POST", "/api/account/passkeys"),
    ("POST", "/api/account/passkeys/remove"),
    ("POST", "/api/tables/{table_id}/invitations"),
    ("GET", "/api/account/invitations"),
    ("POST", "/api/account/invitations/decline"),
    ("GET", "/api/account/blocks"),
    ("POST", "/api/account/blocks"),
    ("POST", "/api/account/blocks/remove"),
    # notifications (issue 21 item 5)
    ("GET", "/api/notify/push-key"),
    ("GET", "/api/notify"),
    ("POST", "/api/notify/push"),
    ("POST", "/api/notify/push/remove"),
    ("POST", "/api/notify/email"),
    ("GET", "/api/notify/unsubscribe"),
    ("POST", "/api/notify/unsubscribe"),
    ("GET", "/api/notify/waiting"),
    # ratings, profiles and "my tables" (issue 21 items 2, 3)
    ("GET", "/api/ratings/{game_id}"),
    ("GET", "/api/tables/{table_id}/ratings"),
    ("GET", "/api/profiles/{account_id}"),
    ("GET", "/api/profiles/{account_id}/history"),
    ("GET", "/api/me/tables"),
    # turn-based tables (issue 21 item 4): the dev clock answers 404 without --dev-clock
    ("GET", "/api/turn-based"),
    ("GET", "/api/tables/{table_id}/pace"),
    ("GET", "/api/dev/clock"),
    ("POST", "/api/dev/clock"),
    # the game review and practice hints (issue 22)
    ("POST", "/api/tables/{table_id}/reviews/{seat}"),
    ("GET", "/api/tables/{table_id}/reviews/{seat}"),
    ("POST", "/api/tables/{table_id}/hint"),
    ("GET", "/api/tables/{table_id}/hint"),
    ("GET", "/api/tables/{table_id}/hints"),
    # Gatálogo decks kept on the account (issue 25 item 8)
    ("GET", "/api/account/decks"),
    ("POST", "/api/account/decks"),
    ("POST", "/api/account/decks/import"),
    ("GET", "/api/account/decks/{deck_id}"),
    ("PATCH", "/api/account/decks/{deck_id}"),
    ("DELETE", "/api/account/decks/{deck_id}"),
]
# one worker runs the whole module (scripts/test: xdist --dist loadgroup): each worker that got
# some of its tests built both servers and drew its first examples (schemathesis and hypothesis
# load the rest of themselves then), seconds each, the same work three times over
pytestmark = pytest.mark.xdist_group("api-fuzz")


def examples_on(config: pytest.Config, db: str) -> int:
    given = os.environ.get(EXAMPLES_ENV)
    n = int(given) if given else LONG_EXAMPLES if config.getoption("--long") else EXAMPLES
    return n if db == "sqlite" else max(2, n // 4)


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def fuzzed(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[TestClient, dict[str, Any]]]:
    from ludoteca.engine.registry import _MODULES, register, unregister
    from tests.engine.toy_game import GAME as TOY

    added = TOY.id not in _MODULES
    if added:
        register(TOY)
    caps: dict[str, Any] = {"max_open_tables_per_address": 0, "max_open_tables": 0}
    # one AI worker process is enough for the fuzz's few AI moves, hints and reviews (each
    # worker is a process of its own to start beside the tests)
    caps["ai_workers"] = 1
    with contextlib.ExitStack() as stack:
        if request.param == "sqlite":
            db: Path = tmp_path_factory.mktemp("fuzz") / "fuzz.sqlite3"
            settings = sqlite_settings(db, rate_limit=0, **caps)
        else:
            settings = stack.enter_context(pg_schema(rate_limit=0, **caps))
        c = stack.enter_context(TestClient(create_app(settings), raise_server_exceptions=False))
        running = create(c, "toy", [{"kind": "human"}, {"kind": "ai", "agent": "easy"}])
        _, token = join(c, running, "Ana")
        sala = create(c, "sala-de-miaula", [{"kind": "human"}, {"kind": "human"}])
        # from the app's own document: loading it through the app would run its lifespan
        # again (a second manager, stopped at once, in app.state)
        schema = schemathesis.openapi.from_dict(c.app.openapi())  # type: ignore[attr-defined]
        real = {
            "tables": [running, sala],
            "token": token,
            "schema": schema,
            "examples": examples_on(request.config, request.param),
        }
        yield c, real
    if added:
        unregister(TOY.id)


def test_the_fuzz_covers_every_operation(fuzzed: tuple[TestClient, dict[str, Any]]) -> None:
    _, real = fuzzed
    schema = real["schema"]
    found = {(r.ok().method.upper(), r.ok().path) for r in schema.get_all_operations()}
    assert found == set(OPERATIONS)


@pytest.mark.parametrize(("method", "path"), OPERATIONS)
def test_no_request_gets_a_500_or_a_slow_answer(
    fuzzed: tuple[TestClient, dict[str, Any]], method: str, path: str
) -> None:
    client, real = fuzzed
    op = real["schema"][path][method]
    cases = st.one_of(
        op.as_strategy(generation_mode=GenerationMode.POSITIVE),
        op.as_strategy(generation_mode=GenerationMode.NEGATIVE),
    )

    @settings(
        max_examples=real["examples"] * 2,
        deadline=None,
        database=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
    )
    @given(case=cases, real_table=st.sampled_from([None, *real["tables"]]), seated=st.booleans())
    def check(case: Any, real_table: str | None, seated: bool) -> None:
        if real_table is not None and case.path_parameters and "table_id" in case.path_parameters:
            case.path_parameters["table_id"] = real_table
        kw = case.as_transport_kwargs(base_url="http://testserver")
        headers = {k: v for k, v in (kw.get("headers") or {}).items() if isinstance(v, str)}
        if seated and "authorization" not in {k.lower() for k in headers}:
            headers["Authorization"] = f"Bearer {real['token']}"
        request: dict[str, Any] = {"params": kw.get("params"), "headers": headers}
        if "json" in kw:
            request["json"] = kw["json"]
        elif kw.get("data") is not None or kw.get("content") is not None:
            request["content"] = kw.get("content", kw.get("data"))
        t = time.perf_counter()
        r = client.request(kw["method"], kw["url"], **request)
        took = time.perf_counter() - t
        assert r.status_code < 500, f"{kw['method']} {kw['url']}: {r.status_code} {r.text[:300]}"
        # every route, the hint's included: it answers at once, its moves found in the workers
        assert took < TIME_BOUND, f"{kw['method']} {kw['url']} took {took:.2f} s"
        if r.status_code >= 400:
            assert set(r.json()["error"]) >= {"code", "message"}, r.text[:300]

    check()
