# cython: boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""Too Many Bones for the learning environments: its part of the action catalogue, the most
cards a battle can bring, and its features (the Baddie Queue's shift, Tyrant encounters,
stacks, lockpicks; the day is the general ``turn.round``).

In Cython's pure Python mode, as the general features (``features``): the deck's numbers are
written by :class:`DeckWriter`, a C class holding the general part's scratch vector; the same
source runs uncompiled, only slower.
"""
# mypy: disallow-untyped-decorators=False

from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any, Final

try:
    import cython
except ModuleNotFoundError:  # installed without Cython: the same code, as Python
    from gamehall.core import shadow as cython

from gamehall.core.catalogue import ActionForms, Form, numbered
from gamehall.games.twenty_strong.catalogue import codes
from gamehall.games.twenty_strong.deck import DeckLearning
from gamehall.games.twenty_strong.decks.too_many_bones.actions import STACKS
from gamehall.games.twenty_strong.decks.too_many_bones.deck import (
    ENC,
    ENC_UP,
    FIVES,
    LAST_DAY,
    ONES,
    Tmb,
    TooManyBones,
)
from gamehall.games.twenty_strong.decks.too_many_bones.zones import LOCK
from gamehall.games.twenty_strong.dice import COLOUR_LETTERS, CRIT, HIT, MISS, STAT_MAX
from gamehall.games.twenty_strong.features import DeckPart, Names
from gamehall.games.twenty_strong.runtime import Fx, ItemInfo
from gamehall.games.twenty_strong.state import State

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

ENCOUNTER_KINDS: Final = ("tyrant", "mohlnor", "lockpick")
_LOCKED = cython.declare(cython.int, LOCK)  # the zone of dice on a lockpick
_QUARTER = cython.declare(cython.int, 4)  # the Baddie Queue's shift, rank penalties: out of 4
_STACKS = cython.declare(cython.int, len(STACKS))
_KINDS = cython.declare(cython.int, len(ENCOUNTER_KINDS))


def _codes(deck: TooManyBones, cards: Iterable[int]) -> tuple[str, ...]:
    return tuple(deck.cards[card].code for card in cards)


def _colours(deck: TooManyBones, names: Iterable[str]) -> tuple[int, ...]:
    return tuple(sorted({deck.colour_index[name] for name in names}))


def action_forms(deck: TooManyBones) -> ActionForms:
    """The day's choices, encounters, rest or scout, rank penalties, the backup plan (its
    slots' colours and options), lockpicks, the Baddie Queue's stacks; chance: Tyrant
    encounters boxed unseen and the cards turning up on the three original stacks."""
    plan = deck.backup_plan(deck.initial_state())
    slots = _colours(deck, plan.slots)
    locks = tuple(sorted({c for lock in deck.lockpicks.values() for c in lock.colours}))
    decisions = [
        Form("battle"),
        Form("encounter", (("enc", "enc+"),)),
        Form("tyrant"),
        Form("peaceful"),
        Form("fight"),
        Form("rest"),
        Form("scout", (("ones", "fives", "enc"),)),
    ]
    if deck.rank > 1:
        decisions.append(Form("penalty", (("banish", "exhaust"),)))
    decisions.append(
        Form("backup", (tuple(COLOUR_LETTERS[c] for c in slots), numbered(len(plan.options))))
    )
    if not deck.universal:
        decisions.append(Form("flip"))
    decisions += [
        Form("apply", (codes((MISS,), slots), ("backup",))),
        Form("apply", (codes((HIT, CRIT), locks), tuple(f"lock{n}" for n in numbered(STAT_MAX)))),
        Form("from", (tuple(STACKS[s] for s in range(ONES, ENC)),)),
    ]
    chance = []
    if _boxed(deck) > 0:
        chance.append(Form("box", (_codes(deck, deck.tyrant_encounters),)))
    for stack, cards in ((ONES, deck.ones), (FIVES, deck.fives), (ENC, deck.encounters)):
        chance.append(Form("reveal", ((str(stack + 1),), _codes(deck, cards))))
    return ActionForms(tuple(decisions), tuple(chance))


def _boxed(deck: TooManyBones) -> int:
    """How many Tyrant encounters go back to the box at setup (TMB-R2)."""
    state: Tmb = deck.initial_state().deck
    return state.to_box


# -- the most cards in the active area -----------------------------------------------------


def _hooks(effects: Iterable[Fx], hook: str) -> Iterator[Fx]:
    return (e for e in effects if e.kind == "hook" and e.hook == hook)


def _up(effects: Iterable[Fx]) -> int:
    """How far ``effects`` push the Baddie Queue up (TMB-BACKUP-6)."""
    return sum(max(0, e.amount) for e in _hooks(effects, "bq_shift"))


def _items(deck: TooManyBones) -> list[ItemInfo]:
    rewards = [info.item for info in deck.cards if info.item is not None]
    return rewards + [lock.reward for lock in deck.lockpicks.values()]


def _effects(deck: TooManyBones) -> Iterator[Fx]:
    """Every effect of the card file but the Tyrants' setups."""
    for info in deck.cards:
        yield from (*info.after, *info.special, *info.instant)
    for item in _items(deck):
        yield from item.effects
    for mohlnor in deck.mohlnor.values():
        yield from (*mohlnor.cost, *mohlnor.gain, *mohlnor.scout)
    for options in deck.backup_options.values():
        for option in options:
            yield from option


def queue(points: int, fives: int) -> int:
    """The most Baddies a Baddie Queue of ``points`` or fewer brings when only ``fives``
    5-point Baddies can be had: 5-point ones first while 5 points are left (TMB-BQ-3).

    >>> queue(18, 14), queue(18, 2), queue(4, 14)
    (6, 10, 4)
    """
    return max(p - 4 * min(p // 5, fives) for p in range(points + 1))


def most_active(deck: TooManyBones) -> int:
    """The most cards the active area can hold: a battle's Baddie Queue or the Tyrant and its
    summons, plus every additional enemy (each card comes once per battle, so no more than
    the card file's additional enemies in all).

    A Baddie Queue has at most day 11 + its shift + a Tyrant encounter's points: the shift
    comes from backup dice (four slots) and items used before the day's battle. 5-point
    Baddies come first, and at least 14 less those that may be held as items (Strategy 6)
    or called as additional enemies are at hand. Any other summon makes it every card."""
    every = len(deck.ones) + len(deck.fives) + 1
    if any(True for _ in _hooks(_effects(deck), "summon")):
        return every
    plan = deck.backup_plan(deck.initial_state())
    items = _items(deck)
    per_die = max(
        [_up(option) for option in deck.compiled_options(plan)]
        + [_up(item.effects) for item in items if item.kind == "extension"]
    )
    single = sum(_up(item.effects) for item in items if item.kind == "single")
    day = LAST_DAY - 1 + len(plan.slots) * per_die + single
    extras = sum(info.extra_enemies for info in deck.cards)
    fives = max(0, len(deck.fives) - STAT_MAX - extras)
    battles = [queue(day, fives), queue(day, fives) + 1 if deck.mohlnor else 0]
    battles += [queue(day + e.points, fives) + e.fives for e in deck.tyrant_encounters.values()]
    power = len(deck.tyrant_encounters) - max(0, _boxed(deck))
    summon = sum(e.size(power) for e in _hooks(deck.tyrant_setup, "summon"))
    final = 1 + queue(summon, fives)
    return min(every, max(*battles, final) + extras)


# -- features -------------------------------------------------------------------------------


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _quarters(k: cython.int) -> cython.double:
    """``k`` out of 4, held within [-1, 1] (as ``features.ratio``)."""
    if k < -_QUARTER:
        k = -_QUARTER
    elif k > _QUARTER:
        k = _QUARTER
    return cython.cast(cython.double, k) / _QUARTER


class DeckFeatures(DeckPart):
    """Too Many Bones's features: the Baddie Queue's shift, the Tyrant encounter of the
    battle, the stacks (sizes, the encounters on top), the dice on each lockpick."""

    tasks: tuple[str, ...] = ("deck.bq", "deck.fives", "deck.ones", "deck.mohlnor", "deck.pay")
    kinds: tuple[str, ...] = ("boss",)
    rounds: int = LAST_DAY
    """A round is a day (``turn.round``)."""

    def __init__(self, deck: TooManyBones) -> None:
        self.deck = deck
        self.power = len(deck.tyrant_encounters)
        layout = Names()
        layout.group("", ("bq_shift", "final", "flipped", "penalties"))
        first = layout.group("encounter.", _codes(deck, deck.tyrant_encounters))
        self.encounters = {card: first + i for i, card in enumerate(deck.tyrant_encounters)}
        self.stacks_at = layout.group("", ("power",))
        layout.group("stack.", (f"{name}.size" for name in STACKS))
        layout.group("stack.", (f"{STACKS[s]}.{k}" for s in (ENC, ENC_UP) for k in ENCOUNTER_KINDS))
        self.locks_at = layout.group("", (f"lock{n}" for n in numbered(STAT_MAX)))
        self.names = tuple(layout.names)
        sizes = [deck.ones, deck.ones, deck.fives, deck.fives, deck.encounters, deck.encounters]
        self.sizes = [float(len(cards)) for cards in sizes]
        self.top_kind = {
            card: ENCOUNTER_KINDS.index(deck.encounter_kind(card)) for card in deck.encounters
        }


@cython.cclass
class DeckWriter:
    """Writes Too Many Bones's features of a state into the vector it holds."""

    part: DeckFeatures
    deck: TooManyBones
    out: cython.float[::1]
    start: cython.int
    stacks_at: cython.int
    locks_at: cython.int
    encounter_at: cython.int[::1]
    """By card: the index of its ``encounter.`` feature, or -1."""
    hits: cython.int[::1]
    """By card: the hits that unlock a lockpick, or -1."""
    sizes: cython.double[::1]
    """By stack: the most cards it holds (of the card file)."""
    # the stacks last read (by identity), and what they gave: indices and values, the first
    # ``tops`` from the encounter stacks
    stacks: object
    encounter_stacks: object
    tops: cython.Py_ssize_t
    stack_count: cython.Py_ssize_t
    stack_index: cython.int[::1]
    stack_value: cython.double[::1]

    def __init__(self, part: DeckFeatures, start: int, vector: npt.NDArray[np.float32]) -> None:
        deck = part.deck
        cards = len(deck.cards)
        self.part = part
        self.deck = deck
        self.out = vector
        self.start = start
        self.stacks_at = start + part.stacks_at
        self.locks_at = start + part.locks_at
        self.encounter_at = array("i", [-1]) * (cards + 1)
        for card, index in part.encounters.items():
            self.encounter_at[card] = start + index
        self.hits = array("i", [-1]) * (cards + 1)
        for card, lock in deck.lockpicks.items():
            self.hits[card] = lock.hits
        self.sizes = array("d", part.sizes)
        self.stacks = None
        self.encounter_stacks = None
        self.tops = 0
        self.stack_count = 0
        most = 1 + 2 + len(STACKS)  # power, the tops, the sizes
        self.stack_index = array("i", [0]) * most
        self.stack_value = array("d", [0.0]) * most

    def fill(
        self, state: State, own: Any, stacks: tuple[Any, ...], inventory: tuple[Any, ...]
    ) -> cython.long:
        """Write the deck's features of ``state`` (``own``: its ``Tmb``; its stacks and
        inventory); the key of what of it the modifiers read: the Tyrant encounter of the
        battle, the flipped Gearloc's ability."""
        out: cython.float[::1] = self.out
        tmb: tuple[Any, ...] = cython.cast(tuple, own)  # a Tmb: C indexing
        flipped: cython.bint = tmb[4]
        shift: cython.int = tmb[5]
        encounter: cython.int = tmb[6]
        penalties: cython.int = tmb[9]
        final: cython.bint = tmb[10]
        i: cython.Py_ssize_t = self.start
        out[i] = _quarters(shift)
        if final:
            out[i + 1] = 1.0
        if flipped:
            out[i + 2] = 1.0
        out[i + 3] = _quarters(penalties)
        if encounter >= 0 and self.encounter_at[encounter] >= 0:
            out[self.encounter_at[encounter]] = 1.0
        if stacks is not self.stacks:  # stacks change rarely: read them only then
            self._read_stacks(state, stacks)
            self.stacks = stacks
        for i in range(self.stack_count):
            out[self.stack_index[i]] = self.stack_value[i]
        if inventory:
            self._write_locks(state, inventory)
        return encounter * 2 + flipped

    @cython.cfunc
    def _read_stacks(self, state: State, stacks: tuple[Any, ...]) -> None:
        """Power (the Tyrant encounters left), each stack's size, the kind of encounter on
        top of each encounter stack (these from the encounter stacks, which change least)."""
        at: cython.int = self.stacks_at
        count: cython.Py_ssize_t = 0
        i: cython.Py_ssize_t
        size: cython.Py_ssize_t
        encounters = (stacks[ENC], stacks[ENC_UP])
        if encounters != self.encounter_stacks:
            self.encounter_stacks = encounters
            part = self.part
            power = self.deck.power(state) / max(1, part.power)
            if power:
                self.stack_index[count] = at
                self.stack_value[count] = power
                count += 1
            for i in range(2):
                known = encounters[i][0]
                if known:
                    kind: cython.int = part.top_kind[known[0]]
                    self.stack_index[count] = at + 1 + _STACKS + i * _KINDS + kind
                    self.stack_value[count] = 1.0
                    count += 1
            self.tops = count
        count = self.tops
        for i in range(min(len(stacks), len(self.sizes))):
            stack: tuple[Any, ...] = cython.cast(tuple, stacks[i])  # a Stack: known, hidden
            size = len(stack[0]) + len(stack[1])
            if size:
                self.stack_index[count] = at + 1 + i
                self.stack_value[count] = size / self.sizes[i]
                count += 1
        self.stack_count = count

    @cython.cfunc
    def _write_locks(self, state: State, inventory: tuple[Any, ...]) -> None:
        """The share of its hits each locked lockpick holds (TMB-LOCK-7)."""
        out: cython.float[::1] = self.out
        zones: tuple[Any, ...] = ()  # read when a lockpick is locked
        places: tuple[Any, ...] = ()
        index: cython.Py_ssize_t
        die: cython.Py_ssize_t
        card: cython.int
        hits: cython.int
        held: cython.int
        zone: cython.int
        place: cython.int
        for index in range(len(inventory)):
            item: tuple[Any, ...] = cython.cast(tuple, inventory[index])  # an Item
            card = item[0]
            hits = self.hits[card]
            if hits < 0 or not item[1]:  # not a lockpick, or unlocked
                continue
            if not zones:
                zones, places = state.zones, state.places
            held = 0
            for die in range(len(zones)):
                zone = zones[die]
                if zone == _LOCKED:
                    place = places[die]
                    if place == card:
                        held += 1
            if held:
                out[self.locks_at + index] = min(1.0, cython.cast(cython.double, held) / hits)


DeckFeatures.writer_class = DeckWriter  # defined after the features, which it reads


LEARNING: Final = DeckLearning(action_forms, most_active, DeckFeatures)
"""The deck's ``rl`` part: its catalogue, its most active cards, its features."""
