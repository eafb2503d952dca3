"""What each moment of a 20 Strong game asks of the player, in one sentence: the general
rules' ``help.20-strong.phase.*`` messages and each deck's ``help.20-strong.<deck>.phase.*``,
read from the player's view only."""

from __future__ import annotations

from gamehall.core.game import JSON
from gamehall.core.i18n import Text, first_known

CORE = "help.20-strong.phase."


def phase_help(view: JSON, seat: int | None) -> Text:
    """The sentence for the player (``seat`` 0) or a spectator (None) at this moment."""
    deck = f"help.20-strong.{view['deck']}.phase."
    if view["result"] is not None:
        return Text(CORE + ("over.won" if view["result"] == "won" else "over.lost"))
    if seat is None:
        return Text(CORE + "watching")
    if any(die["rolling"] for die in view["dice"]):
        return Text(CORE + "rolling")
    task = view["task"]
    candidates = [deck + f"task.{task['kind']}", CORE + f"task.{task['kind']}"] if task else []
    candidates += [deck + view["phase"], CORE + view["phase"]]
    return Text(first_known(candidates) or candidates[-1])
