"""The Too Many Bones card file: Gearlocs, Tyrants, Baddies, encounters, the universal plan.

The house deck ships in ``house_cards.toml``; an owner may enter the printed cards in a file of
the same schema and play it with ``--deck-file``. The composition is checked against the
rulebook's counts (TMB-COMP-1, TMB-COMP-2, TMB-COMP-3).
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator

from gamehall.core.cards import Localized, load_card_file
from gamehall.games.twenty_strong.cards import (
    CODE,
    Ability,
    Boss,
    ConflictCard,
    DeckInfo,
    Hero,
    UniversalHero,
)
from gamehall.games.twenty_strong.effects_schema import (
    ColourName,
    Effect,
    ItemReward,
    Model,
    Modifier,
)

HOUSE_FILE = Path(__file__).with_name("house_cards.toml")

COMPOSITION = {
    "gearlocs": 5,
    "tyrants": 4,
    "baddies with 1 point": 29,  # TMB-COMP-2: 43 Baddies, 29 one-pointers, 14 five-pointers
    "baddies with 5 points": 14,
    "tyrant_encounters": 8,  # TMB-COMP-3: 16 encounters, 8 Tyrant, 4 Mohlnor, 4 Lockpicking
    "mohlnor": 4,
    "lockpicks": 4,
}


class BackupPlan(Model):
    """Four coloured slots and the ability each backup die pays for (one option or more), as
    printed on each Gearloc (TMB-BACKUP-1)."""

    slots: tuple[ColourName, ColourName, ColourName, ColourName]
    options: tuple[tuple[Effect, ...], ...] = Field(min_length=1, max_length=3)


class Gearloc(Hero):
    """A Gearloc: innate side, innate +1 side, and a backup plan (its two abilities:
    TMB-GEAR-1)."""

    innate_plus: Ability = Ability()
    backup: BackupPlan


class Tyrant(Boss):
    """A Tyrant: the day it may be faced, setup effects, and effects after its flip."""

    min_day: int = Field(ge=1, le=12)
    setup: tuple[Effect, ...] = ()


class Baddie(ConflictCard):
    """A Baddie: a conflict card with a type and a point value; the type does nothing by
    itself, effects may name it (TMB-TERM-1)."""

    type: str = Field(pattern=r"^[a-z]+$")
    points: Literal[1, 5]


class TyrantEncounter(Model):
    """A Tyrant encounter: changes to the BQ, and modifiers that last its battle."""

    code: str = Field(pattern=CODE)
    name: Localized
    points: int = Field(default=0, ge=0, le=6)
    fives: int = Field(default=0, ge=0, le=2)
    modifiers: tuple[Modifier, ...] = ()


class Mohlnor(Model):
    """A Mohlnor encounter: a peaceful option (cost then gain) and a scouting consequence."""

    code: str = Field(pattern=CODE)
    name: Localized
    cost: tuple[Effect, ...] = Field(min_length=1)
    gain: tuple[Effect, ...] = ()
    scout: tuple[Effect, ...] = Field(min_length=1)


class Lockpick(Model):
    """A Lockpicking encounter: hits of its colours unlock its reward."""

    code: str = Field(pattern=CODE)
    name: Localized
    colours: tuple[ColourName, ...] = Field(min_length=1)
    hits: int = Field(ge=1, le=6)
    reward: ItemReward
    reward_name: Localized


class UniversalBackup(Model):
    """The universal Backup Plan card, used by heroes from other decks (two sides)."""

    name: Localized
    sides: tuple[BackupPlan, BackupPlan]


class TooManyBonesCards(Model):
    """A whole Too Many Bones card file."""

    deck: DeckInfo
    gearlocs: tuple[Gearloc, ...]
    tyrants: tuple[Tyrant, ...]
    baddies: tuple[Baddie, ...]
    tyrant_encounters: tuple[TyrantEncounter, ...]
    mohlnor: tuple[Mohlnor, ...]
    lockpicks: tuple[Lockpick, ...]
    universal_backup: UniversalBackup
    universal_heroes: tuple[UniversalHero, ...] = ()

    @model_validator(mode="after")
    def _composition(self) -> TooManyBonesCards:
        points = Counter(b.points for b in self.baddies)
        found = {
            "gearlocs": len(self.gearlocs),
            "tyrants": len(self.tyrants),
            "baddies with 1 point": points[1],
            "baddies with 5 points": points[5],
            "tyrant_encounters": len(self.tyrant_encounters),
            "mohlnor": len(self.mohlnor),
            "lockpicks": len(self.lockpicks),
        }
        for part, count in COMPOSITION.items():
            if found[part] != count:
                raise ValueError(f"the deck needs {count} {part}, found {found[part]}")
        codes = Counter(card.code for card in self._all_cards())
        repeated = sorted(code for code, n in codes.items() if n > 1)
        if repeated:
            raise ValueError(f"card code {repeated[0]!r} is used more than once")
        return self

    def _all_cards(self) -> list[Hero | Tyrant | Baddie | TyrantEncounter | Mohlnor | Lockpick]:
        return [
            *self.gearlocs,
            *self.tyrants,
            *self.baddies,
            *self.tyrant_encounters,
            *self.mohlnor,
            *self.lockpicks,
            *self.universal_heroes,
        ]


@cache
def load_cards(path: Path = HOUSE_FILE) -> TooManyBonesCards:
    """The validated card file at ``path`` (the house deck by default)."""
    return load_card_file(path, TooManyBonesCards)


__all__ = [
    "Ability",
    "BackupPlan",
    "Baddie",
    "Gearloc",
    "Lockpick",
    "Modifier",
    "Mohlnor",
    "TooManyBonesCards",
    "Tyrant",
    "TyrantEncounter",
]
