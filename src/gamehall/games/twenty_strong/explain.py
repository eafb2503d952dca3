"""Why an action is not legal now: one readable reason per common case."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamehall.core.game import CHANCE, Action
from gamehall.core.i18n import Text
from gamehall.games.twenty_strong import words
from gamehall.games.twenty_strong.actions import (
    Again,
    Apply,
    Commit,
    DiscardItem,
    Recover,
    UseItem,
)
from gamehall.games.twenty_strong.dice import COLOUR_NAMES, MISS
from gamehall.games.twenty_strong.effects import effective, has, modifiers
from gamehall.games.twenty_strong.state import APPLY, COMMIT, COMMITTED, POOL, RECOVER, State

if TYPE_CHECKING:
    from gamehall.games.twenty_strong.rules import TwentyStrong


def illegal_reason(game: TwentyStrong, state: State, action: Action) -> Text:
    """The reason ``action`` is not legal in ``state``."""
    if game.to_move(state) == CHANCE:
        return game.impossible_outcome(state, action) or Text("20s.illegal.chance")
    if state.tasks:
        return Text("20s.illegal.task", {"task": words.task(state.tasks[0].kind)})
    reason = _specific(game, state, action)
    if reason is not None:
        return reason
    legal = ", ".join(str(a) for a in game.legal_actions(state))
    return Text("20s.illegal.not_now", {"legal": legal})


def _specific(game: TwentyStrong, state: State, action: Action) -> Text | None:
    colour = getattr(action, "colour", None)
    colour_name = Text(f"20s.colour.{COLOUR_NAMES[colour]}") if colour is not None else ""
    if isinstance(action, Commit):
        if state.phase != COMMIT:
            return Text("20s.illegal.commit_step")
        if state.first_die(POOL, action.colour) < 0:
            return Text("20s.illegal.no_die", {"colour": colour_name})
        return Text("20s.illegal.commit_limit")
    if isinstance(action, Apply):
        if state.phase != APPLY:
            return Text("20s.illegal.apply_step")
        if state.first_die(COMMITTED, action.colour, action.face) < 0:
            return Text("20s.illegal.no_rolled", {"die": f"{action}".split()[1]})
        if action.target.isdigit():
            index = int(action.target) - 1
            if not 0 <= index < len(state.active):
                return Text("20s.illegal.no_card", {"position": action.target})
            if action.face == MISS:
                return Text("20s.illegal.miss")
            return Text("20s.illegal.protected", {"colour": colour_name})
        return Text("20s.illegal.target", {"target": action.target})
    if isinstance(action, Again):
        return Text("20s.illegal.strategy", {"limit": effective(game, state, "strategy")})
    if isinstance(action, Recover):
        if state.phase != RECOVER:
            return Text("20s.illegal.recover_step")
        return Text("20s.illegal.recover", {"limit": effective(game, state, "recovery")})
    if isinstance(action, UseItem | DiscardItem):
        if not 0 <= action.index < len(state.inventory):
            return Text("20s.illegal.no_item", {"position": action.index + 1})
        if isinstance(action, DiscardItem):
            return Text("20s.illegal.locked")
        if has(modifiers(game, state), "no_items"):
            return Text("20s.illegal.no_items")
        return Text("20s.illegal.item_unusable")
    return None
