"""Exact odds of completing a combination: the numbers the heuristic bot, the advisor and the
web table use to weigh re-rolls.

Every probability is a :class:`~fractions.Fraction`, counted over all faces of the re-rolled dice.

>>> str(reroll_odds((6, 6, 1, 2, 3), (2, 3, 4), [("set", 1, 3)]))
'4/9'
>>> best_reroll((6, 6, 1, 2, 3), (), [("pair", 6, 2)], 1)
(Fraction(1, 1), ())
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import factorial, prod

from gamehall.games.ancient_terrible_things.dice import FOCUS_FACES, Combo, meets


def met(values: Sequence[int], combos: Iterable[Combo]) -> bool:
    """True if the dice already form one of ``combos``."""
    return any(meets(combo, values) for combo in combos)


def reroll_odds(
    values: Sequence[int], rerolled: Sequence[int], combos: Sequence[Combo]
) -> Fraction:
    """The chance that re-rolling the dice at indexes ``rerolled`` gives one of ``combos``."""
    kept = tuple(sorted(v for i, v in enumerate(values) if i not in rerolled))
    return _odds(kept, len(rerolled), tuple(combos))


@cache
def _odds(kept: tuple[int, ...], count: int, combos: tuple[Combo, ...]) -> Fraction:
    hits = sum(
        ways for faces, ways in _outcomes(count) if _met_sorted(tuple(sorted(kept + faces)), combos)
    )
    return Fraction(hits, 6**count)


@cache
def _outcomes(count: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Each sorted roll of ``count`` dice with the number of ordered rolls giving it."""
    return tuple(
        (faces, factorial(count) // prod(factorial(faces.count(v)) for v in set(faces)))
        for faces in combinations_with_replacement(FOCUS_FACES, count)
    )


@cache
def _met_sorted(values: tuple[int, ...], combos: tuple[Combo, ...]) -> bool:
    return met(values, combos)


def best_reroll(
    values: Sequence[int], aside: Sequence[int], combos: Sequence[Combo], most: int
) -> tuple[Fraction, tuple[int, ...]]:
    """The best re-roll of at most ``most`` dice not set aside, and its chance of success.

    Re-rolling nothing is one of the choices (chance 1 or 0: the dice as they stand); ties go
    to the fewest dice, then the lowest indexes.
    """
    free = [i for i in range(len(values)) if i not in aside]
    best: tuple[Fraction, tuple[int, ...]] = (Fraction(int(met(values, combos))), ())
    for count in range(1, min(most, len(free)) + 1):
        for chosen in combinations(free, count):
            odds = reroll_odds(values, chosen, combos)
            if odds > best[0]:
                best = (odds, chosen)
    return best
