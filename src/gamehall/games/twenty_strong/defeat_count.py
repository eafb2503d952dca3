# cython: boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""The inner loop of :func:`~gamehall.games.twenty_strong.odds.p_defeat_all`: count the rolls
whose hits can be allocated to defeat every card.

``odds`` explains the question and builds the :class:`Tables`; this module only counts, in
Cython's pure Python mode. ``make compiled`` compiles it (``hatch_build.py``) to C loops over
64-bit words; the same source runs uncompiled, only slower.

The numbers it reads:

* a *choice* is one number of crits per class of cards, and a set of choices is a bitset of
  ``words`` 64-bit words;
* a *coordinate* is the crits (``2 t``) or the basic hits (``2 t + 1``) rolled by the first
  groups in the set ``t`` of groups, capped where no choice asks more; its table row ``x`` holds
  the choices that ask at most ``x`` of it;
* the sets ``0 .. width - 1`` hold the last group, which is counted apart; the others are
  settled by the first groups alone.

A *row* is what the first groups rolled, as capped coordinates. For each number of crits of the
last group, the fewest basic hits of it that complete the row depend on the row only, so they
are worked out once per row and kept for every pool of the same colours, as are the choices that
the sets holding the last group let through. Rows are found by a hash map of packed coordinates
(every coordinate is at most the 17 dice: 5 bits).
"""

from __future__ import annotations

from array import array

try:
    import cython
except ModuleNotFoundError:  # installed without Cython: the same code, as Python
    from gamehall.core import shadow as cython

BITS = cython.declare(cython.int, 5)
"""Bits per packed coordinate (a sum of dice, at most 17)."""
PER_WORD = cython.declare(cython.int, 12)
"""Packed coordinates per 64-bit word."""
FULL = cython.declare(cython.ulonglong, 0xFFFFFFFFFFFFFFFF)
MIX = cython.declare(cython.ulonglong, 0x9E3779B97F4A7C15)
"""Fibonacci hashing's multiplier."""


@cython.cclass
class WordMap:
    """A hash map from keys of ``size`` 64-bit words to offsets (open addressing). A key is
    written into ``probe``, then looked up (``slot``) and perhaps added (``put``)."""

    size: cython.int
    probe: cython.ulonglong[:]
    keys: cython.ulonglong[:]
    values: cython.int[:]
    used: cython.int

    def __init__(self, size: int) -> None:
        self.size = size
        self.probe = array("Q", [0]) * size
        self.keys = array("Q", [0]) * (256 * size)
        self.values = array("i", [-1]) * 256
        self.used = 0

    @cython.cfunc
    def slot(self) -> cython.int:
        """Where ``probe`` is, or the empty slot where it would go."""
        size: cython.int = self.size
        mask: cython.int = len(self.values) - 1
        mixed: cython.ulonglong = 0
        w: cython.int
        for w in range(size):
            mixed = ((mixed ^ self.probe[w]) * MIX) & FULL
        at: cython.int = cython.cast(cython.int, (mixed >> 40) & mask)
        while self.values[at] >= 0:
            for w in range(size):
                if self.keys[at * size + w] != self.probe[w]:
                    break
            else:
                return at
            at = (at + 1) & mask
        return at

    @cython.cfunc
    def put(self, at: cython.int, value: cython.int) -> cython.int:
        """Map ``probe``, not in the map, to ``value`` at ``slot()``; returns ``value``."""
        if 2 * (self.used + 1) > len(self.values):
            self.grow(2 * (self.used + 1))
            at = self.slot()
        w: cython.int
        for w in range(self.size):
            self.keys[at * self.size + w] = self.probe[w]
        self.values[at] = value
        self.used += 1
        return value

    @cython.cfunc
    def grow(self, entries: cython.int) -> cython.void:
        """Make room for ``entries`` keys at most half full (keeps ``probe``)."""
        slots: cython.int = len(self.values)
        while slots < 2 * entries:
            slots *= 2
        if slots == len(self.values):
            return
        old_keys, old_values = self.keys, self.values
        kept = array("Q", self.probe)
        self.keys = array("Q", [0]) * (slots * self.size)
        self.values = array("i", [-1]) * slots
        self.used = 0
        at: cython.int
        w: cython.int
        for at in range(len(old_values)):
            if old_values[at] >= 0:
                for w in range(self.size):
                    self.probe[w] = old_keys[at * self.size + w]
                self.put(self.slot(), old_values[at])
        for w in range(self.size):
            self.probe[w] = kept[w]


@cython.cclass
class Tables:
    """What the cards make of a pool's colours, as flat arrays (built by ``odds._shape``), and
    what was worked out from them."""

    words: cython.int
    width: cython.int
    sets: cython.int
    last_dice: cython.int
    caps: cython.int[:]
    offsets: cython.int[:]
    bits: cython.ulonglong[:]
    member: cython.int[:]
    possible: cython.ulonglong[:]
    row: cython.int[:]
    row_at: cython.int
    least: cython.uchar[:]
    least_array: array[int]
    least_used: cython.int
    least_at: WordMap
    met: cython.ulonglong[:]
    met_array: array[int]
    met_used: cython.int
    crits_met_at: WordMap
    hits_met_at: WordMap

    def __init__(
        self,
        words: int,
        width: int,
        last_dice: int,
        caps: array[int],
        offsets: array[int],
        bits: array[int],
        member: array[int],
    ) -> None:
        """``caps`` and ``offsets`` (in words, where row 0 starts in ``bits``) per coordinate;
        ``member[g * sets + t]``: whether set ``t`` holds first group ``g``; ``last_dice``: the
        most dice the last group can have."""
        self.words = words
        self.width = width
        self.sets = len(caps) // 2
        self.last_dice = last_dice
        self.caps = caps
        self.offsets = offsets
        self.bits = bits
        self.member = member
        self.possible = array("Q", [0]) * words
        self.least_array = array("B", [0]) * (64 * (last_dice + 1))
        self.least = self.least_array
        self.least_used = 0
        self.least_at = WordMap(_packed_words(len(caps)))
        self.met_array = array("Q", [0]) * (64 * (last_dice + 1) * words)
        self.met = self.met_array
        self.met_used = 0
        self.crits_met_at = WordMap(_packed_words(width))
        self.hits_met_at = WordMap(_packed_words(width))

    @cython.cfunc
    def _more_least(self) -> cython.int:
        """Room for one more row of least hits; where it starts."""
        size: cython.int = self.last_dice + 1
        if self.least_used + size > len(self.least):
            self.least_array = self.least_array + self.least_array
            self.least = self.least_array
        self.least_used += size
        return self.least_used - size

    @cython.cfunc
    def _more_met(self) -> cython.int:
        """Room for one more table of choices met; where it starts."""
        size: cython.int = (self.last_dice + 1) * self.words
        if self.met_used + size > len(self.met):
            self.met_array = self.met_array + self.met_array
            self.met = self.met_array
        self.met_used += size
        return self.met_used - size


def _packed_words(coordinates: int) -> int:
    words: int = -(-coordinates // PER_WORD)
    return max(1, words)


def at_most(values: cython.int[:], words: cython.int) -> array[int]:
    """For x = 0 .. max(values), the choices ``i`` whose ``values[i]`` is at most x: one row of
    ``words`` words each."""
    top: cython.int = 0
    i: cython.int
    x: cython.int
    w: cython.int
    for i in range(len(values)):
        top = max(top, values[i])
    made: array[int] = array("Q", [0]) * ((top + 1) * words)
    rows: cython.ulonglong[:] = made
    for i in range(len(values)):
        rows[values[i] * words + i // 64] |= cython.cast(cython.ulonglong, 1) << (i % 64)
    for x in range(1, top + 1):
        for w in range(words):
            rows[x * words + w] |= rows[(x - 1) * words + w]
    return made


def defeating_rolls(
    tables: Tables,
    outcomes: cython.longlong[:],
    starts: cython.int[:],
    tails: cython.longlong[:],
    dice_last: cython.int,
) -> cython.longlong:
    """The rolls (out of ``6 ** n``) that defeat every card.

    ``outcomes`` lists (basic hits, crits, ways) of each first group, group ``g`` from triple
    ``starts[g]`` to ``starts[g + 1]``; ``tails[z * (last_dice + 2) + h]``: the ways the last
    group, of ``dice_last`` dice, rolls ``z`` crits and at least ``h`` basic hits (0 past its
    dice)."""
    groups: cython.int = len(starts) - 1
    coords: cython.int = 2 * tables.sets
    sets: cython.int = tables.sets
    stride: cython.int = tables.last_dice + 2
    sums = array("i", [0]) * ((groups + 1) * coords)
    ways = array("q", [1]) * (groups + 1)
    pick = array("i", [0]) * (groups + 1)
    partial: cython.int[:] = sums
    tables.row = sums
    tables.row_at = groups * coords
    product: cython.longlong[:] = ways
    at: cython.int[:] = pick
    caps: cython.int[:] = tables.caps
    member: cython.int[:] = tables.member
    total: cython.longlong = 0
    level: cython.int = 0
    base: cython.int
    c: cython.int
    t: cython.int
    z: cython.int
    o: cython.int
    h: cython.longlong
    k: cython.longlong
    leaves: cython.longlong = 1
    for level in range(groups):
        leaves *= starts[level + 1] - starts[level]
    tables.least_at.grow(cython.cast(cython.int, min(leaves, 1 << 20)))
    level = 0
    if groups:
        at[0] = starts[0]
    while level >= 0:
        if level == groups:  # a whole row: finish it with the last group
            first: cython.int = _least_hits(tables)
            tail: cython.longlong = 0
            for z in range(dice_last + 1):
                tail += tails[z * stride + tables.least[first + z]]
            total += product[groups] * tail
            level -= 1
            if level >= 0:
                at[level] += 1
            continue
        o = at[level]
        if o == starts[level + 1]:  # every outcome of this group done
            level -= 1
            if level >= 0:
                at[level] += 1
            continue
        h = outcomes[3 * o]
        k = outcomes[3 * o + 1]
        base = level * coords
        for c in range(coords):
            partial[base + coords + c] = partial[base + c]
        for t in range(sets):
            if member[level * sets + t]:
                c = base + coords + 2 * t
                partial[c] = min(caps[2 * t], partial[c] + k)
                partial[c + 1] = min(caps[2 * t + 1], partial[c + 1] + h)
        product[level + 1] = product[level] * outcomes[3 * o + 2]
        level += 1
        if level < groups:
            at[level] = starts[level]
    return total


@cython.cfunc
def _pack(
    into: WordMap, tables: Tables, first: cython.int, step: cython.int, stop: cython.int
) -> cython.void:
    """Pack coordinates ``first``, ``first + step``... (below ``stop``) of the row into
    ``into.probe``, 5 bits each."""
    i: cython.int
    word: cython.int = 0
    shift: cython.int = 0
    for i in range(into.size):
        into.probe[i] = 0
    i = first
    while i < stop:
        if shift == BITS * PER_WORD:
            word += 1
            shift = 0
        into.probe[word] |= cython.cast(cython.ulonglong, tables.row[tables.row_at + i]) << shift
        shift += BITS
        i += step


@cython.cfunc
def _least_hits(tables: Tables) -> cython.int:
    """Where ``tables.least`` holds, for 0 .. last_dice crits of the last group, the fewest of
    its basic hits that complete the row (``last_dice + 1``: none do)."""
    found: WordMap = tables.least_at
    _pack(found, tables, 0, 1, 2 * tables.sets)
    slot: cython.int = found.slot()
    if found.values[slot] >= 0:
        return found.values[slot]
    first: cython.int = found.put(slot, tables._more_least())
    words: cython.int = tables.words
    dice: cython.int = tables.last_dice
    base: cython.int = tables.row_at
    w: cython.int
    t: cython.int
    z: cython.int
    hits: cython.int = dice + 1
    for z in range(dice + 1):
        tables.least[first + z] = hits
    left: cython.ulonglong = 0
    for w in range(words):
        tables.possible[w] = FULL
    for t in range(tables.width, tables.sets):  # sets without the last group: settled now
        crit_at: cython.int = tables.offsets[2 * t] + tables.row[base + 2 * t] * words
        hit_at: cython.int = tables.offsets[2 * t + 1] + tables.row[base + 2 * t + 1] * words
        for w in range(words):
            tables.possible[w] &= tables.bits[crit_at + w] & tables.bits[hit_at + w]
    for w in range(words):
        left |= tables.possible[w]
    if not left:
        return first
    by_crits: cython.int = _choices_met(tables, 0)
    by_hits: cython.int = _choices_met(tables, 1)
    meet: cython.bint
    for z in range(dice + 1):
        while hits > 0:  # can one fewer basic hit do, with z crits?
            crit_row: cython.int = by_crits + z * words
            hit_row: cython.int = by_hits + (hits - 1) * words
            meet = False
            for w in range(words):
                if tables.possible[w] & tables.met[crit_row + w] & tables.met[hit_row + w]:
                    meet = True
                    break
            if not meet:
                break
            hits -= 1
        tables.least[first + z] = hits
    return first


@cython.cfunc
def _choices_met(tables: Tables, kind: cython.int) -> cython.int:
    """Where ``tables.met`` holds, for 0 .. last_dice more crits (``kind`` 0) or basic hits
    (1) in every set holding the last group, the choices whose asks of those sets the row plus
    that many meets; worked out once."""
    known: WordMap = tables.hits_met_at if kind else tables.crits_met_at
    _pack(known, tables, kind, 2, 2 * tables.width)
    slot: cython.int = known.slot()
    if known.values[slot] >= 0:
        return known.values[slot]
    first: cython.int = known.put(slot, tables._more_met())
    words: cython.int = tables.words
    more: cython.int
    t: cython.int
    w: cython.int
    for more in range(tables.last_dice + 1):
        for w in range(words):
            tables.met[first + more * words + w] = FULL
        for t in range(tables.width):
            c: cython.int = 2 * t + kind
            have: cython.int = tables.row[tables.row_at + c] + more
            at: cython.int = tables.offsets[c] + min(tables.caps[c], have) * words
            for w in range(words):
                tables.met[first + more * words + w] &= tables.bits[at + w]
    return first
