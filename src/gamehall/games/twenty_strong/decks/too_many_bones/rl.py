"""Too Many Bones for the learning environments: its part of the action catalogue, the most
cards a battle can bring, and its features (the Baddie Queue's shift, Tyrant encounters,
stacks, lockpicks; the day is the general ``turn.round``)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, Final

from gamehall.core.catalogue import ActionForms, Form, numbered
from gamehall.games.twenty_strong.catalogue import codes
from gamehall.games.twenty_strong.decks.too_many_bones.actions import STACKS
from gamehall.games.twenty_strong.decks.too_many_bones.deck import (
    AFTER_BATTLE,
    DAY,
    DAY_END,
    ENC,
    ENC_UP,
    FIVES,
    LAST_DAY,
    ONES,
    SETUP,
    Tmb,
    TooManyBones,
)
from gamehall.games.twenty_strong.decks.too_many_bones.zones import LOCK
from gamehall.games.twenty_strong.dice import COLOUR_LETTERS, CRIT, HIT, MISS, STAT_MAX
from gamehall.games.twenty_strong.features import (
    ONE,
    DeckPart,
    Names,
    Scale,
    Traits,
    Vector,
    nonzero,
)
from gamehall.games.twenty_strong.runtime import Fx, ItemInfo
from gamehall.games.twenty_strong.state import Item, Stack, State

ENCOUNTER_KINDS: Final = ("tyrant", "mohlnor", "lockpick")
LOCKED: Final[int] = LOCK
"""The zone of dice on a lockpick (a static once compiled, where an imported name is not)."""


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


QUARTERS: Final = Scale(4, -4, 4)
"""The Baddie Queue's shift and the rank penalties left: out of 4."""


class DeckFeatures(DeckPart):
    """Too Many Bones's features: the Baddie Queue's shift, the Tyrant encounter of the
    battle, the stacks (sizes, the encounters on top), the dice on each lockpick."""

    phases: tuple[str, ...] = (SETUP, DAY, AFTER_BATTLE, DAY_END)
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
        self._encounters = {card: first + i for i, card in enumerate(deck.tyrant_encounters)}
        self._stacks_at = layout.group("", ("power",))
        layout.group("stack.", (f"{name}.size" for name in STACKS))
        layout.group("stack.", (f"{STACKS[s]}.{k}" for s in (ENC, ENC_UP) for k in ENCOUNTER_KINDS))
        self._locks_at = layout.group("", (f"lock{n}" for n in numbered(STAT_MAX)))
        self.names = tuple(layout.names)
        sizes = [deck.ones, deck.ones, deck.fives, deck.fives, deck.encounters, deck.encounters]
        self.sizes = [float(len(cards)) for cards in sizes]
        self.top_kind = {
            card: ENCOUNTER_KINDS.index(deck.encounter_kind(card)) for card in deck.encounters
        }
        self.bind(0)

    def bind(self, start: int) -> None:
        """Write from index ``start`` on."""
        super().bind(start)
        self.encounter_at = {card: start + i for card, i in self._encounters.items()}
        self.stacks_at = start + self._stacks_at
        self.locks_at = start + self._locks_at
        self._stacks: object = None
        self._encounter_stacks: tuple[object, object] = (None, None)
        self._stack_values: Traits = ()
        self._power_and_tops: Traits = ()

    def fill(self, state: State, own: Any, v: Vector) -> None:
        """Write the deck's features of ``state``."""
        tmb: Tmb = own
        _, _, _, _, flipped, shift, encounter, _, _, penalties, final, _, _ = tmb
        i = self.start
        v[i] = QUARTERS.at(shift)
        if final:
            v[i + 1] = ONE
        if flipped:
            v[i + 2] = ONE
        v[i + 3] = QUARTERS.at(penalties)
        if encounter >= 0:
            v[self.encounter_at[encounter]] = ONE
        stacks = state.stacks
        if stacks is not self._stacks:  # stacks change rarely: read them only then
            self._stacks = stacks
            self._stack_values = self._read_stacks(state, stacks)
        for index, value in self._stack_values:
            v[index] = value
        inventory = state.inventory
        if inventory:
            self._locks(state, inventory, v)

    def _read_stacks(self, state: State, stacks: tuple[Stack, ...]) -> Traits:
        """Power (the Tyrant encounters left), each stack's size, the kind of encounter on
        top of each encounter stack (these from the encounter stacks, which change least)."""
        at = self.stacks_at
        encounters = (stacks[ENC], stacks[ENC_UP])
        if encounters != self._encounter_stacks:
            self._encounter_stacks = encounters
            tops = [0.0] * 2 * len(ENCOUNTER_KINDS)
            for i, (known, _hidden) in enumerate(encounters):
                if known:
                    tops[i * len(ENCOUNTER_KINDS) + self.top_kind[known[0]]] = 1.0
            power = self.deck.power(state) / max(1, self.power)
            self._power_and_tops = nonzero([power], at) + nonzero(tops, at + 1 + len(STACKS))
        pairs = list(self._power_and_tops)
        for i, (known, hidden) in enumerate(stacks):
            size = len(known) + len(hidden)
            if size:
                pairs.append((at + 1 + i, size / self.sizes[i]))
        return tuple(pairs)

    def modifier_key(self, own: Any) -> object:
        """The deck's state its modifiers read: the flipped Gearloc's ability, the Tyrant
        encounter of the battle."""
        tmb: Tmb = own
        _, _, _, _, flipped, _, encounter, _, _, _, _, _, _ = tmb
        return encounter * 2 + flipped

    def _locks(self, state: State, inventory: tuple[Item, ...], v: Vector) -> None:
        """The share of its hits each locked lockpick holds (TMB-LOCK-7)."""
        for index, (card, locked) in enumerate(inventory):
            lock = self.deck.lockpicks.get(card) if locked else None
            if lock is not None:
                held = 0
                zones, places = state.zones, state.places
                for die, zone in enumerate(zones):
                    if zone == LOCKED and places[die] == card:
                        held += 1
                if held:
                    v[self.locks_at + index] = min(1.0, held / lock.hits)
