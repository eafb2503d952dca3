"""The engine core: the game contract, chance, errors, outcomes, matches, records, registry."""

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
from gamehall.core.game import CHANCE, Action, ChanceWeights, Game, OptionSpec
from gamehall.core.i18n import Text
from gamehall.core.outcome import Outcome

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
