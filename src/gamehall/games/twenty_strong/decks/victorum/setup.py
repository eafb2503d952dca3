"""Compiling a Victorum card file into the tables the rules read, and finding the hero and
scion an option names."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from gamehall.games.twenty_strong.cards import find_card
from gamehall.games.twenty_strong.dice import COLOUR_NAMES
from gamehall.games.twenty_strong.runtime import (
    CardInfo,
    Fx,
    ItemInfo,
    ability,
    fxs,
    item_info,
    mods,
)
from gamehall.games.twenty_strong.state import NOWHERE

if TYPE_CHECKING:
    from gamehall.games.twenty_strong.decks.victorum.deck import Victorum


class Need(NamedTuple):
    """One condition of an opportunity."""

    kind: str
    amount: int
    colour: int = NOWHERE


class OpportunityInfo(NamedTuple):
    """An opportunity: what it needs, and the item it becomes once flipped."""

    needs: tuple[Need, ...]
    reward: ItemInfo


class ScionInfo(NamedTuple):
    """A scion's two sides, as the rules read them."""

    card: int
    spectate: tuple[Fx, ...]
    setup: tuple[Fx, ...]
    influence_step: int
    allies: int
    allies_scale: int


def build_tables(deck: Victorum) -> None:
    """Fill the deck's card table and lookup tables from its card file."""
    data = deck.data
    deck.kind_of = {}
    deck.icons = {}
    deck.item_icons = frozenset()
    item_icons = set()
    for card in data.conflicts:
        item = item_info(card.item, card.item_name or card.name) if card.item else None
        cid = deck.add_card(
            CardInfo(
                card.code,
                card.name,
                card.health,
                card.damage,
                card.extra_enemies,
                mods(card.during),
                fxs(card.after),
                fxs(card.special),
                fxs(card.instant),
                item,
                kind=card.type,
            )
        )
        deck.kind_of[cid] = card.type
        if card.influence or card.item_influence:
            deck.icons[cid] = card.influence + card.item_influence
        if card.item_influence:
            item_icons.add(cid)
    deck.opportunities = {}
    for opp in data.opportunities:
        reward = item_info(opp.reward, opp.reward_name)
        cid = deck.add_card(
            CardInfo(opp.code, opp.name, 1, 0, 0, (), (), (), (), reward, kind="opportunity")
        )
        deck.kind_of[cid] = "opportunity"
        needs = tuple(
            Need(n.kind, n.amount, COLOUR_NAMES.index(n.colour) if n.colour else NOWHERE)
            for n in opp.conditions
        )
        deck.opportunities[cid] = OpportunityInfo(needs, reward)
        if opp.influence:
            deck.icons[cid] = opp.influence
            item_icons.add(cid)
    deck.item_icons = frozenset(item_icons)
    deck.conflict_cards = tuple(deck.kind_of)
    deck.primus_ids = []
    deck.banes = {}
    deck.abilities = []
    for hero in data.heroes:
        side = hero.primus
        cid = deck.add_card(
            CardInfo(
                hero.code,
                hero.name,
                side.health,
                side.damage,
                side.extra_enemies,
                mods(side.during),
                fxs(side.after),
                fxs(side.special),
                (),
                None,
                kind="primus",
            )
        )
        deck.primus_ids.append(cid)
        deck.banes[cid] = fxs(side.bane)
        deck.abilities.append(ability(hero.innate))
    deck.abilities.extend(ability(universal.innate) for universal in data.universal_heroes)
    deck.scions = []
    for scion in data.scions:
        cid = deck.add_card(
            CardInfo(
                scion.code,
                scion.name,
                scion.health,
                scion.damage,
                0,
                mods(scion.during),
                fxs(scion.after),
                fxs(scion.special),
                (),
                None,
                scion.health_scale,
                scion.damage_scale,
                kind="boss",
            )
        )
        deck.scions.append(
            ScionInfo(
                cid,
                fxs(scion.spectate),
                fxs(scion.setup),
                scion.influence_step,
                scion.allies,
                scion.allies_scale,
            )
        )
    deck.tactic_ids = []
    for tactic in data.tactics:
        reward = ItemInfo("single", fxs(tactic.effects), (), 0, tactic.name)  # VIC-TACT-1
        deck.tactic_ids.append(
            deck.add_card(CardInfo(tactic.code, tactic.name, 1, 0, 0, (), (), (), (), reward))
        )


def find_hero(deck: Victorum, text: str) -> tuple[int, bool]:
    """The hero an option names: (index, whether it is a universal hero); (NOWHERE, False)
    when none is named (the player chooses among the dealt cards)."""
    if not text:
        return NOWHERE, False
    heroes = deck.data.heroes
    index = find_card([*heroes, *deck.data.universal_heroes], text, "hero", "heroes")
    return (index, False) if index < len(heroes) else (index - len(heroes), True)


def find_scion(deck: Victorum, text: str) -> int:
    """The scion an option names (the first when none is named): the final boss; the other
    scions stay out of the game (VIC-SETUP-1)."""
    return find_card(deck.data.scions, text, "scion", "scions") if text else 0
