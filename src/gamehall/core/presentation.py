"""The presentation facet: how a game reads to people, at a table, in the log and in menus.

Called by the match runner (``narrate``, ``chapter``, ``seat_names``), the terminal and the
web hall (``phase_help``, ``label``, ``rematch``), the table's keys (``action_kind``,
:mod:`gamehall.core.keys`) and the undo and companion checks (``describe``). The defaults
write an action as its notation, to every seat: right for a game without secrets.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from gamehall.core.i18n import Text
from gamehall.core.kernel import JSON, Action, Rules, S
from gamehall.core.keys import ActionKind, named_kind
from gamehall.core.resign import Resign

if TYPE_CHECKING:
    from gamehall.core.game import Game


def notation(action: Action) -> Text:
    """``action`` written as its notation, the words of a game that gives none."""
    return Text("core.action", {"notation": str(action)})


class Presentation(Rules[S]):
    """The rules with the words people read: log lines, seat names, labels, keys, help."""

    def describe(self, before: S, action: Action, after: S, seat: int | None) -> list[Text]:
        """What ``action`` (taking ``before`` to ``after``) looks like to ``seat``, for the
        log (by default its notation, which a game with secrets must not show)."""
        return [notation(action)]

    def narrate(self, before: S, action: Action, after: S, seat: int | None) -> list[Text]:
        """The log lines of any step, a resignation included, as ``seat`` sees them."""
        if type(action) is Resign:
            return self.describe_resign(before, action.seat, after, seat)
        return self.describe(before, action, after, seat)

    def describe_resign(self, before: S, seat: int, after: S, viewer: int | None) -> list[Text]:
        """The log lines of seat ``seat`` resigning (a game adds what follows from it)."""
        return [Text("core.log.resigned", {"seat": seat + 1})]

    def phase_help(self, view: JSON, seat: int | None) -> Text | None:
        """One sentence for the seat whose ``view`` is given: what this moment of the game is
        about and what there is to decide (shown beside the actions); None if nothing."""
        return None

    def chapter(self, state: S) -> Text | None:
        """The part of the game ``state`` is in, under which the log groups the lines of the
        actions taken from it ("Round 3", "Turn 5"): public at every table. None: no group."""
        return None

    def seat_names(self) -> list[Text]:
        """Every seat named as the game names it, for a table whose players chose no name."""
        return [self.seat_name(seat) for seat in range(self.players)]

    def seat_name(self, seat: int) -> Text:
        """How a seat is named to people ("Seat 2"; a game may say "Knight 2")."""
        return Text("core.seat", {"number": seat + 1})

    def rematch(
        self, options: dict[str, object], state: S
    ) -> tuple[dict[str, object], Text | None]:
        """The options of a rematch after the finished ``state`` was played with ``options``,
        and a sentence saying what changes (None: the same game again)."""
        return options, None

    def label(self, view: JSON, action: Action) -> Text:
        """How ``action`` reads to the seat whose ``view`` is given (for menus and buttons)."""
        return notation(action)

    def action_kind(self, view: JSON, action: Action) -> ActionKind:
        """What kind of action ``action`` is, for the key that chooses it at a table: the
        same letter for the same kind at every state, then the digit of its item when the
        kind offers several (``core.keys``). A game names its kinds in an
        ``action_kind(game, view, action)`` function of its package's ``keys`` module (or
        overrides this); without one, an action's kind is its verb, with no key."""
        return named_kind(cast("Game[Any]", self), view, action)
