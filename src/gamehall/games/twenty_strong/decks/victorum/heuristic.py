"""The heuristic bot's Victorum choices: the setup deal, where to move, when to spectate,
when to challenge a primus, and the dice economy of the Training Grounds. Reads only the view.

The general fighting (commit, apply, recover) is :mod:`gamehall.games.twenty_strong.heuristic`'s.
"""

from __future__ import annotations

from typing import Final

from gamehall.core.game import JSON
from gamehall.games.twenty_strong.heuristic import Choice, DeckHeuristic

STRENGTH: Final = ("yellow", "green", "blue", "purple", "red")
DAMAGE: Final = {"yellow": 0.5, "green": 2 / 3, "blue": 5 / 6, "purple": 1.0, "red": 7 / 6}
"""Expected damage of one roll of each colour (a crit counts 2)."""
READY: Final = 1.0  # challenge a primus once the pool expects this share of its health
ZONE_ORDER: Final = ("exhausted", "pool", "active")
"""Where a die is cheapest to lose: already spent, then idle, then in play."""


def _strength(view: JSON, zones: tuple[str, ...] = ("pool",)) -> float:
    return sum(DAMAGE[d["colour"]] for d in view["dice"] if d["zone"] in zones)


def _threat(card: JSON) -> float:
    return float(card["health"]) + 2.0 * float(card["damage"])


def _picks(legal: list[str]) -> list[tuple[int, int, str]]:
    """(zone rank, colour rank, text) of each zoned pick."""
    found = []
    for text in legal:
        if not text.startswith("pick ") or "." not in text:
            continue
        zone, die = text[5:].split(".")
        colour = next(c for c in STRENGTH if c[0].upper() == die[0])
        found.append((ZONE_ORDER.index(zone), STRENGTH.index(colour), text))
    return found


def hero(view: JSON, legal: list[str]) -> str | None:
    """Keep the card whose hero is best and whose primus would be hardest to beat."""
    dealt = view["table"]["dealt"]

    def score(card: JSON) -> float:
        hero_value = card["health"] + card["strategy"] + card["recovery"]
        return float(hero_value) + 0.3 * _threat(card["primus"])

    best = max(dealt, key=score, default=None)
    return f"hero {best['code']}" if best else None


def place(view: JSON, legal: list[str]) -> str | None:
    """The weakest primus goes on the lowest-numbered camp (the one nearest the foot)."""
    waiting = view["table"]["to_place"]
    weakest = min(waiting, key=_threat, default=None)
    return f"place {weakest['code']}" if weakest else None


def remove(view: JSON, legal: list[str]) -> str | None:
    """Rank 2+: lose the tops that cost least (one icon rather than a die)."""
    camps = {c["name"]: c for c in view["table"]["camps"]}

    def cost(text: str) -> float:
        top = camps[text.split()[1]]["top"]
        return 1.5 if not top["influence"] else float(top["influence"])

    options = [t for t in legal if t.startswith("remove ")]
    return min(options, key=cost, default=None)


def move(view: JSON, legal: list[str]) -> str | None:
    """Go where the best thing waits: a primus when ready, else the most rewarding top."""
    camps = {c["name"]: c for c in view["table"]["camps"]}
    options = [t for t in legal if t.startswith("move ")]
    return max(options, key=lambda t: _camp_value(view, camps[t.split()[1]]), default=None)


def _camp_value(view: JSON, camp: JSON) -> float:
    value = 0.0
    if camp["primus"] and _ready(view, camp["primus"]):
        value += 10
    top = camp["top"]
    if top is not None:
        value += _top_value(view, top)
    return value + 0.1 * float(camp["size"])


def _top_value(view: JSON, top: JSON) -> float:
    if top["type"] == "opportunity":
        return 3.0 if _room(view) else 0.5
    fightable = _strength(view) >= 1.2 * top["health"]
    base = 4.0 if top["type"] == "sport" else 2.0
    return (base if fightable else 0.0) - float(top["damage"]) - 0.5 * float(top["influence"])


def _room(view: JSON) -> bool:
    return len(view["inventory"]) < int(view["stats"]["strategy"])


def _ready(view: JSON, primus: JSON) -> bool:
    """Strong enough for this primus; for the last one, fit for the scion right after."""
    last = view["table"]["primuses_left"] == 1
    health = int(view["stats"]["health"])
    tries = max(1, int(view["stats"]["strategy"]) - 1)
    strength = sum(DAMAGE[d["colour"]] for d in view["dice"] if d["zone"] == "pool") * tries
    need = float(primus["health"]) + 2 + (6 if last else 0)
    return health >= (6 if last else 4) and strength >= READY * need


def camp(view: JSON, legal: list[str]) -> str | None:
    """Challenge the primus when ready; take a good top; otherwise watch from the stands."""
    here = next(c for c in view["table"]["camps"] if c["chip"])
    if "challenge" in legal and (_ready(view, here["primus"]) or "activate" not in legal):
        return "challenge"
    top = here["top"]
    if top is None:
        return "challenge" if "challenge" in legal else None
    if _top_value(view, top) > 0 or view["stats"]["health"] <= 2:
        return "activate"
    return "spectate"


def bonus(view: JSON, legal: list[str]) -> str | None:
    """Health when hurt, else a die back."""
    hurt = view["stats"]["health"] <= 4
    return "bonus health" if hurt or "bonus recover" not in legal else "bonus recover"


def keep(view: JSON, legal: list[str]) -> str | None:
    """Keep an opportunity when there is room."""
    return "take" if "take" in legal else "decline"


def dismiss(view: JSON, legal: list[str]) -> str | None:
    """Lose the weakest die where it costs least."""
    picks = _picks(legal)
    return min(picks, key=lambda p: (p[1], p[0]))[2] if picks else None


def strengthen(view: JSON, legal: list[str]) -> str | None:
    """Improve the weakest die (idle ones first)."""
    picks = _picks(legal)
    return min(picks, key=lambda p: (p[1], -p[0]))[2] if picks else "done"


def instant(view: JSON, legal: list[str]) -> str | None:
    """A sport card's alternate: a recruit while the pool is small, else the reward."""
    recruit = next((t for t in legal if t.endswith(" recruit")), None)
    pool = sum(d["zone"] != "training" for d in view["dice"])
    if recruit and pool < 13:
        return recruit
    return "take" if "take" in legal else None


def rewards(view: JSON, legal: list[str]) -> str | None:
    """Recruit instead of an item while the band is small; gain items otherwise."""
    pool = sum(d["zone"] != "training" for d in view["dice"])
    for text in legal:
        if text.endswith(" recruit") and pool < 13:
            return text
    return next((t for t in legal if t.startswith("gain ")), "done")


TASKS: Final[dict[str, Choice]] = {
    "deck.hero": hero,
    "deck.place": place,
    "deck.remove": remove,
    "deck.bonus": bonus,
    "deck.opportunity": keep,
    "dismiss_dice": dismiss,
    "weaken_dice": dismiss,
    "strengthen_dice": strengthen,
    "instant": instant,
}
PHASES: Final[dict[str, Choice]] = {"vic.move": move, "vic.camp": camp, "rewards": rewards}
HEURISTIC: Final = DeckHeuristic(tasks=TASKS, phases=PHASES)
"""Victorum's choices for the heuristic bot: its own before the general bot's."""
