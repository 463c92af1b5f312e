"""The learned agent: a policy trained by ludoteca.rl.train loads as ``policy:path=FILE``
and plays; a missing file, a foreign file, a wrong game or player count are clear errors.

One test trains (torch is imported once, by one worker); the refusals need no torch."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from ludoteca import get_game
from ludoteca.agents import AgentSpecError, make_agent
from ludoteca.engine import SeatHandle
from ludoteca.rl.train import META, policy_meta, train
from ludoteca.sim import simulate


def test_a_trained_policy_loads_plays_replays_and_keeps_to_its_player_count(tmp_path):
    out = tmp_path / "nd.zip"
    train("nine-domains", 2, out, 1.0, ["random"], envs=1, max_steps=64, n_steps=64, quiet=True)
    meta = policy_meta(out)
    assert meta["game"] == "nine-domains" and meta["num_players"] == 2 and meta["steps"] >= 64
    assert out.with_suffix(".csv").exists()
    with zipfile.ZipFile(out) as z:
        assert "policy.pth" in z.namelist()
        assert "policy.optimizer.pth" not in z.namelist()  # a file to play, not to resume

    spec = f"policy:path={out}"
    a = simulate("nine-domains", 4, 2, [spec, "random"], seed=5, keep_records=False)
    b = simulate("nine-domains", 4, 2, [spec, "random"], seed=5, keep_records=False)
    assert [g.winners for g in a.games] == [g.winners for g in b.games]
    assert [g.decisions for g in a.games] == [g.decisions for g in b.games]
    assert make_agent(f"{spec}:greedy=true", get_game("nine-domains"), 1).greedy

    # the same weights, labelled as a 3-player Exploding Kittens policy, refuse a 2-player game
    other = tmp_path / "ek3.zip"
    _relabel(out, other, game="exploding-kittens", num_players=3)
    agent = make_agent(f"policy:path={other}", get_game("exploding-kittens"))
    state = get_game("exploding-kittens").new_game(num_players=2, seed=1)
    with pytest.raises(AgentSpecError, match="trained for 3 players, not 2"):
        agent.act(SeatHandle(state, state.actors[0]))

    # labelled for the right game and count but as wide as another game's: a clear error, not
    # a shape error from inside the network (what a card added to the catalog would bring)
    wide = tmp_path / "ek2.zip"
    _relabel(out, wide, game="exploding-kittens", num_players=2)
    agent = make_agent(f"policy:path={wide}", get_game("exploding-kittens"))
    with pytest.raises(AgentSpecError, match="train the policy again"):
        agent.act(SeatHandle(state, state.actors[0]))


@pytest.mark.parametrize(
    "path", sorted((Path(__file__).parents[2] / "policies").glob("*.zip")), ids=lambda p: p.stem
)
def test_every_shipped_policy_plays_its_game(path):
    """The policies in policies/ fit their games as they are now (a card added to a catalog
    widens the observation and the action space: this names the policy to train again)."""
    meta = policy_meta(path)
    game = get_game(meta["game"])
    agent = make_agent(f"policy:path={path}", game, 1)
    state = game.new_game(num_players=meta["num_players"], seed=3)
    while not state.is_over and state.actors:
        p = state.actors[0]
        action = agent.act(SeatHandle(state, p))
        assert action in state.legal_actions(p)
        state.apply(p, action)


def _relabel(src_path, dst_path, **meta) -> None:
    with zipfile.ZipFile(src_path) as src, zipfile.ZipFile(dst_path, "w") as dst:
        for name in src.namelist():
            data = src.read(name)
            if name == META:
                data = json.dumps(dict(json.loads(data), **meta)).encode()
            dst.writestr(name, data)


def test_bad_policy_specs_are_clear_errors(tmp_path):
    game = get_game("nine-domains")
    with pytest.raises(AgentSpecError, match="needs path"):
        make_agent("policy", game)
    with pytest.raises(AgentSpecError, match="no policy file"):
        make_agent(f"policy:path={tmp_path / 'missing.zip'}", game)
    junk = tmp_path / "junk.zip"
    junk.write_text("not a zip")
    with pytest.raises(AgentSpecError, match="not a ludoteca policy"):
        make_agent(f"policy:path={junk}", game)
    foreign = tmp_path / "foreign.zip"
    with zipfile.ZipFile(foreign, "w") as z:
        z.writestr("data", "{}")
    with pytest.raises(AgentSpecError, match="not a ludoteca policy"):
        make_agent(f"policy:path={foreign}", game)
    labelled = tmp_path / "nd.zip"
    with zipfile.ZipFile(labelled, "w") as z:
        z.writestr(META, json.dumps({"game": "nine-domains", "num_players": 2}))
    with pytest.raises(AgentSpecError, match="trained for 'nine-domains', not 'coatl'"):
        make_agent(f"policy:path={labelled}", get_game("coatl"))
    with pytest.raises(AgentSpecError, match="no option 'depth'"):
        make_agent(f"policy:path={labelled}:depth=3", game)
