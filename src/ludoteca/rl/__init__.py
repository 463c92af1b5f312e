"""The researchers' door: every game as a PettingZoo, Gymnasium and OpenSpiel environment,
over the games' observation encoders (``games/<title>/observation.py``, found by
``ludoteca.engine.observation.encoder_for``; docs/rl.md). Needs the ``rl`` extra.

The doors are imported on first use, so ``import ludoteca.rl`` works without the extra.
"""

from __future__ import annotations

from typing import Any

__all__ = ["gym_env", "parallel_env", "pettingzoo_env", "register_openspiel"]


def pettingzoo_env(*args: Any, **kwargs: Any) -> Any:
    from .pettingzoo_envs import pettingzoo_env as make  # the rl extra (pettingzoo), when asked

    return make(*args, **kwargs)


def parallel_env(*args: Any, **kwargs: Any) -> Any:
    from .pettingzoo_envs import parallel_env as make  # the rl extra (pettingzoo), when asked

    return make(*args, **kwargs)


def gym_env(*args: Any, **kwargs: Any) -> Any:
    from .gymnasium_env import gym_env as make  # the rl extra (gymnasium), when asked

    return make(*args, **kwargs)


def register_openspiel() -> None:
    from .openspiel_game import register  # the rl extra (open_spiel), when asked

    register()
