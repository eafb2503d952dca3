"""What every Too Many Bones state, step and view keeps, besides the general rules'
(``twenty_strong.invariants``): backup and lock dice, where every Baddie and encounter is, the
day counter, the Tyrant encounters set aside, the final battle."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from gamehall.core.game import Action
from gamehall.games.twenty_strong.decks.too_many_bones.actions import STACKS
from gamehall.games.twenty_strong.decks.too_many_bones.deck import (
    AFTER_BATTLE,
    DAY,
    ENC,
    ENC_UP,
    LAST_DAY,
    SETUP,
    Tmb,
)
from gamehall.games.twenty_strong.decks.too_many_bones.zones import BACKUP, LOCK
from gamehall.games.twenty_strong.dice import COLOUR_NAMES, COLOUR_OF, HIT, MISS, die_name
from gamehall.games.twenty_strong.general import effective, modifiers
from gamehall.games.twenty_strong.invariants import DeckChecks, Places, differ
from gamehall.games.twenty_strong.state import (
    APPLY,
    BANISHED,
    CANNOT_WIN,
    COMMITTED,
    EXHAUSTED,
    NOWHERE,
    POOL,
    State,
)

if TYPE_CHECKING:
    from gamehall.games.twenty_strong.rules import TwentyStrong

LOWER: Final = (0, 2, 4)
"""The original stacks (1-point Baddies, 5-point Baddies, encounters); each has its scouted
stack just above it."""
LEAVES: Final = {BACKUP: (BACKUP, EXHAUSTED), LOCK: (LOCK, POOL, EXHAUSTED)}
"""Where backup dice may go (TMB-BACKUP-12) and lock dice (TMB-LOCK-8, TMB-R8)."""


class DeckInvariants(DeckChecks):
    """Too Many Bones' invariants."""

    quiet = frozenset({SETUP, DAY, AFTER_BATTLE})

    def __init__(self, game: TwentyStrong) -> None:
        super().__init__(game)
        deck = self.deck
        self.ones = frozenset(c for c, points in deck.points.items() if points == 1)
        self.fives = frozenset(deck.points) - self.ones
        self.encounters = frozenset(deck.encounter_set)
        self.tyrant_encounters = frozenset(deck.tyrant_encounters)
        self.stack_cards = (self.ones, self.ones, self.fives, self.fives, *[self.encounters] * 2)
        self.items = frozenset(c for c in deck.points if deck.cards[c].item is not None)
        self.limits(self.ones | self.fives | self.encounters, [deck.tyrant_id])
        self.boxed = len(deck.tyrant_encounters) // 2 - (deck.rank - 1)
        """Tyrant encounters set aside: 4 of 8, one fewer per rank (TMB-SETUP-5, -RANK-3)."""

    # -- state ----------------------------------------------------------------------------

    def dice(self, state: State) -> list[str]:
        """Backup dice are misses, one per slot of their colour; lock dice are hits of the
        lock's colours on a locked Lockpicking card held, no more than it needs."""
        plan = self.deck.backup_plan(state).slots
        problems, slots, locks = [], [], []
        for die, zone in enumerate(state.zones):
            if zone == BACKUP:
                slots.append(state.places[die])
                problems += self._backup_die(state, die, plan)
            elif zone == LOCK:
                locks.append(state.places[die])
                problems += self._lock_die(state, die)
        problems += [
            f"backup slot {s} holds {slots.count(s)} dice" for s in set(slots) if slots.count(s) > 1
        ]
        for card in set(locks):
            lock = self.deck.lockpicks.get(card)
            if lock is not None and locks.count(card) > lock.hits:
                problems.append(
                    f"lock {self.code(card)} holds {locks.count(card)} dice, "
                    f"more than its {lock.hits} hits"
                )
        return problems

    def _backup_die(self, state: State, die: int, plan: tuple[str, ...]) -> list[str]:
        """A backup die is a miss in a slot of its colour (TMB-BACKUP-2, -3)."""
        slot, face, colour = state.places[die], state.faces[die], COLOUR_OF[die]
        name = die_name(die)
        if face != MISS:
            return [f"backup die {name} shows face {face}, not a miss (TMB-BACKUP-2)"]
        if not 0 <= slot < len(plan):
            return [f"backup die {name} is in slot {slot} of {len(plan)}"]
        if self.deck.colour_index[plan[slot]] != colour:
            return [
                f"{COLOUR_NAMES[colour]} die {name} is in the {plan[slot]} slot {slot} "
                f"(TMB-BACKUP-3)"
            ]
        return []

    def _lock_die(self, state: State, die: int) -> list[str]:
        """A lock die is a hit of the lock's colours on a locked card held (TMB-LOCK-5)."""
        card, face = state.places[die], state.faces[die]
        lock = self.deck.lockpicks.get(card)
        held = any(i.card == card and i.locked for i in state.inventory)
        if lock is None or not held:
            return [f"lock die {die_name(die)} is on {card}, no locked Lockpicking card held"]
        if face < HIT or COLOUR_OF[die] not in lock.colours:
            return [
                f"lock die {die_name(die)} ({COLOUR_NAMES[COLOUR_OF[die]]}, face {face}) "
                f"does not open lock {self.code(card)} (TMB-LOCK-5)"
            ]
        return []

    def places(self, state: State) -> Places:
        """Where the deck's cards can be."""
        tmb: Tmb = state.deck
        return [
            *((f"stack {STACKS[i]}", (*s.known, *s.hidden)) for i, s in enumerate(state.stacks)),
            ("active area", [a.card for a in state.active]),
            ("discard pile", state.discard),
            ("inventory", [i.card for i in state.inventory]),
            ("box", tmb.boxed),
            ("encounter slot", [tmb.encounter] if tmb.encounter != NOWHERE else []),
            ("Mohlnor choice", [t.source for t in state.tasks if t.kind == "deck.mohlnor"]),
        ]

    def cards(self, state: State) -> list[str]:
        """Every Baddie and encounter in exactly one place, each where its kind may be; the
        chosen Tyrant at most in the active area; the other Tyrants nowhere."""
        places = self.places(state)
        deck = self.deck
        baddies = self.ones | self.fives
        allowed = {
            "active area": baddies | {deck.tyrant_id},
            "discard pile": baddies | self.encounters,
            "inventory": self.items | frozenset(deck.lockpicks),
            "box": self.tyrant_encounters,
            "encounter slot": self.tyrant_encounters,
            "Mohlnor choice": frozenset(deck.mohlnor),
        }
        problems = self.conservation(places, self.tally(places))
        for (place, cards), kind in zip(places[: len(STACKS)], self.stack_cards, strict=True):
            problems += self.misplaced(place, cards, kind)  # TMB-SETUP-4, TMB-SCOUT-1
        for place, cards in places[len(STACKS) :]:
            problems += self.misplaced(place, cards, allowed[place])
        problems += [
            f"held card {self.code(i.card)} is locked but no Lockpicking card"
            for i in state.inventory
            if i.locked and i.card not in deck.lockpicks
        ]
        return problems

    def progress(self, state: State) -> list[str]:
        """The day counter, the rank's set-up, the stacks' shape and the final battle."""
        tmb: Tmb = state.deck
        rank = self.deck.rank
        problems = []
        if not 0 <= tmb.day <= LAST_DAY:
            problems.append(f"day {tmb.day} is outside 0..{LAST_DAY} (TMB-END-2)")
        if tmb.final != state.endgame:
            problems.append(f"final battle {tmb.final} but endgame {state.endgame}")
        if (state.round != tmb.day) if not tmb.final else (state.round < tmb.day):
            problems.append(f"round {state.round} on day {tmb.day} (TMB-DAY-1, TMB-END-5)")
        if len(tmb.boxed) + tmb.to_box != self.boxed or (tmb.to_box and state.phase != SETUP):
            problems.append(
                f"{len(tmb.boxed)} Tyrant encounters boxed, {tmb.to_box} to box in {state.phase}: "
                f"{self.boxed} at rank {rank} (TMB-SETUP-5, TMB-RANK-3)"
            )
        if not 0 <= tmb.penalties <= rank - 1 or (tmb.penalties and state.phase != SETUP):
            problems.append(f"{tmb.penalties} rank penalties left in phase {state.phase}")
        if tmb.flipped and tmb.universal:
            problems.append("a universal hero flipped its card (TMB-UNIV-2)")
        return problems + self._tyrant(state) + self._stack_shape(state)

    def _tyrant(self, state: State) -> list[str]:
        """The Tyrant comes out only for the final battle (TMB-END-3)."""
        tmb: Tmb = state.deck
        active = state.find_active(self.deck.tyrant_id) != NOWHERE
        if (active or tmb.tyrant_down) and not tmb.final:
            return ["the Tyrant is out before the final battle (TMB-END-3)"]
        if active and tmb.tyrant_down:
            return ["the Tyrant is both active and gone"]
        return []

    def _stack_shape(self, state: State) -> list[str]:
        """An original stack shows its top alone; a scouted stack is all face up."""
        problems = []
        for lower in LOWER:
            known, upper = state.stacks[lower].known, state.stacks[lower + 1]
            if len(known) > 1 or upper.hidden:
                problems.append(
                    f"stack {STACKS[lower]} shows {len(known)} cards and stack "
                    f"{STACKS[lower + 1]} hides {len(upper.hidden)}"
                )
        return problems

    def win_problem(self, state: State) -> str:
        """The Tyrant and every Baddie of the final battle defeated (TMB-END-6)."""
        tmb: Tmb = state.deck
        if not tmb.final:
            return "the final battle has not begun (TMB-WIN-1)"
        standing = [self.code(a.card) for a in state.active if not a.defeated]
        if standing:
            return f"cards {standing} stand (TMB-END-6)"
        if not tmb.tyrant_down and state.find_active(self.deck.tyrant_id) == NOWHERE:
            return "the Tyrant is not defeated (TMB-WIN-1)"
        return ""

    # -- step -----------------------------------------------------------------------------

    def lost_otherwise(self, state: State) -> str:
        """A battle lost as one no roll can win (TMB-R17), counted again from the cards: each
        standing Baddie's Health against the dice not banished that its immunities and the
        Tyrant encounter's let hit it, a crit dealing 1 against ``no_crit``, else 2 and the
        crit bonuses in force; or a pool left empty that the Engagement Specials drain as fast as
        Recovery fills it."""
        if state.result != CANNOT_WIN:
            return super().lost_otherwise(state)
        if self._starved(state):
            return ""
        deck = self.deck
        free = [COLOUR_OF[d] for d, zone in enumerate(state.zones) if zone != BANISHED]
        battle = deck.modifiers(state)
        bonus = sum(m.amount for m in modifiers(self.game, state) if m.kind == "crit_bonus")
        standing = [a for a in state.active if not a.defeated]
        needed, best, hopeless = 0, 1, False
        for active in standing:
            card = deck.cards[active.card]
            if card.instant or card.item is not None:
                return f"{card.code} standing has a reward that might change the fight"
            mods = (*card.during, *battle)
            immune = {c for m in mods if m.kind == "immune" for c in m.colours}
            crit = 1 if any(m.kind == "no_crit" for m in mods) else 2 + bonus
            hopeless |= active.health > crit * sum(c not in immune for c in free)
            needed += active.health
            best = max(best, crit)
        if not standing or not (hopeless or needed > best * len(free)):
            return f"{len(free)} dice left could defeat every Baddie standing (TMB-R17)"
        return ""

    def _starved(self, state: State) -> bool:
        """No die in the pool, and the exhaust and banish Specials of the standing cards at
        each Engagement at least the Recovery in force (TMB-R17)."""
        cards = self.deck.cards
        drain = 0
        for active in state.active:
            if not active.defeated:
                for effect in cards[active.card].special:
                    if effect.when == "engagement" and effect.kind in (
                        "exhaust_dice",
                        "banish_dice",
                    ):
                        drain += effect.amount + effect.scale * active.power
        return POOL not in state.zones and effective(self.game, state, "recovery") <= drain

    def step(self, before: State, action: Action, after: State) -> list[str]:
        old: Tmb = before.deck
        new: Tmb = after.deck
        problems = []
        if new.day not in (old.day, old.day + 1) or (new.day != old.day and old.final):
            problems.append(f"{action} took the day from {old.day} to {new.day} (TMB-DAY-1)")
        for flag in ("final", "tyrant_down", "flipped"):
            if getattr(old, flag) and not getattr(new, flag):
                problems.append(f"{action} undid {flag}")
        if new.final and not old.final:
            problems += self._faced(before, after)
        if new.boxed != old.boxed and before.phase != SETUP:
            problems.append(f"{action} boxed a Tyrant encounter after setup")
        return problems + self._kept(before, action, after) + self._dice_moves(before, after)

    def _faced(self, before: State, after: State) -> list[str]:
        """The Tyrant is faced from its minimum day on (TMB-END-1), with the power of the
        Tyrant encounters left in the encounter stacks (TMB-END-4, TMB-R11)."""
        tyrant, day = self.deck.tyrant_card(), after.deck.day
        if day < tyrant.min_day:
            return [f"the Tyrant was faced on day {day}, before day {tyrant.min_day} (TMB-END-1)"]
        index = after.find_active(self.deck.tyrant_id)
        if index == NOWHERE:
            return ["the final battle began without the Tyrant (TMB-END-3)"]
        power = self.power(before)
        health, damage = tyrant.health, tyrant.damage
        wanted = (power, health + tyrant.health_scale * power, damage + tyrant.damage_scale * power)
        active = after.active[index]
        entered = (active.power, active.health, active.damage)
        if entered != wanted:
            return [f"the Tyrant entered with power, Health, damage {entered}, not {wanted}"]
        return []

    def power(self, state: State) -> int:
        """The Tyrant encounters in the encounter stacks (TMB-R11)."""
        return sum(
            card in self.tyrant_encounters
            for stack in (ENC, ENC_UP)
            for card in (*state.stacks[stack].known, *state.stacks[stack].hidden)
        )

    def _kept(self, before: State, action: Action, after: State) -> list[str]:
        """Undefeated Baddies stay active (TMB-CLEAN-1, TMB-BATTLE-3)."""
        active = {a.card for a in after.active}
        return [
            f"{action} took undefeated card {self.code(a.card)} out of the active area"
            for a in before.active
            if not a.defeated and a.card not in active
        ]

    def _dice_moves(self, before: State, after: State) -> list[str]:
        """Backup dice leave only to be exhausted; lock dice only to the pool or exhausted;
        both come from rolled dice in the Apply step (TMB-BACKUP-2, TMB-LOCK-5)."""
        problems = []
        for die, (old, new) in enumerate(zip(before.zones, after.zones, strict=True)):
            if old in LEAVES and new not in LEAVES[old]:
                problems.append(f"die {die_name(die)} went from zone {old} to zone {new}")
            if new in LEAVES and old != new and (old != COMMITTED or before.phase != APPLY):
                problems.append(
                    f"die {die_name(die)} entered zone {new} from zone {old} in "
                    f"phase {before.phase}"
                )
        return problems

    # -- view -----------------------------------------------------------------------------

    def view(self, state: State, table: dict[str, Any]) -> list[str]:
        tmb: Tmb = state.deck
        plan = self.deck.backup_plan(state).slots
        backup = {state.places[d]: die_name(d) for d, z in enumerate(state.zones) if z == BACKUP}
        power = self.power(state)
        encounter = table["encounter"]
        return [
            *differ("day", table["day"], tmb.day),
            *differ("rank", table["rank"], self.deck.rank),
            *differ("BQ shift", table["bq_shift"], tmb.bq_shift),
            *differ("final battle", table["final"], tmb.final),
            *differ("flip", table["hero"]["flipped"], tmb.flipped),
            *differ(
                "backup slots",
                [s["die"] for s in table["backup"]["slots"]],
                [backup.get(slot) for slot in range(len(plan))],
            ),
            *differ("Tyrant encounters left", table["tyrant_encounters_left"], power),
            *differ("Tyrant power", table["tyrant"]["power"], power),
            *differ(
                "encounter",
                encounter and encounter["code"],
                self.code(tmb.encounter) if tmb.encounter != NOWHERE else None,
            ),
        ]

    def hidden(self, state: State) -> set[int]:
        """The cards under the stacks' tops and the Tyrant encounters set aside (TMB-R2)."""
        tmb: Tmb = state.deck
        return {c for stack in state.stacks for c in stack.hidden} | set(tmb.boxed)

    def place_label(self, zone: int, place: int) -> str | int:
        return place if zone == BACKUP else self.code(place)
