"""The typed errors of the engine: every one is a ValueError whose message says what went wrong."""

from __future__ import annotations


class GamehallError(ValueError):
    """Base of every error gamehall raises on bad input."""


class InvalidActionError(GamehallError):
    """Text that does not parse as an action of the game."""


class IllegalActionError(GamehallError):
    """An action that parses but is not legal in the current state."""


class NotYourTurnError(IllegalActionError):
    """An action submitted for a seat that is not the one to move."""


class UndoError(GamehallError):
    """An undo the undo policy does not allow."""


class UnknownGameError(GamehallError):
    """A game name that is not in the registry."""


class OptionError(GamehallError):
    """A game option, or a player count, that the game does not accept."""


class InvalidRecordError(GamehallError):
    """A game record that is malformed or does not replay."""


class CardDataError(GamehallError):
    """Card data that does not match its schema (names the file, the card and the field)."""
