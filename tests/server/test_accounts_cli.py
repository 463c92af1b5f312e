"""Issue 21, item 6 (part): the operator's ``ludoteca accounts list|suspend|unsuspend|delete``."""

from __future__ import annotations

from fastapi.testclient import TestClient
from typer.testing import CliRunner

from ludoteca.cli.main import app as cli
from ludoteca.server import Settings, create_app

from .helpers import auth, create, join
from .test_accounts import PASSWORD, browser, me, sign_in, sign_up

runner = CliRunner()


def accounts(settings: Settings, *args: str, lang: str = "en") -> str:
    r = runner.invoke(cli, ["accounts", *args, "--database", settings.database_url, "--lang", lang])
    assert r.exit_code == 0, r.output
    return r.output


def test_the_operator_lists_suspends_unsuspends_and_deletes(
    client: TestClient, settings: Settings
) -> None:
    browser(client)
    tid = create(client, "toy", [{"kind": "human"}, {"kind": "human"}])
    _, token = join(client, tid, "ana")
    sign_up(client, "Ana")
    client.post("/api/account/seats", json={"seats": [{"table": tid, "token": token}]})
    out = accounts(settings, "list")
    assert "1 account" in out and "Ana" in out and "active" in out
    assert "1 conta" in accounts(settings, "list", lang="pt-BR")
    # suspended: signed out at once, and no sign-in (after the right password only)
    assert "suspended" in accounts(settings, "suspend", "ANA")
    assert me(client).status_code == 401
    r = sign_in(client)
    assert r.status_code == 403 and r.json()["error"]["code"] == "suspended"
    assert sign_in(client, "Ana", "wrong password").json()["error"]["code"] == "signin_failed"
    assert "suspended" in accounts(settings, "list")
    assert "suspensa" in accounts(settings, "list", lang="pt-BR")
    accounts(settings, "unsuspend", "ana")
    assert sign_in(client).status_code == 200
    out = accounts(settings, "delete", "Ana", "--yes")
    assert "1 seat stays in its game" in out
    assert me(client).status_code == 401
    assert "0 accounts" in accounts(settings, "list")
    # the database holds the deleted player (a running server's tables in memory follow at
    # its next start: docs/server.md); a server started now sees it and refuses the token
    with TestClient(create_app(settings)) as fresh:
        assert fresh.get(f"/api/tables/{tid}").json()["seats"][0]["name"] is None
        assert fresh.get(f"/api/tables/{tid}/state", headers=auth(token)).status_code == 403


def test_an_unknown_name_is_said_in_the_readers_language(settings: Settings) -> None:
    for lang, words in (("en", "no account is called"), ("pt-BR", "nenhuma conta se chama")):
        r = runner.invoke(
            cli,
            ["accounts", "suspend", "Nobody", "--database", settings.database_url, "--lang", lang],
        )
        assert r.exit_code == 1 and words in r.output


def test_suspended_people_cannot_sit_as_themselves(client: TestClient, settings: Settings) -> None:
    browser(client)
    sign_up(client, "Ana", PASSWORD)
    accounts(settings, "suspend", "Ana")
    tid = create(client, "toy", [{"kind": "human"}, {"kind": "human"}])
    _, token = join(client, tid, "ana")  # as a guest, like anyone without an account
    accounts(settings, "unsuspend", "Ana")
    sign_in(client)
    assert me(client).json()["seats"] == []  # the seat taken while suspended is no account's
    assert client.get(f"/api/tables/{tid}/state", headers=auth(token)).status_code == 200
