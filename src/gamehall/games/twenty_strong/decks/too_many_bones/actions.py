"""Too Many Bones actions: the day's choice, the BQ, encounters, rest or scout, the backup plan.

Stacks are named ``ones``, ``fives`` and ``enc`` (the original stacks) and ``ones+``,
``fives+`` and ``enc+`` (the scouted stacks above them).

>>> from gamehall.games.twenty_strong.actions import parse
>>> str(parse("backup B 2", PARSERS))
'backup B 2'
>>> parse("scout fives", PARSERS)
Scout(stack='fives')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from gamehall.core.errors import InvalidActionError
from gamehall.games.twenty_strong.actions import Parser
from gamehall.games.twenty_strong.dice import COLOUR_LETTERS, parse_colour

STACKS: Final = ("ones", "ones+", "fives", "fives+", "enc", "enc+")


@dataclass(frozen=True, slots=True)
class Battle:
    """Choose a standard battle for the day."""

    def __str__(self) -> str:
        return "battle"


@dataclass(frozen=True, slots=True)
class Encounter:
    """Choose the top encounter of an encounter stack."""

    stack: str

    def __str__(self) -> str:
        return f"encounter {self.stack}"


@dataclass(frozen=True, slots=True)
class FaceTyrant:
    """Face the Tyrant."""

    def __str__(self) -> str:
        return "tyrant"


@dataclass(frozen=True, slots=True)
class Peaceful:
    """Take a Mohlnor encounter's peaceful option."""

    def __str__(self) -> str:
        return "peaceful"


@dataclass(frozen=True, slots=True)
class Fight:
    """Fight a Mohlnor encounter's battle."""

    def __str__(self) -> str:
        return "fight"


@dataclass(frozen=True, slots=True)
class RestUp:
    """Rest after a battle won."""

    def __str__(self) -> str:
        return "rest"


@dataclass(frozen=True, slots=True)
class Scout:
    """Scout the top card of an original stack."""

    stack: str

    def __str__(self) -> str:
        return f"scout {self.stack}"


@dataclass(frozen=True, slots=True)
class Penalty:
    """A rank above 1: banish one die, or exhaust three."""

    kind: str

    def __str__(self) -> str:
        return f"penalty {self.kind}"


@dataclass(frozen=True, slots=True)
class BackupUse:
    """Exhaust a backup die of a colour to use one option of the backup-plan ability."""

    colour: int
    option: int

    def __str__(self) -> str:
        return f"backup {COLOUR_LETTERS[self.colour]} {self.option + 1}"


@dataclass(frozen=True, slots=True)
class Flip:
    """Exhaust the four backup dice to flip the Gearloc to innate +1."""

    def __str__(self) -> str:
        return "flip"


@dataclass(frozen=True, slots=True)
class SetAside:
    """Chance: a Tyrant encounter goes back to the box unseen."""

    code: str

    def __str__(self) -> str:
        return f"box {self.code}"


def _stack(word: str, allowed: tuple[str, ...] = STACKS) -> str:
    if word not in allowed:
        raise InvalidActionError(f"unknown stack {word!r} (stacks: {', '.join(allowed)})")
    return word


def _penalty(word: str) -> Penalty:
    if word not in ("banish", "exhaust"):
        raise InvalidActionError(f"a penalty is 'banish' or 'exhaust', not {word!r}")
    return Penalty(word)


def _backup(words: list[str]) -> BackupUse:
    if not words[1].isdigit() or int(words[1]) < 1:
        raise InvalidActionError(f"{words[1]!r} is not an option number (1, 2...)")
    return BackupUse(parse_colour(words[0]), int(words[1]) - 1)


PARSERS: Final[dict[str, tuple[int, Parser]]] = {
    "battle": (0, lambda w: Battle()),
    "encounter": (1, lambda w: Encounter(_stack(w[0], ("enc", "enc+")))),
    "tyrant": (0, lambda w: FaceTyrant()),
    "peaceful": (0, lambda w: Peaceful()),
    "fight": (0, lambda w: Fight()),
    "rest": (0, lambda w: RestUp()),
    "scout": (1, lambda w: Scout(_stack(w[0], ("ones", "fives", "enc")))),
    "penalty": (1, lambda w: _penalty(w[0])),
    "backup": (2, _backup),
    "flip": (0, lambda w: Flip()),
    "box": (1, lambda w: SetAside(w[0])),
}
