"""The 20 Strong dice: 17 unit dice in five colours, their faces, and the stat bounds.

Unit dice are numbered 0..16 in strength order: yellow 0-3, green 4-7, blue 8-11, purple 12-15
and the single red die 16. A die's face is ``UNROLLED`` until it is rolled.

>>> [COLOUR_LETTERS[colour_of(d)] for d in (0, 4, 8, 12, 16)]
['Y', 'G', 'B', 'P', 'R']
>>> FACE_WEIGHTS[RED]
(0, 5, 1)
>>> d6_face(GREEN, 4), d6_face(GREEN, 3), d6_face(YELLOW, 6)
(2, 1, 3)
"""

from __future__ import annotations

from typing import Final

from gamehall.core.errors import InvalidActionError

YELLOW: Final = 0
GREEN: Final = 1
BLUE: Final = 2
PURPLE: Final = 3
RED: Final = 4
COLOURS: Final = (YELLOW, GREEN, BLUE, PURPLE, RED)
"""Colours in strength order, weakest first (GEN-DICE-11; Victorum's strengthen and weaken
step along it, VIC-DICE-3)."""

COLOUR_LETTERS: Final = ("Y", "G", "B", "P", "R")
COLOUR_NAMES: Final = ("yellow", "green", "blue", "purple", "red")
COUNTS: Final = (4, 4, 4, 4, 1)  # GEN-DICE-1: the 17 unit dice by colour (3 more are stats)
DICE: Final = sum(COUNTS)
FIRST_DIE: Final = (0, 4, 8, 12, 16)

UNROLLED: Final = 0
MISS: Final = 1
HIT: Final = 2
CRIT: Final = 3
FACE_LETTERS: Final = ("", "m", "h", "c")
FACE_NAMES: Final = ("unrolled", "miss", "hit", "crit")

FACE_WEIGHTS: Final = ((4, 1, 1), (3, 2, 1), (2, 3, 1), (1, 4, 1), (0, 5, 1))
"""Per colour, how many of the six faces are a miss, a basic hit and a crit: yellow GEN-DICE-6,
green GEN-DICE-7, blue GEN-DICE-8, purple GEN-DICE-9, red GEN-DICE-10."""

FACE_DAMAGE: Final = (0, 0, 1, 2)
"""Damage by face: a basic hit deals 1, a crit 2 (GEN-DICE-4); a crit is still one hit."""

STAT_MIN: Final = 1
STAT_MAX: Final = 6

COLOUR_OF: Final = tuple(c for c in COLOURS for _ in range(COUNTS[c]))
"""The colour of each unit die, by die number."""


def colour_of(die: int) -> int:
    """The colour of unit die ``die``."""
    return COLOUR_OF[die]


def die_name(die: int) -> str:
    """``B2`` for the second blue die (``R`` for the red one)."""
    colour = colour_of(die)
    letter = COLOUR_LETTERS[colour]
    return letter if COUNTS[colour] == 1 else f"{letter}{die - FIRST_DIE[colour] + 1}"


def parse_colour(text: str) -> int:
    """The colour written ``text`` (a letter or a name)."""
    key = text.strip().lower()
    for colour in COLOURS:
        if key in (COLOUR_LETTERS[colour].lower(), COLOUR_NAMES[colour]):
            return colour
    raise InvalidActionError(f"unknown die colour {text!r} (colours: Y, G, B, P, R)")


def parse_die_face(text: str) -> tuple[int, int]:
    """``Bh`` as (BLUE, HIT): a colour letter and a face letter (m, h or c)."""
    if len(text) != 2 or text[1] not in "mhc":
        raise InvalidActionError(f"{text!r} is not a die face such as Bh (m miss, h hit, c crit)")
    return parse_colour(text[0]), FACE_LETTERS.index(text[1])


def face_code(colour: int, face: int) -> str:
    """``Bh`` for a blue basic hit."""
    return COLOUR_LETTERS[colour] + FACE_LETTERS[face]


def d6_face(colour: int, value: int) -> int:
    """The face a plain d6 showing ``value`` stands for (GEN-DICE-12): 6 crit, then hits."""
    if not 1 <= value <= 6:
        raise ValueError(f"a d6 shows 1 to 6, not {value}")
    if value == 6:
        return CRIT
    misses = FACE_WEIGHTS[colour][0]
    return MISS if value <= misses else HIT


def within_bounds(value: int) -> bool:
    """Whether a stat may take ``value`` (1..6)."""
    return STAT_MIN <= value <= STAT_MAX
