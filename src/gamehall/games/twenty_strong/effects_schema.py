"""The closed vocabulary of 20 Strong card effects, as card files write them.

Two families:

* **effects** happen once (an After effect, a Special trigger, an instant reward, a single-use
  item, a backup-plan ability): ``heal``, ``lose_health``, ``stat``, ``exhaust_dice``,
  ``banish_dice``, ``recover_dice``, ``discard_item``, ``damage_card``, ``reroll``, the dice
  effects of decks with a reserve of unrecruited dice (Victorum's Training Grounds):
  ``recruit_dice``, ``dismiss_dice``, ``strengthen_dice`` and ``weaken_dice``, and ``hook`` (a
  named function beside the deck's data, for a card that fits nothing else);
* **modifiers** hold while their source lasts (a During effect while its card is undefeated,
  an ongoing item while held, a hero's innate ability): ``immune``, ``no_crit``, ``guard``
  (on the card itself), ``commit_limit``, ``no_items``, ``stat``, ``ward``, ``crit_bonus`` and
  ``rest_bonus``.

``scale`` adds ``scale`` x the card's power (for example the Tyrant encounters left) to
``amount``.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

EffectKind = Literal[
    "heal",
    "lose_health",
    "stat",
    "exhaust_dice",
    "banish_dice",
    "recover_dice",
    "discard_item",
    "damage_card",
    "reroll",
    "recruit_dice",
    "dismiss_dice",
    "strengthen_dice",
    "weaken_dice",
    "hook",
]
ModifierKind = Literal[
    "immune",
    "no_crit",
    "guard",
    "commit_limit",
    "no_items",
    "stat",
    "ward",
    "crit_bonus",
    "rest_bonus",
]
StatName = Literal["health", "strategy", "recovery"]
ColourName = Literal["yellow", "green", "blue", "purple", "red"]
Trigger = Literal["activate", "defeat", "engagement"]

POSITIVE = frozenset(
    {
        "heal",
        "exhaust_dice",
        "banish_dice",
        "recover_dice",
        "reroll",
        "recruit_dice",
        "dismiss_dice",
        "strengthen_dice",
        "weaken_dice",
    }
)
"""The kinds whose amount is a count of things done, never negative."""
CHANGES_THE_FIGHT = frozenset(
    {"damage_card", "recruit_dice", "strengthen_dice", "weaken_dice", "hook"}
)
"""The kinds that can let a hero hurt an enemy her dice cannot: damage dealt to a card, or a
change of which dice she has (a deck's hook may do anything, so it counts too; VIC-R18)."""
_NO_AMOUNT = frozenset({"hook", "immune", "no_crit", "guard", "no_items"})
"""The kinds that take no amount (a hook's amount is its own business); all others need one."""


class Model(BaseModel):
    """A frozen schema model that refuses unknown fields."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Effect(Model):
    """A one-shot effect."""

    kind: EffectKind
    amount: int = 0
    scale: int = 0
    stat: StatName | None = None
    hook: str | None = Field(default=None, pattern=r"^[a-z_]+$")

    @model_validator(mode="after")
    def _fits_kind(self) -> Effect:
        _check(self.kind, self.amount, self.scale, self.stat, self.hook is not None)
        return self


class Modifier(Model):
    """A lasting modifier."""

    kind: ModifierKind
    amount: int = 0
    stat: StatName | None = None
    colours: tuple[ColourName, ...] = ()

    @model_validator(mode="after")
    def _fits_kind(self) -> Modifier:
        _check(self.kind, self.amount, 0, self.stat, False)
        if (self.kind == "immune") != bool(self.colours):
            raise ValueError("only an immune modifier lists colours, and it must list some")
        return self


class Special(Effect):
    """A Special effect: a one-shot effect with its own trigger (GEN-EFFECT-3)."""

    when: Trigger


def _check(kind: str, amount: int, scale: int, stat: str | None, hook: bool) -> None:
    if kind not in _NO_AMOUNT and amount == 0 and scale == 0:
        raise ValueError(f"a {kind!r} effect needs a non-zero amount")
    if kind in _NO_AMOUNT and kind != "hook" and amount != 0:
        raise ValueError(f"a {kind!r} effect takes no amount")
    if (kind == "stat") != (stat is not None):
        raise ValueError("only a 'stat' effect names a stat, and it must")
    if (kind == "hook") != hook:
        raise ValueError("only a 'hook' effect names a hook, and it must")
    if kind in POSITIVE and amount < 0:
        raise ValueError(f"a {kind!r} effect needs a positive amount")


class ItemReward(Model):
    """An item reward: a single-use item's effects, or an ongoing item's modifiers.

    A deck may add kinds of its own (Too Many Bones: backup-plan extensions, with a cost).
    """

    kind: Literal["single", "ongoing", "extension"]
    effects: tuple[Effect, ...] = ()
    modifiers: tuple[Modifier, ...] = ()
    cost: int = Field(default=0, ge=0, le=4)

    @model_validator(mode="after")
    def _fits_kind(self) -> ItemReward:
        if self.kind == "ongoing" and (self.effects or not self.modifiers):
            raise ValueError("an ongoing item has modifiers and no effects")
        if self.kind != "ongoing" and (self.modifiers or not self.effects):
            raise ValueError(f"a {self.kind} item has effects and no modifiers")
        if (self.kind == "extension") != (self.cost > 0):
            raise ValueError("only an extension has a cost (its number of backup dice)")
        return self
