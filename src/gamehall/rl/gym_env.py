"""A Gymnasium environment for any gamehall game, seen from one seat, the other seats played
by gamehall bots: 20 Strong (solo) is the natural fit; Boss Quest or Ancient Terrible Things
against bots work the same way.

Actions are catalogue numbers (``Discrete``), with the legal ones in ``info["action_mask"]``,
in :meth:`GamehallEnv.action_masks` (the name MaskablePPO looks for) and as a list in
``info["legal_actions"]`` (as OpenSpiel's ``rl_environment`` gives them). The observation is
the seat's feature vector; the dict view the web hall shows is :meth:`GamehallEnv.view`, and
in ``info["view"]`` with ``info_view=True``. The reward is +1 for a win and -1 for a loss, at
the end.

>>> env = GamehallEnv("20-strong", deck="victorum")
>>> observation, info = env.reset(seed=7)
>>> observation.shape == env.observation_space.shape, int(info["action_mask"].sum()) > 0
(True, True)
"""

from __future__ import annotations

from typing import Any, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from gamehall.bots import make_bot
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
from gamehall.rl.table import MAX_STEPS, Mask, Observation, Table


class GamehallEnv(gymnasium.Env[Observation, np.int64]):
    """One seat of a gamehall game; the others are bots of kind ``opponents``."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012 (Gymnasium's way)

    def __init__(
        self,
        game: str = "20-strong",
        players: int | None = None,
        *,
        seat: int = 0,
        opponents: str = "random",
        illegal: Illegal = "lose",
        info_view: bool = False,
        render_mode: str | None = None,
        max_steps: int = MAX_STEPS,
        **options: Any,
    ) -> None:
        check_illegal(illegal)
        rules = configured(game, players, options)
        if not 0 <= seat < rules.players:
            raise ValueError(f"seat={seat}: {rules.name} has seats 0 to {rules.players - 1}")
        bots = {s: make_bot(opponents, rules.name) for s in range(rules.players) if s != seat}
        self.table = Table(rules, bots, max_steps)
        self.seat, self.illegal, self.info_view = seat, illegal, info_view
        self.render_mode = render_mode
        self.action_space = spaces.Discrete(self.table.actions)
        self.observation_space = observation_space(self.table)  # type: ignore[assignment]

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """A new game, dealt from ``seed`` (or from the environment's generator)."""
        super().reset(seed=seed)
        self.table.reset(episode_seed(seed, self.np_random))
        return self.table.observe(self.seat), self._info()

    def step(
        self, action: np.int64 | int
    ) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """Take the catalogue action ``action``; chance and the bots play until the seat's
        next decision or the end."""
        table = self.table
        try:
            table.play(int(action))
        except IllegalActionError as error:
            if self.illegal == "raise":
                raise
            info = {**self._info(), "illegal": str(error)}
            return table.observe(self.seat), -1.0, True, False, info
        over = table.to_move is None
        reward = table.returns()[self.seat] if over else 0.0
        terminated = over and not table.truncated
        return table.observe(self.seat), reward, terminated, table.truncated, self._info()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now, as booleans (for MaskablePPO and friends)."""
        return self.table.mask(self.seat).astype(bool)

    def view(self) -> JSON:
        """The seat's view of the game, as the web hall shows it."""
        return self.table.view(self.seat)

    def render(self) -> str | None:
        """The seat's view as text (render mode ``ansi``)."""
        if self.render_mode != "ansi":
            return None
        return render_view(self.table, self.seat)

    def _info(self) -> dict[str, Any]:
        mask: Mask = self.table.mask(self.seat)
        legal = self.table.legal_numbers()[:] if self.table.to_move == self.seat else []
        info: dict[str, Any] = {"action_mask": mask, "legal_actions": legal}
        if self.info_view:
            info["view"] = self.view()
        return info
