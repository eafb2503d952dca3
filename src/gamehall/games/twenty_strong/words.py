"""The names people read for the things of a 20 Strong table: a die ("blue die 2"), a face
("the blue hit"), a stack ("the 1-point Baddie stack"), a card, a zone. Buttons and the log
build their sentences from these, so no notation reaches a person."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from gamehall.core.game import JSON
from gamehall.core.i18n import Text, listed
from gamehall.games.twenty_strong.dice import (
    COLOUR_NAMES,
    COUNTS,
    FACE_NAMES,
    FIRST_DIE,
    UNROLLED,
    colour_of,
)
from gamehall.games.twenty_strong.effect_kinds import EFFECT_KINDS

if TYPE_CHECKING:
    from gamehall.games.twenty_strong.rules import TwentyStrong

FEMININE_FACES = frozenset({"hit"})
"""Faces whose French noun is feminine ("une touche"): their colour agrees with it."""


def colour(index: int, face: str = "") -> Text:
    """A colour as an adjective, agreeing with ``face`` (a die's, by default)."""
    name = COLOUR_NAMES[index]
    return Text(f"20s.colour.{name}" + (".f" if face in FEMININE_FACES else ""))


def die(index: int) -> Text:
    """One die by name: ``blue die 2``, ``the red die`` (the only one of its colour)."""
    hue = colour_of(index)
    if COUNTS[hue] == 1:
        return Text("20s.word.single_die", {"colour": colour(hue)})
    return Text("20s.word.die", {"colour": colour(hue), "number": index - FIRST_DIE[hue] + 1})


def dice(indices: Sequence[int]) -> Text | str:
    """Several dice by name, those of one colour together: ``purple dice 1, 2 and 4 and the
    red die``."""
    groups: dict[int, list[int]] = {}
    for index in indices:
        groups.setdefault(colour_of(index), []).append(index)
    named: list[Text | str] = []
    for hue, members in groups.items():
        if len(members) == 1:
            named.append(die(members[0]))
            continue
        numbers = listed([str(i - FIRST_DIE[hue] + 1) for i in members])
        plural = Text(f"20s.colour.{COLOUR_NAMES[hue]}.p")
        named.append(Text("20s.word.dice_of", {"colour": plural, "numbers": numbers}))
    joined: Text | str = listed(named)
    return joined


def face(hue: int, face_index: int, article: str = "the") -> Text:
    """A rolled face of a colour: ``the blue hit``; ``a blue hit`` with ``article="a"``; an
    unrolled die of the colour (``a blue die``) when ``face_index`` is UNROLLED."""
    name = FACE_NAMES[face_index]
    if face_index == UNROLLED:
        return Text("20s.word.a_die", {"colour": colour(hue)})
    return Text(f"20s.word.{article}_{name}", {"colour": colour(hue, name)})


def card(view: JSON, position: int) -> Any:
    """The name of the active card at ``position`` (0-based), in every language."""
    active = view["active"]
    return active[position]["name"] if 0 <= position < len(active) else "?"


def item(view: JSON, index: int) -> Any:
    """The name of the inventory item at ``index`` (0-based)."""
    inventory = view["inventory"]
    if not 0 <= index < len(inventory):
        return "?"
    entry = inventory[index]
    return entry["item"]["name"] if entry.get("item") else entry["name"]


def named(game: TwentyStrong, code: str) -> Any:
    """The name of the deck's card ``code`` (a hero, a tactic, a primus)."""
    deck = game.deck
    index = deck.codes.get(code)
    return deck.cards[index].name.model_dump() if index is not None else code


def stack(deck: str, name: str) -> Text:
    """A stack by name: ``the 1-point Baddie stack``; a Victorum camp."""
    return Text(f"20s.stack.{deck}.{name}")


def zone(name: str) -> Text:
    """A zone as a place dice go to: ``the active area``."""
    return Text(f"20s.word.to.{name}")


def task(kind: str) -> Text:
    """What a waiting task asks, in words: ``exhaust dice`` (an effect's, as its kind says
    it), ``activate the BQ`` (a deck's own task, by its key)."""
    effect = EFFECT_KINDS.get(kind)
    return effect.task_text() if effect is not None else Text(f"20s.task.{kind}")
