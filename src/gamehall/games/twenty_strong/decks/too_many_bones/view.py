"""The Too Many Bones part of the view: day, Gearloc, backup plan, Tyrant, encounters; its log
lines and the numbered slots of the backup plan (the deck's ``view`` part, :data:`VIEW`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamehall.core.game import JSON, Action
from gamehall.core.i18n import Text
from gamehall.games.twenty_strong.deck import DeckView
from gamehall.games.twenty_strong.decks.too_many_bones.actions import SetAside
from gamehall.games.twenty_strong.decks.too_many_bones.zones import BACKUP
from gamehall.games.twenty_strong.dice import COLOUR_NAMES, die_name
from gamehall.games.twenty_strong.runtime import fxs, mods
from gamehall.games.twenty_strong.state import State
from gamehall.games.twenty_strong.view import card_json, effect_json, effects_json, item_json

if TYPE_CHECKING:
    from gamehall.games.twenty_strong.decks.too_many_bones.deck import Tmb, TooManyBones


def deck_view(deck: TooManyBones, state: State) -> JSON:
    """Everything of the deck's own the player sees."""
    tmb: Tmb = state.deck
    hero = deck.hero()
    plan = deck.backup_plan(state)
    slots = []
    backup_dice = {state.places[d]: d for d in state.dice_in(BACKUP)}
    for slot, colour in enumerate(plan.slots):
        die = backup_dice.get(slot)
        slots.append({"colour": colour, "die": die_name(die) if die is not None else None})
    innate, plus = deck.abilities
    tyrant = deck.tyrant_card()
    encounter = None
    if tmb.encounter >= 0:
        info = deck.tyrant_encounters[tmb.encounter]
        encounter = {
            "code": deck.cards[tmb.encounter].code,
            "name": deck.cards[tmb.encounter].name.model_dump(),
            "points": info.points,
            "fives": info.fives,
            "modifiers": [effect_json(m) for m in info.modifiers],
        }
    return {
        "day": tmb.day,
        "rank": deck.rank,
        "bq_shift": tmb.bq_shift,
        "final": tmb.final,
        "hero": {
            "code": hero.code,
            "name": hero.name.model_dump(),
            "universal": tmb.universal,
            "flipped": tmb.flipped,
            "innate": effects_json(innate.modifiers, innate.effects),
            "innate_plus": effects_json(plus.modifiers, plus.effects),
        },
        "backup": {
            "slots": slots,
            "options": [[effect_json(e) for e in fxs(option)] for option in plan.options],
        },
        "tyrant": {  # both sides, open at any time (TMB-SETUP-2)
            "code": tyrant.code,
            "name": tyrant.name.model_dump(),
            "min_day": tyrant.min_day,
            "setup": [effect_json(e) for e in fxs(tyrant.setup)],
            "flip": card_json(deck.cards[deck.tyrant_id]),
            "health_scale": tyrant.health_scale,
            "damage_scale": tyrant.damage_scale,
            "power": deck.power(state),
            "during": [effect_json(m) for m in mods(tyrant.during)],
        },
        "encounter": encounter,
        "tyrant_encounters_left": deck.power(state),
        "encounter_tops": [
            {"stack": name, "code": deck.cards[top].code, "kind": deck.encounter_kind(top)}
            for name, top in (("enc", state.stacks[4].top()), ("enc+", state.stacks[5].top()))
            if top >= 0
        ],
        "locks": {
            deck.cards[card].code: {
                "colours": [COLOUR_NAMES[c] for c in sorted(lock.colours)],
                "hits": lock.hits,
                "reward": item_json(lock.reward),
            }
            for card, lock in deck.lockpicks.items()
            if any(item.card == card for item in state.inventory)
        },
    }


class TooManyBonesView(DeckView["TooManyBones"]):
    """The Too Many Bones view: its part of the table, its log lines, its backup slots."""

    def view(self, deck: TooManyBones, state: State) -> JSON:
        return deck_view(deck, state)

    def describe(
        self, deck: TooManyBones, before: State, action: Action, after: State
    ) -> list[Text]:
        lines = []
        if isinstance(action, SetAside):
            lines.append(Text("20s.log.boxed"))
        if after.deck.day != before.deck.day:
            lines.append(Text("20s.log.day", {"day": after.deck.day}))
        return lines

    def place_label(self, deck: TooManyBones, zone: int, place: int) -> str | int:
        return place if zone == BACKUP else super().place_label(deck, zone, place)


VIEW = TooManyBonesView()
"""The deck's ``view`` part."""
