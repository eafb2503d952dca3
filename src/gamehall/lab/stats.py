"""The statistics of the lab's summaries: binomial intervals and distributions."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

Z95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95 % interval."""


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (95 % by default).

    >>> [round(x, 4) for x in wilson(40, 100)]
    [0.3094, 0.498]
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    scale = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / scale
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / scale
    low = 0.0 if successes <= 0 else max(0.0, centre - half)  # exact at the ends: no
    high = 1.0 if successes >= trials else min(1.0, centre + half)  # rounding past p
    return low, high


def distribution(values: Sequence[float]) -> dict[str, float]:
    """Mean, median, 10th and 90th percentiles, least and most of ``values``.

    >>> distribution([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])["p90"]
    9.1
    """
    if not values:
        return {"mean": 0.0, "median": 0.0, "p10": 0.0, "p90": 0.0, "min": 0.0, "max": 0.0}
    deciles = statistics.quantiles(values, n=10, method="inclusive") if len(values) > 1 else []
    return {
        "mean": statistics.fmean(values),
        "median": statistics.median(values),
        "p10": deciles[0] if deciles else values[0],
        "p90": deciles[-1] if deciles else values[0],
        "min": min(values),
        "max": max(values),
    }
