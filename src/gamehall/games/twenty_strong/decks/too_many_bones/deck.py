"""Too Many Bones: the deck's rules on top of the general rules (days, BQ, encounters,
battles that repeat until won, rest or scout, the backup plan, the Tyrant)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar, Final, NamedTuple

from mypy_extensions import mypyc_attr

from gamehall.core.cards import Localized
from gamehall.core.game import Action, ChanceWeights, LengthBound, RandomSource
from gamehall.core.interned import interned
from gamehall.games.twenty_strong.actions import From, Pick
from gamehall.games.twenty_strong.deck import CONFLICT_ROUNDS, DeckRules
from gamehall.games.twenty_strong.decks.too_many_bones import setup
from gamehall.games.twenty_strong.decks.too_many_bones.actions import (
    PARSERS,
    STACKS,
    BackupUse,
    Battle,
    Encounter,
    FaceTyrant,
    Fight,
    Flip,
    Peaceful,
    Penalty,
    RestUp,
    Scout,
    SetAside,
)
from gamehall.games.twenty_strong.decks.too_many_bones.cards import load_cards
from gamehall.games.twenty_strong.decks.too_many_bones.zones import BACKUP, LOCK
from gamehall.games.twenty_strong.dice import CRIT, HIT, MISS, colour_of
from gamehall.games.twenty_strong.general import (
    DONE,
    PICK_COLOUR,
    Listeners,
    Phase,
    activate,
    change_stat,
    colours_taken,
    effective,
    end,
    hit_damage,
    modifiers,
    payable,
    possible,
    take_top,
    takes_dice,
    tasks_for,
    total,
)
from gamehall.games.twenty_strong.runtime import Ability, Fx, ItemInfo, Mod
from gamehall.games.twenty_strong.state import (
    BANISHED,
    CANNOT_WIN,
    COMMIT,
    ENGAGE,
    EXHAUSTED,
    NOWHERE,
    POOL,
    Item,
    Stack,
    State,
    Task,
    reveal_due,
)

ONES, ONES_UP, FIVES, FIVES_UP, ENC, ENC_UP = range(6)
DAY: Final = "tmb.day"
SETUP: Final = "tmb.setup"
AFTER_BATTLE: Final = "tmb.after_battle"
DAY_END: Final = "tmb.end"
LAST_DAY: Final = 12

BACKUP_TARGET: Final = ("backup",)
NO_TARGETS: Final[tuple[str, ...]] = ()
BATTLE: Final = Battle()
TYRANT: Final = FaceTyrant()
PEACEFUL: Final = Peaceful()
FIGHT: Final = Fight()
REST: Final = RestUp()
FLIP: Final = Flip()
# Actions of each stack, made once: rules hand out the same objects (core.catalogue's
# identity memo finds them without hashing).
ENCOUNTERS: Final = tuple(Encounter(stack) for stack in STACKS)
SCOUTS: Final = tuple(Scout(stack) for stack in STACKS)
FROMS: Final = tuple(From(stack) for stack in STACKS)


class Tmb(NamedTuple):
    """The deck's part of the state."""

    day: int = 0  # the chip, set to 0 at setup (TMB-SETUP-6, TMB-COMP-4)
    gearloc: int = 0
    tyrant: int = 0
    universal: bool = False
    flipped: bool = False  # the Gearloc starts innate side up (TMB-SETUP-3)
    bq_shift: int = 0
    encounter: int = NOWHERE
    to_box: int = 0
    boxed: tuple[int, ...] = ()
    penalties: int = 0
    final: bool = False
    tyrant_down: bool = False
    scouting: int = NOWHERE
    engagements: int = 0
    """Engagements begun this game (a battle not won goes on with another: TMB-BATTLE-3)."""


@mypyc_attr(native_class=False)  # a plain class when compiled (docs/performance.md)
class TooManyBones(DeckRules):
    """The Too Many Bones deck."""

    name = "too-many-bones"
    title = "Too Many Bones"
    parsers = PARSERS
    zone_names: ClassVar[tuple[str, ...]] = ("backup", "lock")
    # the backup plan is usable at any decision but the roll (TMB-BACKUP-4)
    anytime_types: ClassVar[frozenset[type]] = frozenset({BackupUse, Flip})
    chance_phases: ClassVar[frozenset[str]] = frozenset({SETUP})
    settles: ClassVar[bool] = True

    # tables compiled from the card file (see setup.py)
    colour_index: dict[str, int]
    points: dict[int, int]
    ones: list[int]
    fives: list[int]
    encounters: list[int]
    tyrant_ids: list[int]
    tyrant_encounters: dict[int, setup.TyrantEncounterInfo]
    mohlnor: dict[int, setup.MohlnorInfo]
    lockpicks: dict[int, setup.LockInfo]
    encounter_set: frozenset[int]
    kinds: dict[int, int]
    backup_options: dict[int, tuple[tuple[Fx, ...], ...]]
    abilities: tuple[Ability, Ability]
    tyrant_id: int
    tyrant_setup: tuple[Fx, ...]

    def __init__(self, game: Any, options: dict[str, Any]) -> None:
        super().__init__(game, options)
        path = Path(options["deck_file"]) if options.get("deck_file") else None
        self.data = load_cards(path) if path else load_cards()
        setup.build_tables(self)
        self.hero_index, self.universal = setup.find_hero(self, options["hero"])
        self.tyrant_index = setup.find_tyrant(self, options["boss"])
        self.rank: int = options["rank"]
        self.side: int = options["side"] - 1
        setup.configure(self)

    @classmethod
    def menu(cls, option: str, path: Path | None = None) -> list[tuple[str, dict[str, str]]]:
        data = load_cards(path) if path else load_cards()
        cards = data.gearlocs if option == "hero" else data.tyrants
        return [(card.code, card.name.model_dump()) for card in cards]

    # -- setup ----------------------------------------------------------------------------

    def initial_state(self) -> State:
        hero = self.hero()
        # the core box's 17 unit dice, the stat dice set from the hero card (TMB-COMP-4)
        state = State.fresh(self.hero_index, hero.health, hero.strategy, hero.recovery, None)
        state.stacks = (
            Stack((), tuple(self.ones)),
            Stack(),
            Stack((), tuple(self.fives)),
            Stack(),
            Stack((), tuple(self.encounters)),
            Stack(),
        )
        state.deck = Tmb(
            gearloc=self.hero_index,
            tyrant=self.tyrant_index,
            universal=self.universal,
            # rank 1 changes nothing: 4 set aside, no penalty (TMB-RANK-1)
            to_box=len(self.tyrant_encounters) // 2 - (self.rank - 1),
            penalties=self.rank - 1,
        )
        state.phase = SETUP
        return state

    def hero(self) -> Any:
        """The hero card played."""
        heroes = self.data.universal_heroes if self.universal else self.data.gearlocs
        return heroes[self.hero_index]

    def stack_names(self) -> tuple[str, ...]:
        return STACKS

    def phases(self) -> tuple[Phase, ...]:
        """The deck's phases, in the order of a game: setup, then each day's choice, the
        rest or scout after a battle won, the day's end."""
        return (
            Phase(SETUP, ("TMB-SETUP-5", "TMB-RANK-4"), waits=True, step=self._setup_done),
            Phase(DAY, ("TMB-DAY-1", "TMB-DAY-2", "TMB-END-1", "TMB-END-2"), waits=True),
            Phase(AFTER_BATTLE, ("TMB-CLEAN-2", "TMB-REST-1", "TMB-SCOUT-1"), waits=True),
            Phase(DAY_END, ("TMB-DAY-3",), waits=False, step=self._day_end),
        )

    def listeners(self) -> Listeners:
        return Listeners(
            card_taken=[self._refill], card_revealed=[self._scouted], rewards_begin=[self._unlock]
        )

    def _setup_done(self, s: State) -> bool:
        """Once the rank's penalties are chosen, the first day (TMB-RANK-4)."""
        if s.deck.penalties:
            return True
        self.game.next_round(s)
        return False

    def _day_end(self, s: State) -> bool:
        """The day ends: the next one begins (TMB-DAY-1)."""
        s.deck = s.deck._replace(scouting=NOWHERE)
        self.game.next_round(s)
        return False

    def chance(self, state: State) -> ChanceWeights | None:
        deck: Tmb = state.deck
        if not deck.to_box:
            return None
        options = [c for c in state.stacks[ENC].hidden if c in self.tyrant_encounters]
        return ChanceWeights(tuple(SetAside(self.cards[c].code) for c in sorted(options)))

    def resample(self, state: State, rng: RandomSource) -> State:
        """The Tyrant encounters set aside unseen (TMB-R2) dealt anew from every Tyrant
        encounter the player has not seen: the boxed ones and those still hidden in the stack.
        """
        deck: Tmb = state.deck
        hidden = state.stacks[ENC].hidden
        unseen = sorted([*deck.boxed, *(c for c in hidden if c in self.tyrant_encounters)])
        if not deck.boxed or len(unseen) == len(deck.boxed):
            return state
        rng.shuffle(unseen)
        boxed, rest = unseen[: len(deck.boxed)], sorted(unseen[len(deck.boxed) :])
        refill = iter(rest)
        s = state.evolve()
        dealt = tuple(next(refill) if c in self.tyrant_encounters else c for c in hidden)
        self._set_stack(s, ENC, state.stacks[ENC]._replace(hidden=dealt))
        s.deck = deck._replace(boxed=tuple(boxed))
        return s

    def apply_chance(self, s: State, action: Action) -> None:
        assert isinstance(action, SetAside)
        card = self.codes[action.code]
        hidden = list(s.stacks[ENC].hidden)
        hidden.remove(card)
        self._set_stack(s, ENC, Stack((), tuple(hidden)))
        deck: Tmb = s.deck
        s.deck = deck._replace(to_box=deck.to_box - 1, boxed=(*deck.boxed, card))

    def start_round(self, s: State) -> None:
        """A new day: the counter advances (TMB-DAY-1), then the day's choice."""
        deck: Tmb = s.deck
        if deck.encounter != NOWHERE:  # its BQ brought no Baddie: it leaves with the day
            s.discard = (*s.discard, deck.encounter)
            deck = deck._replace(encounter=NOWHERE)
        s.deck = deck._replace(day=deck.day + 1, bq_shift=0)
        for lower in (ONES, FIVES, ENC):  # TMB-STACK-1, checked again as each day begins
            self._refill(s, lower)
        s.phase = DAY

    # -- decisions ------------------------------------------------------------------------

    def legal_actions(self, state: State) -> list[Action]:
        deck: Tmb = state.deck
        if state.tasks:
            return self._task_actions(state, state.tasks[0])
        if state.phase == SETUP:
            return [Penalty("banish"), Penalty("exhaust")] if deck.penalties else []
        if state.phase == DAY:
            if deck.day >= LAST_DAY:
                return [TYRANT]
            actions: list[Action] = [BATTLE]
            for stack in (ENC, ENC_UP):  # either top, scouted or not (TMB-ENC-2, TMB-SCOUT-3)
                top = state.stacks[stack].top()
                if top != NOWHERE and self._can_choose(state, top):
                    actions.append(ENCOUNTERS[stack])
            if deck.day >= self.tyrant_card().min_day:
                actions.append(TYRANT)
            return actions
        if state.phase == AFTER_BATTLE:
            scouts = [SCOUTS[i] for i in (ONES, FIVES, ENC) if state.stacks[i].known]
            return [REST, *scouts, DONE]
        return []

    def _can_choose(self, state: State, card: int) -> bool:
        if card in self.lockpicks:  # TMB-LOCK-1: a free item slot is needed
            strategy = effective(self.game, state, "strategy")
            return len(state.inventory) < strategy
        return True

    def _task_actions(self, state: State, task: Task) -> list[Action]:
        if task.kind == "deck.mohlnor":
            card = self.mohlnor[task.source]
            ok = all(payable(state, effect) for effect in card.cost)
            return [PEACEFUL, FIGHT] if ok else [FIGHT]
        if task.kind == "deck.pay":
            return [PICK_COLOUR[c] for c in state.colours_in(BACKUP)]
        return [FROMS[i] for i in self._bq_sources(state, task)]

    def apply_action(self, s: State, action: Action) -> None:
        deck: Tmb = s.deck
        if isinstance(action, Penalty):
            s.deck = deck._replace(penalties=deck.penalties - 1)
            task = Task("banish_dice", 1) if action.kind == "banish" else Task("exhaust_dice", 3)
            s.push_tasks([task], first=True)
        elif isinstance(action, Battle):  # TMB-BQ-4: by Baddie Pts
            self._battle(s, deck.day + deck.bq_shift)
        elif isinstance(action, Encounter):
            self._encounter(s, STACKS.index(action.stack))
        elif isinstance(action, FaceTyrant):
            self._face_tyrant(s)
        elif isinstance(action, Peaceful | Fight):
            self._mohlnor(s, action)
        elif isinstance(action, From):
            self._bq_take(s, STACKS.index(action.stack))
        elif isinstance(action, Pick):
            die = s.first_die(BACKUP, action.colour)
            s.move_die(die, EXHAUSTED)
            self._drop_one(s)
        elif isinstance(action, RestUp):
            rest = 1 + total(modifiers(self.game, s), "rest_bonus")
            change_stat(s, "health", rest, why="rest")
            s.phase = DAY_END
        elif isinstance(action, Scout):
            self._scout(s, STACKS.index(action.stack))
        elif isinstance(action, BackupUse):  # TMB-BACKUP-5: one backup die exhausted per use
            s.move_die(s.first_die(BACKUP, action.colour), EXHAUSTED)
            options = self.compiled_options(self.backup_plan(s))
            s.push_tasks(tasks_for(options[action.option], NOWHERE), first=True)
        elif isinstance(action, Flip):
            for die in s.dice_in(BACKUP):
                s.move_die(die, EXHAUSTED)
            s.deck = deck._replace(flipped=True)
            change_stat(s, "strategy", 1, why="flip")  # TMB-BACKUP-8
            change_stat(s, "recovery", 1, why="flip")
        elif action == DONE:
            s.phase = DAY_END

    # -- the BQ ---------------------------------------------------------------------------

    def _battle(self, s: State, points: int, ones: int = 0, fives: int = 0) -> None:
        """Activate the BQ: Baddie points (TMB-BQ-1..5), then any extra cards; then battle,
        once they are active (TMB-BATTLE-1)."""
        tasks = [Task("deck.bq", max(0, points))]
        if fives:
            tasks.append(Task("deck.fives", fives))
        if ones:
            tasks.append(Task("deck.ones", ones))
        s.push_tasks(tasks, first=True)
        self._engage(s)

    def _engage(self, s: State) -> None:
        """An Engagement begins (counted for the length bound)."""
        deck: Tmb = s.deck
        s.deck = deck._replace(engagements=deck.engagements + 1)
        s.phase = ENGAGE

    def _bq_sources(self, state: State, task: Task) -> list[int]:
        """The stacks the next Baddie of a BQ task may come from: 5-point ones while one fits
        and is to be had, else 1-point ones (TMB-BQ-2); original or scouted, both tops offered
        (TMB-SCOUT-3)."""
        if task.kind == "deck.fives":
            wanted = [FIVES, FIVES_UP]
        elif task.kind == "deck.ones":
            wanted = [ONES, ONES_UP]
        elif task.amount >= 5 and self._tops(state, (FIVES, FIVES_UP)):
            wanted = [FIVES, FIVES_UP]
        else:
            wanted = [ONES, ONES_UP]
        return self._tops(state, wanted)

    def _tops(self, state: State, stacks: tuple[int, ...] | list[int]) -> list[int]:
        return [i for i in stacks if state.stacks[i].known]

    def step_task(self, s: State, task: Task) -> bool:
        if task.kind == "deck.pay":
            colours = s.colours_in(BACKUP)
            if len(colours) > 1:
                return True
            if colours:
                s.move_die(s.first_die(BACKUP, colours[0]), EXHAUSTED)
            self._drop_one(s)
            return False
        if task.kind == "deck.mohlnor":
            return True
        for lower in (ONES, FIVES):  # TMB-STACK-1: cards discarded since may rebuild a stack
            self._refill(s, lower)
        if reveal_due(s.stacks) != NOWHERE:
            return False  # a rebuilt stack's top turns up first (chance), then the BQ goes on
        sources = self._bq_sources(s, task)
        if not sources or task.amount <= 0:
            s.tasks = s.tasks[1:]
            return False
        if len(sources) > 1:
            return True  # TMB-BQ-5: the player picks which top
        self._bq_take(s, sources[0])
        return False

    def _bq_take(self, s: State, stack: int) -> None:
        task = s.tasks[0]
        card = s.stacks[stack].known[0]
        spent = self.points[card] if task.kind == "deck.bq" else 1
        rest = task._replace(amount=task.amount - spent)
        s.tasks = ((rest,) if rest.amount > 0 else ()) + s.tasks[1:]
        self.game.activate_from(s, stack)

    def _drop_one(self, s: State) -> None:
        task = s.tasks[0]
        rest = task._replace(amount=task.amount - 1)
        s.tasks = ((rest,) if rest.amount > 0 else ()) + s.tasks[1:]

    # -- encounters and the Tyrant --------------------------------------------------------

    def _encounter(self, s: State, stack: int) -> None:
        card = take_top(s, stack)
        self._refill(s, stack)
        deck: Tmb = s.deck
        if card in self.tyrant_encounters:  # TMB-TYRENC-1
            info = self.tyrant_encounters[card]
            s.deck = deck._replace(encounter=card)  # beside the active area, no enemy (TMB-ENC-1)
            self._battle(s, deck.day + deck.bq_shift + info.points, fives=info.fives)
        elif card in self.mohlnor:
            s.push_tasks([Task("deck.mohlnor", 1, card)], first=True)
        else:  # TMB-LOCK-2, TMB-LOCK-3
            s.inventory = (*s.inventory, Item(card, locked=True))
            s.phase = DAY_END

    def _mohlnor(self, s: State, action: Action) -> None:
        card = s.tasks[0].source
        s.tasks = s.tasks[1:]
        s.discard = (*s.discard, card)
        info = self.mohlnor[card]
        deck: Tmb = s.deck
        if isinstance(action, Peaceful):  # TMB-MOHL-1
            s.push_tasks(tasks_for((*info.cost, *info.gain), card), first=True)
            s.phase = DAY_END
        else:  # TMB-MOHL-3
            self._battle(s, deck.day + deck.bq_shift, ones=1)

    def tyrant_card(self) -> Any:
        """The Tyrant card of this game."""
        return self.data.tyrants[self.tyrant_index]

    def power(self, state: State) -> int:
        """Tyrant encounters still in the encounter stacks (TMB-END-4)."""
        return sum(
            1
            for stack in (ENC, ENC_UP)
            for card in (*state.stacks[stack].known, *state.stacks[stack].hidden)
            if card in self.tyrant_encounters
        )

    def _face_tyrant(self, s: State) -> None:
        """The Tyrant enters the active area; its setup, then its flip (TMB-END-3)."""
        power = self.power(s)
        deck: Tmb = s.deck
        s.deck = deck._replace(final=True)
        s.endgame = True
        activate(self.game, s, self.tyrant_id, power)
        setup_tasks = tasks_for(self.tyrant_setup, self.tyrant_id, power)
        s.push_tasks(setup_tasks, first=True)
        self._engage(s)

    # -- hooks for the general rules ------------------------------------------------------

    def run_hook(self, s: State, task: Task) -> None:
        if task.hook == "bq_shift":  # TMB-BACKUP-6
            deck: Tmb = s.deck
            s.deck = deck._replace(bq_shift=deck.bq_shift + task.amount)
        elif task.hook == "summon":
            s.push_tasks([Task("deck.bq", task.amount)], first=True)
        else:
            super().run_hook(s, task)

    def _refill(self, s: State, stack: int) -> None:
        """(``CARD_TAKEN``) An empty lower stack takes its shuffled scouted stack
        (TMB-SCOUT-4); a type whose two stacks are empty is rebuilt from its discards
        (TMB-STACK-1). Nothing happens while the lower stack still holds cards."""
        lower = stack - stack % 2
        upper = lower + 1
        if s.stacks[lower].size():
            return
        if s.stacks[upper].size():
            cards = (*s.stacks[upper].known, *s.stacks[upper].hidden)
            self._set_stack(s, upper, Stack())
            self._set_stack(s, lower, Stack((), tuple(sorted(cards))))
            return
        kind = self.kinds[lower]
        cards = tuple(sorted(c for c in s.discard if self.stack_kind(c) == kind))
        if cards:
            s.discard = tuple(c for c in s.discard if self.stack_kind(c) != kind)
            self._set_stack(s, lower, Stack((), cards))

    def encounter_kind(self, card: int) -> str:
        """``tyrant``, ``mohlnor`` or ``lockpick``."""
        if card in self.tyrant_encounters:
            return "tyrant"
        return "mohlnor" if card in self.mohlnor else "lockpick"

    def stack_kind(self, card: int) -> int:
        """Which original stack a card belongs to (ONES, FIVES or ENC)."""
        if card in self.points:
            return ONES if self.points[card] == 1 else FIVES
        return ENC if card in self.encounter_set else NOWHERE

    def _set_stack(self, s: State, index: int, stack: Stack) -> None:
        stacks = list(s.stacks)
        stacks[index] = stack
        s.stacks = tuple(stacks)

    def _scouted(self, s: State, stack: int, card: int) -> None:
        """(``CARD_REVEALED``) A Mohlnor turned up by a scout brings its consequence
        (TMB-SCOUT-5)."""
        deck: Tmb = s.deck
        if deck.scouting == stack and card in self.mohlnor:
            s.push_tasks(tasks_for(self.mohlnor[card].scout, card))

    def _scout(self, s: State, lower: int) -> None:
        """Move the top of an original stack onto its scouted stack, face up over what is there
        (TMB-SCOUT-1, TMB-SCOUT-2)."""
        card = take_top(s, lower)
        upper = s.stacks[lower + 1]
        self._set_stack(s, lower + 1, upper._replace(known=(card, *upper.known)))
        self._refill(s, lower)
        deck: Tmb = s.deck
        s.deck = deck._replace(scouting=lower)
        s.phase = DAY_END

    def extra_sources(self, state: State, card: int) -> list[int]:
        # the face-up Baddies of the stacks: each Baddie stack's top, scouted too (TMB-TERM-2)
        return [ONES, ONES_UP, FIVES, FIVES_UP]

    def cleanup(self, s: State) -> None:
        """Only defeated cards leave (TMB-CLEAN-1); hits do not carry over (TMB-BATTLE-4); a
        battle with a Baddie standing goes on (TMB-BATTLE-2, TMB-BATTLE-3), a battle won ends
        in rest or scout."""
        kept = []
        deck: Tmb = s.deck
        for active in s.active:
            if active.defeated:
                if active.card == self.tyrant_id:
                    deck = deck._replace(tyrant_down=True)
                else:
                    s.discard = (*s.discard, active.card)
            else:
                kept.append(active._replace(taken=0, hits=0, after_done=False))
        s.active = tuple(kept)
        if kept:
            s.deck = deck
            self._engage(s)
            return
        if deck.encounter != NOWHERE:  # TMB-TYRENC-2
            s.discard = (*s.discard, deck.encounter)
            deck = deck._replace(encounter=NOWHERE)
        s.deck = deck
        s.phase = AFTER_BATTLE

    def won(self, state: State) -> bool:
        """The Tyrant and every Baddie of the final battle are defeated (TMB-END-6)."""
        deck: Tmb = state.deck
        if not deck.final or not all(a.defeated for a in state.active):
            return False
        return deck.tyrant_down or state.find_active(self.tyrant_id) != NOWHERE

    # -- the backup plan and lockpicks ----------------------------------------------------

    def backup_plan(self, state: State) -> Any:
        """The backup plan in use: the Gearloc's, or a side of the universal card."""
        deck: Tmb = state.deck
        if deck.universal:
            return self.data.universal_backup.sides[self.side]
        return self.data.gearlocs[deck.gearloc].backup

    def _free_slot(self, state: State, colour: int) -> int:
        slots = self.backup_plan(state).slots
        taken = {state.places[d] for d in state.dice_in(BACKUP)} if BACKUP in state.zones else ()
        for slot, name in enumerate(slots):
            if slot not in taken and self.colour_index[name] == colour:
                return slot
        return NOWHERE

    def apply_targets(self, state: State, die: int) -> Sequence[str]:
        face = state.faces[die]
        if face == MISS:  # TMB-BACKUP-2, TMB-BACKUP-3
            free = self._free_slot(state, colour_of(die)) != NOWHERE
            return BACKUP_TARGET if free else NO_TARGETS
        if face < HIT or not state.inventory:
            return NO_TARGETS
        colour = colour_of(die)
        targets = []
        for index, item in enumerate(state.inventory):
            lock = self.lockpicks.get(item.card) if item.locked else None
            if lock is not None and colour in lock.colours:
                held = sum(1 for d in state.dice_in(LOCK) if state.places[d] == item.card)
                if held < lock.hits:
                    targets.append(f"lock{index + 1}")
        return targets

    def apply_to_target(self, s: State, die: int, target: str) -> None:
        if target == "backup":
            s.move_die(die, BACKUP, self._free_slot(s, colour_of(die)), keep_face=True)
        else:
            card = s.inventory[int(target[4:]) - 1].card
            s.move_die(die, LOCK, card, keep_face=True)

    # -- a battle that can no longer be won (TMB-R17) ---------------------------------------

    def settle(self, s: State) -> bool:
        """As an Engagement's Strategy phase opens, a battle no roll can win is lost."""
        if s.phase != COMMIT or s.phases_used or s.counter or not self.cannot_win(s):
            return False
        end(s, CANNOT_WIN)
        return True

    def cannot_win(self, state: State) -> bool:
        """The battle is out of reach (``_out_of_reach``) or starved of dice (``_starved``),
        and nothing usable now could change that: no item, ability or backup plan has an
        effect of ``CHANGES_THE_FIGHT`` (TMB-R17)."""
        if not (self._starved(state) or self._out_of_reach(state)):
            return False
        return not self.fight_changers(state)

    def _out_of_reach(self, state: State) -> bool:
        """No roll of the dice the Gearloc still has (every die but the banished ones: rest
        and Recovery can bring each back) can defeat every Baddie standing, even all crits,
        and no standing Baddie has a reward (an item or an instant reward won on the way).
        Hits do not build up (TMB-BATTLE-4), so each Engagement starts from the Baddies' full
        Health."""
        game = self.game
        free = [colour_of(die) for die, zone in enumerate(state.zones) if zone != BANISHED]
        battle = self.modifiers(state)
        needed, best, hopeless = 0, 1, False
        for index, active in enumerate(state.active):
            if active.defeated:
                continue
            card = self.cards[active.card]
            if card.instant or card.item is not None:
                return False
            colours = colours_taken(game, state, index, battle)
            crit = hit_damage(game, state, index, CRIT)
            hopeless = hopeless or active.health > crit * sum(c in colours for c in free)
            needed += active.health
            best = max(best, crit)
        return hopeless or needed > best * len(free)

    def _starved(self, state: State) -> bool:
        """No die is left in the pool, and the standing cards' Engagement Specials take from
        it at least as many dice as the Recovery phase brings back: no die will be rolled in
        this battle again, so no Baddie falls and nothing changes."""
        if POOL in state.zones:
            return False
        drain = sum(
            effect.size(active.power)
            for active in state.active
            if not active.defeated
            for effect in self.cards[active.card].special
            if effect.when == "engagement" and takes_dice(effect.kind)
        )
        return effective(self.game, state, "recovery") <= drain

    def anytime_effects(self, state: State, action: Action) -> Sequence[Fx]:
        if isinstance(action, BackupUse):
            options: tuple[tuple[Fx, ...], ...] = self.compiled_options(self.backup_plan(state))
            return options[action.option]
        return ()

    def length_bound(self) -> LengthBound:
        """Engagements: at most one battle a day, the Tyrant's on day 12 at the latest
        (TMB-END-2), and a battle not won goes on with another Engagement (TMB-BATTLE-3):
        each of the 13 battles may last CONFLICT_ROUNDS Engagements."""
        return LengthBound("engagements", (LAST_DAY + 1) * CONFLICT_ROUNDS)

    def length(self, state: State) -> int:
        deck: Tmb = state.deck
        return deck.engagements

    def anytime_actions(self, state: State) -> list[Action]:
        if BACKUP not in state.zones:
            return []
        actions: list[Action] = []
        colours = state.colours_in(BACKUP)
        if colours:  # while dice remain, flipped or not (TMB-BACKUP-5, TMB-BACKUP-9)
            plan = self.backup_plan(state)
            for option, _effects in enumerate(plan.options):
                if all(possible(self.game, state, e) for e in self.compiled_options(plan)[option]):
                    actions.extend(interned(BackupUse, c, option) for c in colours)
            deck: Tmb = state.deck
            if len(state.dice_in(BACKUP)) == 4 and not deck.flipped and not deck.universal:
                actions.append(FLIP)  # TMB-BACKUP-7; never a second flip (TMB-BACKUP-9)
        return actions

    def compiled_options(self, plan: Any) -> Any:
        """The compiled effects of each option of a backup plan."""
        return self.backup_options[id(plan)]

    def can_pay(self, state: State, cost: int) -> bool:
        return len(state.dice_in(BACKUP)) >= cost  # TMB-BACKUP-10

    def pay_backup(self, s: State, cost: int) -> None:
        s.push_tasks([Task("deck.pay", cost)], first=True)

    def _unlock(self, s: State) -> None:
        """(``REWARDS_BEGIN``) Lockpicks holding their hits unlock: dice back to the pool,
        reward gained, the card now an item like any (TMB-LOCK-7, TMB-LOCK-8, TMB-LOCK-9)."""
        inventory = list(s.inventory)
        for index, item in enumerate(inventory):
            lock = self.lockpicks.get(item.card)
            if not item.locked or lock is None:
                continue
            dice = [d for d, p in enumerate(s.places) if p == item.card and s.zones[d] == LOCK]
            if len(dice) >= lock.hits:
                for die in dice:
                    s.move_die(die, POOL)
                inventory[index] = item._replace(locked=False)
        s.inventory = tuple(inventory)

    def item(self, state: State, card: int) -> ItemInfo | None:
        if card in self.lockpicks:
            for item in state.inventory:
                if item.card == card and item.locked:
                    return None
            return self.lockpicks[card].reward
        return self.cards[card].item

    def discard_item(self, s: State, index: int) -> None:
        """Discard an item; a lockpick forced out takes its dice to the exhausted area."""
        card = s.inventory[index].card
        for die in s.dice_in(LOCK):
            if s.places[die] == card:
                s.move_die(die, EXHAUSTED)
        super().discard_item(s, index)

    def can_discard(self, state: State, index: int) -> bool:
        return not state.inventory[index].locked  # TMB-LOCK-4

    def hero_ability(self, state: State) -> Ability:
        deck: Tmb = state.deck
        return self.abilities[1 if deck.flipped else 0]  # innate +1 once flipped (TMB-GEAR-2)

    def modifiers(self, state: State) -> list[Mod]:
        deck: Tmb = state.deck
        if deck.encounter == NOWHERE:
            return []
        return list(self.tyrant_encounters[deck.encounter].modifiers)

    def name_of(self, card: int) -> Localized:
        """A card's name."""
        return self.cards[card].name
