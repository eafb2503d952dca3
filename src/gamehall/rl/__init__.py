"""Standard environments for learning agents (the ``gamehall[rl]`` extra).

* :class:`gamehall.rl.gym_env.GamehallEnv`: Gymnasium, one seat (20 Strong; or any game
  against bots). ``import gamehall.rl`` registers the ids below for ``gymnasium.make``.
* :mod:`gamehall.rl.aec_env`: PettingZoo AEC environments, every seat an agent.
* :mod:`gamehall.rl.openspiel`: the games as OpenSpiel Python games.

Actions are numbers of the action catalogue (:mod:`gamehall.core.catalogue`); observations
are the seat's features (:mod:`gamehall.core.features`). docs/rl.md describes them all.
"""

from __future__ import annotations

from pathlib import Path

import gymnasium

from gamehall.core.builds import check_builds

check_builds(Path(__file__).parent)

ENV_IDS: dict[str, dict[str, object]] = {
    "gamehall/TwentyStrong-TooManyBones-v0": {"game": "20-strong", "deck": "too-many-bones"},
    "gamehall/TwentyStrong-Victorum-v0": {"game": "20-strong", "deck": "victorum"},
    "gamehall/BossQuest-v0": {"game": "boss-quest", "players": 2},
    "gamehall/AncientTerribleThings-v0": {"game": "ancient-terrible-things", "players": 1},
}
"""The Gymnasium ids, and the environment arguments each one stands for."""

for _id, _kwargs in ENV_IDS.items():
    if _id not in gymnasium.registry:
        gymnasium.register(_id, entry_point="gamehall.rl.gym_env:GamehallEnv", kwargs=_kwargs)
