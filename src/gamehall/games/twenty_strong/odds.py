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
colour, deals every card at least its health. Guards only force the order (while one stands,
only guards may be hit: GEN-R13), which an allocation that defeats every card can always
follow.

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

from array import array
from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import cache
from math import comb
from typing import Final, NamedTuple

from gamehall.core.memo import memo
from gamehall.games.twenty_strong.defeat_count import Tables, at_most, defeating_rolls
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


@memo(1024)
def _group_counts(dice: Pool) -> tuple[tuple[int, int, int], ...]:
    """(basic hits, crits, ways) for a pool, ways out of ``6 ** sum(dice)``; built one colour
    at a time."""
    side = sum(dice) + 1  # the table: ways at crits * side + basic hits
    table = [0] * (side * side)
    table[0] = 1
    for colour, count in enumerate(dice):
        if not count:
            continue
        steps = [(hits + side * crits, ways) for hits, crits, ways in _colour_counts(colour, count)]
        merged = [0] * len(table)
        for at, ways in enumerate(table):
            if ways:
                for step, more in steps:
                    merged[at + step] += ways * more
        table = merged
    return tuple((at % side, at // side, ways) for at, ways in enumerate(table) if ways)


# -- one card ------------------------------------------------------------------------------


@memo(4096)
def _damage_ways(dice: Pool, crit: int) -> tuple[int, ...]:
    """Ways (out of ``6 ** sum(dice)``) for each total damage 0, 1, 2... of ``dice``: the
    damage of each colour, convolved."""
    ways = [1]
    for colour, count in enumerate(dice):
        if not count:
            continue
        one = [0] * (count * max(1, crit) + 1)
        for hits, crits, more in _colour_counts(colour, count):
            one[hits + crit * crits] += more
        merged = [0] * (len(ways) + len(one) - 1)
        for low, have in enumerate(ways):
            if have:
                for high, more in enumerate(one):
                    merged[low + high] += have * more
        ways = merged
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
# this greedy choice is best). A choice of Z that asks more dice of some T (crits and basic
# hits) than T's colours have can never be met, so it is dropped before counting. Only the sums
# over each T matter, capped where no choice asks more, so the rolls of all groups but one are
# counted together by these capped sums; for the last group, every crit count has a least
# number of basic hits that completes the roll. The count runs in ``defeat_count`` (compiled
# by Cython): the choices met are bitsets of 64-bit words, each distinct row of capped sums is
# worked out once, and a query of the 17 dice takes a few milliseconds cold
# (docs/performance.md).


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


class _Shape(NamedTuple):
    """What the cards make of the colours present in a pool: the colours of each group (the
    last one counted apart) and the tables the count reads."""

    groups: tuple[tuple[int, ...], ...]
    tables: Tables


@memo(128)
def _shape(cards: tuple[Card, ...], present: tuple[int, ...]) -> _Shape | None:
    """The shape of the question for ``cards`` and the colours ``present`` in the pool, or
    None if no roll of those colours defeats every card (some card takes none of them, or
    the cards need more dice than there are)."""
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
    inside = [{a for a, mask in enumerate(takes) if mask & ~t == 0} for t in sets]
    room = [
        _size(c for g, colours in enumerate(groups) if t >> g & 1 for c in colours) for t in sets
    ]
    asks = _asks(plans, inside, room)
    if not asks:  # no roll of these colours defeats every card
        return None
    coordinates = 2 * len(sets)
    words = (len(asks) // coordinates + 63) // 64
    caps, offsets, bits = array("i"), array("i"), array("Q")
    for kind in range(coordinates):
        offsets.append(len(bits))
        bits.extend(at_most(asks[kind::coordinates], words))
        caps.append((len(bits) - offsets[-1]) // words - 1)
    member = array("i", [t >> g & 1 for g in range(last) for t in sets])
    width = sum(1 for t in sets if t >> last & 1)
    tables = Tables(words, width, _size(groups[-1]), caps, offsets, bits, member)
    return _Shape(groups, tables)


def _asks(plans: list[tuple[int, ...]], inside: list[set[int]], room: list[int]) -> array[int]:
    """Every choice's asks that some roll could meet, without repeats: for each set t, the
    crits it asks of t (field 2 t) and the basic hits (2 t + 1), one choice after the other.

    A choice that asks more dice of a set (crits and basic hits) than its colours have
    (``room``) is dropped: no roll meets it."""
    fields = 2 * len(inside)
    top = 1 << FIELD - 1
    dice_fields = range(fields, fields + len(inside))
    # Each choice is packed FIELD bits apart (no sum carries over): its asks, then the dice it
    # asks of each set, counted up from top - 1 - room so that the top bit tells "too many".
    over = sum(top << FIELD * f for f in dice_fields)
    start = sum(top - 1 - room[t] << FIELD * f for t, f in enumerate(dice_fields))
    packed = {start}
    for a, plan in enumerate(plans):
        crit_unit = sum(1 << FIELD * 2 * t for t, members in enumerate(inside) if a in members)
        dice_unit = sum(1 << FIELD * f for t, f in enumerate(dice_fields) if a in inside[t])
        steps = [
            z * crit_unit + (need * crit_unit << FIELD) + (z + need) * dice_unit
            for z, need in enumerate(plan)
        ]
        packed = {total for ask in packed for step in steps if not (total := ask + step) & over}
    asks = (1 << FIELD * fields) - 1
    size = FIELD // 8 * fields
    return array("i", b"".join((ask & asks).to_bytes(size, "little") for ask in packed))


FIELD: Final = 32
"""Bits of one packed ask (an array "i" item)."""


def _size(colours: Iterable[int]) -> int:
    return sum(COUNTS[c] for c in colours)


@memo(4096)
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


@memo(4096)
def _defeat_all(dice: Pool, cards: tuple[Card, ...]) -> tuple[int, int]:
    """(ways, n): the rolls of the ``n`` dice that matter, out of ``6 ** n``, that defeat
    every card of ``cards`` (all with health above 0)."""
    shape = _shape(cards, tuple(c for c, n in enumerate(dice) if n))
    if shape is None:
        return 0, 0
    pools = [_only(dice, colours) for colours in shape.groups]
    outcomes, starts = array("q"), array("i", [0])
    for pool in pools[:-1]:
        for triple in _group_counts(pool):
            outcomes.extend(triple)
        starts.append(len(outcomes) // 3)
    last = pools[-1]
    tails = _tails(last, _size(shape.groups[-1]))
    ways = defeating_rolls(shape.tables, outcomes, starts, tails, sum(last))
    return ways, sum(sum(pool) for pool in pools)


@memo(1024)
def _tails(dice: Pool, most: int) -> array[int]:
    """Row ``z`` (0 .. n crits of the n ``dice``), entry ``h`` (0 .. ``most`` + 1): the ways to
    roll ``z`` crits and at least ``h`` basic hits; 0 past n."""
    stride = most + 2
    tails = array("q", [0]) * ((sum(dice) + 1) * stride)
    for hits, crits, ways in _group_counts(dice):
        tails[crits * stride + hits] += ways
    for at in range(len(tails) - 2, -1, -1):
        if (at + 1) % stride:
            tails[at] += tails[at + 1]
    return tails
