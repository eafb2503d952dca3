"""The heuristic bot's Too Many Bones choices: the setup penalty, the day (a battle, an
encounter or the Tyrant), resting after a battle, a Mohlnor, and the backup plan's day
actions. Reads only the view; the general fighting is
:mod:`gamehall.games.twenty_strong.heuristic`'s.
"""

from __future__ import annotations

from typing import Final

from gamehall.core.game import JSON
from gamehall.games.twenty_strong.heuristic import DeckHeuristic, expected

TYRANT_MARGIN: Final = 0.7  # face the Tyrant once the pool can expect this share of the fight
DAY: Final = "tmb.day"


def _ready_for_tyrant(view: JSON) -> bool:
    """Whether the pool can expect to beat the Tyrant and what it summons."""
    tyrant = view["table"]["tyrant"]
    power = tyrant["power"]
    health = tyrant["flip"]["health"] + tyrant["health_scale"] * power
    summoned = sum(
        e.get("amount", 0) + e.get("scale", 0) * power
        for e in tyrant["setup"]
        if e.get("hook") == "summon"
    )
    tries = view["stats"]["strategy"]
    strength = sum(expected(d["colour"], tries) for d in view["dice"] if d["zone"] == "pool")
    late = int(view["table"]["day"]) >= 11
    return late or strength >= TYRANT_MARGIN * (health + 1.6 * summoned)


def day(view: JSON, legal: list[str]) -> str | None:
    """The Tyrant when ready (or nothing else is left), an encounter worth it, else a battle."""
    table = view["table"]
    pool = sum(d["zone"] == "pool" for d in view["dice"])
    health = view["stats"]["health"]
    if "tyrant" in legal and (len(legal) == 1 or _ready_for_tyrant(view)):
        return "tyrant"
    slots_free = len(view["inventory"]) < view["stats"]["strategy"]
    for top in table["encounter_tops"]:
        action = f"encounter {top['stack']}"
        if action not in legal:
            continue
        if top["kind"] == "tyrant" and health >= 4 and pool >= 9:
            return action
        if top["kind"] == "lockpick" and slots_free and table["day"] <= 5:
            return action
    return "battle"


def anytime(view: JSON, text: str, kinds: set[str]) -> tuple[bool, str | None]:
    """On the day: shift the BQ down while the day allows it (else nothing), recover dice
    while the pool is small."""
    if view["phase"] != DAY:
        return False, None
    if "hook:bq_shift:-1" in kinds:
        return True, text if view["table"]["day"] + view["table"]["bq_shift"] > 1 else None
    pool = sum(d["zone"] == "pool" for d in view["dice"])
    if "recover_dice" in kinds and pool < 8:
        return True, text
    return False, None


HEURISTIC: Final = DeckHeuristic(
    tasks={"deck.mohlnor": lambda view, legal: "peaceful" if "peaceful" in legal else "fight"},
    turns={
        "tmb.setup": lambda view, legal: "penalty exhaust",
        DAY: day,
        "tmb.after_battle": lambda view, legal: "rest" if view["stats"]["health"] < 6 else "done",
    },
    anytime=anytime,
)
"""Too Many Bones's choices for the heuristic bot."""
