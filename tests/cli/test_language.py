"""The command line speaks the user's language: ``--lang``, else LUDOTECA_LANG, else the
locale (the first of LC_ALL, LC_MESSAGES, LANG that is set), pt-BR where the locale names it
or names no language we have (LANG=C included), and where none is set."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from ludoteca.cli.main import app

EN, PT = "Games in the ludoteca", "Jogos da ludoteca"
UNSET = {"LUDOTECA_LANG": None, "LC_ALL": None, "LC_MESSAGES": None, "LANG": None}


def _games(env: dict[str, str | None], *args: str) -> str:
    r = CliRunner().invoke(app, ["games", *args], env={**UNSET, **env})
    assert r.exit_code == 0, r.output
    return r.output


@pytest.mark.parametrize(
    ("env", "want"),
    [
        ({"LANG": "en_US.UTF-8"}, EN),
        ({"LANG": "en_GB"}, EN),
        ({"LANG": "C"}, PT),
        ({"LANG": "C.UTF-8"}, PT),
        ({"LANG": "POSIX"}, PT),
        ({"LANG": "pt_BR.UTF-8"}, PT),
        ({"LANG": "fr_FR.UTF-8"}, PT),  # a language we do not have
        ({}, PT),  # nothing set
        ({"LC_ALL": "en_US.UTF-8", "LANG": "pt_BR.UTF-8"}, EN),  # LC_ALL first
        ({"LC_MESSAGES": "pt_BR.UTF-8", "LANG": "en_US.UTF-8"}, PT),  # then LC_MESSAGES
        ({"LC_ALL": "", "LC_MESSAGES": "en_US@euro", "LANG": "pt_BR"}, EN),  # empty = unset
        ({"LUDOTECA_LANG": "pt-BR", "LANG": "en_US.UTF-8"}, PT),  # ours before the locale
    ],
    ids=lambda v: str(v) if isinstance(v, str) else ",".join(f"{k}={x}" for k, x in v.items()),
)
def test_the_locale_picks_the_language(env, want):
    out = _games(env)
    assert want in out
    assert (PT if want == EN else EN) not in out


def test_lang_beats_the_locale():
    assert EN in _games({"LANG": "pt_BR.UTF-8"}, "--lang", "en")
    assert PT in _games({"LANG": "en_US.UTF-8", "LC_ALL": "en_US.UTF-8"}, "--lang", "pt-BR")


@pytest.mark.parametrize(
    ("lang", "want"),
    [("en_US.UTF-8", "game of"), ("C", "partida de"), ("pt_BR.UTF-8", "partida de")],
)
def test_simulate_run_as_a_program_speaks_the_locales_language(lang, want):
    env = {k: v for k, v in os.environ.items() if k not in UNSET}
    env["LANG"] = lang
    # the reference rules, not the compiled core: a fresh interpreter that loads the core
    # imports numba and reads its cache (~25 s of a loaded run, with no bytecode cache, for a
    # game of 18 moves); the words are the same either way, and the core has its own tests
    env["LUDOTECA_FAST"] = "0"
    args = ["simulate", "nine-domains", "-n", "1", "--workers", "1", "--seed", "3"]
    r = subprocess.run(
        [sys.executable, "-m", "ludoteca", *args],
        env=env, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert want in r.stdout
