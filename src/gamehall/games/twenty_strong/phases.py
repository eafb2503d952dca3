"""The flow as a table of named phases: each phase of the rulebook one :class:`Phase` entry.

The general phases (``flow.general_phases``: Engage, Commit, Apply, then the Resolve steps of
GEN-RESOLVE-1) and a deck's own (``DeckRules.phases``) make one table per game, which
``flow.advance`` looks the state's phase up in. Activation is no phase of its own: a round
starts with ``DeckRules.start_round`` (GEN-ROUND-2, GEN-ACT-1).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import NamedTuple

from gamehall.games.twenty_strong.state import State

Step = Callable[[State], bool]
"""What a phase does when it is reached with nothing else due; True when it waits for a
decision (the phase's legal actions)."""


class Phase(NamedTuple):
    """A phase of the flow: its name (``State.phase``), the clauses it plays, whether it may
    wait for the player's decision, and its step (None: the player always decides)."""

    name: str
    clauses: tuple[str, ...]
    waits: bool
    step: Step | None = None


def phase_table(*groups: Iterable[Phase]) -> dict[str, Phase]:
    """The phases of ``groups`` by name, in order; a name given twice, or a phase with no step
    that does not wait, is an error."""
    table: dict[str, Phase] = {}
    for group in groups:
        for phase in group:
            if phase.name in table:
                raise ValueError(f"the phase {phase.name!r} is defined twice")
            if phase.step is None and not phase.waits:
                raise ValueError(f"the phase {phase.name!r} neither steps nor waits")
            table[phase.name] = phase
    return table
