# cython: boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""20 Strong's observation features (``core.features``): what the player sees, as a vector.

The general groups are here; the deck's own follow them (``DeckLearning.features``). Everything
is read from the state directly, for speed, and only what the view shows: dice by zone and
colour, the faces of the rolled dice, the active cards by position, the inventory by position,
the stats with the modifiers in force, the phase and the choice waiting. docs/rl.md lists the
groups; ``names`` names every number.

Written in Cython's pure Python mode: ``make compiled`` compiles it (``hatch_build.py``).
The constructor turns the layout and the card file into C offsets and tables. ``vector`` reads
the state's fields in one call of a small generated Python function (``_reader``), writes the
numbers in C loops into a float32 scratch vector that it and the deck's writer
(``DeckPart.writer``) hold through memoryviews taken once, and returns a copy of it (cheaper
than a new array and a memoryview of it). What changes rarely (the modifiers in force, the
stacks) is kept by identity of the state's parts, which states share while unchanged. The
same source runs uncompiled, only slower.
"""
# mypy: disallow-untyped-decorators=False

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Final

try:
    import cython
except ModuleNotFoundError:  # installed without Cython: the same code, as Python
    from gamehall.core import shadow as cython
import numpy as np

from gamehall.core.catalogue import numbered
from gamehall.games.twenty_strong.deck import learning_of
from gamehall.games.twenty_strong.dice import COLOUR_LETTERS, COUNTS, DICE, FACE_LETTERS, STAT_MAX
from gamehall.games.twenty_strong.effect_kinds import EFFECT_KINDS
from gamehall.games.twenty_strong.effects import (
    commit_limit,
    effective,
    has,
    modifiers,
    total,
)
from gamehall.games.twenty_strong.runtime import CardInfo, ItemInfo
from gamehall.games.twenty_strong.state import (
    COMMITTED,
    NOWHERE,
    ZONE_NAMES,
    State,
)

if TYPE_CHECKING:
    import numpy.typing as npt

    from gamehall.games.twenty_strong.deck import DeckRules
    from gamehall.games.twenty_strong.rules import TwentyStrong

STATS: Final = ("health", "strategy", "recovery", "strategy.base", "recovery.base")
TURN: Final = ("round", "phases_used", "counter", "ability_used")
MODS: Final = ("commit_limit", "ward", "crit_bonus", "rest_bonus", "no_items", "no_crit")
ACTIVE: Final = ("health", "damage", "defeated", "reward")
"""Per active card, what changes (``health``: what is left of it, 0 once defeated; a card is
there when either is set); its printed traits follow (guard, no crit, immunities, kind)."""
SHOWN: Final = 10
"""Active cards shown one by one; any further ones are summed up (``active.more``): the
catalogue's positions go up to the most a battle could bring, which play hardly nears."""
MORE: Final = ("count", "health", "damage")
ITEM_KINDS: Final = ("single", "ongoing", "extension")
ZONES: Final = 8
"""The most zones of dice (the general ones and the deck's)."""
assert COUNTS == (4, 4, 4, 4, 1), "vector reads four dice of each colour, then the red one"

# C constants in the compiled module (``cython.declare``); plain ints uncompiled.
_SIXTH = cython.declare(cython.int, STAT_MAX)  # stats, phases used, task amounts: out of 6
_DICE = cython.declare(cython.int, DICE)  # the turn's counter: out of 17
_COMMITTED = cython.declare(cython.int, COMMITTED)
_RED = cython.declare(cython.int, DICE - 1)  # the red die, after four of each other colour
_FACES = cython.declare(cython.int, len(FACE_LETTERS) - 1)  # faces shown: miss, hit, crit
_COLOURS = cython.declare(cython.int, len(COLOUR_LETTERS))

Writer = Callable[[State, Any, tuple[Any, ...], tuple[Any, ...]], int]
"""A deck's writer: given a state, its ``deck`` part, its stacks and its inventory, it writes
the deck's features into the vector it was given (zeros there before) and answers the key of
what of the deck's part the modifiers in force read: equal keys, equal modifiers
(``DeckPart.writer``)."""


def _nothing(state: State, own: Any, stacks: Any, inventory: Any) -> int:
    """A deck with no features of its own, nor modifiers."""
    return 0


def _reader(names: tuple[str, ...]) -> Callable[[State], tuple[Any, ...]]:
    """A plain Python function reading the fields ``names`` of a state, as a tuple: the
    interpreter reads a slot faster (its specialized ``LOAD_ATTR_SLOT``) than the generic
    attribute lookup of compiled code does (sixteen of these took a quarter of ``vector``)."""
    source = f"def read(s):\n    return ({', '.join(f's.{n}' for n in names)},)\n"
    namespace: dict[str, Any] = {}
    exec(source, namespace)  # as ValueState's copier
    read: Callable[[State], tuple[Any, ...]] = namespace["read"]
    return read


_read_state: Final = _reader(
    (
        *("phase", "tasks", "active", "inventory", "deck", "stacks", "zones", "faces"),
        *("rewards", "strategy", "recovery", "health", "round", "phases_used", "counter"),
        "ability_used",
    )
)


class DeckPart:
    """A deck's own features, written after the general ones: each deck's ``rl`` module
    subclasses it (``DeckLearning.features``)."""

    names: tuple[str, ...] = ()
    tasks: tuple[str, ...] = ()
    """The kinds of the deck's tasks that wait for the player."""
    kinds: tuple[str, ...] = ()
    """Card kinds flagged on the active cards (``CardInfo.kind``)."""
    power: int = 0
    """The most power a card can have (for the scale of health and damage)."""
    rounds: int = 64
    """The scale of the round count (later rounds read 1)."""
    start: int = 0
    writer_class: Any = None
    """The deck's ``cython.cclass`` that writes its part (None: the deck has none)."""

    def writer(self, start: int, vector: npt.NDArray[np.float32]) -> Writer:
        """The function that writes the deck's features from index ``start`` of ``vector``
        on: the general part's float32 scratch vector, zeroed before each call. A deck's is
        a method of a ``cython.cclass`` of its ``rl`` module, holding ``vector`` through a
        memoryview taken once (an instance of :attr:`writer_class`, whose ``fill`` this is)."""
        self.start = start
        if self.writer_class is None:
            return _nothing
        return self.writer_class(self, start, vector).fill  # type: ignore[no-any-return]


def ratio(value: float, scale: float) -> float:
    """``value / scale`` held within [-1, 1].

    >>> ratio(3, 6), ratio(-9, 6)
    (0.5, -1.0)
    """
    return max(-1.0, min(1.0, value / scale))


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _at(k: cython.int, scale: cython.int, low: cython.int, high: cython.int) -> cython.double:
    """``k`` held within ``low..high``, over ``scale``, held within [-1, 1]: one correctly
    rounded division, as Python's ``int / int``, so compiled and plain modules agree."""
    if k < low:
        k = low
    elif k > high:
        k = high
    value: cython.double = cython.cast(cython.double, k) / scale
    if value > 1.0:
        return 1.0
    if value < -1.0:
        return -1.0
    return value


def scales(deck: DeckRules, power: int) -> tuple[int, int]:
    """The most health and damage a card of ``deck`` can have, at ``power`` at most."""
    cards = deck.cards
    health = max([c.health + c.health_scale * power for c in cards] + [1])
    damage = max([c.damage + c.damage_scale * power for c in cards] + [1])
    return health, damage


def one_hot(names: Iterable[str], start: int) -> dict[str, int]:
    """The index of each name, from ``start`` on."""
    return {name: start + i for i, name in enumerate(names)}


class Names:
    """The names of a vector being laid out, group by group."""

    def __init__(self) -> None:
        self.names: list[str] = []

    def group(self, prefix: str, fields: Iterable[str]) -> int:
        """Add ``prefix`` + each field; the index of the first."""
        start = len(self.names)
        self.names.extend(prefix + field for field in fields)
        return start


def card_traits(info: CardInfo, colours: tuple[int, ...], kinds: tuple[str, ...]) -> list[float]:
    """An active card's printed traits: guard, no crit, immunities (of ``colours``), kind."""
    during = info.during
    immune = frozenset(c for m in during if m.kind == "immune" for c in m.colours)
    return [
        float(any(m.kind == "guard" for m in during)),
        float(any(m.kind == "no_crit" for m in during)),
        *(float(c in immune) for c in colours),
        *(float(info.kind == kind) for kind in kinds),
    ]


def item_traits(
    info: ItemInfo | None, kinds: tuple[str, ...], costs: bool, effects: tuple[str, ...]
) -> list[float]:
    """An item's kind, cost (when the deck has costs) and the amounts of its effects."""
    if info is None:
        return [0.0] * (len(kinds) + costs + len(effects))
    amounts = dict.fromkeys(effects, 0)
    for effect in info.effects:
        if effect.kind in amounts:
            amounts[effect.kind] += max(effect.amount, 1)
    return [
        *(float(info.kind == kind) for kind in kinds),
        *([ratio(info.cost, 4)] if costs else []),
        *(ratio(amounts[kind], 4) for kind in effects),
    ]


def rows(table: list[list[float]], offset: int) -> tuple[array[int], array[int], array[float]]:
    """The non-zero numbers of each row of ``table`` as C arrays: row ``r``'s are at
    ``starts[r]`` up to ``starts[r + 1]``, each an offset (from ``offset`` on) and a value;
    a last unused pair keeps the arrays from being empty (a memoryview wants a buffer).

    >>> starts, offsets, values = rows([[0.0, 1.0], [], [0.5, 0.0]], 2)
    >>> list(starts), list(offsets[:-1]), list(values[:-1])
    ([0, 1, 1, 2], [3, 2], [1.0, 0.5])
    """
    starts, offsets, values = array("i", [0]), array("i"), array("d")
    for row in table:
        for i, x in enumerate(row):
            if x:
                offsets.append(offset + i)
                values.append(x)
        starts.append(len(offsets))
    offsets.append(0)
    values.append(0.0)
    return starts, offsets, values


def immunities(deck: DeckRules) -> tuple[int, ...]:
    """The colours some card of ``deck`` is immune to."""
    return tuple(
        sorted(
            {c for info in deck.cards for m in info.during if m.kind == "immune" for c in m.colours}
        )
    )


@cython.cclass
class TwentyStrongFeatures:
    """The features of one configured game: general groups, then the deck's."""

    names: tuple[str, ...] = cython.declare(tuple, visibility="readonly")
    game: TwentyStrong = cython.declare(object, visibility="readonly")
    part: DeckPart = cython.declare(object, visibility="readonly")
    size: int = cython.declare(cython.Py_ssize_t, visibility="readonly")
    # The scratch vector (a copy of it is each call's answer), and the deck's writer of it.
    _scratch: npt.NDArray[np.float32]
    _copy: Callable[[], npt.NDArray[np.float32]]
    _out: cython.float[::1]
    _deck: Writer
    # Where each group starts in the vector, and the scales.
    _phases: dict[str, int]
    _tasks: dict[str, int]
    _task_amount: cython.int
    _stats: cython.int
    _turn: cython.int
    _mods: cython.int
    _dice: cython.int
    _rolled: cython.int
    _active: cython.int
    _active_width: cython.int
    _shown: cython.int
    _more: cython.int
    _most: cython.int
    _further: cython.int
    _health: cython.int
    _damage: cython.int
    _items: cython.int
    _item_width: cython.int
    _rounds: cython.int
    # Each card's printed traits and each item's, as rows (``rows``); the cards with During
    # effects.
    _card_starts: cython.int[::1]
    _card_offsets: cython.int[::1]
    _item_starts: cython.int[::1]
    _item_offsets: cython.int[::1]
    _item_values: cython.double[::1]
    _lasting: cython.char[::1]
    # What the modifiers in force were last gathered from, and what they gave.
    _active_seen: object
    _lasting_cards: tuple[Any, ...]
    _inventory_seen: tuple[Any, ...]
    _deck_key: cython.long
    _strategy_base: cython.int
    _recovery_base: cython.int
    _mods_seen: object
    _mod_values: cython.double[::1]
    """Strategy and Recovery with the modifiers in force, then the modifiers' numbers."""

    def __init__(self, game: TwentyStrong) -> None:
        deck = game.deck
        learning = learning_of(deck)
        part = learning.features(deck)
        self.game = game
        self.part = part
        layout = Names()
        phases = game.phase_names
        self._phases = one_hot(phases, layout.group("phase.", phases))
        reserve = deck.reserve_zone != NOWHERE
        registered = EFFECT_KINDS.items()
        chosen = (k for k, e in registered if e.chooses and (reserve or not e.needs_reserve))
        tasks = (*chosen, *part.tasks)
        self._tasks = one_hot(tasks, layout.group("task.", tasks))
        self._task_amount = layout.group("task.", ("amount",))
        self._stats = layout.group("", STATS)
        self._turn = layout.group("turn.", TURN)
        self._mods = layout.group("mod.", MODS)
        zones = (*ZONE_NAMES, *deck.zone_names)
        assert len(zones) <= ZONES
        self._dice = layout.group("", (f"{z}.{c}" for z in zones for c in COLOUR_LETTERS))
        faces = (c + f for c in COLOUR_LETTERS for f in FACE_LETTERS[1:])
        self._rolled = layout.group("rolled.", faces) - 1  # faces count from 1 (a miss)
        # the active area, by position: what changes, then the card's printed traits
        colours = immunities(deck)
        immune = (f"immune.{COLOUR_LETTERS[c]}" for c in colours)
        fields = (*ACTIVE, "guard", "no_crit", *immune, *part.kinds)
        traits = [card_traits(info, colours, part.kinds) for info in deck.cards]
        self._card_starts, self._card_offsets, _ = rows(traits, len(ACTIVE))
        assert all(x in (0.0, 1.0) for row in traits for x in row), "a card's traits are flags"
        self._active_width = len(fields)
        self._active = len(layout.names)
        most = learning.most_active(deck)
        self._shown = min(most, SHOWN)
        for n in numbered(self._shown):
            layout.group(f"active{n}.", fields)
        self._more = layout.group("active.more.", MORE) if most > SHOWN else -1
        self._most = most
        self._further = max(1, most - SHOWN)
        self._health, self._damage = scales(deck, part.power)
        # the inventory, by position: what the item is (its kind...), locked or not
        empty = deck.initial_state()
        infos = [deck.item(empty, card) for card in range(len(deck.cards))]
        held = [info for info in infos if info is not None]
        kinds = tuple(kind for kind in ITEM_KINDS if any(i.kind == kind for i in held))
        costs = any(info.cost for info in held)
        effects = tuple(sorted({e.kind for info in held for e in info.effects}))
        items = [item_traits(info, kinds, costs, effects) for info in infos]
        self._item_starts, self._item_offsets, self._item_values = rows(items, 1)
        fields = ("locked", *kinds, *(("cost",) if costs else ()), *effects)
        self._item_width = len(fields)
        self._items = len(layout.names)
        for n in numbered(STAT_MAX):
            layout.group(f"item{n}.", fields)
        self.names = (*layout.names, *part.names)
        self.size = len(self.names)
        self._rounds = part.rounds
        self._scratch = np.zeros(self.size, np.float32)
        self._copy = self._scratch.copy
        self._out = self._scratch
        self._deck = part.writer(len(layout.names), self._scratch)
        self._lasting = array("b", [bool(info.during) for info in deck.cards] + [False])
        self._active_seen = None
        self._lasting_cards = ()
        self._inventory_seen = ()
        self._deck_key = 0
        self._strategy_base = self._recovery_base = -1  # none yet: gather at the first call
        self._mods_seen = None
        self._mod_values = array("d", [0.0]) * (2 + len(MODS))

    def encode(self, state: State, seat: int) -> list[float]:
        """What the player sees of ``state``, as a list."""
        numbers: list[float] = self.vector(state, seat).tolist()
        return numbers

    def vector(self, state: State, seat: int) -> npt.NDArray[np.float32]:
        """What the player sees of ``state``: a new float32 vector of ``len(names)``
        numbers."""
        out: cython.float[::1] = self._out
        out[:] = 0.0
        tasks: tuple[Any, ...]
        active: tuple[Any, ...]
        inventory: tuple[Any, ...]
        strategy: cython.int
        recovery: cython.int
        (
            phase, tasks, active, inventory, own, stacks, zones, faces, rewards,
            strategy, recovery, health, turn, phases_used, counter, ability_used,
        ) = _read_state(state)  # fmt: skip
        index: cython.int = self._phases.get(phase, -1)
        if index >= 0:
            out[index] = 1.0
        if tasks:
            task: tuple[Any, ...] = cython.cast(tuple, tasks[0])  # a Task: C indexing
            index = self._tasks.get(task[0], -1)
            if index >= 0:
                out[index] = 1.0
            out[self._task_amount] = _at(task[1], _SIXTH, -_SIXTH, _SIXTH)
        deck: cython.long = self._deck(state, own, stacks, inventory)
        self._in_force(state, active, inventory, strategy, recovery, deck)
        i: cython.Py_ssize_t = self._stats
        out[i] = _at(health, _SIXTH, -_SIXTH, _SIXTH)
        out[i + 1] = self._mod_values[0]
        out[i + 2] = self._mod_values[1]
        out[i + 3] = _at(strategy, _SIXTH, -_SIXTH, _SIXTH)
        out[i + 4] = _at(recovery, _SIXTH, -_SIXTH, _SIXTH)
        i = self._turn
        out[i] = _at(turn, self._rounds, 0, self._rounds)
        out[i + 1] = _at(phases_used, _SIXTH, -_SIXTH, _SIXTH)
        out[i + 2] = _at(counter, _DICE, 0, _DICE)
        if ability_used:
            out[i + 3] = 1.0
        i = self._mods
        for index in range(len(MODS)):
            if self._mod_values[2 + index] != 0.0:
                out[i + index] = self._mod_values[2 + index]
        self._write_dice(zones, faces)
        if active:
            self._write_cards(active, rewards)
        if inventory:
            self._write_items(inventory)
        return self._copy()

    @cython.cfunc
    def _in_force(
        self,
        state: State,
        active: tuple[Any, ...],
        inventory: tuple[Any, ...],
        strategy: cython.int,
        recovery: cython.int,
        deck: cython.long,
    ) -> None:
        """The stats and modifiers' numbers with the modifiers in force, kept until what
        these depend on changes (rarely): the active cards with During effects, the
        inventory, the deck's part they read (``deck``, its writer's key), the base stats."""
        changed: cython.bint = deck != self._deck_key
        self._deck_key = deck
        if active is not self._active_seen:
            self._active_seen = active
            if self._cards_in_force(active):
                changed = True
        if inventory is not self._inventory_seen:  # a new tuple, perhaps the same items
            if inventory != self._inventory_seen:
                changed = True
            self._inventory_seen = inventory
        if not changed and strategy == self._strategy_base and recovery == self._recovery_base:
            return
        mods = modifiers(self.game, state)
        if (
            mods == self._mods_seen
            and strategy == self._strategy_base
            and recovery == self._recovery_base
        ):
            return
        self._mods_seen = mods
        self._strategy_base, self._recovery_base = strategy, recovery
        values = self._gather(state, mods)
        k: cython.Py_ssize_t
        for k in range(len(MODS) + 2):
            self._mod_values[k] = values[k]

    @cython.cfunc
    def _cards_in_force(self, active: tuple[Any, ...]) -> cython.bint:
        """Keep the active cards whose During effects hold (undefeated, with some): whether
        they changed."""
        kept: tuple[Any, ...] = self._lasting_cards
        count: cython.Py_ssize_t = len(kept)
        n: cython.Py_ssize_t = 0
        i: cython.Py_ssize_t
        card: cython.int
        same: cython.bint = True
        for i in range(len(active)):
            row: tuple[Any, ...] = cython.cast(tuple, active[i])  # an Active
            card = row[0]
            if not row[6] and self._lasting[card]:  # not defeated, with During effects
                if n >= count or kept[n] != row[0]:
                    same = False
                    break
                n += 1
        if same and n == count:
            return False
        cards = []
        for i in range(len(active)):
            row = cython.cast(tuple, active[i])
            card = row[0]
            if not row[6] and self._lasting[card]:
                cards.append(row[0])
        self._lasting_cards = tuple(cards)
        return True

    @cython.cfunc
    def _gather(self, state: State, mods: Any) -> tuple[float, ...]:
        """What the modifiers in force make of the stats, then the modifiers' own numbers."""
        game = self.game
        return (
            _at(effective(game, state, "strategy", mods), _SIXTH, -_SIXTH, _SIXTH),
            _at(effective(game, state, "recovery", mods), _SIXTH, -_SIXTH, _SIXTH),
            min(commit_limit(mods), DICE) / DICE,
            ratio(total(mods, "ward"), 3.0),
            ratio(total(mods, "crit_bonus"), 3.0),
            ratio(total(mods, "rest_bonus"), 3.0),
            float(has(mods, "no_items")),
            float(has(mods, "no_crit")),
        )

    @cython.cfunc
    def _write_dice(self, zones: tuple[Any, ...], faces: tuple[Any, ...]) -> None:
        """Dice by zone and colour, and the faces of the committed dice, as shares of their
        colour: a quarter for each die of the four of a colour, all of it for the red die."""
        out: cython.float[::1] = self._out
        dice: cython.Py_ssize_t = self._dice
        rolled: cython.Py_ssize_t = self._rolled
        d: cython.int
        zone: cython.int
        face: cython.int
        colour: cython.int
        share: cython.float
        for d in range(_RED + 1):
            zone = zones[d]
            if d == _RED:
                colour, share = _COLOURS - 1, 1.0
            else:
                colour, share = d >> 2, 0.25
            out[dice + zone * _COLOURS + colour] += share
            if zone == _COMMITTED:
                face = faces[d]
                if face:
                    out[rolled + colour * _FACES + face] += share

    @cython.cfunc
    def _write_cards(self, active: tuple[Any, ...], rewards: tuple[Any, ...]) -> None:
        """Each active card: what is left of its health, its damage, defeat, a reward to
        gain, then its printed traits; past the cards shown, their count and sums."""
        out: cython.float[::1] = self._out
        at: cython.Py_ssize_t = self._active
        width: cython.Py_ssize_t = self._active_width
        health: cython.int = self._health
        damage: cython.int = self._damage
        shown: cython.Py_ssize_t = self._shown
        count: cython.Py_ssize_t = len(active)
        left: cython.int = 0
        hurt: cython.int = 0
        i: cython.Py_ssize_t
        t: cython.Py_ssize_t
        card: cython.int
        most: cython.int
        hurts: cython.int
        taken: cython.int
        defeated: cython.bint
        for i in range(count):
            row: tuple[Any, ...] = cython.cast(tuple, active[i])  # an Active
            card, most, hurts, taken, defeated = row[0], row[1], row[2], row[4], row[6]
            if i >= shown:
                if most > taken:
                    left += most - taken
                if not defeated:
                    hurt += hurts
                continue
            out[at] = _at(most - taken, health, 0, health)
            out[at + 1] = _at(hurts, damage, 0, damage)
            if defeated:
                out[at + 2] = 1.0
            if rewards and card in rewards:
                out[at + 3] = 1.0
            for t in range(self._card_starts[card], self._card_starts[card + 1]):
                out[at + self._card_offsets[t]] = 1.0
            at += width
        if count > shown and self._more >= 0:
            at = self._more
            out[at] = _at(count - shown, self._further, 0, self._most)
            out[at + 1] = _at(left, health, 0, health)
            out[at + 2] = _at(hurt, damage, 0, damage)

    @cython.cfunc
    def _write_items(self, inventory: tuple[Any, ...]) -> None:
        """Each item held: locked or not, then what it is."""
        out: cython.float[::1] = self._out
        at: cython.Py_ssize_t = self._items
        width: cython.Py_ssize_t = self._item_width
        i: cython.Py_ssize_t
        t: cython.Py_ssize_t
        card: cython.int
        for i in range(len(inventory)):
            item: tuple[Any, ...] = cython.cast(tuple, inventory[i])  # an Item
            card = item[0]
            if item[1]:
                out[at] = 1.0
            for t in range(self._item_starts[card], self._item_starts[card + 1]):
                out[at + self._item_offsets[t]] = self._item_values[t]
            at += width
