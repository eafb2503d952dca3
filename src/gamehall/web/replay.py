"""A finished game told step by step for its replay: every log line with the step it came
from, and the chapters (rounds or turns) with the step each begins at; narrated once per
language, since a finished game never changes."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass

from gamehall.core.game import EVERYTHING
from gamehall.core.match import Match

LOG_SHOWN = 80
"""The log lines a replay frame shows: the last ones before its step."""


@dataclass(frozen=True)
class ReplayScript:
    """Every log line of a finished match in one language, and its chapters."""

    steps: list[int]
    """For each line, the action it narrates (ascending)."""
    lines: list[str]
    chapters: list[tuple[int, str]]
    """(the first action of the chapter, its heading), in order."""

    def log_before(self, step: int) -> list[tuple[int, str]]:
        """The last :data:`LOG_SHOWN` lines of the actions before ``step``, with their action."""
        stop = bisect_left(self.steps, step)
        start = max(0, stop - LOG_SHOWN)
        return list(zip(self.steps[start:stop], self.lines[start:stop], strict=True))

    def part_jumps(self, step: int, last: int) -> tuple[int, int]:
        """Where "back a round or turn" and "on a round or turn" lead from ``step``: the start
        of its chapter (of the one before, from a start), and the next chapter's start (the
        end, from the last chapter)."""
        starts = [start for start, _ in self.chapters] or [0]
        here = self.chapter_at(step)
        back = starts[here] if step > starts[here] else starts[max(0, here - 1)]
        on = starts[here + 1] if here + 1 < len(starts) else last
        return min(back, step), max(on, step)

    def chapter_at(self, step: int) -> int:
        """The index of the chapter ``step`` is in (0 when the game has none)."""
        starts = [start for start, _ in self.chapters]
        return max(0, bisect_right(starts, step) - 1)


def script_of(match: Match, language: str) -> ReplayScript:
    """The match narrated for everyone (the game is over: nothing is secret any more)."""
    texts = match.catalog(language)
    steps: list[int] = []
    lines: list[str] = []
    chapters: list[tuple[int, str]] = []
    game, states, actions = match.game, match.states, match.actions
    for index, action in enumerate(actions):
        heading = match.chapter_of(index)
        if heading is not None:
            rendered = texts.render(heading)
            if not chapters or chapters[-1][1] != rendered:
                chapters.append((index, rendered))
        for line in game.narrate(states[index], action, states[index + 1], EVERYTHING):
            steps.append(index)
            lines.append(texts.render(line))
    return ReplayScript(steps, lines, chapters)
