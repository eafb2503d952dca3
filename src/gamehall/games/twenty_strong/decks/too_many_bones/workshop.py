"""What the deck workshop knows of Too Many Bones: its card file spec and its own checks (a
backup slot that can never be filled, a Lockpicking card whose hits can never be placed)."""

from __future__ import annotations

from collections.abc import Iterator

from gamehall.games.twenty_strong.decks.too_many_bones.cards import (
    COMPOSITION,
    BackupPlan,
    Lockpick,
    TooManyBonesCards,
)
from gamehall.games.twenty_strong.workshop import (
    NEVER_MISS,
    CardFile,
    Count,
    DeckSpec,
    Problem,
    dice_of,
    dice_words,
)


def backup_slots(file: CardFile) -> Iterator[Problem]:
    """Backup slots of a colour that never misses can never be filled."""
    for _card, location, plan in file.parts(BackupPlan):
        for index, colour in enumerate(plan.slots):
            if colour in NEVER_MISS:
                message = (
                    f"a {colour} slot can never be filled: only a miss goes into the backup "
                    f"plan, and the {colour} die never misses"
                )
                yield file.problem((*location, "slots", index), message)


def lockpicks(file: CardFile) -> Iterator[Problem]:
    """A Lockpicking card needs no more hits than there are dice of its colours."""
    for _card, location, lock in file.parts(Lockpick):
        if lock.hits > dice_of(lock.colours):
            message = (
                f"{lock.hits} hits can never be placed: there are only {dice_words(lock.colours)} "
                "(one die per hit), so the reward never unlocks"
            )
            yield file.problem((*location, "hits"), message)


SPEC = DeckSpec(
    "too-many-bones",
    TooManyBonesCards,
    COMPOSITION,
    {
        "gearlocs": Count("gearlocs"),
        "tyrants": Count("tyrants"),
        "baddies with 1 point": Count("baddies", "points", 1),
        "baddies with 5 points": Count("baddies", "points", 5),
        "tyrant_encounters": Count("tyrant_encounters"),
        "mohlnor": Count("mohlnor"),
        "lockpicks": Count("lockpicks"),
    },
    frozenset({"bq_shift", "summon"}),
    "tyrants",
    checks=(backup_slots, lockpicks),
)
"""Too Many Bones's card file, for the workshop."""
