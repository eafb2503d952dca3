"""Why a Boss Quest action is illegal, in one line that names the rule it breaks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamehall.core.game import Action
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


def explain_illegal(game: BossQuest, state: BossQuestState, action: Action) -> str:
    """The reason ``action`` is not legal in ``state``."""
    if state.phase == TURN:
        return _turn_reason(game, state, action)
    if state.phase == CHOICE:
        return _choice_reason(game, state, action)
    return _chance_reason(game, state, action)


def _chance_reason(game: BossQuest, state: BossQuestState, action: Action) -> str:
    if not isinstance(action, CHANCE_ACTIONS):
        return "cards are being dealt: the next action is a draw, not a knight's move"
    expected = type(game.chance_weights(state).actions[0])
    if not isinstance(action, expected):
        return f"the next chance outcome is a {expected.__doc__ or expected.__name__}"
    if isinstance(action, act.FirstArmorer):
        return f"there is no seat {action.seat + 1}"
    if isinstance(action, act.RevealBoss):
        return f"no boss with {action.hp} HP is left in the boss deck"
    if isinstance(action, act.DrawSpell):
        return f"no spell {action.code!r} is left in the spell deck"
    assert isinstance(action, act.DrawWeapon)
    return f"weapon {action.card} is not in the weapon deck"


def _slot_reason(game: BossQuest, state: BossQuestState, slot: int, verb: str) -> str | None:
    if not 0 <= slot < len(state.slots):
        return f"there is no spell {slot + 1} at the magician (spells 1 to {len(state.slots)})"
    status = state.slots[slot].status
    if status == ACTIVE:
        if verb == "discard":
            return f"spell {slot + 1} is active, and an active spell cannot be discarded"
        return f"spell {slot + 1} is already active"
    if status != AVAILABLE:
        gone = "discarded" if status == DISCARDED else "used"
        return f"spell {slot + 1} has been {gone} and is no longer available"
    return None


def _turn_reason(game: BossQuest, state: BossQuestState, action: Action) -> str:
    seat = state.turn
    if isinstance(action, act.Ask):
        if not 1 <= action.count <= 4:
            return "a knight asks the armorer for 1 to 4 weapons"
        if is_over(state, game.cards, seat):
            return "you are over the boss's HP and must go to the magician"
        if state.last_call_on:
            return "during the last call a knight may ask for exactly one weapon"
        allowed = game.may_arm(state, seat)
        if allowed == 0 and state.lone_asked:
            return "you are the last knight arming and have had your last request"
        return f"the weapon deck holds only {allowed} card(s)"
    if isinstance(action, act.Activate | act.Discard):
        verb = "discard" if isinstance(action, act.Discard) else "activate"
        return _slot_reason(game, state, action.slot, verb) or "not allowed now"
    if isinstance(action, act.Rest):
        return "spells are still available at the magician: activate or discard one"
    if isinstance(action, CHOICE_ACTIONS):
        return "no spell is waiting for a choice"
    return "it is a knight's turn, not a draw"


def _choice_reason(game: BossQuest, state: BossQuestState, action: Action) -> str:
    pending = state.pending
    assert pending is not None
    wanted = {"target": act.Target, "swap": act.SwapWith, "give": act.Give, "cancel": act.Cancel}
    expected = wanted[pending.choice]
    if not isinstance(action, expected):
        return f"first finish the spell: choose with '{pending.choice} ...'"
    if isinstance(action, act.Target | act.SwapWith):
        if not 0 <= action.seat < game.players:
            return f"there is no seat {action.seat + 1}"
        return "swap with another knight, not yourself"
    if isinstance(action, act.Give):
        return f"you hold no weapon {action.card}"
    assert isinstance(action, act.Cancel)
    return f"spell {action.slot + 1} is not an activated spell in play"
