"""Loading card data files (TOML) against a pydantic schema, with errors that name the place.

A problem is reported as one line: the file, the card (by its position and its code or name)
and the field, for example ``cards.toml: spells[3] (code 'hp+1'): effect.amount: ...``.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from gamehall.core.errors import CardDataError

M = TypeVar("M", bound=BaseModel)


class Localized(BaseModel):
    """A player-facing text in English and French."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    en: str
    fr: str

    def get(self, language: str) -> str:
        """The text in ``language`` (English when the language is unknown)."""
        return self.fr if language == "fr" else self.en


def _card_label(data: Any, location: tuple[int | str, ...]) -> str:
    """``spells[3] (code 'hp+1')`` for an error inside the fourth spell."""
    if len(location) < 2 or not isinstance(location[1], int):
        return ".".join(map(str, location))
    section, index = location[0], location[1]
    label = f"{section}[{index}]"
    try:
        card = data[section][index]
    except (KeyError, IndexError, TypeError):
        return label
    for key in ("code", "id", "hp", "value"):
        if isinstance(card, dict) and key in card:
            return f"{label} ({key} {card[key]!r})"
    return label


def load_card_file(path: Path, schema: type[M]) -> M:
    """Parse and validate one card file; raises CardDataError naming file, card and field."""
    try:
        with path.open("rb") as handle:
            data = tomllib.load(handle)
    except OSError as error:
        raise CardDataError(f"{path}: cannot read card file: {error.strerror}") from None
    except tomllib.TOMLDecodeError as error:
        raise CardDataError(f"{path}: not valid TOML: {error}") from None
    try:
        return schema.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        location = tuple(first["loc"])
        card = _card_label(data, location)
        field = ".".join(map(str, location[2:])) or ".".join(map(str, location))
        raise CardDataError(f"{path}: {card}: {field}: {first['msg']}") from None
