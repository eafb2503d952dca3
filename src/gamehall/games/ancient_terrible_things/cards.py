"""The Ancient Terrible Things card file: locations, encounters, Loot, Exploits, Accomplishments,
characters and scenarios.

Le Retour's printed card list is not available: gamehall ships house cards (``house_cards.toml``)
in the structure the rules summary describes, marked ``house = true``. An owner may enter the
printed cards in a file of the same schema and play it with ``--option cards=PATH``.

Effects use one small vocabulary (:data:`EffectKind`) shared by location bonuses, Loot,
Exploits and the Terrible Thing benefits on a character's back. Accomplishments are goals
standing for the whole game: every player who meets one scores it (ATT-R12), not only the
first.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from gamehall.core.cards import Localized, load_card_file

HOUSE_FILE = Path(__file__).with_name("house_cards.toml")
CODE = r"^[a-z0-9][a-z0-9-]*$"

Resource = Literal["focus", "mystery", "treasure", "feat"]
RESOURCES: tuple[Resource, ...] = ("focus", "mystery", "treasure", "feat")

ComboKind = Literal["high", "pair", "set", "straight"]
NATURAL_SIZE: dict[str, int] = {"high": 1, "pair": 2, "set": 3, "straight": 3}

EffectKind = Literal[
    "gain",  # gain ``amount`` tokens of ``resource``
    "reroll",  # re-roll up to ``amount`` Focus dice of your choice (not set aside)
    "reroll_all",  # re-roll every Focus die not set aside
    "set_aside",  # set aside up to ``amount`` Focus dice: later re-rolls leave them alone
    "nudge",  # turn a Focus die one face up or down (1..6), ``amount`` times (any die each time)
    "set_face",  # turn one Focus die to the face of your choice
    "extra_die",  # roll ``amount`` more Focus dice into this encounter
    "ready",  # ready one of your exhausted Loot cards
    "draw_exploit",  # draw ``amount`` Exploit cards
    "buy_loot",  # ``amount`` Treasure off the next Loot card bought this turn (ATT-R7)
]
DICE_EFFECTS = frozenset({"reroll", "reroll_all", "set_aside", "nudge", "set_face", "extra_die"})
"""Effects that act on an encounter's dice (usable only during the encounter phase)."""


class Model(BaseModel):
    """A card-file record: strict, frozen."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Effect(Model):
    """One effect of the vocabulary."""

    kind: EffectKind
    amount: int = Field(default=1, ge=0, le=6)
    resource: Resource | None = None

    @model_validator(mode="after")
    def _resource_only_for_gain(self) -> Effect:
        if (self.kind == "gain") != (self.resource is not None):
            raise ValueError("a 'gain' effect names a resource, and only a 'gain' effect does")
        if self.kind not in ("buy_loot", "set_face", "reroll_all") and self.amount < 1:
            raise ValueError(f"a {self.kind!r} effect needs an amount of at least 1")
        return self


class Combo(Model):
    """A dice combination printed on an encounter or scenario card (ATT-RES-3..7).

    ``high``: one die >= minimum; ``pair``: two equal dice >= minimum; ``set``: ``size`` (3+)
    equal dice >= minimum; ``straight``: ``size`` (3+) consecutive dice, the lowest >= minimum.
    """

    kind: ComboKind
    minimum: int = Field(ge=1, le=6)
    size: int = Field(default=0, ge=1, le=6)

    @model_validator(mode="before")
    @classmethod
    def _natural_size(cls, data: object) -> object:
        if isinstance(data, dict) and not data.get("size") and data.get("kind") in NATURAL_SIZE:
            return {**data, "size": NATURAL_SIZE[data["kind"]]}
        return data

    @model_validator(mode="after")
    def _size_fits_kind(self) -> Combo:
        natural = NATURAL_SIZE[self.kind]
        if self.kind in ("high", "pair") and self.size != natural:
            raise ValueError(f"a {self.kind!r} combination has {natural} dice")
        if self.size < natural:
            raise ValueError(f"a {self.kind!r} combination has at least {natural} dice")
        if self.kind == "straight" and self.minimum + self.size - 1 > 6:
            raise ValueError("this straight would need a face above 6")
        return self


class Encounter(Model):
    """An encounter card: tier (its back), resource icon, Secrets and accepted combinations."""

    code: str = Field(pattern=CODE)
    name: Localized
    tier: int = Field(ge=1, le=3)
    resource: Resource
    secrets: int = Field(ge=0, le=9)
    combos: tuple[Combo, ...] = Field(min_length=1, max_length=3)


class Location(Model):
    """A location: the active player's bonus and one every player may use (ATT-EXPLORE-3)."""

    code: str = Field(pattern=CODE)
    name: Localized
    active: tuple[Effect, ...] = Field(min_length=1)
    everyone: tuple[Effect, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _no_dice_effects(self) -> Location:
        for effect in (*self.active, *self.everyone):
            if effect.kind in DICE_EFFECTS:
                raise ValueError(f"a location bonus comes before the dice: no {effect.kind!r}")
        return self


class Loot(Model):
    """A Loot card: bought with Treasure at its location, exhausted after use, scores Secrets."""

    code: str = Field(pattern=CODE)
    name: Localized
    location: str = Field(pattern=CODE)
    price: int = Field(ge=1, le=8)
    secrets: int = Field(ge=0, le=5)
    action_die: bool = True
    """Activating it spends an unused Action die (ATT-LOOT-2)."""
    effects: tuple[Effect, ...] = Field(min_length=1)


class Exploit(Model):
    """An Exploit card: single use, paid with the tokens printed on it (ATT-EXPL-1, -2)."""

    code: str = Field(pattern=CODE)
    name: Localized
    cost: dict[Resource, int] = Field(min_length=1)
    effects: tuple[Effect, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _costs_something(self) -> Exploit:
        if any(n < 1 for n in self.cost.values()):
            raise ValueError("each token of a cost is at least 1")
        return self


ConditionKind = Literal["defeated", "defeated_resource", "every_resource", "combo", "loot"]


class Accomplishment(Model):
    """An Accomplishment: a goal standing for the whole game (ATT-R12). Every player who
    meets its condition scores its Secrets, whoever met it first; the card stays in play.

    ``defeated``: ``amount`` encounters defeated; ``defeated_resource``: ``amount`` defeated
    encounters showing ``resource``; ``every_resource``: one defeated encounter of each
    resource; ``combo``: an encounter defeated with a ``combo`` of at least ``amount`` dice;
    ``loot``: ``amount`` Loot cards owned.
    """

    code: str = Field(pattern=CODE)
    name: Localized
    secrets: int = Field(ge=1, le=6)
    condition: ConditionKind
    amount: int = Field(default=1, ge=1, le=8)
    resource: Resource | None = None
    combo: ComboKind | None = None

    @model_validator(mode="after")
    def _condition_is_complete(self) -> Accomplishment:
        if (self.condition == "defeated_resource") != (self.resource is not None):
            raise ValueError("'defeated_resource' names a resource, and only it does")
        if (self.condition == "combo") != (self.combo is not None):
            raise ValueError("'combo' names a combination kind, and only it does")
        return self


class Character(Model):
    """A character: starting tokens, and the Terrible Thing benefits printed on its back."""

    code: str = Field(pattern=CODE)
    name: Localized
    start: dict[Resource, int] = Field(min_length=1)
    benefits: tuple[Effect, ...] = Field(min_length=2, max_length=4)


class Scenario(Model):
    """A scenario card: combinations every encounter also accepts while it is in play."""

    code: str = Field(pattern=CODE)
    name: Localized
    combos: tuple[Combo, ...] = Field(min_length=1, max_length=2)


class FileInfo(Model):
    """The file's header: whether these are gamehall's house cards."""

    house: bool
    name: Localized


COMPOSITION = {"locations": 6, "characters": 4, "scenarios": 4}
ENCOUNTERS_PER_TIER = 12
"""The encounter deck of a four-player game takes 12 of each tier (ATT-SETUP-2)."""


class Cards(Model):
    """Every card of one Ancient Terrible Things card file."""

    info: FileInfo
    locations: tuple[Location, ...]
    encounters: tuple[Encounter, ...]
    loot: tuple[Loot, ...] = Field(min_length=6)
    exploits: tuple[Exploit, ...] = Field(min_length=12)
    accomplishments: tuple[Accomplishment, ...] = Field(min_length=3)
    characters: tuple[Character, ...]
    scenarios: tuple[Scenario, ...]

    @model_validator(mode="after")
    def _composition(self) -> Cards:
        for section, count in COMPOSITION.items():
            if len(getattr(self, section)) != count:
                raise ValueError(
                    f"{section}: the box has {count}, not {len(getattr(self, section))}"
                )
        tiers = Counter(e.tier for e in self.encounters)
        for tier in (1, 2, 3):
            if tiers[tier] < ENCOUNTERS_PER_TIER:
                raise ValueError(
                    f"encounters: tier {tier} has {tiers[tier]}, a game needs {ENCOUNTERS_PER_TIER}"
                )
        places = {location.code for location in self.locations}
        for loot in self.loot:
            if loot.location not in places:
                raise ValueError(
                    f"loot {loot.code!r} is sold at an unknown location {loot.location!r}"
                )
        codes = Counter(
            getattr(card, "code", "") for section in self.sections() for card in section
        )
        repeated = sorted(code for code, n in codes.items() if n > 1)
        if repeated:
            raise ValueError(f"card code {repeated[0]!r} is used twice")
        return self

    def sections(self) -> tuple[tuple[Model, ...], ...]:
        """Every section of cards, in file order."""
        return (
            self.locations,
            self.encounters,
            self.loot,
            self.exploits,
            self.accomplishments,
            self.characters,
            self.scenarios,
        )

    def name(self, code: str) -> Localized:
        """The name of the card with this code (every code is unique in a file)."""
        for section in self.sections():
            for card in section:
                if getattr(card, "code", None) == code:
                    name: Localized = card.name  # type: ignore[attr-defined]
                    return name
        raise KeyError(code)


@cache
def load_cards(path: str | None = None) -> Cards:
    """The card file at ``path`` (the house cards by default), validated."""
    return load_card_file(Path(path) if path else HOUSE_FILE, Cards)
