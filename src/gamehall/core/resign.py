"""Resigning: a seat's decision to leave the game, taken at any moment, by a person.

A resignation is not one of the game's moves (it is never in ``legal_actions``, so bots,
search and learning environments never see it); it is recorded like one, written
``resign N`` (N the seat's number, from 1), and replays. Each game decides what it does
(:meth:`gamehall.core.game.Game.resign`): a solo game is lost; in a game of several people the
seat leaves as that game's rules best allow and the others play on.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

_WRITTEN: Final = re.compile(r"resign (\d{1,2})")


@dataclass(frozen=True, slots=True)
class Resign:
    """Seat ``seat`` (from 0) resigns."""

    seat: int

    def __str__(self) -> str:
        return f"resign {self.seat + 1}"


def read_resign(text: str) -> Resign | None:
    """The resignation written ``text`` (``resign N``), or None for any other text."""
    found = _WRITTEN.fullmatch(text.strip())
    if found is None or int(found.group(1)) < 1:
        return None
    return Resign(int(found.group(1)) - 1)
