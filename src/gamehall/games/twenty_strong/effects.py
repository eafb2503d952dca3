"""The effect vocabulary at work: effects and tasks dispatched to their kinds, and modifier
queries.

An effect that fires becomes one or more :class:`Task` records queued in the state. Tasks that
need no choice run at once; a choice waits as legal actions (``pick``, ``target``, ``take``...).
What each kind does lives in its class (:mod:`.effect_kinds`); this module asks the registry.
Stats obey the general bounds (GEN-STAT-4, GEN-STAT-5; :mod:`.effect_kinds.stats`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from gamehall.core.game import Action
from gamehall.games.twenty_strong.actions import Done
from gamehall.games.twenty_strong.dice import within_bounds
from gamehall.games.twenty_strong.effect_kinds import EFFECT_KINDS, tasks_for
from gamehall.games.twenty_strong.effect_kinds.base import (
    DECLINE,
    DONE,
    PICK_COLOUR,
    PICK_ROLLED,
    TAKE,
)
from gamehall.games.twenty_strong.effect_kinds.reserve import (
    DISMISSABLE,
    dismiss_picked,
    dismissable,
    neighbour_colour,
    recruit,
    weakest_in,
)
from gamehall.games.twenty_strong.effect_kinds.stats import (
    CAUSES,
    Cause,
    change_stat,
    end,
    lose,
    note,
)
from gamehall.games.twenty_strong.runtime import Fx, Mod
from gamehall.games.twenty_strong.state import State, Task

if TYPE_CHECKING:
    from gamehall.games.twenty_strong.rules import TwentyStrong

__all__ = [
    "CAUSES",
    "DECLINE",
    "DISMISSABLE",
    "DONE",
    "PICK_COLOUR",
    "PICK_ROLLED",
    "TAKE",
    "Cause",
    "apply_choice",
    "change_stat",
    "choices",
    "commit_limit",
    "dismiss_picked",
    "dismissable",
    "effective",
    "end",
    "has",
    "lose",
    "modifiers",
    "neighbour_colour",
    "note",
    "payable",
    "possible",
    "recruit",
    "run_automatic",
    "tasks_for",
    "total",
    "weakest_in",
]

# -- lasting modifiers ----------------------------------------------------------------------


def modifiers(game: TwentyStrong, state: State) -> list[Mod]:
    """Every lasting modifier in force: During effects of undefeated cards, ongoing items,
    the hero's ability and the deck's own (GEN-EFFECT-1, GEN-ITEM-3)."""
    deck = game.deck
    hero = deck.hero_ability(state).modifiers
    extra = deck.modifiers(state)
    cached = game.modifiers_cache
    if (
        cached is not None
        and cached[0] is state.active
        and cached[1] is state.inventory
        and cached[2] is hero
        and cached[3] == extra
    ):
        return cached[4]  # nothing they depend on has changed since the last question
    found: list[Mod] = []
    cards = deck.cards
    for active in state.active:
        if not active.defeated:
            found.extend(cards[active.card].during)
    for item in state.inventory:
        info = deck.item(state, item.card)
        if info is not None and info.kind == "ongoing":
            found.extend(info.modifiers)
    found.extend(hero)
    found.extend(extra)
    game.modifiers_cache = (state.active, state.inventory, hero, extra, found)
    return found


def total(mods: Iterable[Mod], kind: str, stat: str = "") -> int:
    """The sum of the amounts of ``kind`` modifiers (of ``stat``)."""
    return sum(m.amount for m in mods if m.kind == kind and m.stat == stat)


def has(mods: Iterable[Mod], kind: str) -> bool:
    """Whether a modifier of ``kind`` is in force."""
    return any(m.kind == kind for m in mods)


def effective(game: TwentyStrong, state: State, stat: str, mods: list[Mod] | None = None) -> int:
    """A stat with the modifiers in force (``mods``, when already gathered); a modifier that
    would leave 1..6 is ignored."""
    base: int = getattr(state, stat)
    changed = base + total(modifiers(game, state) if mods is None else mods, "stat", stat)
    return changed if within_bounds(changed) else base


def commit_limit(mods: list[Mod]) -> int:
    """How many dice may be committed in one Strategy phase (no limit: 17), unless a card's
    text sets a limit (GEN-PRIO-2: card text wins over the rulebook)."""
    limits = [m.amount for m in mods if m.kind == "commit_limit"]
    return min(limits) if limits else 17


# -- effects, through their kinds ----------------------------------------------------------


def possible(game: TwentyStrong, state: State, effect: Fx) -> bool:
    """Whether ``effect`` can do anything now (an item is usable only then)."""
    return EFFECT_KINDS[effect.kind].possible(game, state, effect)


def payable(state: State, effect: Fx) -> bool:
    """Whether a cost can be paid in full (a peaceful option, TMB-MOHL-2)."""
    return EFFECT_KINDS[effect.kind].payable(state, effect)


def choices(game: TwentyStrong, state: State, task: Task) -> list[Action]:
    """The legal actions of a task that waits for a choice (empty: nothing to choose); an
    optional one (a "may") can be declined with Done (GEN-PRIO-4)."""
    options = EFFECT_KINDS[task.kind].choices(game, state, task)
    if options and task.optional:
        options.append(DONE)
    return options


def run_automatic(game: TwentyStrong, s: State, task: Task) -> None:
    """Carry out a task that needs no choice, and drop it from the queue."""
    s.tasks = s.tasks[1:]
    EFFECT_KINDS[task.kind].run(game, s, task)


def apply_choice(game: TwentyStrong, s: State, task: Task, action: Action) -> None:
    """Carry out one choice of the front task (a task of N picks is chosen one at a time)."""
    kind = EFFECT_KINDS[task.kind]
    rest = task._replace(amount=task.amount - 1)
    done = isinstance(action, Done)
    finished = done or kind.single_choice or rest.amount <= 0
    s.tasks = s.tasks[1:] if finished else (rest, *s.tasks[1:])
    if not done:
        kind.apply(game, s, task, action)
