"""The dice of Ancient Terrible Things: green Focus dice (1..6) and white Action dice, and the
test of a dice combination (ATT-RES-3..8).

An Action die has 3 blank faces and 3 faces each showing one resource symbol (ATT-ENC-6,
facts §A.4); which symbols is a house choice (docs/rulings.md, ATT-R4): Treasure, Feat and
Mystery.

>>> meets(("straight", 4, 3), (6, 1, 5, 4, 2))
True
>>> meets(("pair", 4, 2), (3, 3, 6, 5, 1))
False
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final

FOCUS_DICE: Final = 5
ACTION_DICE: Final = 2
FOCUS_FACES: Final = (1, 2, 3, 4, 5, 6)

BLANK: Final = "blank"
ACTION_FACES: Final[tuple[tuple[str, int], ...]] = (
    (BLANK, 3),
    ("treasure", 1),
    ("feat", 1),
    ("mystery", 1),
)
"""Each Action die face kind with the number of faces showing it (6 in all)."""

Combo = tuple[str, int, int]
"""A combination as (kind, minimum, size): ``("set", 2, 4)`` is four equal dice of 2 or more."""


def meets(combo: Combo, values: Sequence[int]) -> bool:
    """True if the Focus dice ``values`` form ``combo`` (every printed value is a minimum,
    ATT-RES-7)."""
    kind, minimum, size = combo
    if kind == "high":  # ATT-RES-3
        return any(v >= minimum for v in values)
    if kind == "straight":  # ATT-RES-6: a run of ``size`` from a face >= minimum
        present = set(values)
        return any(
            all(start + i in present for i in range(size)) for start in range(minimum, 8 - size)
        )
    counts = Counter(values)
    return any(n >= size and v >= minimum for v, n in counts.items())  # ATT-RES-4, ATT-RES-5


def dice_for(combo: Combo, values: Sequence[int]) -> tuple[int, ...]:
    """Indexes of dice in ``values`` that form ``combo`` (the highest such dice), or ()."""
    kind, minimum, size = combo
    order = sorted(range(len(values)), key=lambda i: -values[i])
    if kind == "high":
        best = order[0] if order else -1
        return (best,) if best >= 0 and values[best] >= minimum else ()
    if kind == "straight":
        for start in range(6 - size + 1, minimum - 1, -1):
            chosen = []
            for face in range(start, start + size):
                index = next((i for i in order if values[i] == face), -1)
                if index < 0:
                    break
                chosen.append(index)
            else:
                return tuple(sorted(chosen))
        return ()
    for face in range(6, minimum - 1, -1):
        same = [i for i in order if values[i] == face]
        if len(same) >= size:
            return tuple(sorted(same[:size]))
    return ()
