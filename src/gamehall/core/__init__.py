"""The engine core: the game contract, chance, errors, outcomes, matches, records, registry."""

from typing import TYPE_CHECKING, Any

from gamehall.core.errors import (
    GamehallError,
    IllegalActionError,
    InvalidActionError,
    InvalidRecordError,
    NotYourTurnError,
    OptionError,
    UndoError,
    UnknownGameError,
)
from gamehall.core.i18n import Text
from gamehall.core.kernel import CHANCE, Action, ChanceWeights, OptionSpec
from gamehall.core.outcome import Outcome

if TYPE_CHECKING:
    from gamehall.core.game import Game


def __getattr__(name: str) -> Any:
    """``Game``, imported when asked for: importing the kernel imports none of its facets."""
    if name == "Game":
        from gamehall.core.game import Game

        return Game
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "CHANCE",
    "Action",
    "ChanceWeights",
    "Game",
    "GamehallError",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidRecordError",
    "NotYourTurnError",
    "OptionError",
    "OptionSpec",
    "Outcome",
    "Text",
    "UndoError",
    "UnknownGameError",
]
