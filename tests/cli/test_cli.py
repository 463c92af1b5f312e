"""The ``ludoteca`` command, driven as a user would, on the toy game."""

import csv
import json
import re
from collections.abc import Iterator

import pytest
from typer.testing import CliRunner

from ludoteca.cli.main import app
from ludoteca.engine import MatchRecord, registry

from ..engine.toy_game import GAME

runner = CliRunner()


@pytest.fixture(autouse=True)
def toy() -> Iterator[None]:
    registry.register(GAME)
    yield
    registry.unregister(GAME.id)


def test_games_lists_the_registered_games() -> None:
    r = runner.invoke(app, ["games", "--lang", "en"])
    assert r.exit_code == 0, r.output
    assert "toy" in r.output and "Toy" in r.output and "rounds=3" in r.output


def test_play_against_an_agent_and_save(tmp_path) -> None:
    path = tmp_path / "m.json"
    r = runner.invoke(
        app,
        ["play", "toy", "--vs", "random", "--seed", "4", "--save", str(path), "--lang", "en"],
        input="1\n1\n1\n",
    )
    assert r.exit_code == 0, r.output
    assert "Game over" in r.output
    rec = MatchRecord.load(path)
    assert rec.result is not None and len(rec.actions) == 6
    # the person's seat saw its own hand, never the agent's
    s = GAME.new_game(2, 4)
    assert str(s.hands[0][0]) in r.output


def test_play_refuses_a_bad_choice_and_asks_again() -> None:
    r = runner.invoke(
        app,
        ["play", "toy", "--vs", "random", "--seed", "1", "--lang", "en"],
        input="9\nx\n1\n1\n1\n",
    )
    assert r.exit_code == 0, r.output
    assert r.output.count("Choose a number from 1 to 3") == 2


def test_hotseat_hands_the_keyboard_over() -> None:
    r = runner.invoke(
        app,
        ["play", "toy", "--hotseat", "--seed", "2", "--lang", "en"],
        input="1\n\n1\n\n1\n\n1\n\n1\n\n1\n",
    )
    assert r.exit_code == 0, r.output
    assert "Pass the keyboard to player 2" in r.output


def test_play_errors_are_clear() -> None:
    r = runner.invoke(app, ["play", "chess"])
    assert r.exit_code == 2 and "unknown game 'chess'" in r.output
    r = runner.invoke(app, ["play", "toy", "--option", "colour=red", "--lang", "en"])
    assert r.exit_code == 2 and "unknown option 'colour'" in r.output
    r = runner.invoke(app, ["play", "toy", "--vs", "wizard"])
    assert r.exit_code == 2 and "unknown agent 'wizard'" in r.output
    r = runner.invoke(app, ["play", "toy", "--deck", "x.toml"])
    assert r.exit_code == 2 and "takes no deck" in r.output


def test_simulate_prints_a_summary_and_writes_records(tmp_path) -> None:
    out = tmp_path / "games.jsonl"
    r = runner.invoke(
        app,
        [
            "simulate",
            "toy",
            "-n",
            "40",
            "--agents",
            "random,random",
            "--seed",
            "3",
            "--out",
            str(out),
            "--lang",
            "en",
            "--no-progress",
        ],
    )
    assert r.exit_code == 0, r.output
    assert "40 games of Toy" in r.output and "win rate" in r.output and "Seat effect" in r.output
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [row["index"] for row in rows] == list(range(40))
    # each stored record replays to the result the row reports
    for row in rows[:5]:
        rec = MatchRecord.from_json(row["record"])
        assert rec.final_state().result().to_json()["winners"] == row["winners"]
    # agents rotate: seat 0 alternates between the two specs
    assert rows[0]["seats"] == ["random", "random"]


@pytest.mark.parametrize(("lang", "sep", "other"), [("pt-BR", ",", "."), ("en", ".", ",")])
def test_simulate_writes_its_numbers_as_the_language_does(lang, sep, other) -> None:
    """The summary's rates, intervals and means are written with the language's decimal
    separator (pt-BR 52,5%, en 52.5%), the other one in no number."""
    args = ["simulate", "toy", "-n", "10", "--agents", "random", "--seed", "3", "--no-progress"]
    r = runner.invoke(app, [*args, "--lang", lang])
    assert r.exit_code == 0, r.output
    s, o = re.escape(sep), re.escape(other)
    rate = rf"\d+{s}\d%"
    assert re.search(rf"{rate} \[{rate} – {rate}\]", r.output), r.output
    assert re.search(rf"\d+{s}\d", r.output.split("\n", 3)[-1])
    assert not re.search(rf"\d{o}\d", r.output), r.output


def test_simulate_csv_and_rotation(tmp_path) -> None:
    out = tmp_path / "games.csv"
    r = runner.invoke(
        app, ["simulate", "toy", "-n", "10", "--agents", "random,random:x=1", "--out", str(out)]
    )
    assert r.exit_code == 2 and "has no option 'x'" in r.output
    r = runner.invoke(
        app,
        ["simulate", "toy", "-n", "10", "--agents", "random", "--out", str(out), "--no-progress"],
    )
    assert r.exit_code == 0, r.output
    rows = list(csv.DictReader(out.open()))
    assert len(rows) == 10 and rows[0]["seat0"] == "random"


def test_replay_steps_through_a_record(tmp_path) -> None:
    path = tmp_path / "m.json"
    runner.invoke(
        app,
        ["play", "toy", "--vs", "random", "--seed", "4", "--save", str(path)],
        input="1\n1\n1\n",
    )
    r = runner.invoke(app, ["replay", str(path), "--all", "--lang", "en"])
    assert r.exit_code == 0, r.output
    assert "Move 6/6" in r.output
    r = runner.invoke(app, ["replay", str(path), "--lang", "en"], input="\nb\n3\nq\n")
    assert r.exit_code == 0, r.output
    assert "Move 3/6" in r.output


def test_replay_of_a_broken_file_is_a_clear_error(tmp_path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    r = runner.invoke(app, ["replay", str(bad)])
    assert r.exit_code == 2 and "cannot read a match record" in r.output
    bad.write_text(json.dumps({"game": "toy"}))
    r = runner.invoke(app, ["replay", str(bad)])
    assert r.exit_code == 2 and "not a match record: rules_version: Field required" in r.output
