"""What every effect kind is: one object owning its schema, legality, application, words,
view and workshop check.

A kind is a subclass of :class:`EffectKind` with one instance in the registry
(``effect_kinds.EFFECT_KINDS``); the general code asks that instance instead of testing kind
names. Its flags are set once, in ``__init__``; its methods do the work.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from mypy_extensions import mypyc_attr

from gamehall.core.game import JSON, Action
from gamehall.core.i18n import Text
from gamehall.games.twenty_strong.actions import Decline, Done, Pick, Take
from gamehall.games.twenty_strong.dice import COLOURS, CRIT, HIT, MISS
from gamehall.games.twenty_strong.state import State, Task

if TYPE_CHECKING:
    from gamehall.games.twenty_strong.rules import TwentyStrong
    from gamehall.games.twenty_strong.runtime import Fx

PICK_COLOUR: Final = tuple(Pick(c) for c in COLOURS)
PICK_ROLLED: Final = {(c, f): Pick(c, f) for c in COLOURS for f in (MISS, HIT, CRIT)}
DONE: Final = Done()
TAKE: Final = Take()
DECLINE: Final = Decline()

NEEDED: Final = 0
"""An amount rule: a non-zero amount (or scale) is needed."""
NONE: Final = 1
"""An amount rule: no amount is taken (modifiers such as ``guard``)."""
FREE: Final = 2
"""An amount rule: any amount, its own business (a ``hook``)."""

NOTHING_IN_PLAY: Final = frozenset({"cost", "gain", "scout", "spectate", "bane"})
"""The slots of a card read when no enemy is active and no die is rolled (a Mohlnor's cost,
gain and scouting consequence, a scion's spectate penalty, a primus's bane)."""


def shape_problem(
    kind: str,
    amount: int,
    scale: int,
    stat: str | None,
    hook: bool,
    rule: int,
    names_stat: bool,
    names_hook: bool,
    positive: bool,
) -> str:
    """What is wrong with the fields of an effect or modifier as a card file writes it
    (empty: nothing): its amount, its stat and its hook must fit its kind."""
    if rule == NEEDED and amount == 0 and scale == 0:
        return f"a {kind!r} effect needs a non-zero amount"
    if rule == NONE and amount != 0:
        return f"a {kind!r} effect takes no amount"
    if names_stat != (stat is not None):
        return "only a 'stat' effect names a stat, and it must"
    if names_hook != hook:
        return "only a 'hook' effect names a hook, and it must"
    if positive and amount < 0:
        return f"a {kind!r} effect needs a positive amount"
    return ""


@mypyc_attr(allow_interpreted_subclasses=True)
class EffectKind:
    """One kind of effect. The defaults fit an effect that needs an amount, is always
    possible, waits for no choice and does nothing when run: a kind overrides what it does.

    Flags: ``printed`` (a card file may write it; else only the rules queue it, as the
    additional enemies), ``rule`` (its amount: NEEDED, NONE or FREE), ``positive`` (a count
    of things done, never negative), ``names_stat`` and ``names_hook`` (the fields it needs),
    ``optional`` (the player may stop short: it only helps), ``taking`` (it takes something
    from the player: asked even with one option while an item or ability could be used
    first, GEN-R6), ``single_choice`` (one pick ends it, whatever its amount),
    ``asked_alone`` (asked even with one option: the player may decline), ``chooses`` (it
    waits for a choice), ``asks_discards`` (its choices are item discards: a discard is
    then its own choice, not an item discarded beside it, GEN-R6), ``changes_the_fight`` (it
    can let a hero hurt an enemy her dice cannot, VIC-R18, TMB-R17) and ``needs_reserve`` (it
    works only in a deck with a reserve of unrecruited dice, VIC-DICE-1), ``takes_dice`` (the
    hero loses the dice it names from her pool: an Engagement Special of such a kind can
    leave her unable to fight, so decks check it in their deadlock and invariant checks).
    """

    def __init__(
        self,
        name: str,
        *,
        printed: bool = True,
        rule: int = NEEDED,
        positive: bool = False,
        names_stat: bool = False,
        names_hook: bool = False,
        optional: bool = False,
        taking: bool = False,
        single_choice: bool = False,
        asked_alone: bool = False,
        chooses: bool = False,
        asks_discards: bool = False,
        changes_the_fight: bool = False,
        needs_reserve: bool = False,
        takes_dice: bool = False,
    ) -> None:
        self.name = name
        self.printed = printed
        self.rule = rule
        self.positive = positive
        self.names_stat = names_stat
        self.names_hook = names_hook
        self.optional = optional
        self.taking = taking
        self.single_choice = single_choice
        self.asked_alone = asked_alone
        self.chooses = chooses
        self.asks_discards = asks_discards
        self.changes_the_fight = changes_the_fight
        self.needs_reserve = needs_reserve
        self.takes_dice = takes_dice

    # -- schema ---------------------------------------------------------------------------

    def problem(self, amount: int, scale: int, stat: str | None, hook: bool) -> str:
        """What is wrong with the fields a card file gives this kind (empty: nothing)."""
        return shape_problem(
            self.name,
            amount,
            scale,
            stat,
            hook,
            self.rule,
            self.names_stat,
            self.names_hook,
            self.positive,
        )

    # -- legality -------------------------------------------------------------------------

    def possible(self, game: TwentyStrong, state: State, effect: Fx) -> bool:
        """Whether ``effect`` can do anything now (an item is usable only then)."""
        return True

    def payable(self, state: State, effect: Fx) -> bool:
        """Whether ``effect``, as a cost, can be paid in full (TMB-MOHL-2)."""
        return True

    def takes_alone(self, game: TwentyStrong, state: State) -> bool:
        """Whether a task of this kind with one option left takes it without asking: not
        when the player may decline, nor when it takes something while an item or ability
        could still be used first (GEN-R6)."""
        return not self.asked_alone and not (self.taking and bool(game.anytime(state, None)))

    # -- application ----------------------------------------------------------------------

    def task(self, effect: Fx, source: int, power: int) -> Task:
        """The task that carries out ``effect`` of the card ``source`` (of ``power``)."""
        return Task(
            effect.kind, effect.size(power), source, self.optional, effect.hook, effect.stat
        )

    def choices(self, game: TwentyStrong, state: State, task: Task) -> list[Action]:
        """The options of a task waiting for a choice (empty: it runs at once)."""
        return []

    def apply(self, game: TwentyStrong, s: State, task: Task, action: Action) -> None:
        """Carry out one choice (``action``, not ``done``) of a task of this kind."""

    def run(self, game: TwentyStrong, s: State, task: Task) -> None:
        """Carry out a task of this kind that has nothing to choose."""

    # -- words and view -------------------------------------------------------------------

    def text_key(self, data: JSON) -> str:
        """The catalog key of the words of an effect of this kind (as in a view)."""
        return f"20s.effect.{self.name}"

    def task_text(self) -> Text:
        """What a waiting task of this kind asks, in words: ``exhaust dice``."""
        return Text(f"20s.task.{self.name}")

    def view(self, effect: Fx) -> JSON:
        """An effect of this kind as data for renderers (translated by ``text_key``)."""
        data: JSON = {"kind": effect.kind}
        if effect.amount:
            data["amount"] = effect.amount
        if effect.stat:
            data["stat"] = effect.stat
        if effect.scale:
            data["scale"] = effect.scale
        if effect.hook:
            data["hook"] = effect.hook
        if effect.when:
            data["when"] = effect.when
        return data

    # -- workshop -------------------------------------------------------------------------

    def idle_in(self, slot: str) -> str:
        """Why an effect of this kind does nothing in a card's ``slot`` (``cost``, ``setup``,
        see ``workshop.SLOT_WORDS``); empty when it can do something there."""
        return ""

    def reference_problem(self, hook: str | None, known: frozenset[str], deck: str) -> str:
        """What is wrong with what the effect names (a hook of the deck ``deck`` knowing
        ``known``); empty when nothing is."""
        return ""
