"""The closed vocabulary of 20 Strong card effects, as card files write them.

Two families:

* **effects** happen once (an After effect, a Special trigger, an instant reward, a single-use
  item, a backup-plan ability): the printed kinds of the registry of effect kinds
  (:data:`~.effect_kinds.EFFECT_KINDS`: ``heal``, ``lose_health``, ``stat``, ``exhaust_dice``,
  ``banish_dice``, ``recover_dice``, ``reroll``, ``discard_item``, ``damage_card``, the dice
  effects of decks with a reserve of unrecruited dice (Victorum's Training Grounds):
  ``recruit_dice``, ``dismiss_dice``, ``strengthen_dice`` and ``weaken_dice``, and ``hook`` (a
  named function beside the deck's data, for a card that fits nothing else)); each kind says
  which fields it takes (``EffectKind.problem``);
* **modifiers** hold while their source lasts (a During effect while its card is undefeated,
  an ongoing item while held, a hero's innate ability): the kinds of the registry of modifier
  kinds (:data:`~.effect_kinds.MODIFIER_KINDS`: ``immune``, ``no_crit``, ``guard`` (on the card
  itself), ``commit_limit``, ``no_items``, ``stat``, ``ward``, ``crit_bonus`` and
  ``rest_bonus``); each kind says which fields it takes (``ModifierKind.problem``).

``scale`` adds ``scale`` x the card's power (for example the Tyrant encounters left) to
``amount``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, PlainValidator, model_validator
from pydantic_core import PydanticCustomError

from gamehall.games.twenty_strong.effect_kinds import (
    EFFECT_KINDS,
    MODIFIER_KINDS,
    printed_names,
)


def _refused(allowed: list[str]) -> PydanticCustomError:
    """A value not in ``allowed``, as pydantic's own check of a closed list words it."""
    names = [repr(name) for name in allowed]
    expected = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"
    return PydanticCustomError(
        "literal_error", "Input should be {expected}", {"expected": expected}
    )


def _printed_kind(value: object) -> str:
    """A kind a card file may write (an effect kind of the registry that is printed)."""
    if isinstance(value, str):
        kind = EFFECT_KINDS.get(value)
        if kind is not None and kind.printed:
            return value
    raise _refused(printed_names())


def _modifier_kind(value: object) -> str:
    """A modifier kind of the registry."""
    if isinstance(value, str) and value in MODIFIER_KINDS:
        return value
    raise _refused(list(MODIFIER_KINDS))


EffectKindName = Annotated[str, PlainValidator(_printed_kind)]
"""The kind of a one-shot effect: a printed kind of the registry."""
ModifierKindName = Annotated[str, PlainValidator(_modifier_kind)]
"""The kind of a lasting modifier: a kind of the registry of modifier kinds."""
StatName = Literal["health", "strategy", "recovery"]
ColourName = Literal["yellow", "green", "blue", "purple", "red"]
Trigger = Literal["activate", "defeat", "engagement"]


class Model(BaseModel):
    """A frozen schema model that refuses unknown fields."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Effect(Model):
    """A one-shot effect."""

    kind: EffectKindName
    amount: int = 0
    scale: int = 0
    stat: StatName | None = None
    hook: str | None = Field(default=None, pattern=r"^[a-z_]+$")

    @model_validator(mode="after")
    def _fits_kind(self) -> Effect:
        kind = EFFECT_KINDS[self.kind]
        problem = kind.problem(self.amount, self.scale, self.stat, self.hook is not None)
        if problem:
            raise ValueError(problem)
        return self


class Modifier(Model):
    """A lasting modifier."""

    kind: ModifierKindName
    amount: int = 0
    stat: StatName | None = None
    colours: tuple[ColourName, ...] = ()

    @model_validator(mode="after")
    def _fits_kind(self) -> Modifier:
        kind = MODIFIER_KINDS[self.kind]
        problem = kind.problem(self.amount, self.stat, bool(self.colours))
        if problem:
            raise ValueError(problem)
        return self


class Special(Effect):
    """A Special effect: a one-shot effect with its own trigger (GEN-EFFECT-3)."""

    when: Trigger


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
