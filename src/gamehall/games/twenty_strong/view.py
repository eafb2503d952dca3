"""What leaves the 20 Strong engine: the view (JSON) and the log lines of each action.

A solo game has one seat and spectators; both see the same table. The order of the hidden
part of every stack (and the Tyrant encounters set aside unseen) never leaves the engine:
a stack shows its known cards and a count.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from gamehall.core.game import JSON, Action
from gamehall.core.i18n import Text
from gamehall.games.twenty_strong import flow
from gamehall.games.twenty_strong.actions import DieFace, Reveal
from gamehall.games.twenty_strong.dice import COLOUR_NAMES, FACE_NAMES, colour_of, die_name
from gamehall.games.twenty_strong.effects import effective
from gamehall.games.twenty_strong.runtime import CardInfo, Fx, ItemInfo, Mod
from gamehall.games.twenty_strong.state import NOWHERE, ON_CARD, ZONE_NAMES, State

if TYPE_CHECKING:
    from gamehall.games.twenty_strong.rules import TwentyStrong


def effect_json(effect: Fx | Mod) -> JSON:
    """An effect or modifier as data for renderers (translated by ``20s.effect.KIND``)."""
    data: JSON = {"kind": effect.kind}
    if effect.amount:
        data["amount"] = effect.amount
    if effect.stat:
        data["stat"] = effect.stat
    if isinstance(effect, Mod) and effect.colours:
        data["colours"] = [COLOUR_NAMES[c] for c in sorted(effect.colours)]
    if isinstance(effect, Fx):
        if effect.scale:
            data["scale"] = effect.scale
        if effect.hook:
            data["hook"] = effect.hook
        if effect.when:
            data["when"] = effect.when
    return data


def effects_json(*groups: Iterable[Fx | Mod]) -> list[JSON]:
    """Several groups of effects and modifiers as one list of data."""
    return [effect_json(effect) for group in groups for effect in group]


def item_json(info: ItemInfo) -> JSON:
    """An item reward as data."""
    return {
        "kind": info.kind,
        "name": info.name.model_dump(),
        "effects": effects_json(info.effects, info.modifiers),
        "cost": info.cost,
    }


def card_json(info: CardInfo) -> JSON:
    """A conflict card's printed face."""
    return {
        "code": info.code,
        "name": info.name.model_dump(),
        "kind": info.kind,
        "health": info.health,
        "damage": info.damage,
        "extra_enemies": info.extra_enemies,
        "during": [effect_json(m) for m in info.during],
        "after": [effect_json(e) for e in info.after],
        "special": [effect_json(e) for e in info.special],
        "instant": [effect_json(e) for e in info.instant],
        "item": item_json(info.item) if info.item else None,
    }


def build_view(game: TwentyStrong, state: State) -> JSON:
    """The table as anyone at it sees it."""
    deck = game.deck
    zone_names = [*ZONE_NAMES, *deck.zone_names]
    dice = []
    for die, zone in enumerate(state.zones):
        place = state.places[die]
        on = None if place == NOWHERE else deck.place_label(zone, place)
        dice.append(
            {
                "die": die_name(die),
                "colour": COLOUR_NAMES[colour_of(die)],
                "zone": zone_names[zone],
                "face": FACE_NAMES[state.faces[die]],
                "on": on,
                "rolling": die in state.to_roll,
            }
        )
    active = []
    for index, card in enumerate(state.active):
        data = card_json(deck.cards[card.card])
        data.update(
            position=index + 1,
            health=card.health,
            damage=card.damage,
            power=card.power,
            taken=card.taken,
            hits=card.hits,
            defeated=card.defeated,
            dice=[die_name(d) for d in state.dice_on(card.card)],
        )
        active.append(data)
    inventory = []
    for index, item in enumerate(state.inventory):
        info = deck.item(state, item.card)
        inventory.append(
            {
                "position": index + 1,
                "code": deck.cards[item.card].code,
                "name": deck.cards[item.card].name.model_dump(),
                "locked": item.locked,
                "item": item_json(info) if info else None,
                **deck.item_view(state, item.card),
            }
        )
    stacks = []
    for index, stack in enumerate(state.stacks):
        stacks.append(
            {
                "name": deck.stack_names()[index],
                "known": [deck.cards[c].code for c in stack.known],
                "top": card_json(deck.cards[stack.known[0]]) if stack.known else None,
                "count": deck.stack_size(state, index),
            }
        )
    task = state.tasks[0] if state.tasks else None
    return {
        "deck": deck.name,
        "phase": state.phase,
        "round": state.round,
        "result": {1: "won", -1: "lost"}.get(state.result),
        "stats": {
            "health": state.health,
            "strategy": effective(game, state, "strategy"),
            "recovery": effective(game, state, "recovery"),
            "base_strategy": state.strategy,
            "base_recovery": state.recovery,
        },
        "strategy_phases": state.phases_used,
        "dice": dice,
        "active": active,
        "inventory": inventory,
        "stacks": stacks,
        "discard": len(state.discard),
        "task": None
        if task is None
        else {
            "kind": task.kind,
            "amount": task.amount,
            "source": deck.cards[task.source].code if task.source >= 0 else None,
        },
        "rewards": [deck.cards[c].code for c in state.rewards],
        "after_waiting": [i + 1 for i in flow.after_waiting(game, state)],
        "table": deck.view(state),
    }


def describe_action(game: TwentyStrong, before: State, action: Action, after: State) -> list[Text]:
    """The log lines for ``action``: what was done, then what changed."""
    deck = game.deck
    lines: list[Text] = []
    if isinstance(action, DieFace):
        face = Text(f"20s.face.{FACE_NAMES[action.face]}")
        lines.append(Text("20s.log.die", {"die": die_name(action.die), "face": face}))
    elif isinstance(action, Reveal):
        card = deck.cards[deck.codes[action.code]].name.model_dump()
        stack = deck.stack_names()[action.stack]
        lines.append(Text("20s.log.reveal", {"card": card, "stack": stack}))
    elif game.to_move(before) == 0:
        lines.append(Text("20s.log.action", {"action": str(action)}))
    lines.extend(deck.describe(before, action, after))
    lines.extend(_changes(game, before, after))
    return lines


def _changes(game: TwentyStrong, before: State, after: State) -> list[Text]:
    deck = game.deck
    lines: list[Text] = []
    old_cards = {a.card for a in before.active}
    for card in after.active:
        name = deck.cards[card.card].name.model_dump()
        if card.card not in old_cards:
            lines.append(Text("20s.log.activated", {"card": name, "health": card.health}))
        elif card.defeated and not before.active[before.find_active(card.card)].defeated:
            lines.append(Text("20s.log.defeated", {"card": name}))
    zone_names = [*ZONE_NAMES, *deck.zone_names]
    for die, (old, new) in enumerate(zip(before.zones, after.zones, strict=True)):
        if new not in (old, ON_CARD):
            zone = Text(f"20s.zone.{zone_names[new]}")
            lines.append(Text("20s.log.die_moved", {"die": die_name(die), "zone": zone}))
    if after.health != before.health:
        lines.append(Text("20s.log.health", {"old": before.health, "new": after.health}))
    for stat in ("strategy", "recovery"):
        old_value, new_value = getattr(before, stat), getattr(after, stat)
        if old_value != new_value:
            params = {"stat": Text(f"20s.stat.{stat}"), "old": old_value, "new": new_value}
            lines.append(Text("20s.log.stat", params))
    gained = {i.card for i in after.inventory} - {i.card for i in before.inventory}
    for gained_card in sorted(gained):
        info = deck.item(after, gained_card)
        name = (info.name if info else deck.cards[gained_card].name).model_dump()
        lines.append(Text("20s.log.item", {"card": name}))
    if after.result and not before.result:
        lines.append(Text("20s.log.won" if after.result > 0 else "20s.log.lost"))
    return lines


def label_action(game: TwentyStrong, view: JSON, action: Action) -> Text:
    """How an action reads on a button."""
    return Text(f"20s.label.{type(action).__name__.lower()}", {"action": str(action)})


def colours_text(colours: list[str]) -> Text:
    """Colour names in the reader's language, joined: ``yellow/green``."""
    text = Text(f"20s.colour.{colours[-1]}")
    for colour in reversed(colours[:-1]):
        text = Text("core.slash", {"first": Text(f"20s.colour.{colour}"), "second": text})
    return text


def effect_text(data: JSON) -> Text:
    """An effect or modifier (as in a view) as readable text."""
    kind = data["kind"]
    params: dict[str, Any] = {"amount": data.get("amount", 0)}
    if "stat" in data:
        params["stat"] = Text(f"20s.stat.{data['stat']}")
    if "colours" in data:
        params["colours"] = colours_text(data["colours"])
    key = f"20s.effect.hook.{data['hook']}" if kind == "hook" else f"20s.effect.{kind}"
    text = Text(key, params)
    if data.get("scale"):
        text = Text("20s.effect.scale", {"text": text, "scale": data["scale"]})
    if data.get("when"):
        text = Text("core.pair", {"first": Text(f"20s.when.{data['when']}"), "second": text})
    return text
