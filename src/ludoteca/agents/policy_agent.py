"""``policy:path=FILE``: a policy trained by ``python -m ludoteca.rl.train`` plays a seat.

It reads only the seat's view (through the game's observation encoder, docs/rl.md) and its
legal actions (the mask). ``greedy=true`` plays the most likely legal action; by default it
samples one from the policy's distribution with the agent's own seeded generator, so a match
replays. Needs the ``rl`` extra (torch, sb3-contrib); the file is loaded once per process.
"""

from __future__ import annotations

import json
import zipfile
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from ..engine import Action, Game, SeatHandle
from ..engine.observation import encoder_for
from .base import Agent, AgentSpecError

# the policy file: a stable-baselines3 zip (written by rl/train.py) with this entry naming the
# game and player count; read here, below rl/, so the agent needs nothing of the training door
META = "ludoteca.json"


def policy_meta(path: str | Path) -> dict[str, Any]:
    """The ``ludoteca.json`` entry of a saved policy (ValueError if there is none)."""
    p = Path(path)
    if not p.is_file():
        raise ValueError(f"no policy file at {str(p)!r}")
    try:
        with zipfile.ZipFile(p) as z:
            meta: dict[str, Any] = json.loads(z.read(META))
    except (zipfile.BadZipFile, KeyError, json.JSONDecodeError):
        raise ValueError(
            f"{str(p)!r} is not a ludoteca policy (a zip saved by ludoteca.rl.train)"
        ) from None
    return meta


@cache
def _load(path: str) -> tuple[dict[str, Any], Any]:
    try:
        meta = policy_meta(path)
    except ValueError as e:
        raise AgentSpecError(f"agent 'policy': {e}") from None
    try:
        import torch
        from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
        from stable_baselines3.common.save_util import load_from_zip_file
    except ImportError:  # pragma: no cover - the rl extra is missing
        raise AgentSpecError(
            "agent 'policy' needs the rl extra (scripts/setup rl, or pip install 'ludoteca[rl]')"
        ) from None
    torch.set_num_threads(1)
    data, params, _ = load_from_zip_file(path, device="cpu")
    assert data is not None and params is not None
    policy = MaskableActorCriticPolicy(
        observation_space=data["observation_space"],
        action_space=data["action_space"],
        lr_schedule=lambda _: 0.0,
        **data.get("policy_kwargs", {}),
    )
    policy.load_state_dict(params["policy"])  # type: ignore[arg-type]  # a state dict
    policy.set_training_mode(False)
    return meta, policy


class PolicyAgent(Agent):
    name = "policy"

    def __init__(
        self, seed: int = 0, path: str = "", greedy: bool = False, game_id: str = ""
    ) -> None:
        super().__init__(seed)
        if not path:
            raise AgentSpecError(
                "agent 'policy' needs path=FILE (a policy saved by ludoteca.rl.train)"
            )
        self.path = str(Path(path))
        try:
            meta = policy_meta(self.path)  # checked before torch is even imported
        except ValueError as e:
            raise AgentSpecError(f"agent 'policy': {e}") from None
        if game_id and meta.get("game") != game_id:
            raise AgentSpecError(
                f"agent 'policy': {self.path} was trained for {meta.get('game')!r}, not {game_id!r}"
            )
        self.meta, self.policy = _load(self.path)
        self.greedy = bool(greedy)

    def act(self, handle: SeatHandle) -> Action:
        import torch  # the rl extra, loaded once a policy plays

        n = handle.num_players
        if n != self.meta.get("num_players"):
            raise AgentSpecError(
                f"agent 'policy': {self.path} was trained for {self.meta.get('num_players')} "
                f"players, not {n}"
            )
        game = handle.game
        encoder = encoder_for(game.id, n)
        self._check_fits(game, encoder.size)
        legal = handle.legal_actions()
        if len(legal) == 1:
            return legal[0]
        obs = encoder.encode(handle.view())
        codes = [game.encode(a) for a in legal]
        mask = np.zeros(game.action_space_size, dtype=bool)
        mask[codes] = True
        with torch.no_grad():
            t = torch.as_tensor(obs).unsqueeze(0)
            dist = self.policy.get_distribution(t, action_masks=mask[None, :])
            probs = dist.distribution.probs[0].numpy()
        weights = [float(probs[c]) for c in codes]
        if self.greedy or sum(weights) <= 0:
            return legal[max(range(len(legal)), key=weights.__getitem__)]
        return self.rng.choices(legal, weights=weights)[0]

    def _check_fits(self, game: Game, obs_size: int) -> None:
        """A policy's network is as wide as the observation and the action space it was trained
        on; a game that has grown since (a card added to its catalog) would make its first move
        a shape error deep in torch, so say what happened instead."""
        trained = (
            int(np.prod(self.policy.observation_space.shape)),
            int(self.policy.action_space.n),
        )
        now = (obs_size, game.action_space_size)
        if trained != now:
            raise AgentSpecError(
                f"agent 'policy': {self.path} was trained on an observation of {trained[0]} "
                f"numbers and {trained[1]} actions; {game.id} now has {now[0]} and {now[1]} "
                "(its catalog or rules changed since): train the policy again"
            )


def make(game: Game, seed: int, **kwargs: Any) -> Agent:
    """The agent factory: ``policy:path=FILE[:greedy=true]``."""
    unknown = sorted(set(kwargs) - {"path", "greedy"})
    if unknown:
        raise AgentSpecError(
            f"agent 'policy' has no option {', '.join(map(repr, unknown))} (its options: path, greedy)"
        )
    return PolicyAgent(seed=seed, game_id=game.id, **kwargs)
