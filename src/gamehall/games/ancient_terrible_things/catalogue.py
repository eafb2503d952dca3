"""The grammar of Ancient Terrible Things' notation, for the action catalogue
(``core.catalogue``).

Its size follows the card set and the Terrible Thing supply: an encounter starts with five
Focus dice and every ``extra_die`` effect adds more, so the dice words run to
:func:`most_focus_dice`, and a choice of dice (``reroll``, ``aside``) is written for every set
of at most as many dice as the largest such effect allows.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from gamehall.core.catalogue import ActionForms, Form, numbered
from gamehall.games.ancient_terrible_things.actions import action_die, focus_die
from gamehall.games.ancient_terrible_things.cards import Effect
from gamehall.games.ancient_terrible_things.dice import (
    ACTION_DICE,
    ACTION_FACES,
    FOCUS_DICE,
    FOCUS_FACES,
)
from gamehall.games.ancient_terrible_things.effects import subsets

if TYPE_CHECKING:
    from gamehall.games.ancient_terrible_things.rules import AncientTerribleThings

PLAIN = ("bonus", "skip", "use", "decline", "leave", "fail", "done")
"""The one-word verbs (``actions.PLAIN_VERBS``) in catalogue order."""


def _most(effects: Iterable[Effect], kind: str) -> int:
    """The largest amount of the ``kind`` effects among ``effects`` (0: none)."""
    return max((e.amount for e in effects if e.kind == kind), default=0)


def _all_effects(game: AncientTerribleThings) -> list[Effect]:
    """Every effect that can act in an encounter: Loot, Exploits, Terrible Thing benefits."""
    cards = game.cards
    return [
        *(e for card in cards.loot for e in card.effects),
        *(e for card in cards.exploits for e in card.effects),
        *(e for card in cards.characters for e in card.benefits),
    ]


def most_terrible(game: AncientTerribleThings) -> int:
    """The most Terrible Thing tokens one player holds while the game goes on: the supply's
    last token ends it (ATT-END-1)."""
    return max(game.setup.supply - 1, 0)


def most_focus_dice(game: AncientTerribleThings) -> int:
    """The most Focus dice an encounter can hold: five, each Exploit's extra dice (played
    once), a Terrible Thing benefit's per unflipped token, and the Loot cards' (an Action die
    each, or once plus once per ready effect for a card that needs none)."""
    cards = game.cards
    tokens = most_terrible(game)
    exploits = sum(e.amount for x in cards.exploits for e in x.effects if e.kind == "extra_die")
    benefits = tokens * _most((b for c in cards.characters for b in c.benefits), "extra_die")
    readies = sum(e.kind == "ready" for x in cards.exploits for e in x.effects)
    readies += sum(e.kind == "ready" for x in cards.loot for e in x.effects)
    readies += tokens * any(b.kind == "ready" for c in cards.characters for b in c.benefits)
    with_die = _most((e for x in cards.loot if x.action_die for e in x.effects), "extra_die")
    without = [e for x in cards.loot if not x.action_die for e in x.effects]
    loot = ACTION_DICE * with_die + (1 + readies) * sum(
        e.amount for e in without if e.kind == "extra_die"
    )
    return FOCUS_DICE + exploits + benefits + loot


def most_combos(game: AncientTerribleThings) -> int:
    """The most combinations an encounter accepts: its own, then the scenario's."""
    cards = game.cards
    return max(len(e.combos) for e in cards.encounters) + max(
        len(s.combos) for s in cards.scenarios
    )


def _dice_sets(dice: int, most: int) -> tuple[str, ...]:
    """``f1``, ``f2``, ..., ``f1+f2``, ...: every set of at most ``most`` of ``dice`` dice."""
    return tuple("+".join(map(focus_die, chosen)) for chosen in subsets(range(dice), most))


def action_forms(game: AncientTerribleThings) -> ActionForms:
    """Every decision and chance outcome of ``game``: its cards, dice, benefits and seats."""
    cards = game.cards
    effects = _all_effects(game)
    focus = tuple(map(focus_die, range(most_focus_dice(game))))
    action = tuple(map(action_die, range(ACTION_DICE)))
    faces = tuple(map(str, FOCUS_FACES))
    locations = (tuple(c.code for c in cards.locations),)
    loot = (tuple(c.code for c in cards.loot),)
    exploits = (tuple(c.code for c in cards.exploits),)
    benefits = max(len(c.benefits) for c in cards.characters)
    decisions = [
        *(Form(verb) for verb in PLAIN),
        Form("go", locations),
        Form("buy", loot),
        Form("defeat", (numbered(most_combos(game)),)),
        Form("focus", (focus,)),
        Form("loot", (tuple(c.code for c in cards.loot if c.action_die), action)),
        Form("loot", (tuple(c.code for c in cards.loot if not c.action_die),)),
        Form("play", exploits),
        Form("terrible", (numbered(benefits),)),
        Form("cash", (action,)),
        Form("reroll", (_dice_sets(len(focus), _most(effects, "reroll")),)),
        Form("aside", (_dice_sets(len(focus), _most(effects, "set_aside")),)),
    ]
    kinds = {e.kind for e in effects}
    if "nudge" in kinds:
        decisions.append(Form("nudge", (focus, ("up", "down"))))
    if "set_face" in kinds:
        decisions.append(Form("face", (focus, faces)))
    if "ready" in kinds:
        decisions.append(Form("ready", loot))
    chance = (
        Form("character", (tuple(c.code for c in cards.characters),)),
        Form("scenario", (tuple(c.code for c in cards.scenarios),)),
        Form("location", locations),
        Form("accomplishment", (tuple(c.code for c in cards.accomplishments),)),
        Form("exploit", exploits),
        Form("encounter", (tuple(c.code for c in cards.encounters),)),
        Form("first", (numbered(game.players),)),
        Form("roll", (focus, faces)),
        Form("roll", (action, tuple(face for face, _ in ACTION_FACES))),
    )
    return ActionForms(tuple(decisions), chance)
