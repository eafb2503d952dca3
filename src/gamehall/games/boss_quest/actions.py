"""Boss Quest actions: small frozen values whose text notation round-trips.

Seats are written from 1 (``target 2`` is the second seat), spell slots from 1, weapons by
colour and value (``R5``), spells by code (``hp+1``).

>>> parse("ask 3")
Ask(count=3)
>>> str(parse("give R5"))
'give R5'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, Final
from weakref import WeakValueDictionary

from gamehall.core.errors import InvalidActionError
from gamehall.core.i18n import Text


@dataclass(frozen=True, slots=True)
class Ask:
    """Ask the armorer for 1 to 4 weapons."""

    count: int

    def __str__(self) -> str:
        return f"ask {self.count}"


@dataclass(frozen=True, slots=True)
class Activate:
    """Go to the magician and activate the spell in a slot."""

    slot: int

    def __str__(self) -> str:
        return f"activate {self.slot + 1}"


@dataclass(frozen=True, slots=True)
class Discard:
    """Go to the magician and discard the spell in a slot."""

    slot: int

    def __str__(self) -> str:
        return f"discard {self.slot + 1}"


@dataclass(frozen=True, slots=True)
class Rest:
    """Go to the magician when no spell is left to activate or discard."""

    def __str__(self) -> str:
        return "rest"


@dataclass(frozen=True, slots=True)
class Target:
    """Place an activated attack spell in front of a seat."""

    seat: int

    def __str__(self) -> str:
        return f"target {self.seat + 1}"


@dataclass(frozen=True, slots=True)
class SwapWith:
    """Swap your hidden weapon with a seat's hidden weapon."""

    seat: int

    def __str__(self) -> str:
        return f"swap {self.seat + 1}"


@dataclass(frozen=True, slots=True)
class Give:
    """Give up one of your weapons for the top card of the weapon deck."""

    card: str

    def __str__(self) -> str:
        return f"give {self.card}"


@dataclass(frozen=True, slots=True)
class Cancel:
    """Cancel the activated spell in a slot."""

    slot: int

    def __str__(self) -> str:
        return f"cancel {self.slot + 1}"


@dataclass(frozen=True, slots=True)
class FirstArmorer:
    """Chance: the seat that is armorer in the first round."""

    seat: int

    def __str__(self) -> str:
        return f"armorer {self.seat + 1}"


@dataclass(frozen=True, slots=True)
class RevealBoss:
    """Chance: the boss revealed for the round, by HP."""

    hp: int

    def __str__(self) -> str:
        return f"boss {self.hp}"


@dataclass(frozen=True, slots=True)
class DrawSpell:
    """Chance: the spell laid out at the magician, by code."""

    code: str

    def __str__(self) -> str:
        return f"spell {self.code}"


class DrawWeapon:
    """Chance: the weapon drawn from the deck, by code.

    Instances are interned, one per code, so equal draws are the same object: the rules find
    a drawn card in the deck by identity, at C speed (the weapon draw is the hottest step).
    Otherwise it behaves as the frozen dataclasses above.
    """

    __slots__ = ("__weakref__", "card")
    _pool: ClassVar[WeakValueDictionary[str, DrawWeapon]] = WeakValueDictionary()
    card: str

    def __new__(cls, card: str) -> DrawWeapon:
        instance = cls._pool.get(card)
        if instance is None:
            instance = object.__new__(cls)
            object.__setattr__(instance, "card", card)
            cls._pool[card] = instance
        return instance

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __reduce__(self) -> tuple[type[DrawWeapon], tuple[str]]:
        return (DrawWeapon, (self.card,))

    def __repr__(self) -> str:
        return f"DrawWeapon(card={self.card!r})"

    def __str__(self) -> str:
        return f"weapon {self.card}"


BossQuestAction = (
    Ask
    | Activate
    | Discard
    | Rest
    | Target
    | SwapWith
    | Give
    | Cancel
    | FirstArmorer
    | RevealBoss
    | DrawSpell
    | DrawWeapon
)

_NUMBERED: Final[dict[str, tuple[Callable[[int], BossQuestAction], int]]] = {
    "ask": (Ask, 0),
    "activate": (Activate, 1),
    "discard": (Discard, 1),
    "target": (Target, 1),
    "swap": (SwapWith, 1),
    "cancel": (Cancel, 1),
    "armorer": (FirstArmorer, 1),
    "boss": (RevealBoss, 0),
}
_NAMED: Final[dict[str, Callable[[str], BossQuestAction]]] = {
    "give": Give,
    "spell": DrawSpell,
    "weapon": DrawWeapon,
}


def parse(text: str) -> BossQuestAction:
    """The action written ``text``; raises InvalidActionError naming what is wrong."""
    words = text.strip().split()
    if words == ["rest"]:
        return Rest()
    if len(words) != 2:
        raise InvalidActionError.of(Text("bq.parse.unknown", {"text": text}))
    verb, argument = words[0].lower(), words[1]
    if verb in _NUMBERED:
        kind, offset = _NUMBERED[verb]
        if not argument.isdigit():
            params = {"text": text, "verb": verb, "argument": argument}
            raise InvalidActionError.of(Text("bq.parse.number", params))
        number = int(argument) - offset
        if offset and number < 0:
            raise InvalidActionError.of(Text("bq.parse.from_one", {"text": text}))
        return kind(number)
    if verb in _NAMED:
        return _NAMED[verb](argument)
    raise InvalidActionError.of(Text("bq.parse.verb", {"text": text, "verb": verb}))
