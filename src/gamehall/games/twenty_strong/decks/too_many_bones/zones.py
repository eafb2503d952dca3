"""The dice zones Too Many Bones adds to the general ones."""

from typing import Final

from gamehall.games.twenty_strong.state import DECK_ZONES

BACKUP: Final = DECK_ZONES
"""A die in a backup-plan slot (its place is the slot): neither committed, applied nor active,
so Exhaust Dice and a new Strategy phase's roll leave it (TMB-BACKUP-11)."""
LOCK: Final = DECK_ZONES + 1
"""A die on a Lockpicking card in the inventory (its place is the card): neither committed,
applied nor active, so Exhaust Dice leaves it there until the card unlocks (TMB-LOCK-6)."""
