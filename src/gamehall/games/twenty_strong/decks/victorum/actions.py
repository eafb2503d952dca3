"""Victorum actions: setup choices, moving the chip, spectating, the primus, the influence
order, sport alternates, and the deck's chance outcomes.

Camps are named ``B1``..``B4``, ``M1``..``M3``, ``T1``, ``T2`` (see :mod:`.mountain`); cards
by their codes.

>>> from gamehall.games.twenty_strong.actions import parse
>>> str(parse("move M2", PARSERS))
'move M2'
>>> parse("instead 2 tactic", PARSERS)
Instead(position=1, what='tactic')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from gamehall.core.errors import InvalidActionError
from gamehall.games.twenty_strong.actions import Parser
from gamehall.games.twenty_strong.decks.victorum.mountain import CAMPS

ALTERNATES: Final = ("recruit", "tactic")
BONUSES: Final = ("health", "recover")


@dataclass(frozen=True, slots=True)
class ChooseHero:
    """Setup: keep a dealt hero/primus card as the hero (VIC-SETUP-5)."""

    code: str

    def __str__(self) -> str:
        return f"hero {self.code}"


@dataclass(frozen=True, slots=True)
class ChooseTactic:
    """Take a tactic from the tactic area (the starting one, or one gained)."""

    code: str

    def __str__(self) -> str:
        return f"tactic {self.code}"


@dataclass(frozen=True, slots=True)
class Place:
    """Setup: put a primus on the next numbered camp (VIC-SETUP-7)."""

    code: str

    def __str__(self) -> str:
        return f"place {self.code}"


@dataclass(frozen=True, slots=True)
class Remove:
    """Setup at rank 2+: remove the top card of a camp (VIC-RANK-3)."""

    camp: int

    def __str__(self) -> str:
        return f"remove {CAMPS[self.camp]}"


@dataclass(frozen=True, slots=True)
class Move:
    """Activation: move the chip to a camp (VIC-MOVE-1..6)."""

    camp: int

    def __str__(self) -> str:
        return f"move {CAMPS[self.camp]}"


@dataclass(frozen=True, slots=True)
class Spectate:
    """Spectate the camp's top card (VIC-SPEC-1..3)."""

    def __str__(self) -> str:
        return "spectate"


@dataclass(frozen=True, slots=True)
class Engage:
    """Activate the camp's top card (VIC-ACT-1)."""

    def __str__(self) -> str:
        return "activate"


@dataclass(frozen=True, slots=True)
class Challenge:
    """Activate the camp's primus instead of its top card (VIC-ACT-3)."""

    def __str__(self) -> str:
        return "challenge"


@dataclass(frozen=True, slots=True)
class Bonus:
    """The spectator's bonus: ``health`` (+1 Health) or ``recover`` (a die)."""

    kind: str

    def __str__(self) -> str:
        return f"bonus {self.kind}"


@dataclass(frozen=True, slots=True)
class Instead:
    """Take a sport card's alternate instead of its reward: ``recruit`` or ``tactic``
    (VIC-SPORT-1)."""

    position: int
    what: str

    def __str__(self) -> str:
        return f"instead {self.position + 1} {self.what}"


@dataclass(frozen=True, slots=True)
class Influence:
    """Cleanup: put the defeated card at a position on the influence deck next (VIC-INFL-1)."""

    position: int

    def __str__(self) -> str:
        return f"influence {self.position + 1}"


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance: a hero/primus card is dealt."""

    code: str

    def __str__(self) -> str:
        return f"deal {self.code}"


@dataclass(frozen=True, slots=True)
class Uncover:
    """Chance: the card under a camp's taken top turns up."""

    camp: int
    code: str

    def __str__(self) -> str:
        return f"uncover {CAMPS[self.camp]} {self.code}"


@dataclass(frozen=True, slots=True)
class Draw:
    """Chance: a scion's ally is drawn at random from the discard (VIC-END-5)."""

    code: str

    def __str__(self) -> str:
        return f"draw {self.code}"


def _camp(word: str) -> int:
    if word.upper() not in CAMPS:
        raise InvalidActionError(f"{word!r} is not a camp ({', '.join(CAMPS)})")
    return CAMPS.index(word.upper())


def _one_of(word: str, allowed: tuple[str, ...], what: str) -> str:
    if word not in allowed:
        raise InvalidActionError(f"{word!r} is not {what} ({', '.join(allowed)})")
    return word


def _position(word: str) -> int:
    if not word.isdigit() or int(word) < 1:
        raise InvalidActionError(f"{word!r} is not a position (1, 2, ...)")
    return int(word) - 1


def _instead(words: list[str]) -> Instead:
    return Instead(_position(words[0]), _one_of(words[1], ALTERNATES, "an alternate reward"))


PARSERS: Final[dict[str, tuple[int, Parser]]] = {
    "hero": (1, lambda w: ChooseHero(w[0])),
    "tactic": (1, lambda w: ChooseTactic(w[0])),
    "place": (1, lambda w: Place(w[0])),
    "remove": (1, lambda w: Remove(_camp(w[0]))),
    "move": (1, lambda w: Move(_camp(w[0]))),
    "spectate": (0, lambda w: Spectate()),
    "activate": (0, lambda w: Engage()),
    "challenge": (0, lambda w: Challenge()),
    "bonus": (1, lambda w: Bonus(_one_of(w[0], BONUSES, "a bonus"))),
    "instead": (2, _instead),
    "influence": (1, lambda w: Influence(_position(w[0]))),
    "deal": (1, lambda w: Deal(w[0])),
    "uncover": (2, lambda w: Uncover(_camp(w[0]), w[1])),
    "draw": (1, lambda w: Draw(w[0])),
}
