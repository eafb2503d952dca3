"""What leaves the 20 Strong engine: the view (JSON) and the log lines of each action.

A solo game has one seat and spectators; both see the same table. The order of the hidden
part of every stack (and the Tyrant encounters set aside unseen) never leaves the engine:
a stack shows its known cards and a count.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from gamehall.core.game import JSON, Action
from gamehall.core.i18n import Text, listed, percent_text
from gamehall.core.memo import memo
from gamehall.games.twenty_strong import flow
from gamehall.games.twenty_strong.actions import DieFace, Reveal
from gamehall.games.twenty_strong.deck import view_of
from gamehall.games.twenty_strong.dice import (
    COLOUR_NAMES,
    COLOUR_OF,
    CRIT,
    FACE_NAMES,
    colour_of,
    die_name,
)
from gamehall.games.twenty_strong.effect_kinds import EFFECT_KINDS, MODIFIER_KINDS
from gamehall.games.twenty_strong.effects import (
    CAUSES,
    Cause,
    commit_limit,
    effective,
    modifiers,
    total,
)
from gamehall.games.twenty_strong.odds import (
    Card,
    expected_damage,
    p_at_least,
    p_defeat_all,
    pool_of,
)
from gamehall.games.twenty_strong.ranking import ranking_after
from gamehall.games.twenty_strong.runtime import CardInfo, Fx, ItemInfo, Mod
from gamehall.games.twenty_strong.state import (
    APPLY,
    COMMIT,
    COMMITTED,
    END_REASONS,
    NOWHERE,
    ON_CARD,
    POOL,
    ZONE_NAMES,
    State,
)

if TYPE_CHECKING:
    from gamehall.games.twenty_strong.rules import TwentyStrong


def effect_json(effect: Fx | Mod) -> JSON:
    """An effect (as its kind shows it) or a modifier as data for renderers (translated by
    ``effect_text``)."""
    if isinstance(effect, Fx):
        return EFFECT_KINDS[effect.kind].view(effect)
    return MODIFIER_KINDS[effect.kind].view(effect)


def effects_json(*groups: Iterable[Fx | Mod]) -> list[JSON]:
    """Several groups of effects and modifiers as one list of data."""
    return [effect_json(effect) for group in groups for effect in group]


@memo(1024)
def item_json(info: ItemInfo) -> JSON:
    """An item reward as data (shared between views: copy it before changing it)."""
    return {
        "kind": info.kind,
        "name": info.name.model_dump(),
        "effects": effects_json(info.effects, info.modifiers),
        "cost": info.cost,
    }


@memo(1024)
def card_json(info: CardInfo) -> JSON:
    """A conflict card's printed face (shared between views, which bots build by the million:
    copy it before changing it)."""
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
        on = None if place == NOWHERE else view_of(deck).place_label(deck, zone, place)
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
        data = dict(card_json(deck.cards[card.card]))
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
                **view_of(deck).item_view(deck, state, item.card),
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
        "result": "won" if state.result > 0 else "lost" if state.result < 0 else None,
        "rank": game.options["rank"],
        "ranking": ranking_after(game.options["rank"], state.result > 0) if state.result else None,
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
        "table": view_of(deck).view(deck, state),
    }


# -- odds beside the dice ------------------------------------------------------------------


def dice_targets(game: TwentyStrong, state: State) -> list[tuple[int, Card]]:
    """Each undefeated active card as the dice see it: its position, the damage it still
    needs, the colours whose hits it takes and what a crit deals it (docs/rulings.md GEN-R11).

    Immunities are During effects of the card and the battle's own modifiers (``flow.hittable``
    without the guards: they only set the order, GEN-R13).
    """
    battle = game.deck.modifiers(state)
    targets = []
    for index, active in enumerate(state.active):
        if active.defeated:
            continue
        colours = flow.colours_taken(game, state, index, battle)
        need = max(0, active.health - active.taken)
        targets.append((index, Card(need, colours, flow.hit_damage(game, state, index, CRIT))))
    return targets


def odds_view(game: TwentyStrong, state: State) -> JSON:
    """The odds of what the dice about to be rolled can do to the active cards, shown beside
    the commit, roll and again decisions (``{}`` when no such decision waits).

    ``committed`` is for the committed dice (in the Apply step: the unapplied dice, which
    another Strategy phase rolls again), ``more`` for them plus the strongest pool dice that may
    still be committed (``added`` of them). Each gives the chance to defeat every undefeated
    card (``defeat_all``), the expected damage of the roll, and per card the chance that the
    dice deal it at least the damage it still needs (``at_least``). Everything comes from the
    table the player sees: dice, cards, modifiers (docs/rulings.md GEN-R11)."""
    if state.phase not in (COMMIT, APPLY) or state.tasks or game.to_move(state) != 0:
        return {}
    targets = dice_targets(game, state)
    if not targets:
        return {}
    mods = modifiers(game, state)
    if state.phase == APPLY and not flow.can_repeat(game, state, mods):
        return {}
    zones = state.zones
    committed = [COLOUR_OF[d] for d, z in enumerate(zones) if z == COMMITTED]
    pool = sorted((COLOUR_OF[d] for d, z in enumerate(zones) if z == POOL), reverse=True)
    room = commit_limit(mods) - (state.counter if state.phase == COMMIT else 0)
    added = pool[: max(0, room)]
    if not committed and not added:
        return {}  # nothing to roll: no figure to show
    no_crit = any(m.kind == "no_crit" for m in game.deck.modifiers(state))
    crit = 1 if no_crit else 2 + total(mods, "crit_bonus")
    return {
        "reroll": state.phase == APPLY,
        "committed": _figures(committed, targets, crit) if committed else None,
        "more": {**_figures(committed + added, targets, crit), "added": len(added)}
        if added
        else None,
    }


def _figures(colours: list[int], targets: list[tuple[int, Card]], crit: int) -> JSON:
    dice = pool_of(colours)
    cards = [card for _, card in targets]
    return {
        "dice": len(colours),
        "defeat_all": _chance(p_defeat_all(dice, cards)),
        "expected_damage": round(float(expected_damage(dice, Card(crit=crit))), 2),
        "cards": [
            {
                "position": index + 1,
                "need": card.health,
                "at_least": _chance(p_at_least(dice, card)),
                "expected": round(float(expected_damage(dice, card)), 2),
            }
            for index, card in targets
        ],
    }


def _chance(value: Fraction) -> float:
    """A probability for the view: a float, to 4 decimals (exact figures: ``odds``)."""
    return round(float(value), 4)


def odds_texts(odds: JSON) -> list[tuple[Text, list[Text]]]:
    """The ``odds`` of a view in words: for each set of dice, its line (chance to defeat every
    card, expected damage) and one text per card (``#2 ≥ health: 80 %``)."""
    found = []
    for key in ("committed", "more"):
        figures = odds.get(key)
        if not figures:
            continue
        if key == "more":
            dice = Text("20s.odds.more", {"dice": figures["dice"], "added": figures["added"]})
        else:
            which = "20s.odds.reroll" if odds["reroll"] else "20s.odds.committed"
            dice = Text(which, {"dice": figures["dice"]})
        defeat = Text("20s.odds.defeat_all", {"percent": percent_text(figures["defeat_all"])})
        expected = Text("20s.odds.expected", tenths(figures["expected_damage"]))
        line = Text("20s.odds.line", {"dice": dice, "defeat": defeat, "expected": expected})
        cards = [
            Text(
                "20s.odds.card",
                {
                    "position": card["position"],
                    "text": Text("20s.odds.at_least", {"percent": percent_text(card["at_least"])}),
                },
            )
            for card in figures["cards"]
        ]
        found.append((line, cards))
    return found


def tenths(value: float) -> dict[str, int]:
    """``{"whole": 4, "tenth": 1}`` for 4.08: the parameters of a number with one decimal,
    which each language writes with its own separator."""
    rounded = int(value * 10 + 0.5)
    return {"whole": rounded // 10, "tenth": rounded % 10}


def describe_action(game: TwentyStrong, before: State, action: Action, after: State) -> list[Text]:
    """The log lines for ``action``: what was done, then what changed and why."""
    from gamehall.games.twenty_strong import words

    deck = game.deck
    lines: list[Text] = []
    if isinstance(action, DieFace):
        face = Text(f"20s.face.{FACE_NAMES[action.face]}")
        lines.append(Text("20s.log.die", {"die": words.die(action.die), "face": face}))
    elif isinstance(action, Reveal):
        card = deck.cards[deck.codes[action.code]].name.model_dump()
        stack = words.stack(deck.name, deck.stack_names()[action.stack])
        lines.append(Text("20s.log.reveal", {"card": card, "stack": stack}))
    elif game.to_move(before) == 0:
        said = label_action(game, build_view(game, before), action)
        lines.append(Text("20s.log.action", {"action": said}))
    lines.extend(view_of(deck).describe(deck, before, action, after))
    lines.extend(describe_changes(game, before, after, narrated(game, before, action)))
    return lines


def narrated(game: TwentyStrong, before: State, action: Action) -> list[Cause]:
    """Why each stat changed in ``action``: the action is played again with the rules
    noting causes (``effects.CAUSES``); the rules note nothing the rest of the time."""
    causes: list[Cause] = []
    token = CAUSES.set(causes)
    try:
        game.apply_legal(before, action)
    finally:
        CAUSES.reset(token)
    return causes


def describe_changes(
    game: TwentyStrong, before: State, after: State, causes: Iterable[Cause] = ()
) -> list[Text]:
    """The log lines for what changed from ``before`` to ``after`` (an action's effects),
    each stat change with its cause when ``causes`` gives it."""
    from gamehall.games.twenty_strong import words

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
    moved: dict[int, list[int]] = {}
    for die, (old, new) in enumerate(zip(before.zones, after.zones, strict=True)):
        if new not in (old, ON_CARD):
            moved.setdefault(new, []).append(die)
    for zone, dice in moved.items():
        where = words.zone(zone_names[zone])
        lines.append(Text("20s.log.dice_moved", {"dice": words.dice(dice), "zone": where}))
    told = set()
    for why, sources, stat, old_value, new_value, ward in causes:
        told.add(stat)
        lines.append(stat_line(game, why, sources, stat, old_value, new_value, ward))
    for stat in ("health", "strategy", "recovery"):
        old_value, new_value = getattr(before, stat), getattr(after, stat)
        if old_value != new_value and stat not in told:
            params = {"stat": Text(f"20s.stat.{stat}"), "old": old_value, "new": new_value}
            lines.append(Text("20s.log.stat", params))
    gained = {i.card for i in after.inventory} - {i.card for i in before.inventory}
    for gained_card in sorted(gained):
        info = deck.item(after, gained_card)
        name = (info.name if info else deck.cards[gained_card].name).model_dump()
        lines.append(Text("20s.log.item", {"card": name}))
    if after.result and not before.result:
        if after.result > 0:
            lines.append(Text("20s.log.won"))
        else:
            reason = Text(f"core.reason.{END_REASONS[after.result]}")
            lines.append(Text("20s.log.lost", {"reason": reason}))
    return lines


def stat_line(
    game: TwentyStrong,
    why: str,
    sources: tuple[int, ...],
    stat: str,
    old: int,
    new: int,
    ward: int,
) -> Text:
    """A stat change said with its cause: ``Bat Lord hits you: Health 5 → 4``."""

    names = [game.deck.cards[card].name.model_dump() for card in sources]
    params: dict[str, object] = {"stat": Text(f"20s.stat.{stat}"), "old": old, "new": new}
    if why == "suffer":
        params.update(cards=listed(names), count=len(names), ward=ward)
        return Text("20s.log.suffer_ward" if ward else "20s.log.suffer", params)
    if names:
        return Text("20s.log.stat_by", {**params, "cause": listed(names)})
    key = f"20s.log.stat.{why}"
    return Text(key if why != "effect" else "20s.log.stat", params)


def label_action(game: TwentyStrong, view: JSON, action: Action) -> Text:
    """How an action reads on a button (``labels``)."""
    from gamehall.games.twenty_strong.labels import label

    return label(game, view, action)


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
    effect = EFFECT_KINDS.get(kind)  # an effect's kind, else a modifier's (``stat``: both)
    modifier = MODIFIER_KINDS.get(kind) if effect is None else None
    if effect is not None:
        key = effect.text_key(data)
    elif modifier is not None:
        key = modifier.text_key(data)
    else:
        key = f"20s.effect.{kind}"
    text = Text(key, params)
    if data.get("scale"):
        text = Text("20s.effect.scale", {"text": text, "scale": data["scale"]})
    if data.get("when"):
        text = Text("core.pair", {"first": Text(f"20s.when.{data['when']}"), "second": text})
    return text


def chapter(state: State) -> Text | None:
    """The log's group for the actions taken from ``state``: its round, within the day in
    Too Many Bones (a deck's state that counts days); None before the first round."""
    if state.round < 1:
        return None
    day = getattr(state.deck, "day", 0)
    if day:
        return Text("20s.log.chapter_day", {"day": day, "round": state.round})
    return Text("20s.log.chapter", {"round": state.round})
