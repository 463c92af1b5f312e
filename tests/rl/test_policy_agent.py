"""The learned agent: a policy trained by ludoteca.rl.train loads as ``policy:path=FILE``
and plays; a missing file, a foreign file, a wrong game or player count are clear errors."""

from __future__ import annotations

import json
import zipfile

import pytest

from ludoteca import get_game
from ludoteca.agents import AgentSpecError, make_agent
from ludoteca.rl.train import policy_meta, train
from ludoteca.sim import simulate


@pytest.fixture(scope="module")
def nd_policy(tmp_path_factory):
    out = tmp_path_factory.mktemp("policy") / "nd.zip"
    train("nine-domains", 2, out, 1.0, ["random"], envs=1, max_steps=64, n_steps=64, quiet=True)
    return out


def test_training_writes_a_policy_with_its_game_and_a_curve(nd_policy):
    meta = policy_meta(nd_policy)
    assert meta["game"] == "nine-domains" and meta["num_players"] == 2
    assert meta["steps"] >= 64
    assert nd_policy.with_suffix(".csv").exists()
    with zipfile.ZipFile(nd_policy) as z:
        assert "policy.pth" in z.namelist()


def test_the_policy_plays_a_simulation_and_replays_under_its_seed(nd_policy):
    spec = f"policy:path={nd_policy}"
    a = simulate("nine-domains", 4, 2, [spec, "random"], seed=5, keep_records=False)
    b = simulate("nine-domains", 4, 2, [spec, "random"], seed=5, keep_records=False)
    assert [g.winners for g in a.games] == [g.winners for g in b.games]
    assert [g.decisions for g in a.games] == [g.decisions for g in b.games]
    greedy = make_agent(f"{spec}:greedy=true", get_game("nine-domains"), 1)
    assert greedy.greedy


def test_bad_policy_specs_are_clear_errors(nd_policy, tmp_path):
    game = get_game("nine-domains")
    with pytest.raises(AgentSpecError, match="needs path"):
        make_agent("policy", game)
    with pytest.raises(AgentSpecError, match="no policy file"):
        make_agent(f"policy:path={tmp_path / 'missing.zip'}", game)
    junk = tmp_path / "junk.zip"
    junk.write_text("not a zip")
    with pytest.raises(AgentSpecError, match="not a ludoteca policy"):
        make_agent(f"policy:path={junk}", game)
    with pytest.raises(AgentSpecError, match="trained for 'nine-domains', not 'coatl'"):
        make_agent(f"policy:path={nd_policy}", get_game("coatl"))
    with pytest.raises(AgentSpecError, match="no option 'depth'"):
        make_agent(f"policy:path={nd_policy}:depth=3", game)


def test_a_policy_for_another_player_count_is_refused_when_it_plays(nd_policy, tmp_path):
    other = tmp_path / "ek3.zip"
    with zipfile.ZipFile(nd_policy) as src, zipfile.ZipFile(other, "w") as dst:
        for name in src.namelist():
            data = src.read(name)
            if name == "ludoteca.json":
                data = json.dumps(
                    dict(json.loads(data), game="exploding-kittens", num_players=3)
                ).encode()
            dst.writestr(name, data)
    agent = make_agent(f"policy:path={other}", get_game("exploding-kittens"))
    state = get_game("exploding-kittens").new_game(num_players=2, seed=1)
    from ludoteca.engine import SeatHandle

    with pytest.raises(AgentSpecError, match="trained for 3 players, not 2"):
        agent.act(SeatHandle(state, state.actors[0]))
