"""The deck plug-in: a deck is card data plus one :class:`DeckRules` subclass.

The general rules never name a deck. They reach it three ways: the **phases** it adds to the
flow's table (``phases``, :mod:`.phases`; the general ones are ``flow.general_phases``), the
**events** it listens to (``listeners``, :mod:`.events`), and the **hooks** below, whose
defaults are the general rules. A deck acts on the game through :mod:`.general` (the one door)
and the public methods of the rules class (``next_round``, ``activate_from``, ``damage``,
``anytime``). ``tests/twenty_strong/test_deck_plugins.py`` keeps this list and the class in
step. The class holds rules only: what the player sees and what learners read are parts of
the deck's plug-in, looked up by the general code that asks (``deck_plugin.part_of``), the
general defaults below standing in for a deck without them: ``view`` (a :class:`DeckView`:
``view``, ``describe``, ``place_label``, ``item_view``) and ``rl`` (a :class:`DeckLearning`:
``action_forms``, ``most_active`` and ``features``, docs/rl.md; none by default, the deck is
played but not learned).

* setup: ``menu``, ``initial_state``, ``stack_names``, ``start_round`` (default: take a
  stack's top card, GEN-ACT-1), ``extra_sources`` (where additional enemies come from,
  GEN-ACT-3), ``phases``, ``listeners``, ``length_bound``, ``length``;
* queries (the few rules a deck changes): ``modifiers``, ``hero_ability``,
  ``exhausts_on_card`` (GEN-END-7), ``won`` (GEN-WIN-1), ``is_boss``, ``item``, ``new_item``,
  ``can_pay``, ``can_discard`` (GEN-ITEM-5), ``stack_size``;
* decisions: ``legal_actions`` and ``apply_action`` for the deck's phases and tasks,
  ``step_task`` for its automatic tasks (``deck.`` kinds), ``settle`` for what it checks
  whenever play stops for a decision or chance, ``anytime_actions`` and ``anytime_effects``
  (actions open at any decision but the roll, GEN-R6), ``apply_targets`` and
  ``apply_to_target`` (deck targets of a rolled die), ``alternate_rewards`` and
  ``apply_alternate`` (something instead of a card's reward), ``cleanup`` (GEN-RESOLVE-8),
  ``run_hook`` (named hook effects), ``pay_backup``, ``discard_item``;
* chance: ``chance`` and ``apply_chance`` (the deck's own chance node), ``resample``;
* helpers a deck calls: ``add_card``, ``fight_changers``, ``stack_index``, ``from_action``.

The events (:data:`.events.EVENTS`): ``CARD_TAKEN``, ``CARD_ACTIVATED``, ``CARD_REVEALED``,
``DAMAGE_SUFFERED``, ``REWARDS_BEGIN``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Generic, NamedTuple, TypeVar

from gamehall.core.game import JSON, Action, ChanceWeights, LengthBound, RandomSource
from gamehall.core.i18n import Text
from gamehall.core.interned import interned
from gamehall.games.twenty_strong.actions import From, Parsers, UseAbility, UseItem
from gamehall.games.twenty_strong.deck_plugin import part_of
from gamehall.games.twenty_strong.effect_kinds import EFFECT_KINDS
from gamehall.games.twenty_strong.events import Listeners
from gamehall.games.twenty_strong.phases import Phase
from gamehall.games.twenty_strong.runtime import Ability, CardInfo, Fx, ItemInfo, Mod
from gamehall.games.twenty_strong.state import (
    ENGAGE,
    NOWHERE,
    Item,
    State,
    Task,
)

if TYPE_CHECKING:
    from gamehall.core.catalogue import ActionForms
    from gamehall.games.twenty_strong.features import DeckPart
    from gamehall.games.twenty_strong.rules import TwentyStrong


CONFLICT_ROUNDS = 40
"""The rounds a battle carried over rounds (a Tyrant's, a primus's, a scion's) is allowed
before the lab and the fuzzer call the game stalled. The rules set no limit: a round may land
no hit. With VIC-R18 a round of such a battle can always land one, so a battle this long
means a card or a bot that loops; the longest seen in the balance grids is in
docs/balance.md."""


class DeckRules(ABC):
    """A deck's rules; subclasses override the hooks listed in the module docstring (the
    deck's rules win over the general defaults, GEN-PRIO-1), add their phases and listen to
    events."""

    name: ClassVar[str]
    title: ClassVar[str]
    parsers: ClassVar[Parsers] = {}
    zone_names: ClassVar[tuple[str, ...]] = ()
    settles: ClassVar[bool] = False
    """Whether the deck has something to ``settle`` (spares the call when not)."""
    reserve_zone: ClassVar[int] = NOWHERE
    """The zone of unrecruited dice, if the deck has one: dice effects recruit from it and
    dismiss into it (Victorum's Training Grounds)."""
    chance_phases: ClassVar[frozenset[str]] = frozenset()
    """The phases in which the deck's own chance node (``chance``) may be due."""
    anytime_types: ClassVar[frozenset[type]] = frozenset()
    """The types of the deck's ``anytime_actions``: taken beside a waiting choice (GEN-R6)."""

    def __init__(self, game: TwentyStrong, options: dict[str, Any]) -> None:
        self.game = game
        self.options = options
        self.cards: list[CardInfo] = []
        self.codes: dict[str, int] = {}

    @classmethod
    def menu(cls, option: str, path: Path | None = None) -> list[tuple[str, dict[str, str]]]:
        """(code, name in every language) of the heroes or bosses of the house cards (or of
        the card file at ``path``), for menus and simulation grids."""
        return []

    # -- card table -----------------------------------------------------------------------

    def add_card(self, info: CardInfo) -> int:
        """Register a card in the table and return its id."""
        self.codes[info.code] = len(self.cards)
        self.cards.append(info)
        return len(self.cards) - 1

    # -- setup and activation -------------------------------------------------------------

    @abstractmethod
    def initial_state(self) -> State:
        """The state before the first action: the deck's own setup, the general rules having
        none (GEN-DECK-1)."""

    @abstractmethod
    def stack_names(self) -> Sequence[str]:
        """The names of the stacks, in stack order."""

    def start_round(self, s: State) -> None:
        """Activation of a new round (default: take a stack's top card, GEN-ACT-1)."""
        s.push_tasks([Task("activate", 1)])
        s.phase = ENGAGE

    def extra_sources(self, state: State, card: int) -> list[int]:
        """The stacks the additional enemies ``card`` calls may come from (default: every
        stack, GEN-ACT-3)."""
        return list(range(len(state.stacks)))

    def phases(self) -> Sequence[Phase]:
        """The deck's own phases, added to the general ones in the flow's table (names
        prefixed with the deck's, e.g. ``my.day``; each with its clauses)."""
        return ()

    def listeners(self) -> Listeners:
        """The deck's bound methods listening to the general rules' events, by event
        (``Listeners(card_taken=[self._refill])``); asked once per game."""
        return Listeners()

    # -- chance ---------------------------------------------------------------------------

    def resample(self, state: State, rng: RandomSource) -> State:
        """``state`` with the deck's secrets dealt anew (``Game.resample``): none by default."""
        return state

    def chance(self, state: State) -> ChanceWeights | None:
        """The deck's own chance node, if one is due now."""
        return None

    def apply_chance(self, s: State, action: Action) -> None:
        """Apply an outcome of the deck's chance node."""
        raise RuntimeError(f"the {self.name} deck has no chance node of its own")

    # -- decisions ------------------------------------------------------------------------

    def legal_actions(self, state: State) -> list[Action]:
        """The actions of a deck phase or a deck task."""
        return []

    def settle(self, s: State) -> bool:
        """Check what the deck watches before play goes on (conditions met...); True when
        something changed."""
        return False

    def step_task(self, s: State, task: Task) -> bool:
        """Run the front deck task as far as it goes; True when it waits for a decision."""
        s.tasks = s.tasks[1:]
        return False

    def apply_action(self, s: State, action: Action) -> None:
        """Apply a deck action (already known legal)."""
        raise RuntimeError(f"the {self.name} deck has no action {action}")

    @abstractmethod
    def length_bound(self) -> LengthBound:
        """The most units (rounds...) a game of this deck lasts by its rules."""

    def length(self, state: State) -> int:
        """The units of :meth:`length_bound` played: rounds unless the deck counts another."""
        return state.round

    def anytime_actions(self, state: State) -> list[Action]:
        """Deck actions open at any decision except the roll."""
        return []

    def anytime_effects(self, state: State, action: Action) -> Sequence[Fx]:
        """The effects a deck's own anytime action (from ``anytime_actions``) would have."""
        return ()

    def fight_changers(self, state: State) -> bool:
        """Whether an item, the hero's ability or a deck's anytime action usable now has an
        effect that can let the hero hurt an enemy her dice cannot (its kind's
        ``changes_the_fight``: damage dealt to a card, a change of which dice she has, or a
        deck's hook)."""
        for action in self.game.anytime(state, None):
            effects: Sequence[Fx]
            if isinstance(action, UseItem):
                info = self.item(state, state.inventory[action.index].card)
                effects = info.effects if info is not None else ()
            elif isinstance(action, UseAbility):
                effects = self.hero_ability(state).effects
            else:
                effects = self.anytime_effects(state, action)  # a discard has none
            if any(EFFECT_KINDS[e.kind].changes_the_fight for e in effects):
                return True
        return False

    def apply_targets(self, state: State, die: int) -> Sequence[str]:
        """Deck targets ``die`` may be applied to (besides active cards)."""
        return ()

    def apply_to_target(self, s: State, die: int, target: str) -> None:
        """Put ``die`` on a deck target."""
        raise RuntimeError(f"the {self.name} deck has no target {target!r}")

    # -- lasting effects ------------------------------------------------------------------

    def modifiers(self, state: State) -> list[Mod]:
        """Lasting modifiers the deck adds."""
        return []

    def hero_ability(self, state: State) -> Ability:
        """The hero's ability in force."""
        return Ability((), ())

    # -- resolve --------------------------------------------------------------------------

    def alternate_rewards(self, state: State, card: int) -> list[Action]:
        """Actions taking something else instead of ``card``'s reward (instant or item)."""
        return []

    def apply_alternate(self, s: State, card: int, action: Action) -> None:
        """Take an alternate reward instead of ``card``'s own."""
        raise RuntimeError(f"the {self.name} deck has no alternate reward {action}")

    def exhausts_on_card(self, state: State, die: int) -> bool:
        """Whether the Exhaust step takes a die applied to a card (GEN-END-7: it does)."""
        return True

    def cleanup(self, s: State) -> None:
        """Cleanup: discard every card (endgame: keep undefeated ones, so the boss and its
        enemies are met again each round until one side falls, GEN-END-2), then the next
        round."""
        kept = []
        for card in s.active:
            if s.endgame and not card.defeated:
                # GEN-END-8: its hits are lost with its dice: it starts the next round undamaged
                kept.append(card._replace(taken=0, hits=0, after_done=False))
            else:  # the endgame too discards defeated cards (GEN-END-6)
                s.discard = (*s.discard, card.card)
        s.active = tuple(kept)
        self.game.next_round(s)

    def won(self, state: State) -> bool:
        """Whether the game is won: by default, once the boss is defeated (GEN-WIN-1), even
        with other enemies still active (GEN-END-3)."""
        return state.endgame and any(self.is_boss(a.card) and a.defeated for a in state.active)

    def is_boss(self, card: int) -> bool:
        """Whether ``card`` is the boss."""
        return self.cards[card].kind == "boss"

    def run_hook(self, s: State, task: Task) -> None:
        """Run a named hook effect."""
        raise RuntimeError(f"the {self.name} deck has no hook {task.hook!r}")

    # -- items ----------------------------------------------------------------------------

    def item(self, state: State, card: int) -> ItemInfo | None:
        """What inventory card ``card`` is as an item (None while it cannot be used)."""
        return self.cards[card].item

    def new_item(self, card: int) -> Item:
        """The inventory entry for a gained card."""
        return Item(card)

    def can_pay(self, state: State, cost: int) -> bool:
        """Whether a deck's own item cost (a backup-plan extension) can be paid now."""
        return False

    def pay_backup(self, s: State, cost: int) -> None:
        """Pay a deck's own item cost."""
        raise RuntimeError(f"the {self.name} deck has no item costs")

    def can_discard(self, state: State, index: int) -> bool:
        """Whether the item at ``index`` may be discarded now (GEN-ITEM-5: always)."""
        return True

    def discard_item(self, s: State, index: int) -> None:
        """Take the item at ``index`` out of the inventory."""
        card = s.inventory[index].card
        s.inventory = s.inventory[:index] + s.inventory[index + 1 :]
        s.discard = (*s.discard, card)

    # -- stacks ---------------------------------------------------------------------------

    def stack_size(self, state: State, stack: int) -> int:
        """How many cards a stack holds (a deck may keep unseen cards elsewhere)."""
        return state.stacks[stack].size()

    def stack_index(self, name: str) -> int:
        """The index of the stack called ``name``, or NOWHERE."""
        names = list(self.stack_names())
        return names.index(name) if name in names else NOWHERE

    def from_action(self, stack: int) -> From:
        """The action taking the top card of stack ``stack``."""
        return interned(From, self.stack_names()[stack])


D = TypeVar("D", bound=DeckRules)


class DeckView(Generic[D]):
    """A deck's part of the view and the log (plug-in part ``view``, an instance of a
    subclass): each method is given the deck's rules; the defaults are the general ones."""

    def view(self, deck: D, state: State) -> JSON:
        """The deck's part of the view (public: a solo game has no other seat)."""
        return {}

    def describe(self, deck: D, before: State, action: Action, after: State) -> list[Text]:
        """Log lines for a deck action."""
        return []

    def place_label(self, deck: D, zone: int, place: int) -> str | int:
        """What a die's place is called in the view (a card code; a deck may number slots)."""
        return deck.cards[place].code

    def item_view(self, deck: D, state: State, card: int) -> JSON:
        """What the view adds to an inventory card (a deck's own details)."""
        return {}


GENERAL_VIEW: DeckView[Any] = DeckView()
"""The view of a deck without a ``view`` part."""


def view_of(deck: DeckRules) -> DeckView[Any]:
    """The view part of ``deck`` (the general one if its plug-in names none)."""
    found: DeckView[Any] | None = part_of(deck.name, "view")
    return GENERAL_VIEW if found is None else found


class DeckLearning(NamedTuple):
    """A deck's learning-environment parts (plug-in part ``rl``, docs/rl.md), each given the
    deck's rules."""

    action_forms: Callable[[Any], ActionForms]
    """The deck's part of the action catalogue: its own verbs, its targets of ``apply``, the
    stacks ``from`` names and its chance outcomes."""
    most_active: Callable[[Any], int]
    """The most cards the active area can hold at once (positions in the catalogue and the
    features)."""
    features: Callable[[Any], DeckPart]
    """The deck's part of the observation features."""


def _no_catalogue(deck: DeckRules) -> Any:
    from gamehall.core.catalogue import CatalogueError

    raise CatalogueError.of(Text("core.catalogue.none", {"game": deck.name}))


def _no_features(deck: DeckRules) -> Any:
    from gamehall.core.catalogue import CatalogueError

    raise CatalogueError.of(Text("core.features.none", {"game": deck.name}))


GENERAL_LEARNING = DeckLearning(_no_catalogue, _no_catalogue, _no_features)
"""The learning parts of a deck without an ``rl`` part: it is played, not learned
(:class:`~gamehall.core.catalogue.CatalogueError`)."""


def learning_of(deck: DeckRules) -> DeckLearning:
    """The learning parts of ``deck`` (none, the general default, if its plug-in names none)."""
    found: DeckLearning | None = part_of(deck.name, "rl")
    return GENERAL_LEARNING if found is None else found
