"""A 20 Strong bot that commits enough dice for the fight, kills the biggest threats first and
keeps its dice economy going. It reads only the view (the player's own table).

A deck's own choices (its phases, its tasks, its anytime actions) are its plug-in's
``heuristic`` part, a :class:`DeckHeuristic`."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from gamehall.core.game import JSON, Action, Game, RandomSource
from gamehall.games.twenty_strong.deck_plugin import part_of

MISS_CHANCE: Final = {"yellow": 4 / 6, "green": 3 / 6, "blue": 2 / 6, "purple": 1 / 6, "red": 0.0}
HIT_DAMAGE: Final = {"yellow": 1.5, "green": 4 / 3, "blue": 5 / 4, "purple": 6 / 5, "red": 7 / 6}
"""Average damage of a die's hit faces (a crit counts 2)."""
STRENGTH: Final = ("yellow", "green", "blue", "purple", "red")
LETTER: Final = {"Y": "yellow", "G": "green", "B": "blue", "P": "purple", "R": "red"}
MARGIN: Final = 1.25  # commit this much expected damage per point of health to beat
WAITS: Final = 3  # a battle's first Engagements in which the bot may commit nothing to rest


Choice = Callable[[JSON, list[str]], str | None]
"""(view, legal actions as text) -> the action to take (None: the first legal one)."""
Anytime = Callable[[JSON, str, set[str]], tuple[bool, str | None]]
"""(view, an anytime action as text, the kinds of its effects) -> whether the deck decides,
and then what (None: no anytime action now)."""


def _no_say(view: JSON, text: str, kinds: set[str]) -> tuple[bool, str | None]:
    return False, None


@dataclass(frozen=True)
class DeckHeuristic:
    """A deck's own choices for the heuristic bot."""

    tasks: Mapping[str, Choice] = field(default_factory=dict)
    """The deck's choice for a task of these kinds, before the general bot's."""
    phases: Mapping[str, Choice] = field(default_factory=dict)
    """The deck's choice in these phases, before any anytime action."""
    turns: Mapping[str, Choice] = field(default_factory=dict)
    """The deck's choice in these phases of its own, once no anytime action is urgent."""
    anytime: Anytime = _no_say
    """The deck's say on an anytime action, once a heal has not been chosen."""


GENERAL: Final = DeckHeuristic()
"""The choices of a deck with no heuristic part: the general bot's."""


def deck_heuristic(deck: str) -> DeckHeuristic:
    """The heuristic part of ``deck``'s plug-in (the general one without)."""
    found: DeckHeuristic | None = part_of(deck, "heuristic")
    return GENERAL if found is None else found


def expected(colour: str, tries: int) -> float:
    """A die's expected damage when its misses may be re-rolled ``tries - 1`` times."""
    return (1 - MISS_CHANCE[colour] ** max(1, tries)) * HIT_DAMAGE[colour]


def _by_text(legal: Sequence[Action]) -> dict[str, Action]:
    return {str(a): a for a in legal}


def _remaining(card: JSON) -> int:
    return max(0, int(card["health"]) - int(card["taken"]))


def _useful_colours(view: JSON) -> set[str]:
    """Colours that can hit at least one undefeated card (immunities respected)."""
    useful = set()
    for card in view["active"]:
        if card["defeated"]:
            continue
        immune = {c for m in card["during"] if m["kind"] == "immune" for c in m["colours"]}
        useful |= set(STRENGTH) - immune
    return useful


def _carries_over(view: JSON) -> bool:
    """Whether the battle's hits stay from round to round (a deck's conflict)."""
    return bool(view["table"].get("conflict"))


TAKES_DICE: Final = frozenset({"exhaust_dice", "dismiss_dice", "banish_dice"})


def _stuck(view: JSON) -> bool:
    """In a battle that carries over, no die that may still be rolled can hit a card, or the
    standing cards take every such die as each Engagement begins (a conflict that cannot be
    won)."""
    if not _carries_over(view):
        return False
    useful = _useful_colours(view)
    rollable = ("pool", "committed", "exhausted")
    hitting = sum(d["zone"] in rollable and d["colour"] in useful for d in view["dice"])
    taken = sum(
        int(effect.get("amount", 0))
        for card in view["active"]
        if not card["defeated"]
        for effect in card.get("special") or ()
        if effect.get("when") == "engagement" and effect["kind"] in TAKES_DICE
    )
    return hitting <= taken


def _rested(view: JSON) -> bool:
    """Whether this Engagement's roll had no die: nothing rolled, nothing applied."""
    return not any(d["zone"] in ("committed", "on_card") for d in view["dice"])


def _ward(view: JSON) -> int:
    """Damage prevented each Resolve by the hero's side and ongoing items."""
    hero = view["table"].get("hero", {})
    effects = list(hero.get("innate_plus" if hero.get("flipped") else "innate", []))
    for item in view["inventory"]:
        if item["item"] and item["item"]["kind"] == "ongoing":
            effects.extend(item["item"]["effects"])
    return sum(e.get("amount", 0) for e in effects if e["kind"] == "ward")


class TwentyStrongHeuristicBot:
    """Commits for the fight ahead, applies hits where they kill, rests when hurt."""

    name = "heuristic"

    def __init__(self) -> None:
        self._engagements: dict[int, int] = {}

    def choose(
        self, game: Game[Any], view: JSON, legal: Sequence[Action], rng: RandomSource
    ) -> Action:
        """The action a careful player would take."""
        texts = _by_text(legal)
        choice = self._choose(view, texts)
        return texts.get(choice, legal[0]) if choice else legal[0]

    def _choose(self, view: JSON, legal: dict[str, Action]) -> str | None:
        task = view["task"]
        deck = deck_heuristic(view["deck"])
        deck_choice = deck.tasks.get(task["kind"]) if task else deck.phases.get(view["phase"])
        if deck_choice is not None:
            return deck_choice(view, list(legal))
        if task is not None:
            return self._task(view, legal)
        urgent = self._anytime(view, legal, deck)
        if urgent:
            return urgent
        phase = view["phase"]
        turn = deck.turns.get(phase)
        if turn is not None:
            return turn(view, list(legal))
        handler: Callable[[], str | None] | None = {
            "commit": lambda: self._commit(view, legal),
            "apply": lambda: self._apply(view, legal),
            "recover": lambda: self._last_of(legal, "recover ") or "done",
            "rewards": lambda: self._first_of(legal, "gain ") or "done",
        }.get(phase)
        if handler is not None:
            return handler()
        return self._first_of(legal, "first ") or next(iter(legal))

    # -- tasks ----------------------------------------------------------------------------

    def _task(self, view: JSON, legal: dict[str, Action]) -> str | None:
        kind = view["task"]["kind"]
        if kind == "instant":
            return "take"
        if kind == "recover_dice":
            return self._last_of(legal, "pick ") or "done"
        if kind == "reroll":
            misses = [t for t in legal if t.startswith("pick ") and t.endswith("m")]
            return misses[0] if misses else "done"
        if kind == "damage_card":
            return self._damage_target(view, legal, int(view["task"]["amount"]))
        return next(iter(legal))

    def _damage_target(self, view: JSON, legal: dict[str, Action], amount: int) -> str | None:
        cards = [c for c in view["active"] if not c["defeated"]]
        killable = [c for c in cards if _remaining(c) <= amount]
        pool = killable or cards
        if not pool:
            return None
        best = max(pool, key=lambda c: (c["damage"], -_remaining(c)))
        return f"target {best['position']}"

    # -- anytime: backup plan, items ------------------------------------------------------

    def _anytime(self, view: JSON, legal: dict[str, Action], deck: DeckHeuristic) -> str | None:
        if "flip" in legal:
            return "flip"
        if "ability" in legal and self._ability_helps(view):
            return "ability"
        health = view["stats"]["health"]
        for text in legal:
            if text.startswith(("use ", "backup ")):
                kinds = self._effect_kinds(view, text)
                if "heal" in kinds and health <= 3:
                    return text
                decided, choice = deck.anytime(view, text, kinds)
                if decided:
                    return choice
                if "damage_card" in kinds and (
                    (view["phase"] == "apply" and self._finishable(view)) or _stuck(view)
                ):
                    return text
                if kinds & {"strengthen_dice", "weaken_dice", "recruit_dice"} and _stuck(view):
                    return text
                if "reroll" in kinds and view["phase"] == "apply" and self._misses(view):
                    return text
                if text.startswith("backup ") and self._frees_backup(view, kinds):
                    return text
        return None

    def _frees_backup(self, view: JSON, kinds: set[str]) -> bool:
        """In a battle past its first Engagements, spend backup dice on what helps the fight
        (a spent backup die is exhausted, so Recovery can bring it back to the pool): dice
        left in the backup plan for ever would leave too few to win."""
        if view["phase"] != "commit" or view["strategy_phases"] or self._battle_length() <= WAITS:
            return False
        if "lose_health" in kinds and view["stats"]["health"] <= 3:
            return False
        return bool(kinds & {"recover_dice", "heal", "damage_card"})

    def _battle_length(self) -> int:
        """The Engagements of the battle under way counted so far."""
        return max(self._engagements.values(), default=0)

    def _ability_helps(self, view: JSON) -> bool:
        """Whether the hero's ability does some good now."""
        hero = view["table"].get("hero") or {}
        effects = hero.get("innate_plus" if hero.get("flipped") else "innate", [])
        phase, health = view["phase"], view["stats"]["health"]
        for effect in effects:
            kind, amount = effect["kind"], effect.get("amount", 0)
            if kind == "heal" and health + amount <= 6:
                return True
            if kind in ("recruit_dice", "strengthen_dice") and phase == "commit":
                return True
            if kind == "recover_dice" and phase == "commit":
                return any(d["zone"] == "exhausted" for d in view["dice"])
            if kind == "reroll" and phase == "apply" and self._misses(view):
                return True
            if kind == "damage_card" and (
                (phase == "apply" and self._finishable(view)) or _carries_over(view)
            ):
                return True  # in a battle whose hits carry over, every wound counts
        return False

    def _effect_kinds(self, view: JSON, text: str) -> set[str]:
        words = text.split()
        if words[0] == "use":
            item = view["inventory"][int(words[1]) - 1]["item"]
            effects = item["effects"] if item else []
        else:
            effects = view["table"]["backup"]["options"][int(words[2]) - 1]
        kinds = set()
        for effect in effects:
            if effect["kind"] == "hook":
                kinds.add(f"hook:{effect['hook']}:{effect.get('amount', 0)}")
            else:
                kinds.add(effect["kind"])
        return kinds

    def _finishable(self, view: JSON) -> bool:
        return any(not c["defeated"] and _remaining(c) <= 2 for c in view["active"])

    def _misses(self, view: JSON) -> bool:
        return any(d["zone"] == "committed" and d["face"] == "miss" for d in view["dice"])

    # -- the strategy phase ---------------------------------------------------------------

    def _need(self, view: JSON) -> int:
        return sum(_remaining(c) for c in view["active"] if not c["defeated"])

    def _commit(self, view: JSON, legal: dict[str, Action]) -> str:
        need = self._need(view)
        tries = view["stats"]["strategy"] - view["strategy_phases"]
        ready = sum(
            expected(d["colour"], tries)
            for d in view["dice"]
            if d["zone"] == "committed" and d["colour"] in _useful_colours(view)
        )
        if ready >= need * MARGIN:
            return "roll"
        if view["strategy_phases"] == 0 and not ready:
            count = self._count_engagement(view)
            waits = count <= WAITS and self._better_to_wait(view, need)
            if waits or self._stalled(view, count):
                return "roll"
        useful = _useful_colours(view)
        for colour in reversed(STRENGTH):
            text = f"commit {colour[0].upper()}"
            if text in legal and colour in useful:
                return text
        return "roll"

    def _count_engagement(self, view: JSON) -> int:
        """The Engagements of the battle under way, this one included."""
        round_ = int(view["round"])
        count = self._engagements.get(round_, 0) + 1
        self._engagements = {round_: count}
        return count

    def _stalled(self, view: JSON, count: int) -> bool:
        """After many Engagements of one battle, rest the dice three times out of four, while
        a quarter of the band or more is exhausted (resting a nearly full pool only lets the
        battle run on for ever)."""
        zones = [d["zone"] for d in view["dice"]]
        if 4 * zones.count("exhausted") < zones.count("pool") + zones.count("exhausted"):
            return False
        return count > 6 and count % 4 != 0

    def _better_to_wait(self, view: JSON, need: int) -> bool:
        """With too few dice to win, enough exhausted to win once they are back, and little to
        fear, commit nothing: Recovery refills.
        Never in a battle whose hits carry over (a deck's conflict): every hit counts."""
        if _carries_over(view):
            return False
        dice = view["dice"]
        encounter = view["table"].get("encounter") or {}
        blunt = any(m["kind"] == "no_crit" for m in encounter.get("modifiers", [])) or any(
            m["kind"] == "no_crit" for c in view["active"] if not c["defeated"] for m in c["during"]
        )
        useful = _useful_colours(view)
        per_die = 1 if blunt else 2
        reach = per_die * sum(
            d["zone"] in ("pool", "committed") and d["colour"] in useful for d in dice
        )
        rested = reach + per_die * sum(
            d["zone"] == "exhausted" and d["colour"] in useful for d in dice
        )
        incoming = sum(c["damage"] for c in view["active"] if not c["defeated"]) - _ward(view)
        # wait only when Recovery can bring the fight within reach
        return bool(reach < need <= rested and incoming < view["stats"]["health"] - 1)

    def _apply(self, view: JSON, legal: dict[str, Action]) -> str:
        cards = {c["position"]: _remaining(c) for c in view["active"] if not c["defeated"]}
        threat = {c["position"]: c["damage"] for c in view["active"]}
        applies = [t for t in legal if t.startswith("apply ") and t.split()[2].isdigit()]
        best: tuple[float, str] | None = None
        for text in applies:
            _, face, target = text.split()
            position = int(target)
            if position not in cards:
                continue
            damage = 2 if face[1] == "c" else 1
            left = cards[position]
            waste = max(0, damage - left)
            kills = damage >= left
            score = 10 * kills + threat[position] - 3 * waste + damage - 0.1 * left
            score -= 0.2 * STRENGTH.index(LETTER[face[0]])
            if best is None or score > best[0]:
                best = (score, text)
        if best is not None:
            return best[1]
        for text in legal:
            if text.endswith(" backup") or " lock" in text:
                return text
        if _rested(view):
            return "resolve"  # the roll was empty on purpose: Recovery refills the pool
        if cards and "again" in legal and not self._better_to_wait(view, sum(cards.values())):
            return "again"
        return "resolve"

    # -- helpers --------------------------------------------------------------------------

    def _first_of(self, legal: dict[str, Action], prefix: str) -> str | None:
        return next((t for t in legal if t.startswith(prefix)), None)

    def _last_of(self, legal: dict[str, Action], prefix: str) -> str | None:
        found = [t for t in legal if t.startswith(prefix)]
        return found[-1] if found else None
