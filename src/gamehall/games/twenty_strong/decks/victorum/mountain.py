"""Mount Vesuvius: nine camps in a 4-3-2 pyramid under the scion's camp, and how they touch.

The rulebook's diagram is lost; the layout and the staggered adjacency follow the research
notes (facts §4.3, VIC-CAMP-1, VIC-CAMP-2, docs/rulings.md VIC-R1). Camps are stacks
0..8: the bottom row B1-B4, the middle row M1-M3, the top row T1-T2; the scion's camp is
``SCION_CAMP`` and is never a stack.

>>> [CAMPS[c] for c in ADJACENT[CAMPS.index("M2")]]
['B2', 'B3', 'M1', 'M3', 'T1', 'T2']
>>> [CAMPS[c] for c in PRIMUS_CAMPS]
['B1', 'M2', 'T2', 'B4', 'M1', 'T1', 'M3']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Final

CAMPS: Final = ("B1", "B2", "B3", "B4", "M1", "M2", "M3", "T1", "T2")
SCION_CAMP: Final = len(CAMPS)
"""The scion's camp, a tenth camp above the pyramid (VIC-SETUP-4): reached only at the endgame
(VIC-MOVE-3)."""
FOOT: Final = (0, 1, 2, 3)
"""The four camps at the foot of the mountain, where the chip starts (VIC-MOVE-1)."""

_PAIRS: Final = (
    ("B1", "B2"), ("B2", "B3"), ("B3", "B4"), ("M1", "M2"), ("M2", "M3"), ("T1", "T2"),
    ("B1", "M1"), ("B2", "M1"), ("B2", "M2"), ("B3", "M2"), ("B3", "M3"), ("B4", "M3"),
    ("M1", "T1"), ("M2", "T1"), ("M2", "T2"), ("M3", "T2"),
)  # fmt: skip


def _adjacency() -> tuple[tuple[int, ...], ...]:
    touching: list[set[int]] = [set() for _ in CAMPS]
    for a, b in _PAIRS:
        touching[CAMPS.index(a)].add(CAMPS.index(b))
        touching[CAMPS.index(b)].add(CAMPS.index(a))
    return tuple(tuple(sorted(t)) for t in touching)


ADJACENT: Final = _adjacency()
"""The camps each camp touches, sideways, up and down (symmetric, VIC-CAMP-2)."""

PRIMUS_CAMPS: Final = tuple(
    CAMPS.index(name) for name in ("B1", "M2", "T2", "B4", "M1", "T1", "M3")
)
"""The camps numbered 1..7 on the setup diagram, where primuses go (VIC-CAMP-3, VIC-R2)."""


def nearest(start: int, wanted: Callable[[int], bool]) -> list[int]:
    """The camps closest to ``start`` (over any camps, empty ones too) that are ``wanted``
    (VIC-MOVE-6)."""
    frontier, seen = [start], {start}
    while frontier:
        found = sorted(c for c in frontier if c != start and wanted(c))
        if found:
            return found
        frontier = sorted({n for c in frontier for n in ADJACENT[c]} - seen)
        seen.update(frontier)
    return []


def names(camps: Iterable[int]) -> list[str]:
    """Camp names (for messages)."""
    return [CAMPS[c] for c in camps]
