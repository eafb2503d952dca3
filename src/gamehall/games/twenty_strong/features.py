"""20 Strong's observation features (``core.features``): what the player sees, as a vector.

The general groups are here; the deck's own follow them (``DeckRules.features``). Everything
is read from the state directly, for speed, and only what the view shows: dice by zone and
colour, the faces of the rolled dice, the active cards by position, the inventory by position,
the stats with the modifiers in force, the phase and the choice waiting. docs/rl.md lists the
groups; ``names`` names every number.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Final

from gamehall.core.catalogue import numbered
from gamehall.games.twenty_strong.dice import (
    COLOUR_LETTERS,
    COUNTS,
    DICE,
    FACE_LETTERS,
    STAT_MAX,
)
from gamehall.games.twenty_strong.effects import (
    CHOOSERS,
    RESERVE_STEPS,
    commit_limit,
    effective,
    has,
    modifiers,
    total,
)
from gamehall.games.twenty_strong.flow import PREPARE_REWARDS
from gamehall.games.twenty_strong.runtime import CardInfo, ItemInfo, Mod
from gamehall.games.twenty_strong.state import (
    ACTIVATION,
    AFTER,
    APPLY,
    CLEANUP,
    COMMIT,
    COMMITTED,
    ENGAGE,
    EXHAUST,
    NOWHERE,
    OVER,
    RECOVER,
    REWARDS,
    SUFFER,
    ZONE_NAMES,
    Active,
    Item,
    State,
)

if TYPE_CHECKING:
    from gamehall.games.twenty_strong.deck import DeckRules
    from gamehall.games.twenty_strong.rules import TwentyStrong

PHASES: Final = (
    ACTIVATION,
    ENGAGE,
    COMMIT,
    APPLY,
    SUFFER,
    AFTER,
    EXHAUST,
    RECOVER,
    PREPARE_REWARDS,
    REWARDS,
    CLEANUP,
    OVER,
)
"""The general rules' phases, in order."""
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
Vector = list[Any]
"""The vector as it is written: its numbers are Python floats made once (the tables below,
:data:`ONE`), copied in by reference; compiled, a ``list[float]`` would unbox each float read
and box it anew, one allocation a write."""
ONE: Final[Any] = float("1")  # not a literal: compiled, a literal is boxed at each use
ZONE_BITS: Final = 3
"""Bits of a zone in the keys of :data:`ZONE_SHARES` (up to eight zones)."""


Cards = tuple[Active, ...]
Items = tuple[Item, ...]
Traits = tuple[tuple[int, Any], ...]
"""The non-zero numbers of a card's (or an item's) row of traits, each with its offset."""


class DeckPart:
    """A deck's own features, written after the general ones: each deck's ``rl`` module
    subclasses it (``DeckRules.features``)."""

    names: tuple[str, ...] = ()
    phases: tuple[str, ...] = ()
    """The deck's phases (one-hot with the general ones)."""
    tasks: tuple[str, ...] = ()
    """The kinds of the deck's tasks that wait for the player."""
    kinds: tuple[str, ...] = ()
    """Card kinds flagged on the active cards (``CardInfo.kind``)."""
    power: int = 0
    """The most power a card can have (for the scale of health and damage)."""
    rounds: int = 64
    """The scale of the round count (later rounds read 1)."""
    start: int = 0

    def bind(self, start: int) -> None:
        """Write from index ``start`` of the vector on."""
        self.start = start

    def fill(self, state: State, own: Any, vector: Vector) -> None:
        """Write the deck's features of ``state`` (``own``: its ``deck`` part) into
        ``vector`` (zeros before)."""

    def modifier_key(self, own: Any) -> object:
        """What of the deck's part of the state (``own``) the modifiers in force read
        (compared by equality): by default all of it."""
        return own


def ratio(value: float, scale: float) -> float:
    """``value / scale`` held within [-1, 1].

    >>> ratio(3, 6), ratio(-9, 6)
    (0.5, -1.0)
    """
    return max(-1.0, min(1.0, value / scale))


class Scale:
    """The ratios ``k / scale`` of the integers ``low..high``, made once: reading one builds
    no float (values out of the range read as the nearest end).

    >>> Scale(6, 0, 6).at(3), Scale(6, 0, 6).at(9)
    (0.5, 1.0)
    """

    def __init__(self, scale: float, low: int, high: int) -> None:
        self.low = low
        self.high = high
        self.values: list[Any] = [ratio(k, scale) for k in range(low, high + 1)]

    def at(self, k: int) -> Any:
        """``k / scale``, within the range."""
        if k < self.low:
            k = self.low
        elif k > self.high:
            k = self.high
        return self.values[k - self.low]


SIXTHS: Final = Scale(STAT_MAX, -STAT_MAX, STAT_MAX)
"""Stats, phases used and task amounts: out of 6."""
COUNTER: Final = Scale(DICE, 0, DICE)


def _zone_shares() -> list[tuple[tuple[int, Any], ...]]:
    """For the four dice of a colour, keyed by their zones (3 bits each, first die lowest):
    each zone they are in with its share of the colour."""
    table = []
    for key in range(1 << 4 * ZONE_BITS):
        zones = tuple(key >> ZONE_BITS * i & 7 for i in range(4))
        table.append(tuple((z, zones.count(z) / 4) for z in sorted(set(zones))))
    return table


def _face_shares() -> list[tuple[tuple[int, Any], ...]]:
    """For the four dice of a colour, keyed by the faces of the committed ones (2 bits each,
    0: not rolled or not committed): each face shown with its share of the colour."""
    table = []
    for key in range(1 << 8):
        faces = tuple(key >> 2 * i & 3 for i in range(4))
        table.append(tuple((f, faces.count(f) / 4) for f in sorted(set(faces)) if f))
    return table


ZONE_SHARES: Final = _zone_shares()
FACE_SHARES: Final = _face_shares()
assert COUNTS == (4, 4, 4, 4, 1), "the tables read four dice of each colour, then the red one"


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


def nonzero(row: list[float], offset: int) -> Traits:
    """The non-zero numbers of ``row``, each with its offset (from ``offset`` on).

    >>> nonzero([0.0, 1.0, 0.0, 0.5], 2)
    ((3, 1.0), (5, 0.5))
    """
    pairs = []
    for i, x in enumerate(row):
        if x:
            pairs.append((offset + i, x))
    return tuple(pairs)


def immunities(deck: DeckRules) -> tuple[int, ...]:
    """The colours some card of ``deck`` is immune to."""
    return tuple(
        sorted(
            {c for info in deck.cards for m in info.during if m.kind == "immune" for c in m.colours}
        )
    )


class TwentyStrongFeatures:
    """The features of one configured game: general groups, then the deck's."""

    def __init__(self, game: TwentyStrong) -> None:
        deck = game.deck
        part = deck.features()
        self.game = game
        self.part = part
        layout = Names()
        phases = (*PHASES, *part.phases)
        self.phases = one_hot(phases, layout.group("phase.", phases))
        reserve = deck.reserve_zone != NOWHERE
        tasks = (*(k for k in CHOOSERS if reserve or k not in RESERVE_STEPS), *part.tasks)
        self.tasks = one_hot(tasks, layout.group("task.", tasks))
        self.task_amount = layout.group("task.", ("amount",))
        self.stats = layout.group("", STATS)
        self.turn = layout.group("turn.", TURN)
        self.mods = layout.group("mod.", MODS)
        zones = (*ZONE_NAMES, *deck.zone_names)
        assert len(zones) <= 1 << ZONE_BITS
        self.dice = layout.group("", (f"{z}.{c}" for z in zones for c in COLOUR_LETTERS))
        faces = (c + f for c in COLOUR_LETTERS for f in FACE_LETTERS[1:])
        self.rolled = layout.group("rolled.", faces) - 1  # faces count from 1 (a miss)
        # the active area, by position: what changes, then the card's printed traits
        colours = immunities(deck)
        immune = (f"immune.{COLOUR_LETTERS[c]}" for c in colours)
        fields = (*ACTIVE, "guard", "no_crit", *immune, *part.kinds)
        self.card_traits = [
            nonzero(card_traits(info, colours, part.kinds), len(ACTIVE)) for info in deck.cards
        ]
        self.active_width = len(fields)
        self.active = len(layout.names)
        most = deck.most_active()
        self.shown = min(most, SHOWN)
        for n in numbered(self.shown):
            layout.group(f"active{n}.", fields)
        self.more = layout.group("active.more.", MORE) if most > SHOWN else -1
        self.further = Scale(max(1, most - SHOWN), 0, most)
        health, damage = scales(deck, part.power)
        self.health = Scale(health, 0, health)
        self.damage = Scale(damage, 0, damage)
        # the inventory, by position: what the item is (its kind...), locked or not
        empty = deck.initial_state()
        infos = [deck.item(empty, card) for card in range(len(deck.cards))]
        held = [info for info in infos if info is not None]
        kinds = tuple(kind for kind in ITEM_KINDS if any(i.kind == kind for i in held))
        costs = any(info.cost for info in held)
        effects = tuple(sorted({e.kind for info in held for e in info.effects}))
        self.item_traits = [nonzero(item_traits(info, kinds, costs, effects), 1) for info in infos]
        fields = ("locked", *kinds, *(("cost",) if costs else ()), *effects)
        self.item_width = len(fields)
        self.items = len(layout.names)
        for n in numbered(STAT_MAX):
            layout.group(f"item{n}.", fields)
        part.bind(len(layout.names))
        self.names: tuple[str, ...] = (*layout.names, *part.names)
        self.size = len(self.names)
        self.rounds = Scale(part.rounds, 0, part.rounds)
        # what the modifiers in force were last gathered from, and what they gave
        self.lasting = [bool(info.during) for info in deck.cards]
        self._active: Cards = ()
        self._in_force: list[int] = []
        self._inventory: object = None
        self._deck: object = None
        self._strategy_base = -1
        self._recovery_base = -1
        self._mods: list[Mod] = []
        self._strategy: Any = 0.0
        self._recovery: Any = 0.0
        self._mod_values: Traits = ()

    def encode(self, state: State, seat: int) -> list[float]:
        """What the player sees of ``state``."""
        v: Vector = [0.0] * self.size
        index = self.phases.get(state.phase, -1)
        if index >= 0:
            v[index] = ONE
        tasks, active, inventory, own = state.tasks, state.active, state.inventory, state.deck
        if tasks:
            kind, amount, _source, _optional, _hook, _stat = tasks[0]
            index = self.tasks.get(kind, -1)
            if index >= 0:
                v[index] = ONE
            v[self.task_amount] = SIXTHS.at(amount)
        self._stats(state, active, inventory, own, v)
        self._dice(state.zones, state.faces, v)
        if active:
            self._cards(state, active, v)
        if inventory:
            self._items(inventory, v)
        self.part.fill(state, own, v)
        return v

    def _stats(self, state: State, active: Cards, inventory: Items, own: Any, v: Vector) -> None:
        """Health, Strategy and Recovery with the modifiers in force; the turn; modifiers."""
        deck, strategy, recovery = self.part.modifier_key(own), state.strategy, state.recovery
        if active is not self._active:
            self._active = active
            in_force = self._cards_in_force(active)
            cards_changed = in_force != self._in_force
            self._in_force = in_force
        else:
            cards_changed = False
        if (
            cards_changed
            or inventory is not self._inventory
            or deck != self._deck
            or strategy != self._strategy_base
            or recovery != self._recovery_base
        ):  # what the modifiers depend on changes rarely: look at them only then
            self._inventory, self._deck = inventory, deck
            mods = modifiers(self.game, state)
            if (
                mods != self._mods
                or strategy != self._strategy_base
                or recovery != self._recovery_base
            ):
                self._mods = mods
                self._strategy_base, self._recovery_base = strategy, recovery
                self._gather(state, mods)
        i = self.stats
        v[i] = SIXTHS.at(state.health)
        v[i + 1] = self._strategy
        v[i + 2] = self._recovery
        v[i + 3] = SIXTHS.at(strategy)
        v[i + 4] = SIXTHS.at(recovery)
        i = self.turn
        v[i] = self.rounds.at(state.round)
        v[i + 1] = SIXTHS.at(state.phases_used)
        v[i + 2] = COUNTER.at(state.counter)
        if state.ability_used:
            v[i + 3] = ONE
        for i, value in self._mod_values:
            v[i] = value

    def _cards_in_force(self, active: Cards) -> list[int]:
        """The active cards whose During effects hold (undefeated, with some)."""
        lasting = self.lasting
        return [a[0] for a in active if not a[6] and lasting[a[0]]]  # the card, defeated

    def _gather(self, state: State, mods: list[Mod]) -> None:
        """What the modifiers in force make of the stats, and the modifiers' own numbers."""
        game = self.game
        self._strategy = SIXTHS.at(effective(game, state, "strategy", mods))
        self._recovery = SIXTHS.at(effective(game, state, "recovery", mods))
        values = [
            min(commit_limit(mods), DICE) / DICE,
            ratio(total(mods, "ward"), 3.0),
            ratio(total(mods, "crit_bonus"), 3.0),
            ratio(total(mods, "rest_bonus"), 3.0),
            float(has(mods, "no_items")),
            float(has(mods, "no_crit")),
        ]
        self._mod_values = nonzero(values, self.mods)

    def _dice(self, zones: tuple[int, ...], faces: tuple[int, ...], v: Vector) -> None:
        """Dice by zone and colour, and the faces of the committed dice, as shares of their
        colour: four dice at a time, through tables made once."""
        dice, rolled = self.dice, self.rolled
        for colour in range(4):
            d = colour * 4
            z0, z1, z2, z3 = zones[d], zones[d + 1], zones[d + 2], zones[d + 3]
            for zone, share in ZONE_SHARES[z0 | z1 << 3 | z2 << 6 | z3 << 9]:
                v[dice + zone * 5 + colour] = share
            if COMMITTED in (z0, z1, z2, z3):
                key = 0
                if z0 == COMMITTED:
                    key = faces[d]
                if z1 == COMMITTED:
                    key |= faces[d + 1] << 2
                if z2 == COMMITTED:
                    key |= faces[d + 2] << 4
                if z3 == COMMITTED:
                    key |= faces[d + 3] << 6
                at = rolled + colour * 3
                for face, share in FACE_SHARES[key]:
                    v[at + face] = share
        zone = zones[16]  # the red die
        v[dice + zone * 5 + 4] = ONE
        if zone == COMMITTED and faces[16]:
            v[rolled + 12 + faces[16]] = ONE

    def _cards(self, state: State, active: Cards, v: Vector) -> None:
        """Each active card: what is left of its health, its damage, defeat, a reward to
        gain, then its printed traits; past the cards shown, their count and sums."""
        at = self.active
        width = self.active_width
        health, damage = self.health, self.damage
        rewards = state.rewards
        traits = self.card_traits
        shown = self.shown
        count = left = hurt = 0
        for card, most, hurts, _power, taken, _hits, defeated, _after in active:
            if count >= shown:
                left += max(0, most - taken)
                hurt += 0 if defeated else hurts
                count += 1
                continue
            v[at] = health.at(most - taken)
            v[at + 1] = damage.at(hurts)
            if defeated:
                v[at + 2] = ONE
            if rewards and card in rewards:
                v[at + 3] = ONE
            for offset, value in traits[card]:
                v[at + offset] = value
            at += width
            count += 1
        if count > shown:
            v[self.more] = self.further.at(count - shown)
            v[self.more + 1] = health.at(left)
            v[self.more + 2] = damage.at(hurt)

    def _items(self, inventory: Items, v: Vector) -> None:
        """Each item held: locked or not, then what it is."""
        at = self.items
        width = self.item_width
        traits = self.item_traits
        for card, locked in inventory:
            if locked:
                v[at] = ONE
            for offset, value in traits[card]:
                v[at + offset] = value
            at += width
