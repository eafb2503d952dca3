"""The Ancient Terrible Things state: one slotted value holding everything on the table.

Cards are indexes into the card file's sections. Decks whose order nobody knows (the encounter
tiers, the Exploit deck) are unordered tuples: each draw is a chance outcome over them.
"""

from __future__ import annotations

from typing import Final, NamedTuple, TypeVar

from gamehall.core.outcome import Outcome
from gamehall.core.state import ValueState

# Steps of the game (``State.step``)
SETUP: Final = 0  # chance: characters, scenario, locations, accomplishments, Exploits, first
REVEAL: Final = 1  # chance: an encounter card beside each location (ATT-REVEAL-2)
EXPLORE: Final = 2  # the active player moves their pawn
ACTIVE_BONUS: Final = 3  # the active player takes or skips the location's own bonus
EVERYONE_BONUS: Final = 4  # each player in turn uses or declines the all-players bonus
SHOP: Final = 5  # the active player may buy the Loot sold at the location
ENCOUNTER: Final = 6  # dice rolled: re-rolls, Loot, Exploits, Terrible Things, resolution
OVER: Final = 7

# Setup draws, in order
DEAL_CHARACTER: Final = "character"
DEAL_SCENARIO: Final = "scenario"
DEAL_LOCATION: Final = "location"
DEAL_ACCOMPLISHMENT: Final = "accomplishment"
DEAL_EXPLOIT: Final = "exploit"
DEAL_FIRST: Final = "first"

# Resources, in token order
FOCUS, MYSTERY, TREASURE, FEAT = 0, 1, 2, 3

NO_FACE: Final = 0
"""A die not rolled yet."""

T = TypeVar("T")


class Player(NamedTuple):
    """One player's character, tokens and cards."""

    character: int
    tokens: tuple[int, ...]  # Focus, Mystery, Treasure, Feat
    exploits: tuple[int, ...]  # in hand, secret (sorted)
    loot: tuple[int, ...]  # owned, public (sorted)
    exhausted: tuple[int, ...]  # owned Loot turned 90° (sorted)
    trophies: tuple[int, ...]  # defeated encounters under the board, in order
    accomplishments: tuple[int, ...]
    terrible: int  # Terrible Thing tokens held, flipped or not
    flipped: int  # how many of them are spent
    location: int  # the slot of the pawn, -1 before the first move


class Dice(NamedTuple):
    """The active player's dice in the encounter."""

    focus: tuple[int, ...]  # faces 1..6 (NO_FACE: not rolled yet), extra dice appended
    aside: tuple[int, ...]  # indexes of Focus dice set aside (sorted)
    action: tuple[str, ...]  # the Action dice faces ("" until rolled)
    used: tuple[bool, ...]  # Action dice spent (on a Loot card, or cashed)


class Fight(NamedTuple):
    """How the last encounter was fought, for the table to show: the dice as they lay when it
    was resolved, the combination used (None: a failure), the Accomplishments it scored."""

    dice: Dice
    combo: tuple[str, int, int] | None
    accomplishments: tuple[int, ...]


class Choice(NamedTuple):
    """A choice inside an effect: what is chosen, how much, and for whom."""

    kind: str  # an effect kind that needs a choice: reroll, set_aside, nudge, set_face, ready
    amount: int
    seat: int
    source: int = -1  # the Loot card whose effect this is (it cannot ready itself), or -1


class AttState(ValueState):
    """Everything on the table; never changed once returned by the rules."""

    __slots__ = (
        "abandoned",
        "accomplishments",
        "active",
        "board",
        "bonus_seat",
        "choice",
        "deals",
        "dice",
        "discard",
        "discount",
        "draws",
        "exploit_deck",
        "exploit_discard",
        "fight",
        "gone",
        "last",
        "locations",
        "on_location",
        "players",
        "queue",
        "quota",
        "result",
        "rival",
        "rolls",
        "scenario",
        "sold",
        "step",
        "supply",
        "turn",
        "unseen",
        "used_exploits",
    )

    step: int
    turn: int  # turns begun, from 1
    active: int
    players: tuple[Player, ...]
    deals: tuple[str, ...]  # setup draws still due (DEAL_*), first one next
    scenario: int
    locations: tuple[int, ...]  # location cards in play, by slot
    board: tuple[int, ...]  # the encounter beside each slot, -1 if none
    on_location: tuple[tuple[int, ...], ...]  # resource tokens lying on each slot
    unseen: tuple[tuple[int, ...], ...]  # undrawn encounters of each tier (unordered)
    quota: tuple[int, ...]  # encounters of each tier still in the game's deck
    discard: tuple[int, ...]  # failed encounters
    rival: tuple[int, ...]  # solo: the rival's pile of encounters
    exploit_deck: tuple[int, ...]  # unordered
    exploit_discard: tuple[int, ...]
    used_exploits: tuple[int, ...]  # played Exploits, gone for good (ATT-EXPL-2)
    sold: tuple[int, ...]  # Loot cards bought by someone
    accomplishments: tuple[int, ...]  # in play and not yet claimed
    supply: int  # Terrible Thing tokens left
    bonus_seat: int  # who decides on the all-players bonus now
    discount: int  # Treasure off the next Loot bought this turn
    dice: Dice
    rolls: tuple[str, ...]  # dice due a chance roll (``f1``, ``a2``), first one next
    draws: tuple[int, ...]  # seats due an Exploit draw, first one next
    queue: tuple[tuple[int, str, int, str, int], ...]
    """Effects still to resolve: (seat, kind, amount, resource, source Loot or -1)."""
    choice: Choice | None
    last: tuple[int, int, int]  # the last resolution: (seat, encounter, combo or -1 for failure)
    fight: Fight | None  # how the last resolution was fought
    result: Outcome | None
    gone: tuple[int, ...]
    """Seats that resigned, in the order they did (ATT-R16): they never move again."""
    abandoned: int
    """Turns their player left by resigning, unresolved, that passed to the next seat (ATT-R16)."""


def without(values: tuple[int, ...], item: int) -> tuple[int, ...]:
    """``values`` without the first ``item``."""
    index = values.index(item)
    return values[:index] + values[index + 1 :]
