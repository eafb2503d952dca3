"""Why an Ancient Terrible Things action is not legal now, in the words of the rules."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamehall.core.game import CHANCE, Action
from gamehall.core.i18n import Text
from gamehall.games.ancient_terrible_things import actions as act
from gamehall.games.ancient_terrible_things.dice import BLANK, meets
from gamehall.games.ancient_terrible_things.state import (
    ACTIVE_BONUS,
    ENCOUNTER,
    EVERYONE_BONUS,
    EXPLORE,
    FOCUS,
    SHOP,
    TREASURE,
    AttState,
)

if TYPE_CHECKING:
    from gamehall.games.ancient_terrible_things.rules import AncientTerribleThings

STEP_VERBS = {
    EXPLORE: "att.illegal.explore",
    ACTIVE_BONUS: "att.illegal.active_bonus",
    EVERYONE_BONUS: "att.illegal.everyone_bonus",
    SHOP: "att.illegal.shop",
    ENCOUNTER: "att.illegal.encounter",
}


def explain_illegal(game: AncientTerribleThings, state: AttState, action: Action) -> Text:
    """The reason ``action`` is refused in ``state``."""
    if game.to_move(state) == CHANCE:
        return game.impossible_outcome(state, action) or Text("core.illegal.chance_due")
    if state.choice is not None:
        return Text("att.illegal.choice", {"kind": state.choice.kind})
    reason = _specific(game, state, action)
    return reason or Text(STEP_VERBS.get(state.step, "att.illegal.encounter"))


def _specific(game: AncientTerribleThings, state: AttState, action: Action) -> Text | None:
    cards = game.cards
    me = state.players[state.active]
    if state.step == EXPLORE and isinstance(action, act.Card) and action.verb == "go":
        codes = [cards.locations[i].code for i in state.locations]
        if action.code not in codes:
            return Text("att.illegal.no_such_location", {"code": action.code})
        return Text("att.illegal.no_encounter")  # ATT-EXPLORE-1
    if state.step == SHOP and isinstance(action, act.Card) and action.verb == "buy":
        loot = game.index_of["loot"].get(action.code)
        if loot is None or loot not in game.loot_for_sale(state, game.location_slot(state)):
            return Text("att.illegal.not_sold_here")  # ATT-LOOT-1
        price = cards.loot[loot].price - state.discount
        return Text("att.illegal.price", {"price": price, "treasure": me.tokens[TREASURE]})
    if state.step != ENCOUNTER:
        return None
    if isinstance(action, act.Focus):
        if not me.tokens[FOCUS]:
            return Text("att.illegal.no_focus_token")
        return Text("att.illegal.die_aside")  # ATT-ENC-5
    if isinstance(action, act.UseLoot):
        loot = game.index_of["loot"].get(action.code)
        if loot is None or loot not in me.loot:
            return Text("att.illegal.not_your_loot")
        if loot in me.exhausted:
            return Text("att.illegal.loot_exhausted")  # ATT-LOOT-3
        return Text("att.illegal.action_die_needed")  # ATT-LOOT-2
    if isinstance(action, act.Card) and action.verb == "play":
        exploit = game.index_of["exploit"].get(action.code)
        if exploit is None or exploit not in me.exploits:
            return Text("att.illegal.not_in_hand")  # ATT-EXPL-2
        return Text("att.illegal.cannot_pay")  # ATT-EXPL-1
    if isinstance(action, act.Terrible):
        return Text("att.illegal.no_terrible_token")  # ATT-TT-2
    if isinstance(action, act.Cash):
        dice = state.dice
        if (
            action.die < len(dice.used)
            and not dice.used[action.die]
            and dice.action[action.die] == BLANK
        ):
            return Text("att.illegal.blank_die")
        return Text("att.illegal.die_used")  # ATT-RES-9
    if isinstance(action, act.Defeat):
        combos = game.combos(state)
        if action.combo < len(combos) and not meets(combos[action.combo], state.dice.focus):
            return Text("att.illegal.combo_not_met")  # ATT-RES-1
    if action == act.Plain("fail"):
        return Text("att.illegal.must_defeat")
    return None
