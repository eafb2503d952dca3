"""Why a Boss Quest action is illegal, in one line that names the rule it breaks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamehall.core.game import Action
from gamehall.core.i18n import Text
from gamehall.games.boss_quest import actions as act
from gamehall.games.boss_quest.combat import is_over
from gamehall.games.boss_quest.state import (
    ACTIVE,
    AVAILABLE,
    CHOICE,
    DISCARDED,
    TURN,
    BossQuestState,
)

if TYPE_CHECKING:
    from gamehall.games.boss_quest.rules import BossQuest

CHANCE_ACTIONS = (act.FirstArmorer, act.RevealBoss, act.DrawSpell, act.DrawWeapon)
CHOICE_ACTIONS = (act.Target, act.SwapWith, act.Give, act.Cancel)


def explain_illegal(game: BossQuest, state: BossQuestState, action: Action) -> Text:
    """The reason ``action`` is not legal in ``state``."""
    if state.phase == TURN:
        return _turn_reason(game, state, action)
    if state.phase == CHOICE:
        return _choice_reason(game, state, action)
    return _chance_reason(game, state, action)


def _why(key: str, **params: object) -> Text:
    return Text(f"bq.illegal.{key}", params)


def _chance_reason(game: BossQuest, state: BossQuestState, action: Action) -> Text:
    if not isinstance(action, CHANCE_ACTIONS):
        return _why("dealing")
    expected = game.chance_weights(state).actions[0]
    if not isinstance(action, type(expected)):
        return _why("other_chance", verb=str(expected).split()[0])
    if isinstance(action, act.FirstArmorer):
        if 0 <= action.seat < game.players and state.gone[action.seat]:
            return _why("resigned", seat=action.seat + 1)  # BQ-R25
        return _why("no_seat", number=action.seat + 1)
    if isinstance(action, act.RevealBoss):
        return _why("no_boss", hp=action.hp)
    if isinstance(action, act.DrawSpell):
        return _why("no_spell_code", code=action.code)
    assert isinstance(action, act.DrawWeapon)
    return _why("no_weapon", card=action.card)


def _slot_reason(state: BossQuestState, slot: int, verb: str) -> Text:
    if not 0 <= slot < len(state.slots):
        return _why("no_slot", slot=slot + 1, count=len(state.slots))
    status = state.slots[slot].status
    if status == ACTIVE:
        return _why("active_discard" if verb == "discard" else "already_active", slot=slot + 1)
    if status != AVAILABLE:
        return _why("slot_discarded" if status == DISCARDED else "slot_used", slot=slot + 1)
    return _why("not_now")


def _turn_reason(game: BossQuest, state: BossQuestState, action: Action) -> Text:
    seat = state.turn
    if isinstance(action, act.Ask):
        if not 1 <= action.count <= 4:
            return _why("ask_range")
        if is_over(state, game.cards, seat):
            return _why("over")
        if state.last_call_on:
            return _why("last_call_ask")
        allowed = game.may_arm(state, seat)
        if allowed == 0 and state.lone_asked:
            return _why("lone")
        return _why("deck_short", count=allowed)
    if isinstance(action, act.Activate | act.Discard):
        verb = "discard" if isinstance(action, act.Discard) else "activate"
        return _slot_reason(state, action.slot, verb)
    if isinstance(action, act.Rest):
        return _why("rest")
    if isinstance(action, CHOICE_ACTIONS):
        return _why("no_choice")
    return _why("chance_turn")


def _choice_reason(game: BossQuest, state: BossQuestState, action: Action) -> Text:
    pending = state.pending
    assert pending is not None
    wanted = {"target": act.Target, "swap": act.SwapWith, "give": act.Give, "cancel": act.Cancel}
    if not isinstance(action, wanted[pending.choice]):
        return _why("finish_spell", choice=pending.choice)
    if isinstance(action, act.Target | act.SwapWith):
        if not 0 <= action.seat < game.players:
            return _why("no_seat", number=action.seat + 1)
        if state.gone[action.seat]:
            return _why("resigned", seat=action.seat + 1)  # BQ-R25
        return _why("swap_self")
    if isinstance(action, act.Give):
        return _why("give", card=action.card)
    assert isinstance(action, act.Cancel)
    return _why("cancel", slot=action.slot + 1)
