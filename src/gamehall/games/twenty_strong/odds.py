"""Exact odds for 20 Strong: what a set of rolled dice deals to one card, and the chance that
they defeat every active card.

A rolled unit die shows a miss, a basic hit or a crit (GEN-DICE-2), with the face counts of
its colour (GEN-DICE-3, GEN-DICE-6..10). A basic hit deals 1 damage and a crit 2 (GEN-DICE-4),
yet a crit is one hit (GEN-DICE-5): one die goes on one card (GEN-APPLY-2). What a card lets
through is a :class:`Card`: the colours whose hits it may take (immunities, GEN-APPLY-6) and
what a crit deals to it (1 when crits deal only 1, 2 plus any crit bonus: GEN-PRIO-3).

**Allocation** (docs/rulings.md, GEN-R11): the player applies hits after seeing the whole roll,
one at a time and in any order (GEN-APPLY-2), so "the dice defeat every card" means that some
allocation of the rolled hits and crits, each die to at most one card that may take its
colour, deals every card at least its health. A guard only forces its card to be defeated
first, which an allocation that defeats every card can always do; two guards standing let no
card be hit at all (each one forbids hits on the other).

Every probability is an exact :class:`~fractions.Fraction`, counted as a whole number of face
combinations over ``6 ** n``. Nothing is sampled: dice are grouped by colour and counted with
multinomials, and the defeat-every-card question runs over the joint counts of (hits, crits)
of each group of colours that the same cards accept, never over the ``6 ** 17`` rolls.

>>> red = pool_of([RED])
>>> p_at_least(red, Card(1), 1), p_at_least(red, Card(2), 2)
(Fraction(1, 1), Fraction(1, 6))
>>> expected_damage(red, Card())
Fraction(7, 6)
>>> p_at_least(pool_of([YELLOW, RED]), Card(colours=frozenset({RED})), 2)
Fraction(1, 6)
>>> p_defeat_all(pool_of([BLUE, BLUE]), [Card(1), Card(1)])
Fraction(4, 9)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import cache, lru_cache
from itertools import product
from math import comb
from operator import add
from typing import Final, NamedTuple

from gamehall.games.twenty_strong.dice import (
    BLUE,
    COLOURS,
    COUNTS,
    FACE_WEIGHTS,
    GREEN,
    PURPLE,
    RED,
    YELLOW,
)

__all__ = [
    "ALL_COLOURS",
    "BLUE",
    "GREEN",
    "PURPLE",
    "RED",
    "YELLOW",
    "Card",
    "Pool",
    "clear_caches",
    "damage_distribution",
    "expected_damage",
    "p_at_least",
    "p_defeat_all",
    "pool_of",
]

Pool = tuple[int, int, int, int, int]
"""A set of unit dice as counts by colour, weakest first: (yellow, green, blue, purple, red)."""

ALL_COLOURS: Final = frozenset(COLOURS)
SIDES: Final = 6


class Card(NamedTuple):
    """A card as dice see it: the damage still needed to defeat it, the colours whose hits it
    may take, and the damage a crit deals to it."""

    health: int = 0
    colours: frozenset[int] = ALL_COLOURS
    crit: int = 2


PLAIN: Final = Card()
"""A card with no restriction (crits deal 2)."""


def pool_of(colours: Iterable[int]) -> Pool:
    """The pool of dice of the given colours (one entry per die)."""
    counts = [0] * len(COLOURS)
    for colour in colours:
        counts[colour] += 1
    return _checked((counts[0], counts[1], counts[2], counts[3], counts[4]))


def clear_caches() -> None:
    """Forget every cached count (benchmarks time cold queries after this)."""
    for cached in (_colour_counts, _group_counts, _damage_ways, _shape, _class_plan):
        cached.cache_clear()
    _defeat_all.cache_clear()
    _tails.cache_clear()


def _checked(dice: Sequence[int]) -> Pool:
    if len(dice) != len(COLOURS) or any(n < 0 or n > COUNTS[c] for c, n in enumerate(dice)):
        raise ValueError(f"a pool is 5 counts of dice, at most {COUNTS} by colour, not {dice}")
    return (dice[0], dice[1], dice[2], dice[3], dice[4])


def _only(dice: Pool, colours: Iterable[int]) -> Pool:
    keep = set(colours)
    return _checked([n if c in keep else 0 for c, n in enumerate(dice)])


# -- one colour group: the joint counts of hits and crits ----------------------------------


@cache
def _colour_counts(colour: int, dice: int) -> tuple[tuple[int, int, int], ...]:
    """(hits, crits, ways) for ``dice`` dice of ``colour``: ways out of ``6 ** dice``."""
    miss, hit, crit = FACE_WEIGHTS[colour]
    table = []
    for crits in range(dice + 1):
        for hits in range(dice - crits + 1):
            misses = dice - crits - hits
            ways = comb(dice, crits) * comb(dice - crits, hits)
            ways *= miss**misses * hit**hits * crit**crits
            if ways:
                table.append((hits, crits, ways))
    return tuple(table)


@lru_cache(maxsize=4096)
def _group_counts(dice: Pool) -> tuple[tuple[int, int, int], ...]:
    """(basic hits, crits, ways) for a pool, ways out of ``6 ** sum(dice)``; built one colour
    at a time."""
    table: dict[tuple[int, int], int] = {(0, 0): 1}
    for colour, count in enumerate(dice):
        if not count:
            continue
        merged: dict[tuple[int, int], int] = {}
        for (hits, crits), ways in table.items():
            for more_hits, more_crits, more_ways in _colour_counts(colour, count):
                key = (hits + more_hits, crits + more_crits)
                merged[key] = merged.get(key, 0) + ways * more_ways
        table = merged
    return tuple((hits, crits, ways) for (hits, crits), ways in sorted(table.items()))


# -- one card ------------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def _damage_ways(dice: Pool, crit: int) -> tuple[int, ...]:
    """Ways (out of ``6 ** sum(dice)``) for each total damage 0, 1, 2... of ``dice``."""
    top = sum(dice) * max(1, crit)
    ways = [0] * (top + 1)
    for hits, crits, count in _group_counts(dice):
        ways[hits + crit * crits] += count
    while len(ways) > 1 and not ways[-1]:
        ways.pop()
    return tuple(ways)


def damage_distribution(dice: Pool, card: Card) -> tuple[Fraction, ...]:
    """The chance of each total damage 0, 1, 2... that ``dice`` could deal ``card`` if all of
    them went on it (dice of a colour it does not take deal nothing)."""
    useful = _only(_checked(dice), card.colours)
    total = SIDES ** sum(useful)
    return tuple(Fraction(w, total) for w in _damage_ways(useful, card.crit))


def p_at_least(dice: Pool, card: Card, health: int | None = None) -> Fraction:
    """The chance that ``dice``, all put on ``card``, deal at least ``health`` damage (by
    default the card's own ``health``)."""
    need = card.health if health is None else health
    if need <= 0:
        return Fraction(1)
    useful = _only(_checked(dice), card.colours)
    ways = _damage_ways(useful, card.crit)
    return Fraction(sum(ways[need:]), SIDES ** sum(useful))


def expected_damage(dice: Pool, card: Card = PLAIN) -> Fraction:
    """The average damage ``dice`` deal ``card`` if all of them go on it."""
    total = 0
    for colour, count in enumerate(_checked(dice)):
        if count and colour in card.colours:
            _, hit, crit = FACE_WEIGHTS[colour]
            total += count * (hit + card.crit * crit)
    return Fraction(total, SIDES)


# -- every card ----------------------------------------------------------------------------
#
# Cards that take the same colours form a *class*; colours taken by the same classes form a
# *group*: the dice of one group are alike for the question. The crits and the basic hits of a
# roll are two separate supplies, so by Hall's theorem for supplies and demands (each die to
# one card that takes its colour) an allocation exists if and only if some numbers of crits
# Z_a put on each class a meet, for every set T of groups that is a union of classes' groups:
#
#   the sum of Z_a over the classes whose groups all lie in T <= the crits rolled in T, and
#   the sum of f_a(Z_a) over the same classes                 <= the basic hits rolled in T,
#
# where f_a(Z) is the fewest basic hits class a still needs once Z crits are on its cards
# (each crit on the card where it takes off the most: the gains of one card never grow, so
# this greedy choice is best). Only the sums over each T matter, capped where no Z can ask
# for more, so the rolls of all groups but one are counted together by these capped sums; for
# the last group, every crit count has a least number of basic hits that completes the roll.


def p_defeat_all(dice: Pool, cards: Sequence[Card]) -> Fraction:
    """The chance that one roll of ``dice`` can be allocated to defeat every card of
    ``cards`` (each die on at most one card that takes its colour; see the module text)."""
    dice = _checked(dice)
    alive = tuple(sorted((c for c in cards if c.health > 0), key=_card_order))
    if not alive:
        return Fraction(1)
    ways, dice_used = _defeat_all(dice, alive)
    return Fraction(ways, SIDES**dice_used)


def _card_order(card: Card) -> tuple[int, int, tuple[int, ...]]:
    return card.health, card.crit, tuple(sorted(card.colours))


class _Shape:
    """What the cards make of the colours present in a pool.

    ``groups`` lists the colours of each group, the last one counted apart. A state is the
    crits then the basic hits rolled in each set T by the groups before the last one, capped
    at ``caps`` (the sets holding the last group come first, ``width`` of them). Every choice
    of crits per class is a bit; ``crit_bits[t][x]`` holds the choices that ask at most ``x``
    crits of set ``t``, ``hit_bits`` the same for basic hits. ``memo`` keeps what was worked
    out for each state (a shape is cached, so later pools of the same colours reuse it)."""

    __slots__ = (
        "caps",
        "counts",
        "crit_bits",
        "every",
        "groups",
        "hit_bits",
        "memo",
        "sets_of",
        "width",
    )

    def __init__(
        self,
        groups: tuple[tuple[int, ...], ...],
        sets_of: tuple[tuple[int, ...], ...],
        width: int,
        caps: tuple[int, ...],
        crit_bits: tuple[tuple[int, ...], ...],
        hit_bits: tuple[tuple[int, ...], ...],
        every: int,
    ) -> None:
        self.groups = groups
        self.sets_of = sets_of
        """For each group but the last, the indexes of the sets T containing it."""
        self.width = width
        self.caps = caps
        self.crit_bits = crit_bits
        self.hit_bits = hit_bits
        self.every = every
        """All the bits: every choice."""
        self.memo: dict[tuple[int, ...], tuple[int, ...]] = {}
        self.counts: dict[tuple[bool, tuple[int, ...], int], list[int]] = {}


@lru_cache(maxsize=1024)
def _shape(cards: tuple[Card, ...], present: tuple[int, ...]) -> _Shape | None:
    """The shape of the question for ``cards`` and the colours ``present`` in the pool, or
    None if some card takes no colour of the pool."""
    classes: dict[frozenset[int], list[Card]] = {}
    for card in cards:
        classes.setdefault(card.colours, []).append(card)
    kinds = sorted(classes, key=lambda colours: tuple(sorted(colours)))
    plans = [_class_plan(tuple((c.health, c.crit) for c in classes[k])) for k in kinds]
    signatures: dict[int, list[int]] = {}
    for colour in present:
        signature = sum(1 << a for a, kind in enumerate(kinds) if colour in kind)
        if signature:
            signatures.setdefault(signature, []).append(colour)
    # The group with the most dice goes last (it is counted apart, the others together).
    order = sorted(signatures, key=lambda s: (_size(signatures[s]), s.bit_count(), -s))
    groups = tuple(tuple(signatures[s]) for s in order)
    takes = [sum(1 << g for g, s in enumerate(order) if s >> a & 1) for a in range(len(kinds))]
    if not all(takes):
        return None
    unions: set[int] = set()
    for mask in takes:
        unions |= {mask} | {mask | other for other in unions}
    last = len(groups) - 1
    sets = sorted(unions, key=lambda t: (not t >> last & 1, t))
    inside = [[a for a, mask in enumerate(takes) if mask & ~t == 0] for t in sets]
    found: set[tuple[int, ...]] = set()
    for crits in product(*(range(len(plan)) for plan in plans)):
        crit_ask = [sum(crits[a] for a in members) for members in inside]
        hit_ask = [sum(plans[a][crits[a]] for a in members) for members in inside]
        found.add((*crit_ask, *hit_ask))
    asks = sorted(found)
    n = len(sets)
    crit_bits = tuple(_bits([ask[t] for ask in asks]) for t in range(n))
    hit_bits = tuple(_bits([ask[n + t] for ask in asks]) for t in range(n))
    caps = tuple(len(bits[t]) - 1 for t in range(n) for bits in (crit_bits, hit_bits))
    sets_of = tuple(tuple(i for i, t in enumerate(sets) if t >> g & 1) for g in range(last))
    width = sum(1 for t in sets if t >> last & 1)
    return _Shape(groups, sets_of, width, caps, crit_bits, hit_bits, (1 << len(asks)) - 1)


def _bits(values: list[int]) -> tuple[int, ...]:
    """For x = 0..max(values), the bits of the values at most x."""
    at = [0] * (max(values) + 1)
    for i, v in enumerate(values):
        at[v] |= 1 << i
    table, bits = [], 0
    for more in at:
        bits |= more
        table.append(bits)
    return tuple(table)


def _size(colours: Iterable[int]) -> int:
    return sum(COUNTS[c] for c in colours)


@lru_cache(maxsize=4096)
def _class_plan(cards: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    """For 0, 1, 2... crits on a class of cards (health still needed, crit damage), the fewest
    basic hits that finish them: each crit goes where it takes off the most, so the plan ends
    at 0 once every card is covered by crits alone."""
    gains: list[int] = []
    for need, crit in cards:
        whole, part = divmod(need, crit)
        gains.extend([crit] * whole)
        if part:
            gains.append(part)
    gains.sort(reverse=True)
    left = sum(need for need, _ in cards)
    plan = [left]
    for gain in gains:
        left -= gain
        plan.append(left)
    return tuple(plan)


@lru_cache(maxsize=4096)
def _defeat_all(dice: Pool, cards: tuple[Card, ...]) -> tuple[int, int]:
    """(ways, n): the rolls of the ``n`` dice that matter, out of ``6 ** n``, that defeat
    every card of ``cards`` (all with health above 0)."""
    shape = _shape(cards, tuple(c for c, n in enumerate(dice) if n))
    if shape is None:
        return 0, 0
    pools = [_only(dice, colours) for colours in shape.groups]
    caps = shape.caps
    states: dict[tuple[int, ...], int] = {(0,) * len(caps): 1}
    for pool, sets in zip(pools, shape.sets_of, strict=False):
        steps = []
        for hits, crits, more in _group_counts(pool):
            adds = [0] * len(caps)
            for t in sets:
                adds[2 * t], adds[2 * t + 1] = crits, hits
            steps.append((tuple(adds), more))
        merged: dict[tuple[int, ...], int] = {}
        get = merged.get
        for state, ways in states.items():
            for step, more in steps:
                key = tuple(map(min, caps, map(add, state, step)))
                merged[key] = get(key, 0) + ways * more
        states = merged
    tails = _tails(pools[-1], max(caps, default=0))
    total = 0
    for state, ways in states.items():
        total += ways * sum(map(tuple.__getitem__, tails, _least_hits(shape, state)))
    return total, sum(sum(pool) for pool in pools)


@lru_cache(maxsize=4096)
def _tails(dice: Pool, longest: int) -> tuple[tuple[int, ...], ...]:
    """For 0..n crits of ``dice`` (n of them), the ways to roll that many crits and at least
    0, 1, 2... basic hits, up to ``longest`` hits, then a last 0 (read by ``NEVER``, -1)."""
    n = sum(dice)
    counts = [[0] * (max(n, longest) + 2) for _ in range(n + 1)]
    for hits, crits, ways in _group_counts(dice):
        counts[crits][hits] += ways
    for row in counts:
        for hits in range(n - 1, -1, -1):
            row[hits] += row[hits + 1]
    return tuple(tuple(row) for row in counts)


NEVER: Final = -1
"""No number of basic hits is enough (it reads the last 0 of a tail row)."""


def _least_hits(shape: _Shape, state: tuple[int, ...]) -> tuple[int, ...]:
    """For 0, 1, 2... crits of the last group (up to all its dice), the fewest basic hits of
    it that complete the sums ``state`` of the other groups (``NEVER``: none do)."""
    found = shape.memo.get(state)
    if found is None:
        found = shape.memo[state] = _work_out(shape, state)
    return found


def _work_out(shape: _Shape, state: tuple[int, ...]) -> tuple[int, ...]:
    dice = _size(shape.groups[-1])
    crit_bits, hit_bits, width = shape.crit_bits, shape.hit_bits, shape.width
    possible = shape.every
    for t in range(width, len(crit_bits)):  # sets without the last group: already settled
        possible &= crit_bits[t][state[2 * t]] & hit_bits[t][state[2 * t + 1]]
    least = [NEVER] * (dice + 1)
    if not possible:
        return tuple(least)
    by_crits = _by_count(shape, True, state[0 : 2 * width : 2], possible, dice)
    by_hits = _by_count(shape, False, state[1 : 2 * width : 2], possible, -1)
    top = len(by_hits) - 1
    hits = top  # at most the largest cap: tail rows are that long
    for crits, bits in enumerate(by_crits):
        if bits & by_hits[top]:
            while hits > 0 and bits & by_hits[hits - 1]:
                hits -= 1
            least[crits] = hits
    return tuple(least)


def _by_count(
    shape: _Shape, crits: bool, sums: tuple[int, ...], possible: int, most: int
) -> list[int]:
    """For 0, 1, 2... more crits (or basic hits) in every set holding the last group, the
    choices among ``possible`` whose asks of each such set ``t`` are met by ``sums[t]`` plus
    that many; up to ``most`` more (-1: until every set is met in full)."""
    key = (crits, sums, possible)
    found = shape.counts.get(key)
    if found is None:
        bits = (shape.crit_bits if crits else shape.hit_bits)[: shape.width]
        found = shape.counts[key] = _count_up(bits, sums, possible, most)
    return found


def _count_up(
    bits: tuple[tuple[int, ...], ...], sums: tuple[int, ...], possible: int, most: int
) -> list[int]:
    if most < 0:
        most = max(len(table) - 1 - have for table, have in zip(bits, sums, strict=True))
    found = []
    for more in range(most + 1):
        chosen = possible
        for table, have in zip(bits, sums, strict=True):
            chosen &= table[min(len(table) - 1, have + more)]
        found.append(chosen)
        if chosen == possible:  # every choice met: more dice change nothing
            found.extend([possible] * (most - more))
            break
    return found
