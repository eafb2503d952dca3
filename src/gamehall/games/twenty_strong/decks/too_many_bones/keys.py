"""The kinds of the Too Many Bones actions, for their keys (``twenty_strong.keys``): ``j``
then 1 to 4 chooses the day's fight (a battle, the encounter, the scouted encounter, the
Tyrant), ``v`` then 1 or 2 an encounter's peaceful option or its battle, ``z`` rests, ``l``
then 1 to 3 scouts a stack, ``m`` then 1 or 2 takes a penalty, ``q`` then a number uses the
backup plan and ``x`` flips the Gearloc.

>>> deck_kind(None, {}, tmb.Encounter("enc+"))
ActionKind(name='day', key='j', item=3)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from gamehall.core.game import JSON, Action
from gamehall.core.keys import ActionKind
from gamehall.games.twenty_strong.decks.too_many_bones import actions as tmb

if TYPE_CHECKING:
    from gamehall.games.twenty_strong.rules import TwentyStrong

KINDS: Final = {
    "battle": ActionKind("day", "j", 1),
    "encounter enc": ActionKind("day", "j", 2),
    "encounter enc+": ActionKind("day", "j", 3),
    "tyrant": ActionKind("day", "j", 4),
    "peaceful": ActionKind("option", "v", 1),
    "fight": ActionKind("option", "v", 2),
    "rest": ActionKind("rest", "z"),
    "scout ones": ActionKind("scout", "l", 1),
    "scout fives": ActionKind("scout", "l", 2),
    "scout enc": ActionKind("scout", "l", 3),
    "penalty banish": ActionKind("penalty", "m", 1),
    "penalty exhaust": ActionKind("penalty", "m", 2),
    "flip": ActionKind("flip", "x"),
}
"""The kind of each action of the deck written one way, by its notation."""


def deck_kind(game: TwentyStrong | None, view: JSON, action: Action) -> ActionKind | None:
    """The kind of an action of the deck; None for the general rules' actions."""
    if isinstance(action, tmb.BackupUse):
        return ActionKind("backup", "q", f"{action.colour}{action.option}")
    return KINDS.get(str(action))
