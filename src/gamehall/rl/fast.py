# cython: boundscheck=False, wraparound=False, initializedcheck=False
"""The arrays a learning loop builds at every decision, in Cython's pure Python mode.

``make compiled`` compiles this module (``hatch_build.py``): legal actions become their
catalogue numbers, and those a 0/1 mask, in C loops. The same source runs uncompiled, only
slower. (Observations are written by each game's compiled features: ``core.features``.)

>>> ones([2], 4).tolist()
[0, 0, 1, 0]
>>> numbers({id(None): (None, 3)}, [None]), numbers({}, [None])
([3], None)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

try:
    import cython
except ModuleNotFoundError:  # installed without Cython: the same code, as Python
    from gamehall.core import shadow as cython
import numpy as np


def ones(numbers: list[int], size: int) -> np.ndarray[Any, np.dtype[np.int8]]:
    """A new int8 vector of ``size`` zeros with a one at each of ``numbers``."""
    mask = np.zeros(size, np.int8)
    out: cython.char[:] = mask
    count: cython.Py_ssize_t = len(numbers)
    i: cython.Py_ssize_t
    at: cython.Py_ssize_t
    for i in range(count):
        at = numbers[i]
        out[at] = 1
    return mask


def numbers(known: dict[int, tuple[Any, int]], actions: Sequence[Any]) -> list[int] | None:
    """The catalogue numbers of ``actions`` from an index's identity memo (``Index.known``),
    or None if one of them is not in it yet (``Index.indices`` then looks them up)."""
    found: list[int] = []
    count: cython.Py_ssize_t = len(actions)
    i: cython.Py_ssize_t
    for i in range(count):
        action = actions[i]
        entry = known.get(id(action))
        if entry is None or entry[0] is not action:
            return None
        found.append(entry[1])
    return found
