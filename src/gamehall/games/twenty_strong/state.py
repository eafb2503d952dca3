"""The 20 Strong state: one slotted value for the dice, stats, cards, stacks and decisions.

Dice zones (each of the 17 unit dice is in exactly one zone at every moment):
``POOL``, ``COMMITTED`` (in the active area, not applied), ``ON_CARD`` (applied to an active
card), ``EXHAUSTED``, ``BANISHED``, and the zones decks add from ``DECK_ZONES`` on. A die's
``place`` says which card or slot it sits on.

A stack is face up: its ``known`` cards (top first) are seen; under them lie ``hidden`` cards in
an order nobody knows, so the card that turns up when the known ones are gone is a chance
outcome.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

from mypy_extensions import mypyc_attr

from gamehall.core.state import ValueState
from gamehall.games.twenty_strong.dice import COLOUR_OF, DICE, UNROLLED, colour_of

POOL: Final = 0
COMMITTED: Final = 1
ON_CARD: Final = 2
EXHAUSTED: Final = 3
BANISHED: Final = 4
DECK_ZONES: Final = 5
ZONE_NAMES: Final = ["pool", "committed", "on_card", "exhausted", "banished"]

NOWHERE: Final = -1

# Phases the general rules run; any other phase belongs to the deck.
ACTIVATION: Final = "activation"
ENGAGE: Final = "engage"
COMMIT: Final = "commit"
APPLY: Final = "apply"
SUFFER: Final = "suffer"
AFTER: Final = "after"
EXHAUST: Final = "exhaust"
RECOVER: Final = "recover"
REWARDS: Final = "rewards"
CLEANUP: Final = "cleanup"
OVER: Final = "over"
CORE_PHASES: Final = frozenset(
    {ACTIVATION, ENGAGE, COMMIT, APPLY, SUFFER, AFTER, EXHAUST, RECOVER, REWARDS, CLEANUP, OVER}
)

WON: Final = 1
LOST: Final = -1
"""Lost: Health fell below 1 (GEN-WIN-2). The other negative results are losses too."""
NO_DICE: Final = -2
"""Lost: no die is left to fight with (a deck's rule, VIC-R12)."""
CANNOT_WIN: Final = -3
"""Lost: a conflict that must be won can no longer be (a deck's rule, VIC-R18)."""
RESIGNED: Final = -4
"""Lost: the player resigned."""
END_REASONS: Final = {
    WON: "boss-defeated",
    LOST: "health-below-1",
    NO_DICE: "no-dice-left",
    CANNOT_WIN: "cannot-win",
    RESIGNED: "resigned",
}
"""The outcome's reason for each result."""


class Active(NamedTuple):
    """A card in the active area: its numbers (with its power), damage taken, defeat."""

    card: int
    health: int
    damage: int
    power: int = 0
    taken: int = 0
    hits: int = 0
    defeated: bool = False
    after_done: bool = False


class Item(NamedTuple):
    """A card in the inventory; ``locked`` while a deck's lock keeps it from being used."""

    card: int
    locked: bool = False


class Stack(NamedTuple):
    """A face-up stack: known cards top first, then hidden cards in an unknown order."""

    known: tuple[int, ...] = ()
    hidden: tuple[int, ...] = ()

    def top(self) -> int:
        """The top card, or NOWHERE when the stack is empty or its top is not turned up yet."""
        return self.known[0] if self.known else NOWHERE

    def size(self) -> int:
        """How many cards the stack holds."""
        return len(self.known) + len(self.hidden)


class Task(NamedTuple):
    """A piece of an effect still to resolve; a choice waits for the player."""

    kind: str
    amount: int
    source: int = NOWHERE
    optional: bool = False
    hook: str = ""
    stat: str = ""


def reveal_due(stacks: tuple[Stack, ...]) -> int:
    """The first stack whose top must turn up, or NOWHERE."""
    for index, (known, hidden) in enumerate(stacks):
        if hidden and not known:
            return index
    return NOWHERE


@mypyc_attr(native_class=False)  # a plain class when compiled (docs/performance.md)
class State(ValueState):
    """Everything on the table."""

    __slots__ = (
        "ability_used",
        "active",
        "counter",
        "deck",
        "discard",
        "endgame",
        "faces",
        "health",
        "hero",
        "inventory",
        "phase",
        "phases_used",
        "places",
        "recovery",
        "result",
        "reveal",
        "rewards",
        "round",
        "stacks",
        "strategy",
        "tasks",
        "to_roll",
        "zones",
    )
    phase: str
    zones: tuple[int, ...]
    faces: tuple[int, ...]
    places: tuple[int, ...]
    # The three stat dice (GEN-STAT-1): values set by the rules, never rolled.
    health: int
    strategy: int
    recovery: int
    hero: int
    active: tuple[Active, ...]
    inventory: tuple[Item, ...]
    stacks: tuple[Stack, ...]
    discard: tuple[int, ...]
    to_roll: tuple[int, ...]
    phases_used: int
    counter: int
    ability_used: bool
    tasks: tuple[Task, ...]
    rewards: tuple[int, ...]
    round: int
    endgame: bool  # set by the deck, whose rules say when the endgame comes (GEN-END-1)
    result: int
    reveal: int
    deck: Any  # the deck's own state: the chip, say, has no general use (GEN-CHIP-1)

    @classmethod
    def fresh(cls, hero: int, health: int, strategy: int, recovery: int, deck: Any) -> State:
        """A state with every die in the pool and the hero's starting stats (GEN-STAT-2)."""
        state = cls.__new__(cls)
        state.phase = ACTIVATION
        state.zones = (POOL,) * DICE
        state.faces = (UNROLLED,) * DICE
        state.places = (NOWHERE,) * DICE
        state.health, state.strategy, state.recovery = health, strategy, recovery
        state.hero = hero
        state.active = ()
        state.inventory = ()
        state.stacks = ()
        state.discard = ()
        state.to_roll = ()
        state.phases_used = 0
        state.counter = 0
        state.ability_used = False
        state.tasks = ()
        state.rewards = ()
        state.round = 0
        state.endgame = False
        state.result = 0
        state.reveal = NOWHERE
        state.deck = deck
        return state

    # -- dice queries -------------------------------------------------------------------

    def dice_in(self, zone: int) -> list[int]:
        """The dice in ``zone``, lowest id first."""
        return [d for d, z in enumerate(self.zones) if z == zone]

    def first_die(self, zone: int, colour: int, face: int | None = None) -> int:
        """The lowest die of ``colour`` in ``zone`` (showing ``face``), or NOWHERE."""
        for die, where in enumerate(self.zones):
            if where == zone and colour_of(die) == colour and face in (None, self.faces[die]):
                return die
        return NOWHERE

    def colours_in(self, zone: int) -> list[int]:
        """The distinct colours present in ``zone``, weakest first."""
        return sorted({COLOUR_OF[d] for d, z in enumerate(self.zones) if z == zone})

    def dice_on(self, card: int) -> list[int]:
        """The dice applied to ``card``."""
        return [d for d, p in enumerate(self.places) if p == card and self.zones[d] == ON_CARD]

    # -- changes (call on a state being built, never a published one) ------------------

    def move_die(self, die: int, zone: int, place: int = NOWHERE, keep_face: bool = False) -> None:
        """Move ``die`` to ``zone`` (on ``place``)."""
        zones, places = list(self.zones), list(self.places)
        zones[die], places[die] = zone, place
        self.zones, self.places = tuple(zones), tuple(places)
        if not keep_face:
            faces = list(self.faces)
            faces[die] = UNROLLED
            self.faces = tuple(faces)

    def set_face(self, die: int, face: int) -> None:
        """Record the face ``die`` shows."""
        faces = list(self.faces)
        faces[die] = face
        self.faces = tuple(faces)

    def replace_active(self, index: int, card: Active) -> None:
        """Put ``card`` at position ``index`` of the active area."""
        active = list(self.active)
        active[index] = card
        self.active = tuple(active)

    def push_tasks(self, tasks: list[Task], first: bool = False) -> None:
        """Queue tasks, at the back (or at the front when ``first``)."""
        self.tasks = (*tasks, *self.tasks) if first else (*self.tasks, *tasks)

    def find_active(self, card: int) -> int:
        """The position of ``card`` in the active area, or NOWHERE."""
        for index, active in enumerate(self.active):
            if active.card == card:
                return index
        return NOWHERE
