"""What leaves the Boss Quest engine: each seat's view and each seat's reading of the log.

A hidden weapon is shown only to its owner until combat (BQ-DEAL-2, BQ-COMBAT-1); the mystery
spell only once activated (BQ-MYST-2); the weapon deck's order to nobody, except a card put
back on top, to whoever saw it. A knight who resigned (BQ-R25) is shown ``resigned``; the
weapons they held lie ``set_aside``, a hidden one shown to nobody but them, ever.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gamehall.core.game import EVERYTHING, JSON, Action
from gamehall.core.i18n import Text
from gamehall.games.boss_quest import actions as act
from gamehall.games.boss_quest.combat import attack, effective_hp
from gamehall.games.boss_quest.state import (
    ACTIVE,
    AVAILABLE,
    DISCARDED,
    EVERYONE,
    HIDDEN,
    OVER,
    SPENT,
    BossQuestState,
)

if TYPE_CHECKING:
    from gamehall.games.boss_quest.rules import BossQuest

PHASES = ("setup", "setup", "setup", "dealing", "turn", "choice", "over")
STATUSES = {AVAILABLE: "available", ACTIVE: "active", SPENT: "spent", DISCARDED: "discarded"}


def _mystery_hidden(state: BossQuestState, slot: int, seat: int | None) -> bool:
    if seat == EVERYTHING:
        return False
    status = state.slots[slot].status
    return slot == state.mystery and status in (AVAILABLE, DISCARDED)


def build_view(game: BossQuest, state: BossQuestState, seat: int | None) -> JSON:
    """The table as ``seat`` may see it (None: a spectator)."""
    cards = game.cards
    codes = cards.weapon_codes
    hp = effective_hp(state, cards)
    playing = state.phase != OVER
    players = []
    for p in range(game.players):
        hidden = state.hidden[p]
        visible = [codes[c] for c in state.visible[p]]
        mine = seat in (p, EVERYTHING) or not playing  # the last combat showed every weapon
        shown = sum(cards.weapon_values[c] for c in state.visible[p])
        arming = playing and not state.at_magician[p] and state.boss > 0
        gone = state.gone[p]
        entry: dict[str, Any] = {
            "seat": p,
            "hearts": state.hearts[p],
            "keys": state.keys[p],
            "visible": visible,
            "hidden": (codes[hidden] if mine else "?") if hidden >= 0 else None,
            "cards": len(visible) + (hidden >= 0),
            "visible_total": shown,
            "at_magician": state.at_magician[p] and playing and not gone,
            "resigned": gone,
            "armorer": p == state.armorer,
            # BQ-ARM-5: a knight still arming announces when they are over the HP.
            "over": arming and hidden >= 0 and attack(state, cards, p) > hp,
        }
        if mine and hidden >= 0:
            entry["attack"] = attack(state, cards, p)
        players.append(entry)
    spells = []
    for i, slot in enumerate(state.slots):
        hidden_face = _mystery_hidden(state, i, seat)
        spells.append(
            {
                "slot": i + 1,
                "spell": None if hidden_face else cards.spells[slot.kind].code,
                "mystery": i == state.mystery,
                "status": STATUSES[slot.status],
                "target": slot.target if slot.target >= 0 else None,
            }
        )
    top_known = [
        codes[card] if knower in (EVERYONE, seat) or seat == EVERYTHING else "?"
        for card, knower in state.deck_top
    ]
    set_aside = [
        codes[card] if knower in (EVERYONE, seat) or seat == EVERYTHING else "?"
        for card, knower in state.aside
    ]
    to_move = game.to_move(state)
    return {
        "game": game.name,
        "seat": seat,
        "phase": PHASES[state.phase],
        "round": state.round,
        "to_move": "chance" if to_move is not None and to_move < 0 else to_move,
        "boss": {"hp": state.boss, "effective_hp": hp} if state.boss else None,
        "keys_to_win": game.keys_to_win,
        "armorer": state.armorer,
        "players": players,
        "spells": spells,
        "pending": state.pending._asdict() if state.pending else None,
        "last_call": list(state.last_call) if state.last_call_on else None,
        "weapon_deck": len(state.deck) + len(state.deck_top),
        "deck_top": top_known,
        "set_aside": set_aside,
        "boss_deck": len(state.boss_deck),
        "spell_deck": sum(state.spell_deck),
        "spell_discard": sum(state.spell_discard),
        "last_combat": _combat_view(game, state),
        "outcome": state.result.to_json() if state.result else None,
    }


def _combat_view(game: BossQuest, state: BossQuestState) -> JSON | None:
    combat = state.last_combat
    if combat is None:
        return None
    codes = game.cards.weapon_codes
    return {
        "round": combat.round,
        "boss": combat.boss,
        "hp": combat.hp,
        "winners": list(combat.winners),
        "seats": [
            {
                "hidden": codes[r.hidden] if r.hidden >= 0 else None,
                "attack": r.attack,
                "over": r.over,
                "failed_condition": r.failed_condition,
                "keys_gained": r.keys_gained,
                "heart_lost": r.heart_lost,
                "perfect": r.perfect,
            }
            for r in combat.seats
        ],
        "spells": [
            {
                "spell": game.cards.spells[slot.kind].code,
                "target": slot.target if slot.target >= 0 else None,
            }
            for slot in combat.spells
        ],
    }


# -- the log -------------------------------------------------------------------------


def weapon_name(game: BossQuest, card: int) -> dict[str, str]:
    """A weapon's display name in both languages, e.g. ``Longsword (red 5)``."""
    cards = game.cards
    value = cards.weapon_values[card]
    colour = cards.colours[cards.weapon_colours[card]].name
    name = next(w.name for w in cards.source.weapons if w.value == value)
    return {lang: f"{name.get(lang)} ({colour.get(lang)} {value})" for lang in ("en", "fr")}


def spell_name(game: BossQuest, kind: int) -> dict[str, str]:
    """A spell's display name in both languages."""
    name = game.cards.spells[kind].name
    return {"en": name.en, "fr": name.fr}


def boss_name(game: BossQuest, hp: int) -> dict[str, str]:
    """A boss's display name in both languages."""
    name = next(b.name for b in game.cards.source.bosses if b.hp == hp)
    return {"en": name.en, "fr": name.fr}


def describe(
    game: BossQuest,
    before: BossQuestState,
    action: Action,
    after: BossQuestState,
    seat: int | None,
) -> list[Text]:
    """The log lines of one action as ``seat`` may read them."""
    lines = _action_lines(game, before, action, after, seat)
    if after.last_combat is before.last_combat and after.boss:
        lines.extend(_over_announcements(game, before, after))
    return lines + _what_follows(game, before, after)


def _what_follows(game: BossQuest, before: BossQuestState, after: BossQuestState) -> list[Text]:
    """A combat the step brought on, and the end of the game."""
    lines = []
    if after.last_combat is not before.last_combat and after.last_combat is not None:
        lines.extend(_combat_lines(game, after))
    if after.result is not None and before.result is None:
        if after.result.reason == "others-resigned":
            winner = after.result.winners[0] + 1
            lines.append(Text("bq.log.others_resigned", {"seat": winner}))
        else:
            winners = [w + 1 for w in after.result.winners]
            count = len(after.result.winners)
            lines.append(Text("bq.log.game_over", {"winners": winners, "count": count}))
    return lines


def describe_resign(
    game: BossQuest, before: BossQuestState, seat: int, after: BossQuestState, viewer: int | None
) -> list[Text]:
    """The log lines of knight ``seat`` resigning (BQ-R25), and of what follows from it."""
    who = {"seat": seat + 1}
    lines = [Text("bq.log.resigned", who)]
    if before.hidden[seat] >= 0 or before.visible[seat]:
        lines.append(Text("bq.log.resigned_weapons", who))
    for slot in before.slots:
        if slot.status == ACTIVE and slot.target == seat:
            lines.append(
                Text("bq.log.resigned_spell", {**who, "spell": spell_name(game, slot.kind)})
            )
    pending = before.pending
    if pending is not None and after.pending is None:  # a choice dropped, or nothing to cancel
        spell = spell_name(game, before.slots[pending.slot].kind)
        lines.append(Text("bq.log.resigned_choice", {"spell": spell}))
    if after.armorer != before.armorer and after.round == before.round and not after.result:
        lines.append(Text("bq.log.armorer_passes", {"seat": after.armorer + 1}))
    return lines + _what_follows(game, before, after)


def _over_announcements(
    game: BossQuest, before: BossQuestState, after: BossQuestState
) -> list[Text]:
    """BQ-ARM-5: a knight still arming says so when they go over the boss's HP."""
    lines = []
    hp_before, hp_after = effective_hp(before, game.cards), effective_hp(after, game.cards)
    for p in range(game.players):
        if after.at_magician[p] or after.hidden[p] < 0:
            continue
        was_over = before.hidden[p] >= 0 and attack(before, game.cards, p) > hp_before
        if attack(after, game.cards, p) > hp_after and not was_over:
            lines.append(Text("bq.log.over", {"seat": p + 1}))
    return lines


def _action_lines(
    game: BossQuest,
    before: BossQuestState,
    action: Action,
    after: BossQuestState,
    seat: int | None,
) -> list[Text]:
    mover = before.pending.seat if before.pending else before.turn
    who = {"seat": mover + 1}
    if isinstance(action, act.FirstArmorer):
        return [Text("bq.log.armorer", {"seat": action.seat + 1})]
    if isinstance(action, act.RevealBoss):
        name = boss_name(game, action.hp)
        return [Text("bq.log.boss", {"round": after.round, "boss": name, "hp": action.hp})]
    if isinstance(action, act.DrawSpell):
        if after.mystery >= 0 and before.mystery < 0 and seat != EVERYTHING:
            return [Text("bq.log.spell_mystery")]
        kind = game.cards.spell_index(action.code)
        return [Text("bq.log.spell", {"spell": spell_name(game, kind)})]
    if isinstance(action, act.DrawWeapon):
        return _draw_lines(game, before, action, seat)
    if isinstance(action, act.Ask):
        return [Text("bq.log.ask", {**who, "count": action.count})]  # BQ-ARM-2: to all
    if isinstance(action, act.Rest):
        return [Text("bq.log.rest", who)]
    if isinstance(action, act.Activate | act.Discard):
        return _magician_lines(game, before, action, who, seat)
    if isinstance(action, act.Target):
        kind = before.slots[before.pending.slot].kind if before.pending else 0
        return [Text("bq.log.target", {"spell": spell_name(game, kind), "knight": action.seat + 1})]
    if isinstance(action, act.SwapWith):
        return [Text("bq.log.swap", {**who, "knight": action.seat + 1})]
    if isinstance(action, act.Give):
        card = game.cards.weapon_id(action.card)
        if before.hidden[mover] == card and seat not in (mover, EVERYTHING):
            return [Text("bq.log.give_hidden", who)]
        return [Text("bq.log.give", {**who, "card": weapon_name(game, card)})]
    if isinstance(action, act.Cancel):
        kind = before.slots[action.slot].kind
        lines = [Text("bq.log.cancel", {"spell": spell_name(game, kind)})]
        if before.last_call_on and not after.last_call_on and after.boss:
            lines.append(Text("bq.log.last_call_cancelled"))  # BQ-R13
        return lines
    return []


def _draw_lines(
    game: BossQuest, before: BossQuestState, action: act.DrawWeapon, seat: int | None
) -> list[Text]:
    draw = before.draws[0]
    card = game.cards.weapon_id(action.card)
    if draw.place == HIDDEN and seat not in (draw.seat, EVERYTHING):
        return [Text("bq.log.deal_hidden", {"seat": draw.seat + 1})]
    if draw.place != HIDDEN:
        key = "bq.log.deal"
    else:  # the owner reads "you"; a replay that sees everything names the knight
        key = "bq.log.deal_hidden_self" if seat == draw.seat else "bq.log.deal_hidden_shown"
    return [Text(key, {"seat": draw.seat + 1, "card": weapon_name(game, card)})]


def _magician_lines(
    game: BossQuest,
    before: BossQuestState,
    action: act.Activate | act.Discard,
    who: dict[str, int],
    seat: int | None,
) -> list[Text]:
    kind = before.slots[action.slot].kind
    mystery = action.slot == before.mystery
    if isinstance(action, act.Discard):
        if mystery and seat != EVERYTHING:
            return [Text("bq.log.discard_mystery", who)]
        return [Text("bq.log.discard", {**who, "spell": spell_name(game, kind)})]
    key = "bq.log.activate_mystery" if mystery else "bq.log.activate"
    lines = [Text(key, {**who, "spell": spell_name(game, kind)})]
    effect = game.cards.spells[kind].effect.kind
    if effect == "last_call":
        lines.append(Text("bq.log.last_call"))
    elif effect == "cancel" and not game.cancellable(before):
        lines.append(Text("bq.log.cancel_nothing"))
    return lines


def _combat_lines(game: BossQuest, after: BossQuestState) -> list[Text]:
    combat = after.last_combat
    assert combat is not None
    lines = [Text("bq.log.combat", {"boss": boss_name(game, combat.boss), "hp": combat.hp})]
    for p, result in enumerate(combat.seats):
        if after.gone[p]:
            continue  # BQ-R25: a knight who resigned takes no part in combat
        hidden = weapon_name(game, result.hidden) if result.hidden >= 0 else "-"
        params = {"seat": p + 1, "attack": result.attack, "hidden": hidden}
        if result.over:
            key = "bq.log.combat_over_lose" if result.heart_lost else "bq.log.combat_over_safe"
        elif result.failed_condition:
            key = "bq.log.combat_failed"
        else:
            key = "bq.log.combat_in"
        lines.append(Text(key, params))
    for p in combat.winners:
        gained = combat.seats[p].keys_gained - combat.seats[p].perfect
        lines.append(Text("bq.log.winner", {"seat": p + 1, "keys": gained}))
    if not combat.winners:
        lines.append(Text("bq.log.no_winner"))
    for p, result in enumerate(combat.seats):
        if result.perfect:
            lines.append(Text("bq.log.perfect", {"seat": p + 1}))
    return lines


def action_label(game: BossQuest, view: JSON, action: Action) -> Text:
    """A menu label for ``action`` from what the seat of ``view`` may see."""
    spells = view["spells"]

    def spell_of(slot: int) -> Text | dict[str, str]:
        code = spells[slot]["spell"]
        if code is None:
            return Text("bq.action.mystery")
        return spell_name(game, game.cards.spell_index(code))

    if isinstance(action, act.Ask):
        return Text("bq.action.ask", {"count": action.count})
    if isinstance(action, act.Activate):
        return Text("bq.action.activate", {"spell": spell_of(action.slot)})
    if isinstance(action, act.Discard):
        return Text("bq.action.discard", {"spell": spell_of(action.slot)})
    if isinstance(action, act.Rest):
        return Text("bq.action.rest")
    if isinstance(action, act.Target):
        return Text("bq.action.target", {"seat": action.seat + 1})
    if isinstance(action, act.SwapWith):
        return Text("bq.action.swap", {"seat": action.seat + 1})
    if isinstance(action, act.Give):
        return Text(
            "bq.action.give", {"card": weapon_name(game, game.cards.weapon_id(action.card))}
        )
    if isinstance(action, act.Cancel):
        return Text("bq.action.cancel", {"spell": spell_of(action.slot)})
    return chance_label(game, action)


def chance_label(game: BossQuest, action: Action) -> Text:
    """A chance outcome by name, as a physical copy's entry offers it: the knight, the
    boss, the spell or the weapon."""
    if isinstance(action, act.FirstArmorer):
        return Text("bq.label.armorer", {"seat": action.seat + 1})
    if isinstance(action, act.RevealBoss):
        return Text("bq.label.boss", {"boss": boss_name(game, action.hp), "hp": action.hp})
    if isinstance(action, act.DrawSpell):
        spell = spell_name(game, game.cards.spell_index(action.code))
        return Text("bq.label.spell", {"spell": spell})
    if isinstance(action, act.DrawWeapon):
        card = weapon_name(game, game.cards.weapon_id(action.card))
        return Text("bq.label.weapon", {"card": card})
    return Text("core.action", {"notation": str(action)})
