"""PettingZoo AEC environments: every seat of a gamehall game is an agent (``player_0``...).

Each agent observes ``{"observation": features, "action_mask": mask}`` from its own seat's
view only; the mask is all zeros when it is not that agent's turn. The agent to move also
finds its legal action numbers in its info (``legal_actions``). Rewards come at the end:
+1 for each winner, -1 for the others. Chance is played inside, from the reset seed.

>>> env = boss_quest_env(players=3)
>>> env.reset(seed=1)
>>> observation, reward, terminated, truncated, info = env.last()
>>> env.agent_selection in env.agents, int(observation["action_mask"].sum()) > 0
(True, True)
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from gamehall.core.errors import IllegalActionError
from gamehall.core.game import JSON
from gamehall.rl.episode import (
    Illegal,
    check_illegal,
    configured,
    episode_seed,
    observation_space,
    render_view,
)
from gamehall.rl.table import MAX_STEPS, Table

AgentObservation = dict[str, np.ndarray[Any, Any]]


class GamehallAEC(AECEnv[str, AgentObservation, int | None]):  # type: ignore[misc]
    """A gamehall game for PettingZoo's agent-environment-cycle API."""

    metadata = {"render_modes": ["ansi"], "is_parallelizable": False}  # noqa: RUF012

    def __init__(
        self,
        game: str,
        players: int | None = None,
        *,
        illegal: Illegal = "lose",
        render_mode: str | None = None,
        max_steps: int = MAX_STEPS,
        **options: Any,
    ) -> None:
        super().__init__()
        check_illegal(illegal)
        rules = configured(game, players, options)
        self.table = Table(rules, {}, max_steps)
        self.illegal, self.render_mode = illegal, render_mode
        self.metadata = {**self.metadata, "name": f"gamehall_{rules.name.replace('-', '_')}_v0"}
        self.possible_agents = [f"player_{seat}" for seat in range(rules.players)]
        self.agent_name_mapping = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        mask_space = spaces.Box(0, 1, (self.table.actions,), np.int8)
        space = spaces.Dict(
            {"observation": observation_space(self.table), "action_mask": mask_space}
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = {a: spaces.Discrete(self.table.actions) for a in self.possible_agents}
        self.np_random, _ = seeding.np_random(None)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game, dealt from ``seed`` (or from the environment's generator)."""
        if seed is not None:
            self.np_random, _ = seeding.np_random(seed)
        self.table.reset(episode_seed(seed, self.np_random))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection: str
        self._select_mover()

    def observe(self, agent: str) -> AgentObservation:
        """What ``agent``'s seat sees, and the actions it may take now."""
        seat = self.agent_name_mapping[agent]
        return {"observation": self.table.observe(seat), "action_mask": self.table.mask(seat)}

    def step(self, action: int | None) -> None:
        """The selected agent takes catalogue action ``action`` (None once it is done)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table = self.table
        try:
            table.play(int(action) if action is not None else -1)
        except IllegalActionError as error:
            if self.illegal == "raise":
                raise
            self._end({agent: -1.0}, truncated=False)
            self.infos[agent] = {"illegal": str(error)}
            return
        if table.to_move is not None:
            # Rewards come only at the end, so until then they stay 0 and need no resetting.
            self.infos[agent] = {}
            self._select_mover()
        elif table.truncated:
            self._end({}, truncated=True)
        else:
            self._end(dict(zip(self.possible_agents, table.returns(), strict=True)), False)

    def view(self, agent: str) -> JSON:
        """``agent``'s view of the game, as the web hall shows it."""
        return self.table.view(self.agent_name_mapping[agent])

    def render(self) -> str | None:
        """The selected agent's view as text (render mode ``ansi``)."""
        if self.render_mode != "ansi":
            return None
        return render_view(self.table, self.agent_name_mapping[self.agent_selection])

    def close(self) -> None:
        """Nothing to release."""

    def _end(self, rewards: dict[str, float], truncated: bool) -> None:
        """The game is over for every agent, with ``rewards`` (0 for those not named)."""
        self.rewards = {agent: rewards.get(agent, 0.0) for agent in self.agents}
        done = dict.fromkeys(self.agents, True)
        if truncated:
            self.truncations = done
        else:
            self.terminations = done
        self._accumulate_rewards()

    def _select_mover(self) -> None:
        """Select the agent to move, its legal action numbers in its info."""
        mover = self.table.to_move
        self.agent_selection = agent = self.possible_agents[mover if mover is not None else 0]
        self.infos[agent] = {"legal_actions": self.table.legal_numbers()[:]}


def boss_quest_env(players: int = 3, **options: Any) -> GamehallAEC:
    """Boss Quest for 2 to 5 knights."""
    return GamehallAEC("boss-quest", players, **options)


def att_env(players: int = 2, **options: Any) -> GamehallAEC:
    """Ancient Terrible Things for 1 to 4 players."""
    return GamehallAEC("ancient-terrible-things", players, **options)
