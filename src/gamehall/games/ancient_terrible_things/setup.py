"""The setup numbers the rules summary leaves to the box (ATT-SETUP-2): house choices, each
explained in docs/rulings.md (ATT-R2).

>>> SetupData.of(4, {"locations": 0, "supply": 0})
SetupData(locations=6, per_tier=12, supply=13, accomplishments=3, starting_exploits=2)
>>> SetupData.of(1, {"locations": 0, "supply": 0})[:3]
(4, 8, 5)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

LOCATIONS = {1: 4, 2: 5, 3: 5, 4: 6}
"""Locations in play. Solo, four: each turn the player fights one encounter and the rival
claims one. With two players an odd number, so each reveal's first pick alternates."""
SUPPLY = {1: 5, 2: 7, 3: 10, 4: 13}
"""Terrible Thing tokens by player count: 13 in a four-player game, as in the first edition."""


class SetupData(NamedTuple):
    """How many of each thing a game of this size sets out."""

    locations: int
    per_tier: int  # encounters of each difficulty tier in the deck
    supply: int  # Terrible Thing tokens
    accomplishments: int  # Accomplishment cards face up
    starting_exploits: int  # Exploit cards dealt to each player

    @classmethod
    def of(cls, players: int, options: Mapping[str, Any]) -> SetupData:
        """The numbers for ``players`` players and the game's options."""
        locations = options["locations"] or LOCATIONS[players]
        return cls(
            locations=locations,
            per_tier=2 * locations,  # six reveals in every game, as 3 x 12 for 6 locations
            supply=options["supply"] or SUPPLY[players],
            accomplishments=3,
            starting_exploits=2,
        )
