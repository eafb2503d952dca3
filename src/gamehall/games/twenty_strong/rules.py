"""20 Strong: the general rules as a game of the hall; a deck plugs in through its hooks, its
phases and its listeners.

The game is ``20-strong`` with a ``deck`` option; the deck's :class:`DeckRules` subclass owns
setup, activation and the few rules a deck changes (see :mod:`.deck`), adds its phases to the
flow's table (:mod:`.phases`) and listens to its events (:mod:`.events`). Every die face and
every card turning up is a chance outcome.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from gamehall.core.catalogue import ActionForms
from gamehall.core.errors import OptionError
from gamehall.core.features import Features
from gamehall.core.game import (
    CHANCE,
    JSON,
    Action,
    ChanceWeights,
    Game,
    LengthBound,
    OptionSpec,
    RandomSource,
)
from gamehall.core.i18n import Text
from gamehall.core.interned import interned
from gamehall.core.invariants import Invariants
from gamehall.core.outcome import Outcome
from gamehall.games.twenty_strong import flow
from gamehall.games.twenty_strong import help as help_text
from gamehall.games.twenty_strong.actions import (
    Again,
    Apply,
    Commit,
    DieFace,
    DiscardItem,
    Done,
    First,
    Gain,
    Recover,
    Resolve,
    Reveal,
    Roll,
    UseAbility,
    UseItem,
    parse,
)
from gamehall.games.twenty_strong.deck import DeckRules
from gamehall.games.twenty_strong.deck_plugin import setting_of
from gamehall.games.twenty_strong.decks import DECKS, deck_names, default_deck
from gamehall.games.twenty_strong.dice import COLOUR_OF, COLOURS, DICE, FACE_WEIGHTS, colour_of
from gamehall.games.twenty_strong.effect_kinds import EFFECT_KINDS
from gamehall.games.twenty_strong.effects import (
    DONE,
    apply_choice,
    choices,
    effective,
    end,
    has,
    modifiers,
    possible,
    tasks_for,
)
from gamehall.games.twenty_strong.events import Listeners
from gamehall.games.twenty_strong.explain import illegal_reason
from gamehall.games.twenty_strong.phases import Phase, phase_table
from gamehall.games.twenty_strong.ranking import next_rank
from gamehall.games.twenty_strong.runtime import Mod
from gamehall.games.twenty_strong.state import (
    ACTIVATION,
    AFTER,
    APPLY,
    CLEANUP,
    COMMIT,
    COMMITTED,
    END_REASONS,
    ENGAGE,
    EXHAUSTED,
    OVER,
    POOL,
    RECOVER,
    RESIGNED,
    REWARDS,
    WON,
    State,
    Task,
)
from gamehall.games.twenty_strong.view import (
    build_view,
    describe_action,
    describe_changes,
    effect_text,
    label_action,
    odds_view,
)
from gamehall.games.twenty_strong.view import (
    chapter as log_chapter,
)

COMMITS: Final = tuple(Commit(c) for c in COLOURS)
RECOVERS: Final = tuple(Recover(c) for c in COLOURS)
ROLL: Final = Roll()
AGAIN: Final = Again()
RESOLVE: Final = Resolve()
ABILITY: Final = UseAbility()
USE: Final = tuple(UseItem(i) for i in range(12))
DISCARD: Final = tuple(DiscardItem(i) for i in range(12))
MODIFIED_PHASES: Final = frozenset({COMMIT, APPLY, REWARDS})
"""Phases whose legal actions depend on the lasting modifiers."""
ENGAGEMENT_PHASES: Final = frozenset({COMMIT, APPLY, RECOVER, REWARDS})


def _roll_weights(die: int) -> ChanceWeights:
    weights = FACE_WEIGHTS[colour_of(die)]
    faces = [face for face in (1, 2, 3) if weights[face - 1]]
    return ChanceWeights(
        tuple(DieFace(die, face) for face in faces), tuple(weights[f - 1] for f in faces)
    )


ROLL_WEIGHTS: Final = tuple(_roll_weights(die) for die in range(DICE))


_APPLIES: dict[tuple[int, int, str], Apply] = {}


def _apply_action(colour: int, face: int, target: str) -> Apply:
    """The (shared) action applying a die showing ``face`` to ``target``."""
    key = (colour, face, target)
    action = _APPLIES.get(key)
    if action is None:
        action = _APPLIES[key] = Apply(colour, face, target)
    return action


@mypyc_attr(native_class=False)  # a plain class when compiled (docs/performance.md)
class TwentyStrong(Game[State]):
    """20 Strong, solo, with the deck chosen by the ``deck`` option."""

    name = "20-strong"
    title = "20 Strong"
    aliases = ("twenty-strong", "20strong")
    min_players = 1
    max_players = 1
    rules_version = "2"  # 2: VIC-R18 a conflict that cannot be won is lost; GEN-R6; resigning
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("deck", default_deck(), "The deck played.", choices=deck_names()),
        OptionSpec("hero", "", "The hero (a card code or name; empty: the deck's first)."),
        OptionSpec("boss", "", "The boss: Tyrant, scion... (a code or name; empty: first)."),
        OptionSpec("rank", 1, "The difficulty rank.", minimum=1, maximum=5),
        OptionSpec("deck_file", "", "A card file for the deck (your printed cards).", remote=False),
        OptionSpec("side", 1, "Side of a universal backup plan card.", minimum=1, maximum=2),
    )

    def __init__(self, players: int = 1, options: dict[str, object] | None = None) -> None:
        super().__init__(players, options)
        # GEN-DECK-1: one deck per game, whose cards and setup are the only ones in play
        self.deck: DeckRules = DECKS[self.options["deck"]](self, self.options)
        self.listeners: Listeners = self.deck.listeners()
        """The deck's listeners of the general rules' events (:mod:`.events`)."""
        general, own = flow.general_phases(self), self.deck.phases()
        self.phases: dict[str, Phase] = phase_table(general, own)
        """The flow's table of phases, the general ones then the deck's (:mod:`.phases`)."""
        self.phase_names: tuple[str, ...] = (
            ACTIVATION,
            *(phase.name for phase in general),
            OVER,
            *(phase.name for phase in own),
        )
        """Every phase a state may be in: a round's activation (no entry of the table, GEN-ACT-1),
        the general phases, the end, then the deck's (the order of the observation's phases)."""
        self._parsers = self.deck.parsers
        self._reveals: dict[tuple[int, int], Reveal] = {}
        self.hittable_cache: tuple[Any, list[Mod], list[frozenset[int]]] | None = None
        """The last active area asked about by ``flow.hittable``, and its answer."""
        self.modifiers_cache: tuple[Any, Any, Any, list[Mod], list[Mod]] | None = None
        """What ``effects.modifiers`` last gathered, with what it depends on."""

    @classmethod
    def option_choices(cls, spec: OptionSpec) -> list[tuple[str, str | Text]]:
        """Heroes and bosses of every deck's house cards, named with their deck in the
        reader's language; the decks by title; other options as declared."""
        if spec.name in ("hero", "boss"):
            return [
                (code, Text("20s.choice.card", {"deck": DECKS[deck].title, "name": name}))
                for deck in deck_names()
                for code, name in DECKS[deck].menu(spec.name)
            ]
        if spec.name == "deck":
            return [(deck, DECKS[deck].title) for deck in deck_names()]
        return super().option_choices(spec)

    @classmethod
    def option_depends(cls, spec: OptionSpec) -> tuple[str, dict[str, str]] | None:
        """A hero or boss goes with its deck: the lobby offers only the chosen deck's."""
        if spec.name in ("hero", "boss"):
            cards = {code: deck for deck in deck_names() for code, _ in DECKS[deck].menu(spec.name)}
            return "deck", cards
        return super().option_depends(spec)

    def effect_text(self, data: JSON) -> Text:
        """An effect of the view as text (for templates)."""
        return effect_text(data)

    def deck_web_parts(self) -> str | None:
        """The template of the deck's own parts of the web table, if it has one (for
        templates: its plug-in's ``web_parts``)."""
        parts: str | None = setting_of(self.deck.name, "web_parts")
        return parts

    def check_options(self, options: dict[str, Any]) -> None:
        if options["deck"] not in deck_names():
            raise OptionError(f"unknown deck {options['deck']!r} (decks: {deck_names()})")

    # -- the contract ---------------------------------------------------------------------

    def initial_state(self) -> State:
        state = self.deck.initial_state()
        flow.advance(self, state)
        return state

    def to_move(self, state: State) -> int | None:
        if state.phase == OVER:
            return None
        if state.to_roll or state.reveal >= 0:
            return CHANCE
        if state.phase in self.deck.chance_phases and self.deck.chance(state) is not None:
            return CHANCE
        return 0

    def chance_weights(self, state: State) -> ChanceWeights:
        weights = self.deck.chance(state) if state.phase in self.deck.chance_phases else None
        if weights is not None:
            return weights
        if state.to_roll:
            return ROLL_WEIGHTS[state.to_roll[0]]
        if state.reveal >= 0:
            return self._reveal_weights(state.reveal, state.stacks[state.reveal].hidden)
        return ChanceWeights(())

    def _reveal_weights(self, stack: int, hidden: tuple[int, ...]) -> ChanceWeights:
        """Every hidden card of ``stack`` is equally likely to turn up (each is one card)."""
        reveals = self._reveals
        actions = []
        for card in sorted(set(hidden)):
            key = (stack, card)
            action = reveals.get(key)
            if action is None:
                action = reveals[key] = Reveal(stack, self.deck.cards[card].code)
            actions.append(action)
        if len(actions) == len(hidden):
            return ChanceWeights(actions)
        counts = [hidden.count(self.deck.codes[r.code]) for r in actions]
        return ChanceWeights(actions, counts)

    def legal_actions(self, state: State) -> Sequence[Action]:
        if self.to_move(state) != 0:  # chance's turn: no item while the dice roll (GEN-STRAT-4)
            return ()
        if state.tasks:
            task = state.tasks[0]
            if task.kind.startswith("deck."):
                return self.with_anytime(state, self.deck.legal_actions(state))
            return self.with_anytime(state, choices(self, state, task))
        phase = state.phase
        mods = modifiers(self, state) if phase in MODIFIED_PHASES else None
        if phase == COMMIT:
            actions: list[Action] = []
            if flow.can_commit(self, state, mods or []):
                actions.extend(COMMITS[c] for c in state.colours_in(POOL))
            actions.append(ROLL)
        elif phase == APPLY:
            actions = self._apply_actions(state, mods or [])
        elif phase == AFTER:
            actions = [interned(First, i) for i in flow.after_waiting(self, state)]
        elif phase == RECOVER:
            actions = [RECOVERS[c] for c in state.colours_in(EXHAUSTED)] + [DONE]
        elif phase == REWARDS:
            room = len(state.inventory) < effective(self, state, "strategy", mods)
            actions = []
            for i in flow.rewards_waiting(state):  # GEN-ITEM-7: one Gain each, rewards come singly
                if room:  # GEN-ITEM-8: a full inventory receives no item
                    actions.append(interned(Gain, i))
                actions.extend(self.deck.alternate_rewards(state, state.active[i].card))
            actions.append(DONE)
        else:
            actions = self.deck.legal_actions(state)
        return actions + self.anytime(state, mods)

    def _apply_actions(self, state: State, mods: list[Mod]) -> list[Action]:
        actions: list[Action] = []
        seen: set[tuple[int, int]] = set()
        allowed = flow.hittable(self, state) if state.active else []
        faces = state.faces
        for die in [d for d, zone in enumerate(state.zones) if zone == COMMITTED]:
            colour, face = key = (COLOUR_OF[die], faces[die])
            if key in seen:
                continue
            seen.add(key)
            if face >= 2:
                for index, colours in enumerate(allowed):
                    if colour in colours:
                        actions.append(_apply_action(colour, face, str(index + 1)))
            for target in self.deck.apply_targets(state, die):
                actions.append(_apply_action(colour, face, target))
        if flow.can_repeat(self, state, mods):
            actions.append(AGAIN)
        actions.append(RESOLVE)  # GEN-APPLY-3: unapplied dice may be left, still committed
        return actions

    def with_anytime(self, state: State, options: list[Action]) -> list[Action]:
        """A waiting choice's options, then the items and abilities usable beside it (GEN-R6:
        at any time but the roll, in the middle of an effect too); a choice that is itself a
        discard keeps its own discards."""
        if not options or state.round == 0:  # setup choices come before any item is used
            return options
        extra = [a for a in self.anytime(state, None) if a not in options]
        return [*options, *extra] if extra else options

    def anytime(self, state: State, mods: list[Mod] | None) -> list[Action]:
        """Items, the hero's ability and the deck's own: open at any decision but the roll."""
        actions: list[Action] = []
        if state.inventory:
            count = len(state.inventory)
            if not has(modifiers(self, state) if mods is None else mods, "no_items"):
                actions.extend(USE[i] for i in range(count) if self.usable(state, i))
            actions.extend(DISCARD[i] for i in range(count) if self.deck.can_discard(state, i))
        if not state.ability_used and state.phase in ENGAGEMENT_PHASES:
            effects = self.deck.hero_ability(state).effects
            if effects and all(possible(self, state, e) for e in effects):
                actions.append(ABILITY)
        deck_actions = self.deck.anytime_actions(state)
        if deck_actions:
            actions.extend(deck_actions)
        return actions

    def usable(self, state: State, index: int) -> bool:
        """Whether the item at ``index`` can be used now (GEN-ITEM-4, GEN-ITEM-10)."""
        info = self.deck.item(state, state.inventory[index].card)
        if info is None or info.kind == "ongoing":
            return False
        if info.kind == "extension" and not self.deck.can_pay(state, info.cost):
            return False
        return all(possible(self, state, e) for e in info.effects)

    def apply_legal(self, state: State, action: Action) -> State:
        s = state.evolve()
        if type(action) is DieFace:
            s.set_face(action.die, action.face)
            s.to_roll = s.to_roll[1:]
            if s.to_roll:  # the next die of the same roll: nothing else can happen yet
                return s
        elif type(action) is Commit:  # nothing follows a commit but more decisions
            s.move_die(s.first_die(POOL, action.colour), COMMITTED)
            s.counter += 1
            return s
        elif isinstance(action, Reveal):
            stack = s.stacks[action.stack]
            card = self.deck.codes[action.code]
            hidden = list(stack.hidden)
            hidden.remove(card)
            stacks = list(s.stacks)
            stacks[action.stack] = stack._replace(known=(card,), hidden=tuple(hidden))
            s.stacks = tuple(stacks)
            for revealed in self.listeners.card_revealed:
                revealed(s, action.stack, card)
        elif self.to_move(state) == CHANCE:
            self.deck.apply_chance(s, action)
        elif (
            s.tasks
            and not s.tasks[0].kind.startswith("deck.")
            and not self._interrupts(s.tasks[0], action)
        ):
            apply_choice(self, s, s.tasks[0], action)
        else:
            self._apply_decision(s, action)
        flow.advance(self, s, state.stacks)
        return s

    def _interrupts(self, task: Task, action: Action) -> bool:
        """Whether ``action``, taken while ``task`` waits, is an item or ability used beside it
        (GEN-R6) rather than the task's own choice (a discard is the task's when it asks one)."""
        kind = type(action)
        if kind is DiscardItem:
            effect = EFFECT_KINDS.get(task.kind)  # None: a deck's own task
            return effect is None or not effect.asks_discards
        return kind is UseItem or kind is UseAbility or kind in self.deck.anytime_types

    def _apply_decision(self, s: State, action: Action) -> None:
        if isinstance(action, Roll):
            flow.roll(s)
        elif isinstance(action, Apply):
            die = s.first_die(COMMITTED, action.colour, action.face)
            if action.target.isdigit():
                flow.apply_to_card(self, s, die, int(action.target) - 1)
            else:
                self.deck.apply_to_target(s, die, action.target)
        elif isinstance(action, Again):  # GEN-REPEAT-3: a new Strategy phase, no Resolve between
            s.phase = COMMIT  # GEN-REPEAT-4: pool dice may join the unapplied ones still committed
            s.counter = 0
        elif isinstance(action, Resolve):
            s.phase = "suffer"
        elif isinstance(action, First):
            flow.resolve_after(self, s, action.position)
        elif isinstance(action, Recover):
            s.move_die(s.first_die(EXHAUSTED, action.colour), POOL)
            s.counter += 1
        elif isinstance(action, Gain):  # the card leaves the active area for the inventory
            card = s.active[action.position].card
            s.rewards = tuple(c for c in s.rewards if c != card)
            s.active = s.active[: action.position] + s.active[action.position + 1 :]
            s.inventory = (*s.inventory, self.deck.new_item(card))
        elif isinstance(action, Done) and s.phase in (RECOVER, REWARDS):
            s.phase = flow.PREPARE_REWARDS if s.phase == RECOVER else CLEANUP
        elif isinstance(action, UseItem):
            self._use_item(s, action.index)
        elif isinstance(action, DiscardItem):
            self.deck.discard_item(s, action.index)
        elif isinstance(action, UseAbility):
            s.ability_used = True
            s.push_tasks(tasks_for(self.deck.hero_ability(s).effects, -1), first=True)
        else:
            self.deck.apply_action(s, action)

    def _use_item(self, s: State, index: int) -> None:
        """Use an item: a single-use item is discarded after use (GEN-ITEM-2)."""
        card = s.inventory[index].card
        info = self.deck.item(s, card)
        assert info is not None
        s.push_tasks(tasks_for(info.effects, card), first=True)
        if info.kind == "extension":  # TMB-BACKUP-10: its backup dice are paid first
            self.deck.pay_backup(s, info.cost)
        else:
            self.deck.discard_item(s, index)

    def illegal_reason(self, state: State, action: Action) -> Text:
        return illegal_reason(self, state, action)

    def view(self, state: State, seat: int | None) -> JSON:
        return build_view(self, state)

    def odds(self, state: State, seat: int | None) -> JSON:
        return odds_view(self, state)

    def resample(self, state: State, seat: int, rng: RandomSource) -> State:
        """Unseen cards are chance outcomes; only a deck's own secrets are dealt anew."""
        return self.deck.resample(state, rng)

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != OVER:
            return None
        won = state.result == WON
        reason = END_REASONS.get(state.result, "undecided")  # a sound state has a result
        return Outcome(winners=(0,) if won else (), scores=(1 if won else 0,), reason=reason)

    def resign(self, state: State, seat: int) -> State:
        """The solo game is lost at once, whatever was waiting."""
        self.refuse_resign(state, seat)
        s = state.evolve()
        end(s, RESIGNED)
        return s

    def describe_resign(
        self, before: State, seat: int, after: State, viewer: int | None
    ) -> list[Text]:
        return [Text("20s.log.resigned"), *describe_changes(self, before, after)]

    def length_bound(self) -> LengthBound:
        """The deck's bound on how long a game may last (rounds, Engagements)."""
        return self.deck.length_bound()

    def length(self, state: State) -> int:
        """The units of the deck's bound played (rounds, Engagements)."""
        return self.deck.length(state)

    def invariants(self) -> Invariants[State]:
        """What every state, step and view keeps, for the fuzzer (``invariants``)."""
        from gamehall.games.twenty_strong.invariants import TwentyStrongInvariants

        return TwentyStrongInvariants(self)

    def action_forms(self) -> ActionForms:
        """The grammar of the notation, general and the deck's (``catalogue``)."""
        from gamehall.games.twenty_strong.catalogue import action_forms

        return action_forms(self)

    def features(self) -> Features[State]:
        """The observation features, general and the deck's (``features``)."""
        from gamehall.games.twenty_strong.features import TwentyStrongFeatures

        return TwentyStrongFeatures(self)

    def parse_action(self, text: str) -> Action:
        action: Action = parse(text, self._parsers)
        return action

    def describe(self, before: State, action: Action, after: State, seat: int | None) -> list[Text]:
        return describe_action(self, before, action, after)

    def phase_help(self, view: JSON, seat: int | None) -> Text:
        return help_text.phase_help(view, seat)

    def chapter(self, state: State) -> Text | None:
        return log_chapter(state)

    def rematch(
        self, options: dict[str, object], state: State
    ) -> tuple[dict[str, object], Text | None]:
        """The next game is played at the rank this one leads to (TMB-RANK-2, VIC-RANK-1);
        the sentence says so when it differs."""
        if not state.result:
            return options, None
        rank = next_rank(self.options["rank"], state.result > 0)
        if rank == self.options["rank"]:
            return options, None
        return {**options, "rank": rank}, Text("20s.ui.again_rank", {"rank": rank})

    def label(self, view: JSON, action: Action) -> Text:
        return label_action(self, view, action)

    def next_round(self, s: State) -> None:
        """Start the next round: Activation, or straight to the Engagement in the endgame
        (GEN-END-4)."""
        s.round += 1
        if s.endgame:
            s.phase = ENGAGE
        else:
            self.deck.start_round(s)

    def activate_from(self, s: State, stack: int) -> None:
        """Activate the top card of ``stack``."""
        flow.activate_from(self, s, stack)

    def damage(self, s: State, index: int, amount: int) -> None:
        """Deal direct damage (not a hit) to the active card at ``index``."""
        flow.deal(self, s, index, amount, hit=False)
