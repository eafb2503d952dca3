"""Ancient Terrible Things actions: small frozen values whose text notation round-trips.

Focus dice are written ``f1``, ``f2``... (from the sixth on only when effects add them: ATT-R15),
Action dice ``a1`` and ``a2``; cards by code; seats, benefits and combinations from 1.

>>> parse("reroll f1+f4")
Dice(verb='reroll', dice=(0, 3))
>>> str(parse("loot loot-lantern a2"))
'loot loot-lantern a2'
>>> str(parse("roll a1 treasure"))
'roll a1 treasure'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from gamehall.core.errors import InvalidActionError
from gamehall.core.i18n import Text

PLAIN_VERBS: Final = frozenset({"bonus", "skip", "use", "decline", "leave", "fail", "done"})
CARD_VERBS: Final = frozenset(
    {
        "character",
        "scenario",
        "location",
        "accomplishment",
        "exploit",  # chance: an Exploit card drawn
        "encounter",  # chance: an encounter card revealed
        "go",  # move the pawn to the location of this code
        "buy",  # buy this Loot card
        "play",  # play this Exploit card
        "ready",  # ready this exhausted Loot card
    }
)
CHANCE_VERBS: Final = frozenset(
    {"character", "scenario", "location", "accomplishment", "exploit", "encounter"}
)


def focus_die(index: int) -> str:
    """``f1`` for the first Focus die."""
    return f"f{index + 1}"


def action_die(index: int) -> str:
    """``a1`` for the first Action die."""
    return f"a{index + 1}"


@dataclass(frozen=True, slots=True)
class Plain:
    """An action that is one word: ``bonus``, ``skip``, ``use``, ``decline``, ``leave``,
    ``fail`` (give up the encounter) or ``done`` (stop choosing inside an effect)."""

    verb: str

    def __str__(self) -> str:
        return self.verb


@dataclass(frozen=True, slots=True)
class Card:
    """A verb and a card code: a chance draw (``encounter enc-ghoul``) or a choice (``go``...)."""

    verb: str
    code: str

    def __str__(self) -> str:
        return f"{self.verb} {self.code}"


@dataclass(frozen=True, slots=True)
class First:
    """Chance: the first player."""

    seat: int

    def __str__(self) -> str:
        return f"first {self.seat + 1}"


@dataclass(frozen=True, slots=True)
class Roll:
    """Chance: the face a die shows, ``1``..``6`` for a Focus die, a kind for an Action die."""

    die: str
    face: str

    def __str__(self) -> str:
        return f"roll {self.die} {self.face}"


@dataclass(frozen=True, slots=True)
class Focus:
    """Spend a Focus token to re-roll one Focus die."""

    die: int

    def __str__(self) -> str:
        return f"focus {focus_die(self.die)}"


@dataclass(frozen=True, slots=True)
class UseLoot:
    """Use a ready Loot card, spending the Action die ``die`` (-1: the card needs none)."""

    code: str
    die: int = -1

    def __str__(self) -> str:
        return f"loot {self.code}" + (f" {action_die(self.die)}" if self.die >= 0 else "")


@dataclass(frozen=True, slots=True)
class Terrible:
    """Flip a Terrible Thing token for the benefit numbered ``benefit`` on your character."""

    benefit: int

    def __str__(self) -> str:
        return f"terrible {self.benefit + 1}"


@dataclass(frozen=True, slots=True)
class Cash:
    """Spend an unused Action die showing a resource for that token (ATT-RES-9)."""

    die: int

    def __str__(self) -> str:
        return f"cash {action_die(self.die)}"


@dataclass(frozen=True, slots=True)
class Defeat:
    """Resolve the encounter with the combination numbered ``combo`` (the card's, then the
    scenario's)."""

    combo: int

    def __str__(self) -> str:
        return f"defeat {self.combo + 1}"


@dataclass(frozen=True, slots=True)
class Dice:
    """Choose Focus dice inside an effect: ``reroll f1+f3`` or ``aside f2``."""

    verb: str
    dice: tuple[int, ...]

    def __str__(self) -> str:
        return f"{self.verb} " + "+".join(map(focus_die, self.dice))


@dataclass(frozen=True, slots=True)
class Nudge:
    """Turn a Focus die one face up or down."""

    die: int
    up: bool

    def __str__(self) -> str:
        return f"nudge {focus_die(self.die)} {'up' if self.up else 'down'}"


@dataclass(frozen=True, slots=True)
class Face:
    """Turn a Focus die to a face of your choice."""

    die: int
    value: int

    def __str__(self) -> str:
        return f"face {focus_die(self.die)} {self.value}"


AttAction = (
    Plain | Card | First | Roll | Focus | UseLoot | Terrible | Cash | Defeat | Dice | Nudge | Face
)


def _bad(text: str) -> InvalidActionError:
    return InvalidActionError.of(Text("att.parse.unknown", {"text": text}))


def _die(word: str, kind: str, text: str) -> int:
    """The index of die ``f3`` (kind ``f``) or ``a1`` (kind ``a``)."""
    if len(word) < 2 or word[0] != kind or not word[1:].isdigit() or int(word[1:]) < 1:
        raise InvalidActionError.of(Text("att.parse.die", {"text": text, "die": word}))
    return int(word[1:]) - 1


def _number(word: str, text: str) -> int:
    if not word.isdigit() or int(word) < 1:
        raise InvalidActionError.of(Text("att.parse.number", {"text": text, "word": word}))
    return int(word) - 1


def _parse_dice(verb: str, words: list[str], text: str) -> AttAction:
    if len(words) != 1:
        raise _bad(text)
    dice = tuple(_die(w, "f", text) for w in words[0].split("+"))
    if list(dice) != sorted(set(dice)):
        raise InvalidActionError.of(Text("att.parse.dice_order", {"text": text}))
    return Dice(verb, dice)


def _parse_loot(words: list[str], text: str) -> AttAction:
    if len(words) not in (1, 2):
        raise _bad(text)
    return UseLoot(words[0], _die(words[1], "a", text) if len(words) == 2 else -1)


def _parse_nudge(words: list[str], text: str) -> AttAction:
    if len(words) != 2 or words[1] not in ("up", "down"):
        raise _bad(text)
    return Nudge(_die(words[0], "f", text), words[1] == "up")


def _parse_face(words: list[str], text: str) -> AttAction:
    if len(words) != 2:
        raise _bad(text)
    return Face(_die(words[0], "f", text), _number(words[1], text) + 1)


def _parse_roll(words: list[str], text: str) -> AttAction:
    if len(words) != 2 or words[0][:1] not in ("f", "a"):
        raise _bad(text)
    _die(words[0], words[0][0], text)
    return Roll(words[0], words[1])


def _one(
    kind: Callable[[int], AttAction], die_kind: str | None
) -> Callable[[list[str], str], AttAction]:
    def parse_one(words: list[str], text: str) -> AttAction:
        if len(words) != 1:
            raise _bad(text)
        value = _die(words[0], die_kind, text) if die_kind else _number(words[0], text)
        return kind(value)

    return parse_one


_PARSERS: Final[dict[str, Callable[[list[str], str], AttAction]]] = {
    "first": _one(First, None),
    "focus": _one(Focus, "f"),
    "terrible": _one(Terrible, None),
    "cash": _one(Cash, "a"),
    "defeat": _one(Defeat, None),
    "loot": _parse_loot,
    "nudge": _parse_nudge,
    "face": _parse_face,
    "roll": _parse_roll,
    "reroll": lambda words, text: _parse_dice("reroll", words, text),
    "aside": lambda words, text: _parse_dice("aside", words, text),
}


def parse(text: str) -> AttAction:
    """The action written ``text``; raises InvalidActionError naming what is wrong."""
    words = text.strip().lower().split()
    if not words:
        raise _bad(text)
    verb, rest = words[0], words[1:]
    if verb in PLAIN_VERBS and not rest:
        return Plain(verb)
    if verb in CARD_VERBS and len(rest) == 1:
        return Card(verb, rest[0])
    parser = _PARSERS.get(verb)
    if parser is None:
        raise InvalidActionError.of(Text("att.parse.verb", {"text": text, "verb": verb}))
    return parser(rest, text)
