"""Loading card data files (TOML) against a pydantic schema, with errors that name the place.

A problem is reported as one line: the file, the card (by its position and its code or name)
and the field, for example ``cards.toml: spells[3] (code 'hp+1'): effect.amount: ...``.
The pieces (:func:`read_card_data`, :func:`error_place`, :func:`error_message`,
:func:`problem_line`) are public so that a validator reporting every problem of a file (the
20 Strong deck workshop) labels them the same way.
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError
from pydantic_core import ErrorDetails

from gamehall.core.errors import CardDataError

M = TypeVar("M", bound=BaseModel)
FILE_LEVEL = "deck"
"""The card an error outside every section's cards is placed on (a count, a section)."""


class Localized(BaseModel):
    """A player-facing text in English and French."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    en: str
    fr: str

    def get(self, language: str) -> str:
        """The text in ``language`` (English when the language is unknown)."""
        return self.fr if language == "fr" else self.en


def card_label(data: Any, section: str, index: int) -> str:
    """``spells[3] (code 'hp+1')`` for the fourth card of ``section``."""
    label = f"{section}[{index}]"
    try:
        card = data[section][index]
    except (KeyError, IndexError, TypeError):
        return label
    for key in ("code", "id", "hp", "value"):
        if isinstance(card, dict) and key in card:
            return f"{label} ({key} {card[key]!r})"
    return label


def dotted(path: Sequence[int | str]) -> str:
    """``effect.0.amount`` for a path of field names and positions."""
    return ".".join(map(str, path))


def error_place(data: Any, location: Sequence[int | str]) -> tuple[str, str]:
    """The card and the field a problem at ``location`` in the file's ``data`` is about.

    Inside a card: ``("spells[3] (code 'hp+1')", "effect.amount")``; in a section that is one
    table: ``("deck", "id")``; a whole section or the whole file: ``("deck", "spells")``.
    """
    if len(location) >= 2 and isinstance(location[1], int):
        return card_label(data, str(location[0]), location[1]), dotted(location[2:])
    if len(location) >= 2:
        return str(location[0]), dotted(location[1:])
    return FILE_LEVEL, dotted(location)


def error_message(error: ErrorDetails) -> str:
    """A pydantic error's message, without pydantic's ``Value error,`` prefix."""
    return error["msg"].removeprefix("Value error, ")


def problem_line(file: str, card: str, field: str, message: str) -> str:
    """``FILE: CARD: FIELD: MESSAGE`` on one line, leaving out the empty parts."""
    return ": ".join(part for part in (file, card, field, message) if part)


def read_card_data(path: Path) -> dict[str, Any]:
    """The TOML data of a card file; raises CardDataError saying what is wrong (the caller
    names the file)."""
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except OSError as error:
        raise CardDataError(f"cannot read card file: {error.strerror}") from None
    except tomllib.TOMLDecodeError as error:
        raise CardDataError(f"not valid TOML: {error}") from None


def load_card_file(path: Path, schema: type[M]) -> M:
    """Parse and validate one card file; raises CardDataError naming file, card and field
    (the first problem only)."""
    try:
        data = read_card_data(path)
    except CardDataError as error:
        raise CardDataError(problem_line(str(path), "", "", str(error))) from None
    try:
        return schema.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        card, field = error_place(data, tuple(first["loc"]))
        raise CardDataError(problem_line(str(path), card, field, error_message(first))) from None
