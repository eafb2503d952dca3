"""The grammar of 20 Strong's notation, for the action catalogue (``core.catalogue``).

The general rules' forms are here; the deck adds its own (``DeckLearning.action_forms``, its
plug-in's ``rl`` part): its verbs, its targets of ``apply``, the stacks ``from`` names and its
chance outcomes. Positions in the active area go up to the most cards it can hold
(``DeckLearning.most_active``); positions in the inventory up to the largest Strategy
(GEN-ITEM-6: never more items than Strategy).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamehall.core.catalogue import ActionForms, Form, numbered
from gamehall.games.twenty_strong.actions import ZONE_WORDS
from gamehall.games.twenty_strong.deck import learning_of
from gamehall.games.twenty_strong.dice import (
    COLOUR_LETTERS,
    COLOURS,
    CRIT,
    DICE,
    FACE_LETTERS,
    FACE_WEIGHTS,
    HIT,
    MISS,
    STAT_MAX,
    colour_of,
    die_name,
    face_code,
)
from gamehall.games.twenty_strong.state import COMMITTED, NOWHERE

if TYPE_CHECKING:
    from gamehall.games.twenty_strong.rules import TwentyStrong


def shows(colour: int, face: int) -> bool:
    """Whether a die of ``colour`` can show ``face`` (the red die never misses).

    >>> shows(4, MISS), shows(4, CRIT)
    (False, True)
    """
    return FACE_WEIGHTS[colour][face - 1] > 0


def codes(faces: tuple[int, ...], colours: tuple[int, ...] = COLOURS) -> tuple[str, ...]:
    """The die codes (``Bh``) of ``colours`` showing ``faces``, as dice can show them."""
    return tuple(face_code(c, f) for c in colours for f in faces if shows(c, f))


def letters(colour: int) -> tuple[str, ...]:
    """The letters of the faces a die of ``colour`` can show (``m h c``)."""
    return tuple(FACE_LETTERS[f] for f in (MISS, HIT, CRIT) if shows(colour, f))


def action_forms(game: TwentyStrong) -> ActionForms:
    """Every decision and chance outcome of ``game``: the general forms, then the deck's."""
    deck = game.deck
    colours = (COLOUR_LETTERS,)
    positions = (numbered(learning_of(deck).most_active(deck)),)
    items = (numbered(STAT_MAX),)
    picks = COLOUR_LETTERS + codes((MISS, HIT, CRIT))
    if deck.reserve_zone != NOWHERE:  # dismiss, strengthen, weaken: a die and its zone
        for zone, word in ZONE_WORDS.items():
            faces = (MISS, HIT, CRIT) if zone == COMMITTED else ()
            picks += tuple(f"{word}.{code}" for code in COLOUR_LETTERS + codes(faces))
    decisions = (
        Form("commit", colours),
        Form("roll"),
        Form("apply", (codes((HIT, CRIT)), *positions)),
        Form("again"),
        Form("resolve"),
        Form("recover", colours),
        Form("gain", positions),
        Form("done"),
        Form("use", items),
        Form("discard", items),
        Form("ability"),
        Form("pick", (picks,)),
        Form("target", positions),
        Form("take"),
        Form("decline"),
        Form("first", positions),
    )
    chance = tuple(Form("die", ((die_name(die),), letters(colour_of(die)))) for die in range(DICE))
    own = learning_of(deck).action_forms(deck)
    return ActionForms(decisions + own.decisions, chance + own.chance)
