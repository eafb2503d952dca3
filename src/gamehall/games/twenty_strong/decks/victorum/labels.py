"""How the Victorum actions read on a button: "Keep Drusus as your hero", "Move to camp 2
at the foot", "Spectator's bonus: +1 Health"."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamehall.core.game import JSON, Action
from gamehall.core.i18n import Text
from gamehall.games.twenty_strong import words
from gamehall.games.twenty_strong.actions import From
from gamehall.games.twenty_strong.decks.victorum import actions as vic
from gamehall.games.twenty_strong.decks.victorum.mountain import CAMPS

if TYPE_CHECKING:
    from gamehall.games.twenty_strong.rules import TwentyStrong

NAMED = (vic.ChooseHero, vic.ChooseTactic, vic.Place, vic.Deal, vic.Draw)
"""Actions that name one card of the deck by its code."""


def camp(index: int) -> Text:
    """A camp of the mountain by name (the scion's camp above the others)."""
    return words.stack("victorum", CAMPS[index] if index < len(CAMPS) else "scion")


def deck_label(game: TwentyStrong, view: JSON, action: Action) -> Text | None:
    """The words of a Victorum action; None for the general rules' actions."""
    kind = type(action).__name__.lower()
    if isinstance(action, NAMED):
        return Text(f"20s.label.{kind}", {"card": words.named(game, action.code)})
    if isinstance(action, From) and action.stack in CAMPS:
        return Text("20s.label.vic.from", {"camp": camp(CAMPS.index(action.stack))})
    if isinstance(action, vic.Move | vic.Remove):
        return Text(f"20s.label.{kind}", {"camp": camp(action.camp)})
    if isinstance(action, vic.Uncover):
        params = {"card": words.named(game, action.code), "camp": camp(action.camp)}
        return Text("20s.label.uncover", params)
    if isinstance(action, vic.Bonus):
        return Text(f"20s.label.bonus.{action.kind}")
    if isinstance(action, vic.Instead):
        card = words.card(view, action.position)
        return Text(f"20s.label.instead.{action.what}", {"card": card})
    if isinstance(action, vic.Influence):
        return Text("20s.label.influence", {"card": words.card(view, action.position)})
    return None
