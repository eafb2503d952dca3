"""Exact odds of completing a combination: the numbers the heuristic bot, the advisor and the
web table use to weigh re-rolls.

Every probability is a :class:`~fractions.Fraction`, counted over all faces of the re-rolled dice.

>>> str(reroll_odds((6, 6, 1, 2, 3), (2, 3, 4), [("set", 1, 3)]))
'4/9'
>>> best_reroll((6, 6, 1, 2, 3), (), [("pair", 6, 2)], 1)
(Fraction(1, 1), ())

:func:`completion_odds` plays the re-rolls a player has in hand as well as possible: each
Focus token re-rolls one Focus die not set aside (ATT-ENC-7, docs/rulings.md ATT-R5), chosen
after seeing the last result.

>>> str(completion_odds((6, 1, 2, 3, 4), (), [("pair", 6, 2)], 1))
'1/6'
>>> str(completion_odds((6, 1, 2, 3, 4), (), [("pair", 6, 2)], 2))
'11/36'
>>> str(completion_odds((6, 1, 2, 3, 4), (0,), [("pair", 6, 2)], 0, pending=2))
'11/36'
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import factorial, prod

from gamehall.core.memo import memo
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


@memo(4096)  # bounded: a long-running hall sees ever more hands (reliability.md)
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


@memo(16384)
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


def completion_odds(
    values: Sequence[int],
    aside: Sequence[int],
    combos: Sequence[Combo],
    rerolls: int,
    pending: int = 0,
) -> Fraction:
    """The chance of forming one of ``combos`` from the Focus dice ``values`` when the player
    still has ``rerolls`` re-rolls of one die each (Focus tokens: each chosen after seeing the
    last result) and plays them as well as possible; dice at the indexes ``aside`` are kept.

    ``pending`` is a re-roll of up to that many dice at once that comes first (an effect's
    choice in progress); re-rolling none of them is one of its choices. Other help (Loot not
    used yet, Exploits, Terrible Things) is not counted: the chance is what the dice and the
    tokens in hand give."""
    combos = tuple(combos)
    kept = tuple(sorted(values[i] for i in aside))
    free = tuple(sorted(v for i, v in enumerate(values) if i not in aside))
    rerolls = max(0, rerolls)
    if _met_sorted(tuple(sorted(values)), combos):
        return Fraction(1)
    if not free or not (rerolls or pending):
        return Fraction(0)
    if not pending:
        return Fraction(_focus_ways(kept, free, rerolls, combos), 6**rerolls)
    best = Fraction(_focus_ways(kept, free, rerolls, combos), 6**rerolls)
    for count in range(1, min(pending, len(free)) + 1):
        for chosen in set(combinations(free, count)):
            rest = list(free)
            for value in chosen:
                rest.remove(value)
            ways = sum(
                more * _focus_ways(kept, tuple(sorted((*rest, *faces))), rerolls, combos)
                for faces, more in _outcomes(count)
            )
            best = max(best, Fraction(ways, 6 ** (count + rerolls)))
    return best


def _focus_ways(
    kept: tuple[int, ...], free: tuple[int, ...], rerolls: int, combos: tuple[Combo, ...]
) -> int:
    """The rolls, out of ``6 ** rerolls``, that end in one of ``combos`` when each of
    ``rerolls`` single-die re-rolls goes on the free die where it helps most (``free`` and
    ``kept`` sorted)."""
    levels = _levels(kept, len(free), combos)
    while len(levels) <= rerolls:
        levels.append(_next_level(levels[-1], len(levels), len(free), levels[0]))
    return levels[rerolls][_index(len(free))[free]]


@memo(256)
def _levels(kept: tuple[int, ...], count: int, combos: tuple[Combo, ...]) -> list[Sequence[int]]:
    """For each number of re-rolls left so far worked out (0, 1...), the winning rolls of every
    sorted hand of ``count`` free dice (by :func:`_hands` order); level 0 is 1 if the hand
    with ``kept`` already forms a combination. Later levels are added as they are needed
    (by :func:`_focus_ways`, in place: on one thread only, for the exact odds of a person's
    table, which no search asks for; see ``gamehall.web.thinking``)."""
    return [_packed([int(_met_sorted(tuple(sorted(kept + h)), combos)) for h in _hands(count)])]


def _next_level(
    previous: Sequence[int], rerolls: int, count: int, met_now: Sequence[int]
) -> Sequence[int]:
    """The winning rolls with ``rerolls`` re-rolls left, from those with one fewer."""
    whole = 6**rerolls
    ways = list(previous).__getitem__  # reading Python ints is faster than a packed array
    return _packed(
        [
            whole if met else max(sum(map(ways, successors)) for successors in moves)
            for met, moves in zip(met_now, _moves(count), strict=True)
        ],
        whole,
    )


def _packed(level: list[int], most: int = 1) -> Sequence[int]:
    """A level as one block of machine words when its counts fit (at most ``most``), not one
    Python int each: the memo of levels stays small in a long-running hall (reliability.md)."""
    return array("Q", level) if most < 2**64 else level


@cache
def _hands(count: int) -> tuple[tuple[int, ...], ...]:
    """Every sorted hand of ``count`` Focus dice."""
    return tuple(combinations_with_replacement(FOCUS_FACES, count))


@cache
def _index(count: int) -> dict[tuple[int, ...], int]:
    """The position of each sorted hand in :func:`_hands`."""
    return {hand: i for i, hand in enumerate(_hands(count))}


@cache
def _moves(count: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each hand, for each distinct value in it, the hands after re-rolling one die of
    that value to each face 1..6."""
    index = _index(count)
    table = []
    for hand in _hands(count):
        moves = []
        for position, value in enumerate(hand):
            if position and hand[position - 1] == value:
                continue
            rest = hand[:position] + hand[position + 1 :]
            moves.append(tuple(index[tuple(sorted((*rest, face)))] for face in FOCUS_FACES))
        table.append(tuple(moves))
    return tuple(table)
