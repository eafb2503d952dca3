"""The Boss Quest state: one slotted value holding everything on the table.

Weapons are ids into the card tables; the weapon deck is an unordered multiset (its order is
unknown to everyone, so each draw is a chance outcome), except for cards put back on top by
the deck-swap spell, which are known to whoever saw them. Spell decks are counts per kind.
A knight who resigns (BQ-R25) is ``gone``: they hold nothing, their weapons lie ``aside`` until
the round ends, and they count as done arming (``at_magician``) so turns pass them over.
"""

from __future__ import annotations

from typing import Final, NamedTuple, TypeVar

from gamehall.core.outcome import Outcome
from gamehall.core.state import ValueState
from gamehall.games.boss_quest.actions import DrawWeapon

# Phases
ARMORER: Final = 0  # chance: who is the first armorer
BOSS: Final = 1  # chance: the round's boss
SPELL: Final = 2  # chance: a spell laid out at the magician
DRAW: Final = 3  # chance: a weapon dealt or drawn
TURN: Final = 4  # a knight's turn
CHOICE: Final = 5  # a knight chooses inside a spell's effect
OVER: Final = 6

# Spell slot statuses
AVAILABLE: Final = 0  # laid out, not yet activated or discarded
ACTIVE: Final = 1  # activated and in play
SPENT: Final = 2  # activated and gone (used up, cancelled, or the cancel spell itself)
DISCARDED: Final = 3  # discarded without effect

# Where a drawn weapon goes
HIDDEN: Final = -1
APPEND: Final = -2

EVERYONE: Final = -1

T = TypeVar("T")

# Pending choices
CHOOSE_TARGET: Final = "target"
CHOOSE_SWAP: Final = "swap"
CHOOSE_GIVE: Final = "give"
CHOOSE_CANCEL: Final = "cancel"

# What follows the pending draws
START_TURNS: Final = 0
NEXT_TURN: Final = 1


class Slot(NamedTuple):
    """A spell laid out at the magician this round."""

    kind: int
    status: int
    target: int  # the seat an attack spell is placed on, or -1


class Draw(NamedTuple):
    """A weapon owed to a knight: where it goes, and a card to put back on the deck after."""

    seat: int
    place: int  # HIDDEN, APPEND, or the index of the visible weapon it replaces
    give_back: int  # a weapon id put face down on top of the deck after the draw, or -1
    give_back_public: bool


class Pending(NamedTuple):
    """A choice a knight must make inside the effect of the spell in ``slot``."""

    choice: str
    seat: int
    slot: int


class SeatResult(NamedTuple):
    """How one knight fared in a combat (public once combat is over)."""

    hidden: int
    attack: int
    over: bool
    failed_condition: bool
    keys_gained: int
    heart_lost: bool
    perfect: bool


class Combat(NamedTuple):
    """The result of the last combat."""

    round: int
    boss: int
    hp: int
    seats: tuple[SeatResult, ...]
    winners: tuple[int, ...]
    spells: tuple[Slot, ...] = ()
    """The spells that were in effect when it was fought (each kind, and its knight or -1)."""


class BossQuestState(ValueState):
    """Everything on the table; never changed once returned by the rules."""

    __slots__ = (
        "armorer",
        "aside",
        "at_magician",
        "boss",
        "boss_deck",
        "boss_discard",
        "deck",
        "deck_top",
        "draws",
        "gone",
        "hearts",
        "hidden",
        "keys",
        "last_call",
        "last_call_on",
        "last_combat",
        "layout_left",
        "lone_asked",
        "mystery",
        "pending",
        "phase",
        "result",
        "resume",
        "round",
        "slots",
        "spell_deck",
        "spell_discard",
        "turn",
        "visible",
    )

    phase: int
    round: int
    armorer: int
    turn: int
    hearts: tuple[int, ...]
    keys: tuple[int, ...]
    boss: int
    boss_deck: tuple[int, ...]
    boss_discard: tuple[int, ...]
    spell_deck: tuple[int, ...]
    spell_discard: tuple[int, ...]
    slots: tuple[Slot, ...]
    mystery: int
    layout_left: int
    hidden: tuple[int, ...]
    visible: tuple[tuple[int, ...], ...]
    deck: tuple[DrawWeapon, ...]  # the weapon deck, unordered, as the outcomes of a draw
    deck_top: tuple[tuple[int, int], ...]
    draws: tuple[Draw, ...]
    resume: int
    at_magician: tuple[bool, ...]  # done arming this round: at the magician, or gone
    lone_asked: bool
    last_call: tuple[int, ...]
    last_call_on: bool
    pending: Pending | None
    last_combat: Combat | None
    result: Outcome | None
    gone: tuple[bool, ...]  # the knights who resigned (BQ-R25)
    aside: tuple[tuple[int, int], ...]  # a resigned knight's weapons, with who knows each
