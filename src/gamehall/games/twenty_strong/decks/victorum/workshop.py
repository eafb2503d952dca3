"""What the deck workshop knows of Victorum: its card file spec and its own check (opportunity
conditions that can never hold, or hold a field no rule reads)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Final

from gamehall.games.twenty_strong.decks.victorum.cards import (
    COMPOSITION,
    Condition,
    Opportunity,
    VictorumCards,
)
from gamehall.games.twenty_strong.dice import COLOUR_NAMES, PURPLE, STAT_MAX, STAT_MIN
from gamehall.games.twenty_strong.workshop import (
    CardFile,
    Count,
    DeckSpec,
    Location,
    Problem,
    dice_of,
    dice_words,
)

DICE_ZONES: Final = frozenset({"pool_dice", "exhausted_dice", "training_dice"})


def _icons(file: CardFile) -> int:
    """Every influence icon the file's cards show (as written)."""
    total = 0
    for section in ("conflicts", "opportunities"):
        for entry in file.raw(section) or []:
            for key in ("influence", "item_influence"):
                value = entry.get(key) if isinstance(entry, dict) else None
                total += value if isinstance(value, int) else 0
    return total


def _never_holds(condition: Condition, icons: int) -> str | None:
    """Why ``condition`` can never hold (None when it can); ``icons``: the influence the
    other cards can bring."""
    kind, amount, colour = condition.kind, condition.amount, condition.colour
    if kind in DICE_ZONES and colour is not None and amount > dice_of([colour]):
        return f"there are only {dice_words([colour])}"
    if kind == "strong_dice" and amount > dice_of(COLOUR_NAMES[PURPLE:]):
        return f"there are only {dice_words(COLOUR_NAMES[PURPLE:])}"
    if kind == "health" and amount > STAT_MAX:
        return f"Health is at most {STAT_MAX}"
    if kind == "low_health" and amount < STAT_MIN:
        return f"Health below {STAT_MIN} loses the game"
    if kind == "influence" and amount > icons:
        return f"the other cards of the file show only {icons} influence icons"
    if kind == "items" and amount > STAT_MAX - 1:
        return f"the inventory holds at most {STAT_MAX} items, this one included"
    return None


def conditions(file: CardFile) -> Iterator[Problem]:
    """Opportunity conditions that can never hold, or hold a field no rule reads."""
    icons = _icons(file)
    for _card, location, opportunity in file.parts(Opportunity):
        own = icons - opportunity.influence
        for index, condition in enumerate(opportunity.conditions):
            place = (*location, "conditions", index)
            why = _never_holds(condition, own)
            if why is not None:
                message = f"the {condition.kind!r} condition {condition.amount} never holds: {why}"
                yield file.problem((*place, "amount"), message)
            if condition.kind == "strong_dice" and condition.colour is not None:
                message = (
                    "a 'strong_dice' condition counts every purple and red die: "
                    "its colour is never read"
                )
                yield file.problem((*place, "colour"), message)
        yield from _health_range(file, location, opportunity.conditions)


def _health_range(
    file: CardFile, location: Location, conditions: Sequence[Condition]
) -> Iterator[Problem]:
    """Health cannot be at least more than it is at most."""
    least = [c.amount for c in conditions if c.kind == "health"]
    most = [c.amount for c in conditions if c.kind == "low_health"]
    if least and most and max(least) > min(most):
        message = f"Health is never at least {max(least)} and at most {min(most)} at once"
        yield file.problem((*location, "conditions"), message)


SPEC = DeckSpec(
    "victorum",
    VictorumCards,
    COMPOSITION,
    {
        "heroes": Count("heroes"),
        "scions": Count("scions"),
        "tactics": Count("tactics"),
        "bloodshed cards": Count("conflicts", "type", "bloodshed"),
        "sport cards": Count("conflicts", "type", "sport"),
        "opportunities": Count("opportunities"),
    },
    frozenset({"gain_tactic"}),
    "scions",
    frozenset({"encounter", "backup"}),
    rests=False,
    checks=(conditions,),
)
"""Victorum's card file, for the workshop."""
