"""Victorum: the deck's rules on top of the general rules (the mountain of camps, moving the
chip, spectating, opportunities, bloodshed and sport, primus conflicts, tactics, the Training
Grounds, Scion Influence and the scion's endgame)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar, Final, NamedTuple

from mypy_extensions import mypyc_attr

from gamehall.core.cards import Localized
from gamehall.core.game import Action, ChanceWeights, LengthBound
from gamehall.core.interned import interned
from gamehall.games.twenty_strong.deck import CONFLICT_ROUNDS, DeckRules
from gamehall.games.twenty_strong.decks.victorum import setup
from gamehall.games.twenty_strong.decks.victorum.actions import (
    PARSERS,
    Bonus,
    Challenge,
    ChooseHero,
    ChooseTactic,
    Deal,
    Draw,
    Engage,
    Influence,
    Instead,
    Move,
    Place,
    Remove,
    Spectate,
    Uncover,
)
from gamehall.games.twenty_strong.decks.victorum.cards import load_cards
from gamehall.games.twenty_strong.decks.victorum.mountain import (
    ADJACENT,
    CAMPS,
    FOOT,
    PRIMUS_CAMPS,
    SCION_CAMP,
    nearest,
)
from gamehall.games.twenty_strong.dice import COLOUR_OF, PURPLE
from gamehall.games.twenty_strong.general import (
    DECLINE,
    TAKE,
    Listeners,
    Phase,
    activate,
    change_stat,
    effective,
    end,
    hittable,
    recruit,
    take_top,
    takes_dice,
    tasks_for,
)
from gamehall.games.twenty_strong.runtime import Ability, ItemInfo, Mod
from gamehall.games.twenty_strong.state import (
    CANNOT_WIN,
    COMMIT,
    COMMITTED,
    CORE_PHASES,
    DECK_ZONES,
    ENGAGE,
    EXHAUSTED,
    NO_DICE,
    NOWHERE,
    ON_CARD,
    POOL,
    Item,
    Stack,
    State,
    Task,
)

SETUP: Final = "vic.setup"
MOVE: Final = "vic.move"
CAMP: Final = "vic.camp"
END: Final = "vic.end"
TRAINING: Final = DECK_ZONES
"""The Training Grounds: unit dice not recruited yet (VIC-SETUP-8)."""
START_IN_TRAINING: Final = (2, 3, 6, 7, 10, 11, 14, 15)
"""Two yellow, two green, two blue and two purple dice start in the Training Grounds."""
CAMP_SIZE: Final = 6
ENGAGED: Final = frozenset({"bloodshed", "sport"})
"""The conflict cards that bring an Engagement (and may be additional enemies)."""
SPECTATE: Final = Spectate()
ENGAGE_TOP: Final = Engage()
CHALLENGE: Final = Challenge()


class Vic(NamedTuple):
    """The deck's part of the state."""

    scion: int = 0
    hero: int = NOWHERE
    universal: int = NOWHERE
    dealt: tuple[int, ...] = ()
    to_deal: int = 0
    primuses: tuple[int, ...] = (NOWHERE,) * len(CAMPS)
    to_place: tuple[int, ...] = ()
    removed: tuple[int, ...] = ()
    chip: int = NOWHERE
    buried: tuple[int, ...] = (CAMP_SIZE,) * len(CAMPS)
    unseen: tuple[int, ...] = ()
    uncover: int = NOWHERE
    tactics: tuple[int, ...] = ()
    influence: tuple[int, ...] = ()
    conflict: str = ""
    primus: int = NOWHERE  # the primus fought, kept for its bane till the end (VIC-PRIM-6)
    scion_down: bool = False
    origins: tuple[tuple[int, int], ...] = ()
    bloodshed: int = 0
    primuses_left: int = 0


def next_uncover(stacks: tuple[Stack, ...], buried: tuple[int, ...]) -> int:
    """The first camp whose top must turn up (nothing showing, cards beneath), or NOWHERE."""
    for camp, stack in enumerate(stacks):
        if not stack.known and buried[camp]:
            return camp
    return NOWHERE


@mypyc_attr(native_class=False)  # a plain class when compiled (docs/performance.md)
class Victorum(DeckRules):
    """The Victorum deck."""

    name = "victorum"
    title = "Victorum"
    parsers = PARSERS
    zone_names: ClassVar[tuple[str, ...]] = ("training",)
    reserve_zone: ClassVar[int] = TRAINING
    settles: ClassVar[bool] = True
    chance_phases: ClassVar[frozenset[str]] = CORE_PHASES | {SETUP, MOVE, CAMP, END}

    # tables compiled from the card file (see setup.py)
    kind_of: dict[int, str]
    icons: dict[int, int]
    item_icons: frozenset[int]
    conflict_cards: tuple[int, ...]
    opportunities: dict[int, setup.OpportunityInfo]
    primus_ids: list[int]
    banes: dict[int, Any]
    abilities: list[Ability]
    scions: list[setup.ScionInfo]
    tactic_ids: list[int]

    def __init__(self, game: Any, options: dict[str, Any]) -> None:
        super().__init__(game, options)
        path = Path(options["deck_file"]) if options.get("deck_file") else None
        self.data = load_cards(path) if path else load_cards()
        setup.build_tables(self)
        self.hero_index, self.universal = setup.find_hero(self, options["hero"])
        self.scion_index = setup.find_scion(self, options["boss"])
        self.rank: int = options["rank"]
        self._chance: dict[tuple[str, int, int], Action] = {}

    @classmethod
    def menu(cls, option: str, path: Path | None = None) -> list[tuple[str, dict[str, str]]]:
        data = load_cards(path) if path else load_cards()
        cards = data.heroes if option == "hero" else data.scions
        return [(card.code, card.name.model_dump()) for card in cards]

    def stack_names(self) -> tuple[str, ...]:
        return CAMPS

    def phases(self) -> tuple[Phase, ...]:
        """The deck's phases, in the order of a game: setup, then each round's move and what
        is done at the camp, and the round's end when no Engagement follows."""
        return (
            Phase(
                SETUP,
                ("VIC-SETUP-5", "VIC-SETUP-6", "VIC-SETUP-7", "VIC-RANK-3"),
                waits=False,
                step=self._next_round,
            ),
            Phase(MOVE, ("VIC-MOVE-1", "VIC-MOVE-2", "VIC-MOVE-6"), waits=True),
            Phase(CAMP, ("VIC-ACT-1", "VIC-ACT-3", "VIC-SPEC-1"), waits=True),
            Phase(
                END,
                ("VIC-FLOW-1", "VIC-SPEC-2", "VIC-OPP-1", "VIC-PRIM-5"),
                waits=False,
                step=self._next_round,
            ),
        )

    def listeners(self) -> Listeners:
        return Listeners(
            card_taken=[self._uncover_next],
            card_activated=[self._came_from],
            damage_suffered=[self._bloodshed],
        )

    def _next_round(self, s: State) -> bool:
        """Setup done, or a round without an Engagement over: the next round."""
        self.game.next_round(s)
        return False

    # -- setup ----------------------------------------------------------------------------

    def initial_state(self) -> State:
        preset = self.hero_index if not self.universal else NOWHERE
        first = self.data.heroes[max(preset, 0)]
        state = State.fresh(NOWHERE, first.health, first.strategy, first.recovery, None)
        # the core box's 17 unit dice, all in play: pool or Training Grounds (VIC-COMP-3)
        state.zones = tuple(
            TRAINING if die in START_IN_TRAINING else POOL for die in range(len(COLOUR_OF))
        )
        state.stacks = tuple(Stack() for _ in CAMPS)
        primuses = 3 + self.rank - 1  # VIC-SETUP-5, VIC-RANK-2
        dealt = (preset,) if preset != NOWHERE else ()
        state.deck = Vic(
            scion=self.scion_index,
            universal=self.hero_index if self.universal else NOWHERE,
            dealt=dealt,
            to_deal=primuses + 1 - len(dealt),
            unseen=tuple(sorted(self.conflict_cards)),
            uncover=0,
            tactics=tuple(self.tactic_ids),
            primuses_left=primuses,
        )
        state.phase = SETUP
        state.push_tasks(
            [
                Task("deck.hero", 1),
                Task("deck.tactic", 1),
                Task("deck.place", primuses),
                Task("deck.remove", self.rank if self.rank > 1 else 0),
            ]
        )
        return state

    # -- chance ---------------------------------------------------------------------------

    def _outcome(self, kind: str, camp: int, card: int) -> Action:
        """The (shared) chance action of one outcome."""
        key = (kind, camp, card)
        action = self._chance.get(key)
        if action is None:
            code = self.cards[card].code if kind != "deal" else self.data.heroes[card].code
            if kind == "deal":
                action = Deal(code)
            elif kind == "uncover":
                action = Uncover(camp, code)
            else:
                action = Draw(code)
            self._chance[key] = action
        return action

    def chance(self, state: State) -> ChanceWeights | None:
        deck: Vic = state.deck
        if deck.to_deal:
            undealt = [h for h in range(len(self.data.heroes)) if h not in deck.dealt]
            return ChanceWeights(tuple(self._outcome("deal", 0, h) for h in undealt))
        if deck.uncover != NOWHERE:
            camp = deck.uncover
            return ChanceWeights(tuple(self._outcome("uncover", camp, c) for c in deck.unseen))
        if state.tasks and state.tasks[0].kind == "deck.allies" and not deck.influence:
            drawable = self._drawable(state)
            if drawable:
                return ChanceWeights(tuple(self._outcome("draw", 0, c) for c in drawable))
        return None

    def _drawable(self, state: State) -> list[int]:
        """Discarded bloodshed and sport cards an ally may be drawn from (VIC-END-5)."""
        return sorted({c for c in state.discard if self.kind_of.get(c) in ENGAGED})

    def apply_chance(self, s: State, action: Action) -> None:
        deck: Vic = s.deck
        if isinstance(action, Deal):
            hero = next(i for i, h in enumerate(self.data.heroes) if h.code == action.code)
            s.deck = deck._replace(dealt=(*deck.dealt, hero), to_deal=deck.to_deal - 1)
        elif isinstance(action, Uncover):
            card = self.codes[action.code]
            self._set_camp(s, action.camp, Stack((card,)))
            buried = list(deck.buried)
            buried[action.camp] -= 1
            unseen = tuple(c for c in deck.unseen if c != card)
            s.deck = deck._replace(
                buried=tuple(buried),
                unseen=unseen,
                uncover=next_uncover(s.stacks, tuple(buried)),
            )
        elif isinstance(action, Draw):
            card = self.codes[action.code]
            index = s.discard.index(card)
            s.discard = s.discard[:index] + s.discard[index + 1 :]
            self._ally(s, card)

    def _set_camp(self, s: State, camp: int, stack: Stack) -> None:
        stacks = list(s.stacks)
        stacks[camp] = stack
        s.stacks = tuple(stacks)

    def _uncover_next(self, s: State, stack: int) -> None:
        """(``CARD_TAKEN``) The card under a taken top turns up next (a chance outcome)."""
        deck: Vic = s.deck
        s.deck = deck._replace(uncover=next_uncover(s.stacks, deck.buried))

    # -- decisions ------------------------------------------------------------------------

    def stack_size(self, state: State, stack: int) -> int:
        deck: Vic = state.deck
        return len(state.stacks[stack].known) + deck.buried[stack]

    def camp_size(self, state: State, camp: int) -> int:
        """Cards left in a camp: its top, those beneath, and its primus (VIC-MOVE-4)."""
        deck: Vic = state.deck
        primus = deck.primuses[camp] != NOWHERE
        return len(state.stacks[camp].known) + deck.buried[camp] + primus

    def destinations(self, state: State) -> list[int]:
        """Where the chip may move this Activation (VIC-MOVE-1..6); it stays only when no
        other camp holds a card."""
        deck: Vic = state.deck
        if deck.chip == NOWHERE:
            return [c for c in FOOT if self.camp_size(state, c)]
        moves = [c for c in ADJACENT[deck.chip] if self.camp_size(state, c)]
        moves = moves or nearest(deck.chip, lambda c: self.camp_size(state, c) > 0)
        return moves or [deck.chip]  # the only camp left is this one (VIC-R7)

    def legal_actions(self, state: State) -> list[Action]:
        if state.tasks:
            return self._task_actions(state, state.tasks[0])
        deck: Vic = state.deck
        if state.phase == MOVE:
            return [interned(Move, c) for c in self.destinations(state)]
        if state.phase == CAMP:
            actions: list[Action] = []
            if state.stacks[deck.chip].known:
                actions += [SPECTATE, ENGAGE_TOP]
            if deck.primuses[deck.chip] != NOWHERE:
                actions.append(CHALLENGE)
            return actions
        return []

    def _room(self, state: State) -> bool:
        return len(state.inventory) < effective(self.game, state, "strategy")

    def _task_actions(self, state: State, task: Task) -> list[Action]:
        deck: Vic = state.deck
        kind = task.kind
        if kind == "deck.hero":
            if self.hero_index != NOWHERE and not self.universal:  # named by the options
                return [interned(ChooseHero, self.data.heroes[self.hero_index].code)]
            return [interned(ChooseHero, self.data.heroes[h].code) for h in deck.dealt]
        if kind == "deck.tactic":  # VIC-TACT-3: any tactic of the area, if a slot is free
            if not self._room(state):
                return []
            return [interned(ChooseTactic, self.cards[t].code) for t in deck.tactics]
        if kind == "deck.place":
            return [interned(Place, self.cards[p].code) for p in deck.to_place]
        if kind == "deck.remove":
            return [
                interned(Remove, c)
                for c, stack in enumerate(state.stacks)
                if stack.known and c not in deck.removed
            ]
        if kind == "deck.bonus":
            bonus: list[Action] = [interned(Bonus, "health")]
            return [*bonus, interned(Bonus, "recover")] if EXHAUSTED in state.zones else bonus
        if kind == "deck.opportunity":
            keep: list[Action] = [TAKE] if self._room(state) else []
            return [*keep, DECLINE]  # items beside it: TwentyStrong.with_anytime
        if kind == "deck.influence":
            return [interned(Influence, i) for i in self._influence_waiting(state)]
        return []

    def step_task(self, s: State, task: Task) -> bool:
        kind = task.kind
        if kind == "deck.spectated":
            self._drop(s)
            card = take_top(s, task.source)
            self._uncover_next(s, task.source)
            s.discard = (*s.discard, card)  # VIC-SPEC-2: never to the influence deck
            return False
        if kind == "deck.cleanup":
            self._drop(s)
            self._finish_cleanup(s)
            return False
        if kind == "deck.allies":
            return self._draw_ally(s, task)
        options = self._task_actions(s, task)
        if not options or task.amount <= 0:
            self._drop(s)
            return False
        if len(options) == 1 and kind in ("deck.hero", "deck.place", "deck.influence"):
            self.apply_action(s, options[0])
            return False
        return True

    def _drop(self, s: State) -> None:
        s.tasks = s.tasks[1:]

    def _spend(self, s: State) -> None:
        """One unit of the front task is done."""
        task = s.tasks[0]
        rest = task._replace(amount=task.amount - 1)
        s.tasks = ((rest,) if rest.amount > 0 else ()) + s.tasks[1:]

    def apply_action(self, s: State, action: Action) -> None:
        deck: Vic = s.deck
        if isinstance(action, ChooseHero):
            self._choose_hero(s, action.code)
        elif isinstance(action, ChooseTactic):
            self._spend(s)
            card = self.codes[action.code]
            s.deck = deck._replace(tactics=tuple(t for t in deck.tactics if t != card))
            s.inventory = (*s.inventory, Item(card))  # held as an item (VIC-TACT-1)
        elif isinstance(action, Place):
            self._place(s, self.codes[action.code])
        elif isinstance(action, Remove):
            self._remove(s, action.camp)
        elif isinstance(action, Move):
            s.deck = deck._replace(chip=action.camp)
            s.phase = CAMP
        elif isinstance(action, Spectate):
            self._spectate(s)
        elif isinstance(action, Engage):
            self._activate_top(s)
        elif isinstance(action, Challenge):
            self._challenge(s)
        elif isinstance(action, Bonus):
            self._drop(s)
            if action.kind == "health":
                change_stat(s, "health", 1, why="bonus")
            else:
                s.push_tasks([Task("recover_dice", 1)], first=True)
        elif action in (TAKE, DECLINE):
            card = s.tasks[0].source
            self._drop(s)
            if action == TAKE:
                # an item like any other, counted and discardable (VIC-OPP-2)
                s.inventory = (*s.inventory, Item(card, locked=True))
            else:
                s.discard = (*s.discard, card)  # VIC-INFL-3
        elif isinstance(action, Influence):
            self._to_influence(s, s.active[action.position].card)
            s.active = s.active[: action.position] + s.active[action.position + 1 :]
        elif isinstance(action, Instead):  # an item reward swapped at Gain Item Rewards
            card = s.active[action.position].card
            # the item is forfeited, left in the active area for Cleanup (VIC-SPORT-2)
            s.rewards = tuple(c for c in s.rewards if c != card)
            self._alternate(s, action)
        else:
            raise RuntimeError(f"the {self.name} deck has no action {action}")

    # -- setup choices --------------------------------------------------------------------

    def _choose_hero(self, s: State, code: str) -> None:
        """Keep a dealt card as the hero; the others become primuses (VIC-SETUP-5); with a
        universal hero, the kept card goes back to the box instead (VIC-UNIV-1)."""
        self._drop(s)
        deck: Vic = s.deck
        kept = next(h for h in deck.dealt if self.data.heroes[h].code == code)
        others = tuple(self.primus_ids[h] for h in deck.dealt if h != kept)
        hero = self.data.universal_heroes[deck.universal] if deck.universal >= 0 else None
        stats = hero or self.data.heroes[kept]
        s.health, s.strategy, s.recovery = stats.health, stats.strategy, stats.recovery
        s.hero = kept
        s.deck = deck._replace(hero=kept, dealt=(), to_place=others)

    def _place(self, s: State, primus: int) -> None:
        """Put a primus on the next numbered camp, under its stack (VIC-SETUP-7)."""
        self._spend(s)
        deck: Vic = s.deck
        placed = sum(p != NOWHERE for p in deck.primuses)
        primuses = list(deck.primuses)
        primuses[PRIMUS_CAMPS[placed]] = primus
        to_place = tuple(p for p in deck.to_place if p != primus)
        s.deck = deck._replace(primuses=tuple(primuses), to_place=to_place)

    def _remove(self, s: State, camp: int) -> None:
        """Rank 2+: a camp's top leaves (VIC-RANK-3); with an icon it joins the influence deck
        (VIC-RANK-4), otherwise it is discarded and a die dismissed (VIC-RANK-5)."""
        self._spend(s)
        card = take_top(s, camp)
        deck: Vic = s.deck
        s.deck = deck._replace(removed=(*deck.removed, camp))
        self._uncover_next(s, camp)
        if card in self.icons:
            self._to_influence(s, card)
        else:
            s.discard = (*s.discard, card)
            s.push_tasks([Task("dismiss_dice", 1)], first=True)

    # -- activation -----------------------------------------------------------------------

    def start_round(self, s: State) -> None:
        """Move the chip, then spectate or activate; once every primus is down, the scion's
        endgame (VIC-END-1)."""
        deck: Vic = s.deck
        if deck.primuses_left <= 0:
            self._endgame(s)
        else:
            s.phase = MOVE

    def _spectate(self, s: State) -> None:
        """Suffer the scion's spectate penalty, discard the top card, take a bonus; no
        Engagement (VIC-SPEC-1..3)."""
        deck: Vic = s.deck
        scion = self.scions[deck.scion]
        tasks = tasks_for(scion.spectate, scion.card)
        tasks += [Task("deck.spectated", 0, deck.chip), Task("deck.bonus", 1)]
        s.push_tasks(tasks)
        s.phase = END

    def _activate_top(self, s: State) -> None:
        """Activate the camp's top card: an opportunity skips the Engagement (VIC-OPP-1); a
        bloodshed or sport card is fought in a normal Engagement (VIC-BLOOD-1)."""
        deck: Vic = s.deck
        card = s.stacks[deck.chip].known[0]
        if self.kind_of[card] == "opportunity":
            take_top(s, deck.chip)
            self._uncover_next(s, deck.chip)
            s.push_tasks([Task("deck.opportunity", 1, card)])
            s.phase = END
        else:
            self.game.activate_from(s, deck.chip)
            s.phase = ENGAGE

    def _challenge(self, s: State) -> None:
        """Activate the camp's primus: a conflict under the endgame rules (VIC-PRIM-1)."""
        deck: Vic = s.deck
        primus = deck.primuses[deck.chip]
        primuses = list(deck.primuses)
        primuses[deck.chip] = NOWHERE
        s.deck = deck._replace(
            primuses=tuple(primuses),
            conflict="primus",
            primus=primus,
            origins=(*deck.origins, (primus, deck.chip)),
        )
        s.endgame = True
        activate(self.game, s, primus)  # an enemy like any other at Resolve (VIC-PRIM-2)
        s.phase = ENGAGE

    def _came_from(self, s: State, card: int, stack: int) -> None:
        """(``CARD_ACTIVATED``) Where an activated card came from, for its additional
        enemies (VIC-ADD-1)."""
        deck: Vic = s.deck
        s.deck = deck._replace(origins=(*deck.origins, (card, stack)))

    def extra_sources(self, state: State, card: int) -> list[int]:
        """Bloodshed and sport tops of the camps next to where the calling card came from
        (VIC-ADD-1, VIC-ADD-2); when none shows, the rest of the call is skipped (VIC-ADD-4)."""
        deck: Vic = state.deck
        origin = dict(deck.origins).get(card, deck.chip)
        if origin in (SCION_CAMP, NOWHERE):
            return []
        return [
            c
            for c in ADJACENT[origin]
            if state.stacks[c].known and self.kind_of[state.stacks[c].known[0]] in ENGAGED
        ]

    # -- the endgame ----------------------------------------------------------------------

    def influence_value(self, state: State) -> int:
        """The icons on every card of the influence deck (VIC-INFL-4)."""
        deck: Vic = state.deck
        return sum(self.icons.get(card, 0) for card in deck.influence)

    def scion_power(self, state: State) -> int:
        """How much the scion grows: the influence over its step, rounded down."""
        deck: Vic = state.deck
        return self.influence_value(state) // self.scions[deck.scion].influence_step

    def _endgame(self, s: State) -> None:
        """Reach the summit, clear the camps, flip and activate the scion, then its allies
        (VIC-END-2..4)."""
        deck: Vic = s.deck
        left = [card for stack in s.stacks for card in stack.known]
        s.discard = (*s.discard, *left, *deck.unseen)
        s.stacks = tuple(Stack() for _ in CAMPS)
        scion = self.scions[deck.scion]
        power = self.scion_power(s)
        s.deck = deck._replace(
            chip=SCION_CAMP,
            buried=(0,) * len(CAMPS),
            unseen=(),
            uncover=NOWHERE,
            conflict="scion",
        )
        s.endgame = True
        activate(self.game, s, scion.card, power)
        allies = scion.allies + scion.allies_scale * power
        s.push_tasks([*tasks_for(scion.setup, scion.card, power), Task("deck.allies", allies)])
        s.phase = ENGAGE

    def _draw_ally(self, s: State, task: Task) -> bool:
        """Allies come from the top of the influence deck, then at random from the discard
        (a chance outcome), else are skipped (VIC-END-4, VIC-END-5)."""
        deck: Vic = s.deck
        if task.amount <= 0 or not (deck.influence or self._drawable(s)):
            self._drop(s)
            return False
        if deck.influence:
            card = deck.influence[0]
            s.deck = deck._replace(influence=deck.influence[1:])
            if self.kind_of.get(card) in ENGAGED:
                self._ally(s, card)
            else:  # an opportunity is no enemy: it goes to the discard (VIC-R14)
                s.discard = (*s.discard, card)
        return False

    def _ally(self, s: State, card: int) -> None:
        """Activate an ally of the scion, its additional enemies ignored (VIC-END-6)."""
        self._spend(s)
        activate(self.game, s, card)
        s.tasks = tuple(t for t in s.tasks if not (t.kind == "extra" and t.source == card))

    # -- the Resolve phase ----------------------------------------------------------------

    def _bloodshed(self, s: State, dealers: list[int]) -> None:
        """(``DAMAGE_SUFFERED``) Count the bloodshed enemies that dealt damage (VIC-BLOOD-2)."""
        bloodshed = sum(1 for i in dealers if self.kind_of.get(s.active[i].card) == "bloodshed")
        deck: Vic = s.deck
        s.deck = deck._replace(bloodshed=bloodshed)

    def exhausts_on_card(self, state: State, die: int) -> bool:
        """In a conflict, dice on undefeated enemies stay (VIC-PRIM-4, VIC-END-9)."""
        deck: Vic = state.deck
        if not deck.conflict:
            return True
        index = state.find_active(state.places[die])
        return index == NOWHERE or state.active[index].defeated

    def alternate_rewards(self, state: State, card: int) -> list[Action]:
        """A sport card's reward may be swapped for a recruit or a tactic (VIC-SPORT-1), the
        same two for every sport card (VIC-SPORT-2)."""
        if self.kind_of.get(card) != "sport":
            return []
        position = state.find_active(card)
        deck: Vic = state.deck
        actions: list[Action] = []
        if TRAINING in state.zones:
            actions.append(interned(Instead, position, "recruit"))
        if deck.tactics and self._room(state):
            actions.append(interned(Instead, position, "tactic"))
        return actions

    def apply_alternate(self, s: State, card: int, action: Action) -> None:
        assert isinstance(action, Instead)
        self._alternate(s, action)

    def _alternate(self, s: State, action: Instead) -> None:
        if action.what == "recruit":
            recruit(self.game, s)
        else:
            s.push_tasks([Task("deck.tactic", 1)], first=True)

    def cleanup(self, s: State) -> None:
        """Dismiss a die per damaging bloodshed enemy, then defeated cards with icons join the
        influence deck (in the order the player picks), then the rest is discarded
        (VIC-FLOW-2)."""
        deck: Vic = s.deck
        tasks = [Task("dismiss_dice", deck.bloodshed)] if deck.bloodshed else []
        if self._influence_waiting(s):
            tasks.append(Task("deck.influence", 1))
        tasks.append(Task("deck.cleanup", 0))
        s.deck = deck._replace(bloodshed=0)
        s.push_tasks(tasks, first=True)

    def _influence_waiting(self, state: State) -> list[int]:
        """Defeated active cards showing an icon on their body, bound for the influence deck
        (VIC-INFL-1; not once the scion's endgame has begun, VIC-INFL-6)."""
        deck: Vic = state.deck
        if deck.conflict == "scion":
            return []
        return [
            i
            for i, a in enumerate(state.active)
            if a.defeated and a.card in self.icons and a.card not in self.item_icons
        ]

    def _to_influence(self, s: State, card: int) -> None:
        deck: Vic = s.deck
        s.deck = deck._replace(influence=(card, *deck.influence))

    def _finish_cleanup(self, s: State) -> None:
        """Discard what is left; in a conflict, undefeated enemies stay with their dice and
        hits (VIC-PRIM-4); a conflict won ends with the primus's bane (VIC-PRIM-5)."""
        deck: Vic = s.deck
        kept = []
        for active in s.active:
            if s.endgame and not active.defeated:
                kept.append(active._replace(after_done=False))
                continue
            s.discard = (*s.discard, active.card)
            for die in s.dice_on(active.card):  # defeated after the Exhaust step
                s.move_die(die, EXHAUSTED)
            if active.card == self.scions[deck.scion].card:
                deck = deck._replace(scion_down=True)
        s.active = tuple(kept)
        cards = {a.card for a in kept}
        deck = deck._replace(origins=tuple(o for o in deck.origins if o[0] in cards))
        if deck.conflict == "primus" and not kept:
            # the bane, even of a primus that fell earlier in the conflict (VIC-PRIM-6)
            s.push_tasks(tasks_for(self.banes[deck.primus], deck.primus))
            deck = deck._replace(conflict="", primus=NOWHERE, primuses_left=deck.primuses_left - 1)
            s.endgame = False
            s.deck = deck
            s.phase = END  # the bane first, then the next round
            return
        s.deck = deck
        self.game.next_round(s)

    def won(self, state: State) -> bool:
        """The scion and every ally are defeated (VIC-WIN-1)."""
        deck: Vic = state.deck
        if deck.conflict != "scion" or not all(a.defeated for a in state.active):
            return False
        scion = self.scions[deck.scion].card
        return deck.scion_down or state.find_active(scion) != NOWHERE

    # -- items, tactics and opportunities -------------------------------------------------

    def item(self, state: State, card: int) -> ItemInfo | None:
        opportunity = self.opportunities.get(card)
        if opportunity is not None:
            for held in state.inventory:
                if held.card == card and held.locked:
                    return None  # VIC-OPP-3: not before its conditions are met
            return opportunity.reward
        return self.cards[card].item

    def discard_item(self, s: State, index: int) -> None:
        """A tactic goes back to the tactic area (VIC-TACT-2); an item with an icon goes on
        top of the influence deck (VIC-INFL-2); anything else to the discard."""
        card = s.inventory[index].card
        s.inventory = s.inventory[:index] + s.inventory[index + 1 :]
        deck: Vic = s.deck
        if card in self.tactic_ids:
            s.deck = deck._replace(tactics=(*deck.tactics, card))
        elif card in self.item_icons:
            self._to_influence(s, card)
        else:
            s.discard = (*s.discard, card)

    def settle(self, s: State) -> bool:
        """Flip every held opportunity whose conditions are met (VIC-OPP-4); a hero left
        with no die to fight with, and no item to help, loses (VIC-R12), and so does a hero
        in a conflict she can no longer win (VIC-R18)."""
        if s.phase == COMMIT:
            if self._helpless(s):
                end(s, NO_DICE)
                return True
            deck: Vic = s.deck
            if deck.conflict and self.cannot_win(s):
                end(s, CANNOT_WIN)
                return True
        flipped = False
        inventory = list(s.inventory)
        for index, held in enumerate(inventory):
            opportunity = self.opportunities.get(held.card) if held.locked else None
            if opportunity is not None and all(self._met(s, n, index) for n in opportunity.needs):
                inventory[index] = held._replace(locked=False)
                flipped = True
        if flipped:
            s.inventory = tuple(inventory)
        return flipped

    def _helpless(self, state: State) -> bool:
        """No die in the pool, the exhausted area or committed, and nothing usable."""
        zones = state.zones
        if POOL in zones or EXHAUSTED in zones or COMMITTED in zones:
            return False
        return not self.game.anytime(state, None)

    def length_bound(self) -> LengthBound:
        """A round away from conflicts takes a card from a camp (or challenges a primus),
        so there are at most as many as the camps hold; then each primus and the scion may
        each hold a battle carried over rounds."""
        primuses = 3 + self.rank - 1
        return LengthBound("rounds", len(CAMPS) * CAMP_SIZE + (primuses + 1) * CONFLICT_ROUNDS)

    def cannot_win(self, state: State) -> bool:
        """In a conflict (every enemy must fall), no die that may still be rolled can hit an
        undefeated enemy, and nothing usable now could change that (VIC-R18).

        The dice that may still be rolled are those in the pool, committed, exhausted, or on a
        defeated card (they come back); a die on an undefeated enemy stays there. When the
        standing enemies' Specials take as many dice as that at every Engagement, none is
        left to roll. An item or
        ability "could change that" when one of its effects deals damage to a card or changes
        which dice the hero has (recruit, strengthen, weaken, or a deck's own hook)."""
        allowed = hittable(self.game, state)
        colours: set[int] = set()
        defeated = set()
        taken = 0  # dice the standing enemies take away as each Engagement begins
        for index, active in enumerate(state.active):
            if active.defeated:
                defeated.add(active.card)
                continue
            colours.update(allowed[index])
            for effect in self.cards[active.card].special:
                if effect.when == "engagement" and takes_dice(effect.kind):
                    taken += effect.size(active.power)
        places = state.places
        free = [
            die
            for die, zone in enumerate(state.zones)
            if zone in (POOL, COMMITTED, EXHAUSTED) or (zone == ON_CARD and places[die] in defeated)
        ]
        if len(free) > taken and any(COLOUR_OF[die] in colours for die in free):
            return False
        return not self.fight_changers(state)

    def _met(self, state: State, need: setup.Need, index: int) -> bool:
        """Whether one condition of the opportunity at ``index`` holds."""
        kind, amount, colour = need
        zones = state.zones
        if kind.endswith("_dice") and kind != "strong_dice":
            zone = {"pool_dice": POOL, "exhausted_dice": EXHAUSTED}.get(kind, TRAINING)
            count = sum(
                1
                for die, z in enumerate(zones)
                if z == zone and colour in (NOWHERE, COLOUR_OF[die])
            )
            return count >= amount
        if kind == "strong_dice":
            return sum(z != TRAINING for d, z in enumerate(zones) if COLOUR_OF[d] >= PURPLE) >= (
                amount
            )
        if kind == "health":
            return state.health >= amount
        if kind == "low_health":
            return state.health <= amount
        if kind == "influence":
            return self.influence_value(state) >= amount
        return len(state.inventory) - 1 >= amount  # items: the others held

    def run_hook(self, s: State, task: Task) -> None:
        if task.hook == "gain_tactic":
            s.push_tasks([Task("deck.tactic", 1)], first=True)
        else:
            super().run_hook(s, task)

    def hero_ability(self, state: State) -> Ability:
        deck: Vic = state.deck
        if deck.universal != NOWHERE:
            return self.abilities[len(self.data.heroes) + deck.universal]
        return self.abilities[deck.hero] if deck.hero != NOWHERE else NO_ABILITY

    def modifiers(self, state: State) -> list[Mod]:
        return []

    def name_of(self, card: int) -> Localized:
        """A card's name."""
        return self.cards[card].name

    def apply_targets(self, state: State, die: int) -> Sequence[str]:
        return ()


NO_ABILITY: Final = Ability((), ())
