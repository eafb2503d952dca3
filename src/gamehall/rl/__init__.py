"""Standard environments for learning agents (the ``gamehall[rl]`` extra).

* :class:`gamehall.rl.gym_env.GamehallEnv`: Gymnasium, one seat (20 Strong; or any game
  against bots). ``import gamehall.rl`` registers the ids below for ``gymnasium.make``.
* :mod:`gamehall.rl.aec_env`: PettingZoo AEC environments, every seat an agent.
* :mod:`gamehall.rl.openspiel`: the games as OpenSpiel Python games.

Actions are numbers of the action catalogue (:mod:`gamehall.core.catalogue`); observations
are the seat's features (:mod:`gamehall.core.features`). docs/rl.md describes them all.
"""

from __future__ import annotations

import gymnasium

from gamehall.core.plugin import plugins

ENV_IDS: dict[str, dict[str, object]] = {
    env_id: dict(kwargs)
    for plugin in plugins()
    for env_id, kwargs in plugin.settings.get("rl_ids", {}).items()
}
"""The Gymnasium ids, and the environment arguments each one stands for (each game's
plug-in's ``rl_ids``)."""

for _id, _kwargs in ENV_IDS.items():
    if _id not in gymnasium.registry:
        gymnasium.register(_id, entry_point="gamehall.rl.gym_env:GamehallEnv", kwargs=_kwargs)
