"""Compiled card data: the small, fast records the rules read while playing.

Card files are validated pydantic models; the rules use these NamedTuples instead, indexed by
an integer card id, with colours as die-colour numbers.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from gamehall.core.cards import Localized
from gamehall.games.twenty_strong import cards as schema
from gamehall.games.twenty_strong.dice import COLOUR_NAMES
from gamehall.games.twenty_strong.effects_schema import Effect, ItemReward, Modifier, Special


class Fx(NamedTuple):
    """A one-shot effect; ``when`` is set for a Special effect."""

    kind: str
    amount: int = 0
    scale: int = 0
    stat: str = ""
    hook: str = ""
    when: str = ""

    def size(self, power: int) -> int:
        """The effect's amount for a card of the given power."""
        return self.amount + self.scale * power


class Mod(NamedTuple):
    """A lasting modifier."""

    kind: str
    amount: int = 0
    stat: str = ""
    colours: frozenset[int] = frozenset()


class ItemInfo(NamedTuple):
    """An item as it sits in the inventory: single-use, ongoing, or a deck's own kind."""

    kind: str
    effects: tuple[Fx, ...]
    modifiers: tuple[Mod, ...]
    cost: int
    name: Localized


class CardInfo(NamedTuple):
    """A conflict card (or a boss) as the rules read it."""

    code: str
    name: Localized
    health: int
    damage: int
    extra_enemies: int
    during: tuple[Mod, ...]
    after: tuple[Fx, ...]
    special: tuple[Fx, ...]
    instant: tuple[Fx, ...]
    item: ItemInfo | None
    health_scale: int = 0
    damage_scale: int = 0
    kind: str = "conflict"


class Ability(NamedTuple):
    """A hero ability: lasting modifiers, and effects used once per Engagement (``per``
    ``engagement``) or once per game (``game``)."""

    modifiers: tuple[Mod, ...]
    effects: tuple[Fx, ...]
    per: str = "engagement"


def fx(effect: Effect) -> Fx:
    """The compiled form of a schema effect."""
    when = effect.when if isinstance(effect, Special) else ""
    return Fx(effect.kind, effect.amount, effect.scale, effect.stat or "", effect.hook or "", when)


def fxs(effects: Iterable[Effect]) -> tuple[Fx, ...]:
    """Compiled effects."""
    return tuple(fx(e) for e in effects)


def mods(modifiers: Iterable[Modifier]) -> tuple[Mod, ...]:
    """Compiled modifiers."""
    return tuple(
        Mod(m.kind, m.amount, m.stat or "", frozenset(COLOUR_NAMES.index(c) for c in m.colours))
        for m in modifiers
    )


def ability(printed: schema.Ability) -> Ability:
    """The compiled form of a hero's printed ability."""
    return Ability(mods(printed.modifiers), fxs(printed.effects), printed.per)


def item_info(reward: ItemReward, name: Localized) -> ItemInfo:
    """The compiled form of an item reward."""
    return ItemInfo(reward.kind, fxs(reward.effects), mods(reward.modifiers), reward.cost, name)
