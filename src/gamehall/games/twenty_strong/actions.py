"""20 Strong actions of the general rules: small frozen values whose notation round-trips.

Dice are named by colour letter (``Y G B P R``) and, once rolled, face letter (``m`` miss,
``h`` hit, ``c`` crit): ``apply Bc 2`` puts a blue crit on the second active card. Dice of one
colour showing one face are interchangeable, so an action names the colour, not the die.
Decks add their own actions and parsers (:data:`Parsers`).

>>> parse("apply Bc 2", {})
Apply(colour=2, face=3, target='2')
>>> str(parse("commit P", {}))
'commit P'
>>> str(parse("die G3 h", {}))
'die G3 h'
>>> parse("pick exhausted.G", {})
Pick(colour=1, face=0, zone=3)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Final

from gamehall.core.errors import InvalidActionError
from gamehall.games.twenty_strong.dice import (
    COLOUR_LETTERS,
    DICE,
    FACE_LETTERS,
    UNROLLED,
    die_name,
    face_code,
    parse_colour,
    parse_die_face,
)
from gamehall.games.twenty_strong.state import COMMITTED, EXHAUSTED, POOL


@dataclass(frozen=True, slots=True)
class Commit:
    """Commit one die of a colour from the pool."""

    colour: int

    def __str__(self) -> str:
        return f"commit {COLOUR_LETTERS[self.colour]}"


@dataclass(frozen=True, slots=True)
class Roll:
    """End the Commit step: roll every committed die not yet applied."""

    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True, slots=True)
class Apply:
    """Apply a rolled die to a target: an active card by position, or a deck's target."""

    colour: int
    face: int
    target: str

    def __str__(self) -> str:
        return f"apply {face_code(self.colour, self.face)} {self.target}"


@dataclass(frozen=True, slots=True)
class Again:
    """Start another Strategy phase of this Engagement."""

    def __str__(self) -> str:
        return "again"


@dataclass(frozen=True, slots=True)
class Resolve:
    """End the Strategy phases and go to the Resolve phase."""

    def __str__(self) -> str:
        return "resolve"


@dataclass(frozen=True, slots=True)
class Recover:
    """Recover one exhausted die of a colour to the pool."""

    colour: int

    def __str__(self) -> str:
        return f"recover {COLOUR_LETTERS[self.colour]}"


@dataclass(frozen=True, slots=True)
class Gain:
    """Gain the item reward of the defeated card at a position of the active area."""

    position: int

    def __str__(self) -> str:
        return f"gain {self.position + 1}"


@dataclass(frozen=True, slots=True)
class Done:
    """Finish the current step or stop an optional choice."""

    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True)
class UseItem:
    """Use the item at a position of the inventory."""

    index: int

    def __str__(self) -> str:
        return f"use {self.index + 1}"


@dataclass(frozen=True, slots=True)
class DiscardItem:
    """Discard the item at a position of the inventory."""

    index: int

    def __str__(self) -> str:
        return f"discard {self.index + 1}"


@dataclass(frozen=True, slots=True)
class UseAbility:
    """Use the hero's ability (once per Engagement)."""

    def __str__(self) -> str:
        return "ability"


ZONE_WORDS: Final = {POOL: "pool", COMMITTED: "active", EXHAUSTED: "exhausted"}
"""Zones a pick may name (``pick exhausted.G``): pool, active area (committed), exhausted."""


@dataclass(frozen=True, slots=True)
class Pick:
    """Pick a die for an effect: by colour, or by colour and face for rolled dice, and by
    zone when the effect may take a die from several zones (dismiss, strengthen, weaken)."""

    colour: int
    face: int = UNROLLED
    zone: int = -1

    def __str__(self) -> str:
        where = f"{ZONE_WORDS[self.zone]}." if self.zone >= 0 else ""
        return f"pick {where}{face_code(self.colour, self.face)}"


@dataclass(frozen=True, slots=True)
class Target:
    """Choose the active card at a position for an effect."""

    position: int

    def __str__(self) -> str:
        return f"target {self.position + 1}"


@dataclass(frozen=True, slots=True)
class Take:
    """Take an optional reward."""

    def __str__(self) -> str:
        return "take"


@dataclass(frozen=True, slots=True)
class Decline:
    """Decline an optional reward."""

    def __str__(self) -> str:
        return "decline"


@dataclass(frozen=True, slots=True)
class First:
    """Resolve the After effects of the card at a position next (the player orders them)."""

    position: int

    def __str__(self) -> str:
        return f"first {self.position + 1}"


@dataclass(frozen=True, slots=True)
class DieFace:
    """Chance: a rolled die shows a face."""

    die: int
    face: int

    def __str__(self) -> str:
        return f"die {die_name(self.die)} {FACE_LETTERS[self.face]}"


@dataclass(frozen=True, slots=True)
class Reveal:
    """Chance: the top of a stack turns up."""

    stack: int
    code: str

    def __str__(self) -> str:
        return f"reveal {self.stack + 1} {self.code}"


Parser = Callable[[list[str]], object]
Parsers = Mapping[str, tuple[int, Parser]]


def _position(word: str) -> int:
    if not word.isdigit() or int(word) < 1:
        raise InvalidActionError(f"{word!r} is not a position (1, 2, ...)")
    return int(word) - 1


def _die(word: str) -> int:
    for die in range(DICE):
        if die_name(die) == word.upper():
            return die
    raise InvalidActionError(f"{word!r} is not a die (Y1..Y4, G1..G4, B1..B4, P1..P4, R)")


def _pick(words: list[str]) -> Pick:
    where, _, die = words[0].rpartition(".")
    zone = -1
    if where:
        zones = {word: zone for zone, word in ZONE_WORDS.items()}
        if where not in zones:
            raise InvalidActionError(f"{where!r} is not a zone (pool, active or exhausted)")
        zone = zones[where]
    if len(die) == 1:
        return Pick(parse_colour(die), zone=zone)
    return Pick(*parse_die_face(die), zone=zone)


def _die_face(words: list[str]) -> DieFace:
    if words[1] not in ("m", "h", "c"):
        raise InvalidActionError(f"{words[1]!r} is not a face (m, h or c)")
    return DieFace(_die(words[0]), FACE_LETTERS.index(words[1]))


CORE_PARSERS: Final[dict[str, tuple[int, Parser]]] = {
    "commit": (1, lambda w: Commit(parse_colour(w[0]))),
    "roll": (0, lambda w: Roll()),
    "apply": (2, lambda w: Apply(*parse_die_face(w[0]), w[1])),
    "again": (0, lambda w: Again()),
    "resolve": (0, lambda w: Resolve()),
    "recover": (1, lambda w: Recover(parse_colour(w[0]))),
    "gain": (1, lambda w: Gain(_position(w[0]))),
    "done": (0, lambda w: Done()),
    "use": (1, lambda w: UseItem(_position(w[0]))),
    "discard": (1, lambda w: DiscardItem(_position(w[0]))),
    "ability": (0, lambda w: UseAbility()),
    "pick": (1, _pick),
    "target": (1, lambda w: Target(_position(w[0]))),
    "take": (0, lambda w: Take()),
    "decline": (0, lambda w: Decline()),
    "first": (1, lambda w: First(_position(w[0]))),
    "die": (2, _die_face),
    "reveal": (2, lambda w: Reveal(_position(w[0]), w[1])),
}


def parse(text: str, deck_parsers: Parsers) -> object:
    """The action written ``text``, with the deck's own words (raises InvalidActionError)."""
    words = text.split()
    if not words:
        raise InvalidActionError("an empty action")
    table = {**CORE_PARSERS, **deck_parsers}
    entry = table.get(words[0].lower())
    if entry is None:
        known = ", ".join(sorted(table))
        raise InvalidActionError(f"unknown action {words[0]!r} (actions: {known})")
    arity, build = entry
    if len(words) - 1 != arity:
        raise InvalidActionError(f"{words[0]!r} takes {arity} word(s): {text!r}")
    return build(words[1:])


@dataclass(frozen=True, slots=True)
class From:
    """Take the top card of a named stack (activation, additional enemies)."""

    stack: str

    def __str__(self) -> str:
        return f"from {self.stack}"


CORE_PARSERS["from"] = (1, lambda w: From(w[0]))
