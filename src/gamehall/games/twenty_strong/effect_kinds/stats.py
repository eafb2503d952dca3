"""Stats and the effects that change them: ``heal``, ``lose_health`` and ``stat``.

Stats obey the general bounds (GEN-STAT-4, GEN-STAT-5): a change that would leave 1..6 is
ignored, except that Health falling below 1 loses the game (GEN-WIN-2). Each change is noted
with its cause while the log listens (``CAUSES``).
"""

from __future__ import annotations

from contextvars import ContextVar
from typing import TYPE_CHECKING, Final

from gamehall.games.twenty_strong.dice import STAT_MAX, within_bounds
from gamehall.games.twenty_strong.effect_kinds.base import EffectKind
from gamehall.games.twenty_strong.state import LOST, NOWHERE, OVER, State, Task

if TYPE_CHECKING:
    from gamehall.games.twenty_strong.rules import TwentyStrong
    from gamehall.games.twenty_strong.runtime import Fx

Cause = tuple[str, tuple[int, ...], str, int, int, int]
"""Why a stat changed, for the log: (why, the cards that caused it, the stat, old, new, the
damage wards stopped). ``why`` is ``suffer``, ``effect`` or a deck's word (``rest``)."""

CAUSES: Final[ContextVar[list[Cause] | None]] = ContextVar("causes", default=None)
"""Where stat changes are noted while the log replays an action (``view.narrated``); None,
and nothing noted, the rest of the time."""


def note(why: str, sources: tuple[int, ...], stat: str, old: int, new: int, ward: int = 0) -> None:
    """Note why a stat changed, when the log is listening."""
    noted = CAUSES.get()
    if noted is not None:
        noted.append((why, sources, stat, old, new, ward))


def change_stat(
    s: State, stat: str, delta: int, source: int = NOWHERE, why: str = "effect"
) -> None:
    """Change a stat within the bounds: out-of-bounds changes are ignored, but Health under 1
    loses, in every deck (GEN-STAT-4, GEN-STAT-5, GEN-WIN-2, TMB-WIN-2, VIC-WIN-2). ``source``
    and ``why`` say what changed it."""
    old: int = getattr(s, stat)
    value = old + delta
    if stat == "health" and value < 1:
        s.health = value
        lose(s)
    elif within_bounds(value):
        setattr(s, stat, value)
    else:
        return
    note(why, () if source == NOWHERE else (source,), stat, old, value)


def lose(s: State) -> None:
    """The game is lost."""
    end(s, LOST)


def end(s: State, result: int) -> None:
    """The game ends (won or lost): nothing left to resolve or roll."""
    s.result = result
    s.phase = OVER
    s.tasks = ()
    s.to_roll = ()
    s.rewards = ()


class Heal(EffectKind):
    """Gain Health, up to the maximum: usable only when it all fits (GEN-STAT-4)."""

    def __init__(self) -> None:
        super().__init__("heal", positive=True)

    def possible(self, game: TwentyStrong, state: State, effect: Fx) -> bool:
        return state.health + effect.amount <= STAT_MAX

    def run(self, game: TwentyStrong, s: State, task: Task) -> None:
        change_stat(s, "health", task.amount, task.source)


class LoseHealth(EffectKind):
    """Lose Health; as a cost it must leave at least 1 (TMB-MOHL-2, GEN-WIN-2)."""

    def __init__(self) -> None:
        super().__init__("lose_health")

    def payable(self, state: State, effect: Fx) -> bool:
        return state.health - effect.amount >= 1

    def run(self, game: TwentyStrong, s: State, task: Task) -> None:
        change_stat(s, "health", -task.amount, task.source)


class Stat(EffectKind):
    """Change the named stat once, within its bounds (GEN-STAT-4, GEN-STAT-5)."""

    def __init__(self) -> None:
        super().__init__("stat", names_stat=True)

    def payable(self, state: State, effect: Fx) -> bool:
        return within_bounds(getattr(state, effect.stat) + effect.amount)

    def run(self, game: TwentyStrong, s: State, task: Task) -> None:
        change_stat(s, task.stat, task.amount, task.source)


HEAL: Final = Heal()
LOSE_HEALTH: Final = LoseHealth()
STAT: Final = Stat()
