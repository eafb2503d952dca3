"""The lab's statistics against known cases: the Wilson interval and distributions."""

from __future__ import annotations

import math

import pytest

from gamehall.lab.stats import distribution, wilson

# Known 95 % Wilson intervals (z = 1.959964): the first four as R's prop.test(correct = FALSE)
# prints them; all five are also the roots of the score equation, found below by bisection.
KNOWN = [
    (0, 10, 0.0, 0.2775328),
    (10, 10, 0.7224672, 1.0),
    (5, 10, 0.2365931, 0.7634069),
    (40, 100, 0.3094013, 0.4979974),
    (1, 1000, 0.0001765, 0.0056426),
]


@pytest.mark.parametrize(("wins", "games", "low", "high"), KNOWN)
def test_the_wilson_interval_matches_published_values(
    wins: int, games: int, low: float, high: float
) -> None:
    found = wilson(wins, games)
    assert found == pytest.approx((low, high), abs=1e-6)
    assert found == pytest.approx(score_roots(wins, games), abs=1e-9)


def score_roots(wins: int, games: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The p where (observed - p)^2 = z^2 p (1 - p) / n, by bisection on each side."""
    observed = wins / games

    def gap(p: float) -> float:
        return (observed - p) ** 2 - z * z * p * (1 - p) / games

    def root(low: float, high: float) -> float:
        for _ in range(200):
            middle = (low + high) / 2
            low, high = (middle, high) if (gap(low) > 0) == (gap(middle) > 0) else (low, middle)
        return (low + high) / 2

    return (
        root(0.0, observed) if observed > 0 else 0.0,
        root(observed, 1.0) if observed < 1 else 1.0,
    )


def test_the_wilson_interval_covers_the_rate_and_narrows_with_more_games() -> None:
    """The interval holds the observed rate, stays in [0, 1] and narrows as games grow;
    with no game it is [0, 1]."""
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(0, 6)[0] == 0.0 and wilson(6, 6)[1] == 1.0  # exactly, no rounding past p
    widths = []
    for games in (10, 100, 1000, 10_000):
        low, high = wilson(0.3 * games, games)
        assert 0 <= low <= 0.3 <= high <= 1
        widths.append(high - low)
    assert widths == sorted(widths, reverse=True)
    # For large n it approaches the normal approximation p ± 1.96 sqrt(p(1-p)/n).
    assert widths[-1] == pytest.approx(2 * 1.959964 * math.sqrt(0.21 / 10_000), rel=1e-3)


def test_a_distribution_gives_mean_median_deciles_and_range() -> None:
    figures = distribution([3, 1, 2, 10, 4])
    assert figures["mean"] == 4 and figures["median"] == 3
    assert (figures["min"], figures["max"]) == (1, 10)
    assert figures["p10"] == pytest.approx(1.4) and figures["p90"] == pytest.approx(7.6)
    assert distribution([7])["p90"] == 7 and distribution([])["mean"] == 0
