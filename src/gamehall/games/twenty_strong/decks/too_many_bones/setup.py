"""Compiling a Too Many Bones card file into the tables the rules read, and finding the hero
and Tyrant an option names."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from gamehall.games.twenty_strong.cards import find_card
from gamehall.games.twenty_strong.dice import COLOUR_NAMES
from gamehall.games.twenty_strong.runtime import (
    CardInfo,
    Fx,
    ItemInfo,
    Mod,
    ability,
    fxs,
    item_info,
    mods,
)

if TYPE_CHECKING:
    from gamehall.games.twenty_strong.decks.too_many_bones.deck import TooManyBones


class TyrantEncounterInfo(NamedTuple):
    """A Tyrant encounter's changes to the BQ and its battle's modifiers."""

    points: int
    fives: int
    modifiers: tuple[Mod, ...]


class MohlnorInfo(NamedTuple):
    """A Mohlnor encounter's peaceful option and scouting consequence."""

    cost: tuple[Fx, ...]
    gain: tuple[Fx, ...]
    scout: tuple[Fx, ...]


class LockInfo(NamedTuple):
    """A Lockpicking encounter: the colours and number of hits that unlock its reward."""

    colours: frozenset[int]
    hits: int
    reward: ItemInfo


def build_tables(deck: TooManyBones) -> None:
    """Fill the deck's card table and lookup tables from its card file."""
    data = deck.data
    deck.colour_index = {name: i for i, name in enumerate(COLOUR_NAMES)}
    deck.points = {}
    deck.ones, deck.fives, deck.encounters = [], [], []
    for baddie in data.baddies:
        item = None
        if baddie.item is not None:
            item = item_info(baddie.item, baddie.item_name or baddie.name)
        card = deck.add_card(
            CardInfo(
                baddie.code,
                baddie.name,
                baddie.health,
                baddie.damage,
                baddie.extra_enemies,
                mods(baddie.during),
                fxs(baddie.after),
                fxs(baddie.special),
                fxs(baddie.instant),
                item,
                kind="baddie",
            )
        )
        deck.points[card] = baddie.points
        (deck.ones if baddie.points == 1 else deck.fives).append(card)
    deck.tyrant_ids = []
    for tyrant in data.tyrants:
        deck.tyrant_ids.append(
            deck.add_card(
                CardInfo(
                    tyrant.code,
                    tyrant.name,
                    tyrant.health,
                    tyrant.damage,
                    0,
                    mods(tyrant.during),
                    fxs(tyrant.after),
                    fxs(tyrant.special),
                    (),
                    None,
                    tyrant.health_scale,
                    tyrant.damage_scale,
                    kind="boss",
                )
            )
        )
    deck.tyrant_encounters = {}
    for encounter in data.tyrant_encounters:
        card = _encounter_card(deck, encounter.code, encounter.name)
        deck.tyrant_encounters[card] = TyrantEncounterInfo(
            encounter.points, encounter.fives, mods(encounter.modifiers)
        )
    deck.mohlnor = {}
    for mohlnor in data.mohlnor:
        card = _encounter_card(deck, mohlnor.code, mohlnor.name)
        deck.mohlnor[card] = MohlnorInfo(fxs(mohlnor.cost), fxs(mohlnor.gain), fxs(mohlnor.scout))
    deck.lockpicks = {}
    for lock in data.lockpicks:
        card = _encounter_card(deck, lock.code, lock.name)
        colours = frozenset(COLOUR_NAMES.index(c) for c in lock.colours)
        deck.lockpicks[card] = LockInfo(
            colours, lock.hits, item_info(lock.reward, lock.reward_name)
        )
    deck.encounter_set = frozenset(deck.encounters)
    deck.kinds = {0: 0, 2: 2, 4: 4}
    deck.backup_options = {}
    plans = [g.backup for g in data.gearlocs] + list(data.universal_backup.sides)
    for plan in plans:
        deck.backup_options[id(plan)] = tuple(fxs(option) for option in plan.options)


def _encounter_card(deck: TooManyBones, code: str, name: Any) -> int:
    card = deck.add_card(CardInfo(code, name, 1, 0, 0, (), (), (), (), None, kind="encounter"))
    deck.encounters.append(card)
    return card


def configure(deck: TooManyBones) -> None:
    """Tables that depend on the hero and Tyrant chosen."""
    hero = deck.hero()
    innate = ability(hero.innate)
    plus = getattr(hero, "innate_plus", None)
    upgraded = ability(plus) if plus else innate
    deck.abilities = (innate, upgraded)
    deck.tyrant_id = deck.tyrant_ids[deck.tyrant_index]
    deck.tyrant_setup = fxs(deck.tyrant_card().setup)  # the side up until faced (TMB-SETUP-1)


def find_hero(deck: TooManyBones, text: str) -> tuple[int, bool]:
    """The hero an option names: (index, whether it is a universal hero); a Gearloc is
    chosen of the five (TMB-SETUP-3)."""
    if not text:
        return 0, False
    gearlocs = deck.data.gearlocs
    index = find_card([*gearlocs, *deck.data.universal_heroes], text, "hero", "heroes")
    return (index, False) if index < len(gearlocs) else (index - len(gearlocs), True)


def find_tyrant(deck: TooManyBones, text: str) -> int:
    """The Tyrant an option names: the one chosen at setup (TMB-SETUP-1)."""
    return find_card(deck.data.tyrants, text, "Tyrant", "Tyrants") if text else 0
