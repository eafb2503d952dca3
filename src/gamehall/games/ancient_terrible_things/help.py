"""What each step of an Ancient Terrible Things turn asks of a player, in one sentence (the
``help.ancient-terrible-things.phase.*`` messages), read from the player's view only."""

from __future__ import annotations

from gamehall.core.game import JSON
from gamehall.core.i18n import Text

PREFIX = "help.ancient-terrible-things.phase."
TABLE_STEPS = frozenset({"setup", "reveal", "over"})
"""Steps where nobody decides: the same sentence for every seat."""


def phase_help(view: JSON, seat: int | None) -> Text:
    """The sentence for ``seat`` (None: a spectator) at this step of the turn."""
    return Text(PREFIX + situation(view, seat))


def situation(view: JSON, seat: int | None) -> str:
    """The step, and within an encounter what it waits for (``encounter.rolling``, ...)."""
    step: str = view["step"]
    if step in TABLE_STEPS:
        return step
    dice = view["dice"]
    if step == "encounter" and dice is not None and (dice["rolling"] or 0 in dice["focus"]):
        return "encounter.rolling"  # the same for every seat: the dice are still rolling
    choice = view["choice"]
    deciding = choice["seat"] if choice else view["to_move"]
    if seat is None or deciding != seat:
        return "waiting"
    if step != "encounter":
        return step
    if choice:
        return f"choice.{choice['kind']}"
    return "encounter.success" if view.get("success") else "encounter"
