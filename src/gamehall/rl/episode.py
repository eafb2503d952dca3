"""What the Gymnasium and PettingZoo adapters share: building the table and choosing seeds."""

from __future__ import annotations

import json
from typing import Any, Literal

import numpy as np
from gymnasium import spaces

from gamehall.core.features import HIGH, LOW
from gamehall.core.game import Game
from gamehall.core.registry import create
from gamehall.rl.table import Table

Illegal = Literal["lose", "raise"]
"""What an illegal action does: end the episode with the mover losing (the PettingZoo
classic convention, so that environment checkers sampling any action work), or raise
IllegalActionError saying why."""

ILLEGAL_CHOICES = ("lose", "raise")


def configured(game: str, players: int | None, options: dict[str, Any]) -> Game[Any]:
    """The game named ``game`` for ``players`` (default: its fewest) and ``options``."""
    from gamehall.core.registry import find_game

    return create(game, players or find_game(game).min_players, options)


def check_illegal(illegal: str) -> None:
    """Refuse an unknown ``illegal`` policy, naming the known ones."""
    if illegal not in ILLEGAL_CHOICES:
        raise ValueError(f"illegal={illegal!r}: choose one of {', '.join(ILLEGAL_CHOICES)}")


def observation_space(table: Table) -> spaces.Box:
    """The feature vector's space."""
    return spaces.Box(LOW, HIGH, (table.size,), np.float32)


def episode_seed(seed: int | None, np_random: np.random.Generator) -> int:
    """The gamehall seed of an episode: ``seed`` itself when given (so that an episode reset
    with seed 7 deals the game ``gamehall play --seed 7`` deals), else one drawn from the
    environment's generator."""
    return seed if seed is not None else int(np_random.integers(2**62))


def render_view(table: Table, seat: int) -> str:
    """The seat's view as indented JSON text (render mode ``ansi``)."""
    return json.dumps(table.view(seat), ensure_ascii=False, indent=1, default=str)
