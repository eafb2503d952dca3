"""What each moment of a Boss Quest round asks of a knight, in one sentence (the
``help.boss-quest.phase.*`` messages), read from the knight's view only."""

from __future__ import annotations

from gamehall.core.game import JSON
from gamehall.core.i18n import Text

PREFIX = "help.boss-quest.phase."


def phase_help(view: JSON, seat: int | None) -> Text:
    """The sentence for ``seat`` (None: a spectator) at this moment of the round."""
    return Text(PREFIX + situation(view, seat))


def situation(view: JSON, seat: int | None) -> str:
    """The phase, and within it the situation the seat is in (``turn.over``, ...)."""
    phase = view["phase"]
    players = view["players"]
    me = players[seat] if seat is not None and 0 <= seat < len(players) else None
    if phase == "setup":
        if view["round"] == 0:
            return "setup.first-armorer"
        return "setup.between-rounds" if view["last_combat"] else "setup"
    if phase == "dealing":
        unseen = any(not p["resigned"] and not p["visible"] for p in players)
        return "dealing.deal" if unseen else "dealing.draw"
    if phase == "choice":
        pending = view["pending"]
        mine = pending is not None and pending["seat"] == seat
        return f"choice.{pending['choice']}" if mine else "choice.waiting"
    if phase == "over":
        outcome = view["outcome"]
        if me is None or outcome is None:
            return "over"
        return "over.won" if seat in outcome["winners"] else "over.lost"
    return _turn(view, seat, me)


def _turn(view: JSON, seat: int | None, me: JSON | None) -> str:
    if view["to_move"] != seat or me is None:
        return "turn.at-magician" if me is not None and me["at_magician"] else "turn.waiting"
    if me["over"]:
        return "turn.over"
    if view["last_call"] is not None:
        return "turn.last-call"
    arming = [p for p in view["players"] if not p["at_magician"] and not p["resigned"]]
    if len(arming) == 1:
        return "turn.last-knight"
    if not any(spell["status"] == "available" for spell in view["spells"]):
        return "turn.no-spell"
    return "turn"
