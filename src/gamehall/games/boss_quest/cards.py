"""Boss Quest card data: the schema of a card file and the compiled tables the rules use.

The house cards ship in ``house_cards.toml``; an owner can enter their printed cards in a
file of the same schema and play with ``--option cards=PATH``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from gamehall.core.cards import Localized, load_card_file
from gamehall.core.errors import CardDataError

HOUSE_FILE = Path(__file__).with_name("house_cards.toml")
VALUES = range(1, 8)

EffectKind = Literal[
    "attack",
    "swap_hidden",
    "swap_deck",  # dark: placed on a player
    "boss_hp",
    "need_colour",
    "pair_colour",
    "no_heart_loss",
    "cancel",
    "extra_key",
    "second_closest",
    "last_call",  # light: placed beside the boss
]
DARK_EFFECTS = frozenset({"attack", "swap_hidden", "swap_deck"})
CONDITION_EFFECTS = frozenset({"need_colour", "pair_colour"})


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Effect(_Model):
    """What a spell does: a kind from the closed vocabulary, with its amount or colour."""

    kind: EffectKind
    amount: int | None = None
    colour: str | None = None

    @model_validator(mode="after")
    def _parameters_fit_kind(self) -> Effect:
        needs_amount = self.kind in ("attack", "boss_hp")
        if needs_amount != (self.amount is not None):
            raise ValueError(
                f"effect {self.kind!r} {'needs' if needs_amount else 'takes no'} amount"
            )
        if (self.kind == "need_colour") != (self.colour is not None):
            raise ValueError(f"effect {self.kind!r} needs a colour only when it is need_colour")
        return self


class Colour(_Model):
    code: str = Field(pattern=r"^[A-Z]$")
    name: Localized


class WeaponName(_Model):
    value: int = Field(ge=1, le=7)
    name: Localized


class Boss(_Model):
    hp: int = Field(ge=1)
    name: Localized


class Spell(_Model):
    code: str = Field(pattern=r"^[a-z0-9+\-]+(-[A-Z])?$")
    count: int = Field(ge=0)
    effect: Effect
    name: Localized
    text: Localized

    @property
    def dark(self) -> bool:
        """True for a spell placed on a player, False for one placed beside the boss."""
        return self.effect.kind in DARK_EFFECTS


class DeckInfo(_Model):
    id: str
    house: bool
    name: Localized


class CardFile(_Model):
    """The whole of a Boss Quest card file."""

    deck: DeckInfo
    colours: list[Colour] = Field(min_length=1)
    weapons: list[WeaponName]
    bosses: list[Boss] = Field(min_length=1)
    spells: list[Spell] = Field(min_length=1)

    @model_validator(mode="after")
    def _cross_references(self) -> CardFile:
        codes = [c.code for c in self.colours]
        if len(set(codes)) != len(codes):
            raise ValueError("colour codes must be distinct")
        if sorted(w.value for w in self.weapons) != list(VALUES):
            raise ValueError("weapons must name each value 1 to 7 once")
        hps = [b.hp for b in self.bosses]
        if len(set(hps)) != len(hps):
            raise ValueError("boss HP values must be distinct")
        spell_codes = [s.code for s in self.spells]
        if len(set(spell_codes)) != len(spell_codes):
            raise ValueError("spell codes must be distinct")
        for spell in self.spells:
            if spell.effect.colour is not None and spell.effect.colour not in codes:
                raise ValueError(
                    f"spell {spell.code!r} names unknown colour {spell.effect.colour!r}"
                )
        return self


@dataclass(frozen=True)
class Cards:
    """The compiled card tables: weapons by id, bosses, and spell kinds by index."""

    source: CardFile
    weapon_codes: tuple[str, ...]
    weapon_values: tuple[int, ...]
    weapon_colours: tuple[int, ...]
    spells: tuple[Spell, ...]
    spell_counts: tuple[int, ...]
    boss_hps: tuple[int, ...]

    @property
    def colours(self) -> list[Colour]:
        """The weapon colours in card order."""
        return self.source.colours

    def __post_init__(self) -> None:
        object.__setattr__(self, "_weapon_ids", {c: i for i, c in enumerate(self.weapon_codes)})
        object.__setattr__(self, "_spell_ids", {s.code: i for i, s in enumerate(self.spells)})

    @cached_property
    def effect_kinds(self) -> tuple[str, ...]:
        """Each spell kind's effect kind, by spell index (a fast table for the rules)."""
        return tuple(s.effect.kind for s in self.spells)

    @cached_property
    def attack_bonus(self) -> tuple[int, ...]:
        """Each spell kind's change to its target's attack (0 for non-attack spells)."""
        return tuple(s.effect.amount or 0 if s.effect.kind == "attack" else 0 for s in self.spells)

    @cached_property
    def hp_bonus(self) -> tuple[int, ...]:
        """Each spell kind's change to the boss's HP (0 for other spells)."""
        return tuple(s.effect.amount or 0 if s.effect.kind == "boss_hp" else 0 for s in self.spells)

    @cached_property
    def required_colour(self) -> tuple[int, ...]:
        """The colour index a colour-requirement spell names, else -1."""
        codes = [c.code for c in self.source.colours]
        return tuple(
            codes.index(s.effect.colour) if s.effect.colour is not None else -1 for s in self.spells
        )

    def weapon_id(self, code: str) -> int:
        """The id of the weapon written ``code`` (``R5``), or -1."""
        return self._weapon_ids.get(code, -1)  # type: ignore[attr-defined,no-any-return]

    def spell_index(self, code: str) -> int:
        """The index of the spell kind written ``code``, or -1."""
        return self._spell_ids.get(code, -1)  # type: ignore[attr-defined,no-any-return]

    def composition_problems(self) -> list[str]:
        """How the card counts differ from the printed game's (empty when they match)."""
        problems = []
        if len(self.colours) != 5:  # BQ-COMP-3: 5 colours x values 1..7, 35 weapons
            problems.append(f"{len(self.colours)} weapon colours, the game has 5")
        if sorted(self.boss_hps) != list(range(14, 22)):
            problems.append("the bosses' HP should be 14 to 21, one each")
        dark = sum(c for s, c in zip(self.spells, self.spell_counts, strict=True) if s.dark)
        light = sum(self.spell_counts) - dark
        if (dark, light) != (6, 17):
            problems.append(f"{dark} dark and {light} light spells, the game has 6 and 17")
        return problems


def compile_cards(source: CardFile) -> Cards:
    """Tables indexed by weapon id and spell kind, from a validated card file."""
    codes, values, colours = [], [], []
    for colour_index, colour in enumerate(source.colours):  # BQ-COMP-3: one per colour and value
        for value in VALUES:
            codes.append(f"{colour.code}{value}")
            values.append(value)
            colours.append(colour_index)
    spells = tuple(source.spells)
    return Cards(
        source=source,
        weapon_codes=tuple(codes),
        weapon_values=tuple(values),
        weapon_colours=tuple(colours),
        spells=spells,
        spell_counts=tuple(s.count for s in spells),
        boss_hps=tuple(sorted(b.hp for b in source.bosses)),
    )


@cache
def load_cards(name: str = "house") -> Cards:
    """The cards named ``house`` (the shipped house cards) or read from a file path."""
    path = HOUSE_FILE if name == "house" else Path(name)
    if not path.is_file():
        raise CardDataError(f"no card file {name!r} (use 'house' or the path of a card file)")
    return compile_cards(load_card_file(path, CardFile))
