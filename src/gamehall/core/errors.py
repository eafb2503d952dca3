"""The typed errors of the engine: every one is a ValueError whose message says what went wrong."""

from __future__ import annotations

from typing import Self

from gamehall.core.i18n import Catalog, Text, catalog


class GamehallError(ValueError):
    """Base of every error gamehall raises on bad input.

    The message is English; ``text``, when given, is the same message as a translatable
    Text so interfaces can show it in the player's language.
    """

    def __init__(self, message: str, text: Text | None = None) -> None:
        super().__init__(message)
        self.text = text

    @classmethod
    def of(cls, text: Text) -> Self:
        """The error whose message is ``text`` (rendered in English for the message)."""
        return cls(catalog("en").render(text), text)

    def render(self, language: str | Catalog) -> str:
        """The message in ``language`` (or by a catalog that names a table's players)."""
        texts = catalog(language) if isinstance(language, str) else language
        return texts.render(self.text) if self.text else str(self)


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
