"""What every 20 Strong state, step and view keeps (core.invariants), for the fuzzer.

The general rules' invariants live here: every unit die in one valid zone with a face its
colour has, stats within 1..6, active cards consistent with the damage they took, phases that
wait only for a decision, a result that follows the win and loss conditions, and views that
show the state as it is. Each deck adds its own through a :class:`DeckChecks` subclass called
``DeckInvariants`` in module ``invariants`` of its package: its dice zones, where each of its
cards may be (every card in exactly one place), its progress (days, primuses), its win
condition and its part of the view.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from importlib import import_module
from importlib.util import find_spec
from typing import TYPE_CHECKING, Any, Final

from gamehall.core.game import EVERYTHING, Action
from gamehall.core.invariants import Invariants
from gamehall.core.resign import Resign
from gamehall.games.twenty_strong.actions import DieFace
from gamehall.games.twenty_strong.dice import (
    COLOUR_NAMES,
    COLOUR_OF,
    DICE,
    FACE_NAMES,
    FACE_WEIGHTS,
    HIT,
    STAT_MAX,
    STAT_MIN,
    UNROLLED,
    die_name,
)
from gamehall.games.twenty_strong.effects import effective
from gamehall.games.twenty_strong.flow import PREPARE_REWARDS
from gamehall.games.twenty_strong.state import (
    AFTER,
    APPLY,
    BANISHED,
    CLEANUP,
    COMMIT,
    COMMITTED,
    DECK_ZONES,
    END_REASONS,
    EXHAUSTED,
    LOST,
    NOWHERE,
    ON_CARD,
    OVER,
    POOL,
    RECOVER,
    RESIGNED,
    REWARDS,
    WON,
    ZONE_NAMES,
    Active,
    State,
)

if TYPE_CHECKING:
    from gamehall.games.twenty_strong.rules import TwentyStrong

AFTER_EXHAUST: Final = frozenset({RECOVER, PREPARE_REWARDS, REWARDS, CLEANUP})
"""Steps of the Resolve phase after Exhaust Dice: no die is committed any more."""
UNPLACED: Final = frozenset({POOL, EXHAUSTED, BANISHED})
"""Zones whose dice sit on nothing and show no face."""
RESULT_NAMES: Final = {0: None, WON: "won", **dict.fromkeys(END_REASONS.keys() - {WON}, "lost")}

Places = list[tuple[str, Iterable[int]]]
"""Where cards are: (place name, the cards in it)."""


class DeckChecks:
    """A deck's own invariants; the defaults are the general rules' (GEN-WIN-1: the boss
    defeated wins)."""

    quiet: frozenset[str] = frozenset()
    """The deck's phases outside any battle: no die committed or on a card, no active card.
    (Which phases there are, and which may wait for the player, is the game's phase table.)"""

    def __init__(self, game: TwentyStrong) -> None:
        self.game = game
        self.deck: Any = game.deck
        self.fewest: list[int] = []
        self.most: list[int] = []

    def code(self, card: int) -> str:
        """A card's code (for messages and views)."""
        return str(self.deck.cards[card].code)

    def dice(self, state: State) -> list[str]:
        """Violations among the dice in the deck's own zones."""
        return []

    def cards(self, state: State) -> list[str]:
        """Violations of card conservation: every card in exactly one place."""
        return []

    def progress(self, state: State) -> list[str]:
        """Violations in the deck's progress (counters, stacks, conflicts)."""
        return []

    def win_problem(self, state: State) -> str:
        """What keeps ``state`` from meeting the win condition ("" when it is met)."""
        if state.endgame and any(self.deck.is_boss(a.card) and a.defeated for a in state.active):
            return ""
        return "no boss is defeated in the endgame (GEN-WIN-1)"

    def lost_otherwise(self, state: State) -> str:
        """Why the deck's own rules lose the game of ``state`` (its ``result``, neither
        Health nor a resignation) where they do not ("" when they do)."""
        return f"this deck has no loss {END_REASONS.get(state.result)!r}"

    def step(self, before: State, action: Action, after: State) -> list[str]:
        """Violations of the deck's rules in one step."""
        return []

    def view(self, state: State, table: dict[str, Any]) -> list[str]:
        """Violations in the deck's part of the view (``view["table"]``)."""
        return []

    def hidden(self, state: State) -> set[int]:
        """The cards nobody at the table has seen."""
        return set()

    def stack_count(self, state: State, stack: int) -> int:
        """How many cards stack ``stack`` holds."""
        return state.stacks[stack].size()

    def place_label(self, zone: int, place: int) -> str | int:
        """What the view calls the place of a die in ``zone``."""
        return self.code(place)

    def misplaced(self, place: str, cards: Iterable[int], allowed: frozenset[int]) -> list[str]:
        """A violation for each card of ``cards`` (in ``place``) not ``allowed`` there."""
        if allowed.issuperset(cards):
            return []
        return [
            f"card {self.code(c)} is in the {place}, where it has no place"
            for c in cards
            if c not in allowed
        ]

    def limits(self, once: Iterable[int], at_most: Iterable[int]) -> None:
        """Cards of ``once`` must be in exactly one place, those of ``at_most`` in at most one,
        any other card nowhere."""
        self.fewest = [0] * len(self.deck.cards)
        self.most = [0] * len(self.deck.cards)
        for card in at_most:
            self.most[card] = 1
        for card in once:
            self.fewest[card] = self.most[card] = 1

    def tally(self, places: Places) -> list[int]:
        """How many places each card is in."""
        counts = [0] * len(self.deck.cards)
        for _, cards in places:
            for card in cards:
                counts[card] += 1
        return counts

    def conservation(self, places: Places, counts: list[int]) -> list[str]:
        """A violation for each card in more places, or fewer, than its limits allow."""
        fewest, most = self.fewest, self.most
        return [
            f"card {self.code(card)} is in {[p for p, cards in places if card in cards]}, "
            f"not in {fewest[card]} to {most[card]} places"
            for card, count in enumerate(counts)
            if not fewest[card] <= count <= most[card]
        ]


def deck_checks(game: TwentyStrong) -> DeckChecks:
    """The deck's own checks: ``DeckInvariants`` of module ``invariants`` of its package."""
    package = type(game.deck).__module__.rpartition(".")[0]
    if find_spec(package + ".invariants") is None:
        return DeckChecks(game)
    checks: DeckChecks = import_module(package + ".invariants").DeckInvariants(game)
    return checks


class TwentyStrongInvariants(Invariants[State]):
    """The game's invariants: the general rules', then the deck's."""

    def __init__(self, game: TwentyStrong) -> None:
        super().__init__(game)
        self.deck = deck_checks(game)

    def state(self, state: State) -> list[str]:
        broken = tables_problem(state)
        if broken:
            return [broken]
        game, deck = self.game, self.deck
        return [
            *dice_problems(game, state),
            *deck.dice(state),
            *stat_problems(state),
            *active_problems(deck, state),
            *inventory_problems(game, deck, state),
            *deck.cards(state),
            *deck.progress(state),
            *phase_problems(game, deck, state),
            *result_problems(game, deck, state),
        ]

    def step(self, before: State, action: Action, after: State) -> list[str]:
        if before.phase == OVER:
            return [f"{action} was applied to a game already over"]
        broken = tables_problem(before) or tables_problem(after)
        if broken:
            return [broken]
        return [
            *dice_step_problems(before, after),
            *roll_step_problems(before, action, after),
            *active_step_problems(self.deck, before, after),
            *result_step_problems(self.deck, before, action, after),
            *self.deck.step(before, action, after),
        ]

    def view(self, state: State, seat: int | None, view: dict[str, Any]) -> list[str]:
        problems = view_problems(self.game, self.deck, state, view)
        if seat == EVERYTHING:
            return problems
        named = set(json.dumps(view).split('"'))  # every string of the view, and more
        problems += [
            f"seat {seat}'s view names the unseen card {self.deck.code(card)}"
            for card in sorted(self.deck.hidden(state))
            if self.deck.code(card) in named
        ]
        if seat is None:
            player = self.game.view(state, 0)
            problems += [
                f"the spectator's view of {key!r} differs from the player's (a solo table is open)"
                for key in sorted(set(view) | set(player))
                if view.get(key) != player.get(key)
            ]
        return problems


# -- state ----------------------------------------------------------------------------------


def tables_problem(state: State) -> str:
    """What is wrong with the length of the dice tables ("" when nothing)."""
    if {len(state.zones), len(state.faces), len(state.places)} == {DICE}:
        return ""
    sizes = f"{len(state.zones)}, {len(state.faces)} and {len(state.places)}"
    return f"the dice tables hold {sizes} dice, not {DICE}"


def dice_problems(game: TwentyStrong, state: State) -> list[str]:
    """Each die in a zone that exists, showing a face of its colour, placed as its zone says;
    the dice being rolled are committed and show no face yet."""
    zones = DECK_ZONES + len(game.deck.zone_names)
    active = {a.card for a in state.active}
    problems = []
    for die, (zone, face, place) in enumerate(
        zip(state.zones, state.faces, state.places, strict=True)
    ):
        if zone in UNPLACED and face == UNROLLED and place == NOWHERE:
            continue  # the common case, at once
        problem = die_problem(die, zone, face, place, zones, active)
        if problem:
            problems.append(f"die {die_name(die)} {problem}")
    rolling = state.to_roll
    if len(set(rolling)) != len(rolling):
        problems.append(f"dice {rolling} are being rolled, one of them twice")
    for die in rolling:
        if state.zones[die] != COMMITTED or state.faces[die] != UNROLLED:
            problems.append(f"die {die_name(die)} is being rolled but is not committed, unrolled")
    return problems


def die_problem(die: int, zone: int, face: int, place: int, zones: int, active: set[int]) -> str:
    """What is wrong with one die ("" when nothing)."""
    colour = COLOUR_OF[die]
    if not 0 <= zone < zones:
        return f"is in zone {zone}, not one of the {zones} zones"
    if not 0 <= face < len(FACE_NAMES):
        return f"shows face {face}, which no die has"
    if face and not FACE_WEIGHTS[colour][face - 1]:
        return f"shows a {FACE_NAMES[face]}, which no {COLOUR_NAMES[colour]} face is"
    if zone in UNPLACED and (place != NOWHERE or face != UNROLLED):
        return f"in the {ZONE_NAMES[zone]} sits on {place} showing {FACE_NAMES[face]}"
    if zone == COMMITTED and place != NOWHERE:
        return f"is committed but sits on {place}"
    if zone == ON_CARD and place not in active:
        return f"is on card {place}, which is not in the active area"
    if zone == ON_CARD and face < HIT:
        return f"is on a card showing {FACE_NAMES[face]}, not a hit (GEN-APPLY-1)"
    return ""


def stat_problems(state: State) -> list[str]:
    """Stats within 1..6; Health below 1 only in a lost game (GEN-STAT-4, -5, GEN-WIN-2)."""
    problems = [
        f"{name} is {value}, outside {STAT_MIN}..{STAT_MAX} (GEN-STAT-5)"
        for name, value in (("Strategy", state.strategy), ("Recovery", state.recovery))
        if not STAT_MIN <= value <= STAT_MAX
    ]
    if state.health > STAT_MAX:
        problems.append(f"Health is {state.health}, above {STAT_MAX} (GEN-STAT-4)")
    if state.health < STAT_MIN and state.result != LOST:
        problems.append(f"Health is {state.health} but the game is not lost (GEN-WIN-2)")
    return problems


def active_problems(deck: DeckChecks, state: State) -> list[str]:
    """Active cards once each; damage taken, hits and the dice on a card agree; a card is
    defeated exactly when its damage reaches its Health; rewards wait on defeated cards."""
    cards = [a.card for a in state.active]
    problems = [f"card {deck.code(c)} is active twice" for c in set(cards) if cards.count(c) > 1]
    for active in state.active:
        problem = card_problem(active, len(state.dice_on(active.card)))
        if problem:
            problems.append(f"active card {deck.code(active.card)} {problem}")
    defeated = {a.card for a in state.active if a.defeated}
    problems += [
        f"reward of card {deck.code(c)} waits, but it is no defeated active card with an item"
        for c in state.rewards
        if c not in defeated or deck.deck.cards[c].item is None
    ]
    return problems


def card_problem(active: Active, dice: int) -> str:
    """What is wrong with one active card ("" when nothing)."""
    if active.health < 1:
        return f"has Health {active.health}"
    if not 0 <= dice <= active.hits <= active.taken:
        return f"holds {dice} dice and {active.hits} hits for {active.taken} damage"
    if active.defeated != (active.taken >= active.health):
        state = "defeated" if active.defeated else "undefeated"
        return f"is {state} with {active.taken} damage of {active.health} Health (GEN-APPLY-4)"
    return ""


def inventory_problems(game: TwentyStrong, deck: DeckChecks, state: State) -> list[str]:
    """Items once each, and no more of them than Strategy when play waits on the player with
    nothing left to resolve (GEN-ITEM-6)."""
    cards = [i.card for i in state.inventory]
    problems = [f"card {deck.code(c)} is held twice" for c in set(cards) if cards.count(c) > 1]
    if state.inventory and not state.tasks and state.phase != OVER and game.to_move(state) == 0:
        limit = effective(game, state, "strategy")
        if len(cards) > limit:
            problems.append(f"{len(cards)} items are held, above Strategy {limit} (GEN-ITEM-6)")
    return problems


def phase_problems(game: TwentyStrong, deck: DeckChecks, state: State) -> list[str]:
    """A known phase; play stops only where something waits for a decision or chance; the
    dice and cards a phase allows; the stack whose top must turn up."""
    phase = state.phase
    if phase not in game.phase_names:
        return [f"phase {phase!r} is no phase of the game"]
    problems = []
    if (phase == OVER) != (state.result != 0):
        problems.append(f"phase {phase} with result {state.result}")
    if not state.tasks and game.to_move(state) == 0:
        problems += waiting_problems(game, deck, state)
    if phase in (COMMIT, APPLY) and not state.active:
        problems.append(f"a Strategy phase ({phase}) with no card in the active area")
    if phase in AFTER_EXHAUST and COMMITTED in state.zones:
        problems.append(f"a die is still committed in the {phase} step (GEN-RESOLVE-4)")
    if phase in deck.quiet and (COMMITTED in state.zones or ON_CARD in state.zones):
        problems.append(f"a die is committed or on a card in phase {phase}, outside any battle")
    if phase in deck.quiet and state.active:
        problems.append(f"{len(state.active)} cards are active in phase {phase}")
    if not 0 <= state.phases_used <= STAT_MAX:
        problems.append(f"{state.phases_used} Strategy phases used (GEN-REPEAT-2)")
    due = next((i for i, (k, h) in enumerate(state.stacks) if h and not k), NOWHERE)
    if phase != OVER and state.reveal != due:
        problems.append(f"stack {state.reveal} is to turn up its top, not stack {due}")
    return problems


def waiting_problems(game: TwentyStrong, deck: DeckChecks, state: State) -> list[str]:
    """Play waits on the player with no task: only in a phase with a decision to make."""
    phase = state.phase
    if phase != OVER and not (phase in game.phases and game.phases[phase].waits):
        return [f"play stopped in phase {phase}, which has nothing to decide"]
    if phase == AFTER:
        waiting = [a for a in state.active if not a.after_done and game.deck.cards[a.card].after]
        if len(waiting) < 2:
            return [f"the After Effects step waits with {len(waiting)} cards to order"]
    if phase == RECOVER and EXHAUSTED not in state.zones:
        return ["the Recover Dice step waits with no exhausted die"]
    if phase == REWARDS and not any(a.card in state.rewards for a in state.active):
        return ["the Gain Item Rewards step waits with no reward"]
    return []


def result_problems(game: TwentyStrong, deck: DeckChecks, state: State) -> list[str]:
    """A result only as the rules give it, and the outcome that reports it."""
    problems = []
    if state.result not in RESULT_NAMES:
        problems.append(f"result {state.result} is neither won, lost nor undecided")
    if state.result == WON:
        why = deck.win_problem(state)
        if why:
            problems.append(f"the game is won but {why}")
    problems.extend(f"the game is lost with {p}" for p in loss_problems(deck, state))
    outcome = game.outcome(state)
    if state.phase != OVER:
        return problems + ([] if outcome is None else ["an unfinished game has an outcome"])
    won = state.result == WON
    reported = (outcome.winners, outcome.scores, outcome.reason) if outcome else None
    if reported != ((0,) if won else (), (won,), END_REASONS.get(state.result)):
        problems.append(f"the outcome {outcome} does not report result {state.result}")
    return problems


def loss_problems(deck: DeckChecks, state: State) -> list[str]:
    """What is wrong with the loss of ``state`` (as "lost with ..."): Health below 1 only
    (GEN-WIN-2), a deck's own loss only for its reason."""
    result = state.result
    if result == LOST and state.health >= 1:
        return [f"Health {state.health} (GEN-WIN-2)"]
    if result in (WON, LOST, RESIGNED, 0):
        return []
    why = deck.lost_otherwise(state)
    return [f"{END_REASONS.get(result)!r} but {why}"] if why else []


# -- step -----------------------------------------------------------------------------------


def dice_step_problems(before: State, after: State) -> list[str]:
    """Banished dice stay banished (TMB-R3); a die applied to a card keeps its face while it
    stays there (GEN-REPEAT-5)."""
    problems = []
    for die, (zone, new) in enumerate(zip(before.zones, after.zones, strict=True)):
        if zone == BANISHED != new:
            problems.append(f"banished die {die_name(die)} came back, to zone {new}")
        stays = zone == new == ON_CARD and before.places[die] == after.places[die]
        if stays and before.faces[die] != after.faces[die]:
            problems.append(
                f"die {die_name(die)} on a card turned from {before.faces[die]} "
                f"to {after.faces[die]}"
            )
    return problems


def roll_step_problems(before: State, action: Action, after: State) -> list[str]:
    """A roll is the die due, and leaves it showing the face rolled."""
    if not isinstance(action, DieFace):
        return []
    due = before.to_roll[0] if before.to_roll else NOWHERE
    if action.die != due:
        return [f"die {die_name(action.die)} was rolled while die {due} was due"]
    shown = after.faces[due]
    if after.zones[due] == COMMITTED and due not in after.to_roll and shown != action.face:
        return [f"die {die_name(due)} rolled {action.face} but shows {shown}"]
    return []


def active_step_problems(deck: DeckChecks, before: State, after: State) -> list[str]:
    """A defeated card stays defeated while active; damage on a card only grows, or is
    cleared from an undefeated card between Engagements."""
    now = {a.card: a for a in after.active}
    problems = []
    for old in before.active:
        new = now.get(old.card)
        if new is None:
            continue
        name = deck.code(old.card)
        if old.defeated and not new.defeated:
            problems.append(f"defeated card {name} is undefeated again")
        if new.taken < old.taken and (new.defeated or new.taken or new.hits):
            problems.append(f"card {name}'s damage fell from {old.taken} to {new.taken}")
    return problems


def result_step_problems(
    deck: DeckChecks, before: State, action: Action, after: State
) -> list[str]:
    """A win comes with the defeat of a card in the same step (GEN-R8); a loss with Health
    falling below 1 in it (GEN-WIN-2), or the deck's own loss."""
    if after.result == WON:
        defeated = {a.card for a in before.active if a.defeated}
        if not any(a.defeated and a.card not in defeated for a in after.active):
            return [f"{action} won the game without defeating a card (GEN-R8)"]
    if after.result == RESIGNED and not isinstance(action, Resign):
        return [f"{action} ended the game as resigned"]
    if after.result != before.result:
        return [f"{action} lost the game with {p}" for p in loss_problems(deck, after)]
    return []


# -- view -----------------------------------------------------------------------------------


def differ(what: str, shown: Any, actual: Any) -> list[str]:
    """A violation when the view shows ``shown`` for ``what``, the state being ``actual``."""
    return [] if shown == actual else [f"the view shows {what} {shown!r}, the state {actual!r}"]


def ranking_problems(rank: int, state: State, shown: dict[str, Any] | None) -> list[str]:
    """The ending's rank change: one up after a win, one down after a loss, kept within 1..5
    (TMB-RANK-2, VIC-RANK-1); nothing before the end."""
    if not state.result:
        return differ("rank change before the end", shown, None)
    step = 1 if state.result > 0 else -1
    after = rank + step if 1 <= rank + step <= 5 else rank
    change = (
        {1: "up", -1: "down"}[after - rank] if after != rank else ("top" if step > 0 else "bottom")
    )
    return differ("rank change", shown, {"rank": rank, "next": after, "change": change})


def view_problems(
    game: TwentyStrong, deck: DeckChecks, state: State, view: dict[str, Any]
) -> list[str]:
    """The view shows the state's public values as they are."""
    stats = view["stats"]
    problems = [
        *differ("phase", view["phase"], state.phase),
        *differ("round", view["round"], state.round),
        *differ("result", view["result"], RESULT_NAMES.get(state.result)),
        *differ("rank", view["rank"], game.options["rank"]),
        *ranking_problems(game.options["rank"], state, view["ranking"]),
        *differ("Health", stats["health"], state.health),
        *differ("Strategy", stats["base_strategy"], state.strategy),
        *differ("Recovery", stats["base_recovery"], state.recovery),
        *differ("Strategy phases", view["strategy_phases"], state.phases_used),
        *differ("discard size", view["discard"], len(state.discard)),
        *differ("rewards", view["rewards"], [deck.code(c) for c in state.rewards]),
        *dice_view_problems(deck, state, view["dice"]),
        *active_view_problems(deck, state, view["active"]),
        *differ(
            "inventory",
            [(i["code"], i["locked"]) for i in view["inventory"]],
            [(deck.code(i.card), i.locked) for i in state.inventory],
        ),
        *stacks_view_problems(deck, state, view["stacks"]),
        *deck.view(state, view["table"]),
    ]
    for name in ("strategy", "recovery"):
        if not STAT_MIN <= stats[name] <= STAT_MAX:
            problems.append(f"the view shows {name} {stats[name]}, outside 1..6")
    return problems


def dice_view_problems(deck: DeckChecks, state: State, shown: list[dict[str, Any]]) -> list[str]:
    """Each die where it is, showing its face, on its card or slot."""
    zone_names = [*ZONE_NAMES, *deck.deck.zone_names]
    actual = [
        {
            "die": die_name(die),
            "colour": COLOUR_NAMES[COLOUR_OF[die]],
            "zone": zone_names[zone],
            "face": FACE_NAMES[state.faces[die]],
            "on": None if place == NOWHERE else deck.place_label(zone, place),
            "rolling": die in state.to_roll,
        }
        for die, (zone, place) in enumerate(zip(state.zones, state.places, strict=True))
    ]
    if len(shown) != len(actual):
        return [f"the view shows {len(shown)} dice, not {len(actual)}"]
    return [p for seen, die in zip(shown, actual, strict=True) for p in differ("die", seen, die)]


ACTIVE_FIELDS: Final = ("health", "damage", "power", "taken", "hits", "defeated")


def active_view_problems(deck: DeckChecks, state: State, shown: list[dict[str, Any]]) -> list[str]:
    """The active cards in order, with their numbers and dice."""
    if [c["code"] for c in shown] != [deck.code(a.card) for a in state.active]:
        return [f"the view shows active cards {[c['code'] for c in shown]}, not the state's"]
    problems = []
    for seen, active in zip(shown, state.active, strict=True):
        name = deck.code(active.card)
        for field in ACTIVE_FIELDS:
            problems += differ(f"{name}'s {field}", seen[field], getattr(active, field))
        dice = [die_name(d) for d in state.dice_on(active.card)]
        problems += differ(f"{name}'s dice", seen["dice"], dice)
    return problems


def stacks_view_problems(deck: DeckChecks, state: State, shown: list[dict[str, Any]]) -> list[str]:
    """Each stack's known cards and size."""
    actual = [
        ([deck.code(c) for c in stack.known], deck.stack_count(state, i))
        for i, stack in enumerate(state.stacks)
    ]
    return differ("stacks", [(s["known"], s["count"]) for s in shown], actual)
