"""The kinds of the Victorum actions, for their keys (``twenty_strong.keys``): ``q`` then a
number chooses a card dealt or shown (a hero, a primus to place, a tactic, a camp's card to
remove), ``m`` then a camp (1 to 9 up the mountain, 0 the scion's) moves the chip, ``v``
spectates, ``x`` then 1 or 2 activates the camp's card or challenges its primus, ``z`` then 1
or 2 takes the spectator's bonus (Health, a die), ``j`` then a number takes a sport card's
alternate and ``l`` then a card's place orders the influence deck.

>>> deck_kind(None, {}, vic.Move(9))
ActionKind(name='move', key='m', item=10)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from gamehall.core.game import JSON, Action
from gamehall.core.keys import ActionKind
from gamehall.games.twenty_strong.decks.victorum import actions as vic
from gamehall.games.twenty_strong.decks.victorum.mountain import CAMPS

if TYPE_CHECKING:
    from gamehall.games.twenty_strong.rules import TwentyStrong

KINDS: Final = {
    "spectate": ActionKind("spectate", "v"),
    "activate": ActionKind("fight", "x", 1),
    "challenge": ActionKind("fight", "x", 2),
    "bonus health": ActionKind("bonus", "z", 1),
    "bonus recover": ActionKind("bonus", "z", 2),
}
"""The kind of each action of the deck written one way, by its notation."""


def deck_kind(game: TwentyStrong | None, view: JSON, action: Action) -> ActionKind | None:
    """The kind of an action of the deck; None for the general rules' actions."""
    if isinstance(action, vic.ChooseHero | vic.Place | vic.ChooseTactic):
        return ActionKind("choose", "q", action.code)
    if isinstance(action, vic.Remove):
        return ActionKind("choose", "q", CAMPS[action.camp])
    if isinstance(action, vic.Move):
        return ActionKind("move", "m", action.camp + 1)
    if isinstance(action, vic.Instead):
        return ActionKind("instead", "j", f"{action.position}{action.what}")
    if isinstance(action, vic.Influence):
        return ActionKind("influence", "l", action.position + 1)
    return KINDS.get(str(action))
