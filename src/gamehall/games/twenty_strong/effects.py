"""The effect vocabulary at work: one small function per effect kind, and modifier queries.

An effect that fires becomes one or more :class:`Task` records queued in the state. Tasks that
need no choice run at once; a choice waits as legal actions (``pick``, ``target``, ``take``...).
Stats obey the general bounds (GEN-STAT-4, GEN-STAT-5): a change that would leave 1..6 is
ignored, except that Health falling below 1 loses the game (GEN-WIN-2).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from contextvars import ContextVar
from typing import TYPE_CHECKING, Final

from gamehall.core.game import Action
from gamehall.core.interned import interned
from gamehall.games.twenty_strong.actions import (
    Decline,
    DiscardItem,
    Done,
    From,
    Pick,
    Take,
    Target,
)
from gamehall.games.twenty_strong.dice import (
    COLOURS,
    CRIT,
    HIT,
    MISS,
    STAT_MAX,
    UNROLLED,
    colour_of,
    within_bounds,
)
from gamehall.games.twenty_strong.runtime import Fx, Mod
from gamehall.games.twenty_strong.state import (
    BANISHED,
    COMMITTED,
    EXHAUSTED,
    LOST,
    NOWHERE,
    OVER,
    POOL,
    State,
    Task,
)

if TYPE_CHECKING:
    from gamehall.games.twenty_strong.rules import TwentyStrong

PICK_COLOUR: Final = tuple(Pick(c) for c in COLOURS)
PICK_ROLLED: Final = {(c, f): Pick(c, f) for c in COLOURS for f in (MISS, HIT, CRIT)}
DONE: Final = Done()
TAKE: Final = Take()
DECLINE: Final = Decline()

# -- lasting modifiers ----------------------------------------------------------------------


def modifiers(game: TwentyStrong, state: State) -> list[Mod]:
    """Every lasting modifier in force: During effects of undefeated cards, ongoing items,
    the hero's ability and the deck's own (GEN-EFFECT-1, GEN-ITEM-3)."""
    deck = game.deck
    hero = deck.hero_ability(state).modifiers
    extra = deck.modifiers(state)
    cached = game.modifiers_cache
    if (
        cached is not None
        and cached[0] is state.active
        and cached[1] is state.inventory
        and cached[2] is hero
        and cached[3] == extra
    ):
        return cached[4]  # nothing they depend on has changed since the last question
    found: list[Mod] = []
    cards = deck.cards
    for active in state.active:
        if not active.defeated:
            found.extend(cards[active.card].during)
    for item in state.inventory:
        info = deck.item(state, item.card)
        if info is not None and info.kind == "ongoing":
            found.extend(info.modifiers)
    found.extend(hero)
    found.extend(extra)
    game.modifiers_cache = (state.active, state.inventory, hero, extra, found)
    return found


def total(mods: Iterable[Mod], kind: str, stat: str = "") -> int:
    """The sum of the amounts of ``kind`` modifiers (of ``stat``)."""
    return sum(m.amount for m in mods if m.kind == kind and m.stat == stat)


def has(mods: Iterable[Mod], kind: str) -> bool:
    """Whether a modifier of ``kind`` is in force."""
    return any(m.kind == kind for m in mods)


def effective(game: TwentyStrong, state: State, stat: str, mods: list[Mod] | None = None) -> int:
    """A stat with the modifiers in force (``mods``, when already gathered); a modifier that
    would leave 1..6 is ignored."""
    base: int = getattr(state, stat)
    changed = base + total(modifiers(game, state) if mods is None else mods, "stat", stat)
    return changed if within_bounds(changed) else base


def commit_limit(mods: list[Mod]) -> int:
    """How many dice may be committed in one Strategy phase (no limit: 17)."""
    limits = [m.amount for m in mods if m.kind == "commit_limit"]
    return min(limits) if limits else 17


# -- stats ----------------------------------------------------------------------------------


Cause = tuple[str, tuple[int, ...], str, int, int, int]
"""Why a stat changed, for the log: (why, the cards that caused it, the stat, old, new, the
damage wards stopped). ``why`` is ``suffer``, ``effect`` or a deck's word (``rest``)."""

CAUSES: Final[ContextVar[list[Cause] | None]] = ContextVar("causes", default=None)
"""Where stat changes are noted while the log replays an action (``view.narrated``); None,
and nothing noted, the rest of the time."""


def note(why: str, sources: tuple[int, ...], stat: str, old: int, new: int, ward: int = 0) -> None:
    """Note why a stat changed, when the log is listening."""
    noted = CAUSES.get()
    if noted is not None:
        noted.append((why, sources, stat, old, new, ward))


def change_stat(
    s: State, stat: str, delta: int, source: int = NOWHERE, why: str = "effect"
) -> None:
    """Change a stat within the bounds: out-of-bounds changes are ignored, but Health under 1
    loses (GEN-STAT-4, GEN-STAT-5, GEN-WIN-2). ``source`` and ``why`` say what changed it."""
    old: int = getattr(s, stat)
    value = old + delta
    if stat == "health" and value < 1:
        s.health = value
        lose(s)
    elif within_bounds(value):
        setattr(s, stat, value)
    else:
        return
    note(why, () if source == NOWHERE else (source,), stat, old, value)


def lose(s: State) -> None:
    """The game is lost."""
    end(s, LOST)


def end(s: State, result: int) -> None:
    """The game ends (won or lost): nothing left to resolve or roll."""
    s.result = result
    s.phase = OVER
    s.tasks = ()
    s.to_roll = ()
    s.rewards = ()


# -- queueing -------------------------------------------------------------------------------

OPTIONAL: Final = frozenset({"recover_dice", "reroll", "strengthen_dice"})
"""Effects the player may stop short of (they only help)."""


def tasks_for(effects: Iterable[Fx], source: int, power: int = 0) -> list[Task]:
    """The tasks that carry out ``effects`` of the card ``source``."""
    tasks = []
    for effect in effects:
        amount = effect.size(power)
        optional = effect.kind in OPTIONAL
        tasks.append(Task(effect.kind, amount, source, optional, effect.hook, effect.stat))
    return tasks


def possible(game: TwentyStrong, state: State, effect: Fx) -> bool:
    """Whether ``effect`` can do anything now (an item is usable only then)."""
    if effect.kind == "reroll":
        zones, faces = state.zones, state.faces
        return COMMITTED in zones and any(faces[d] for d, z in enumerate(zones) if z == COMMITTED)
    if effect.kind == "damage_card":
        return any(not a.defeated for a in state.active)
    if effect.kind == "recover_dice":
        return EXHAUSTED in state.zones
    if effect.kind == "heal":
        return state.health + effect.amount <= STAT_MAX
    if effect.kind == "recruit_dice":
        return game.deck.reserve_zone in state.zones
    if effect.kind in RESERVE_STEPS:
        return bool(dismissable(game, state, RESERVE_STEPS[effect.kind]))
    return True


def payable(state: State, effect: Fx) -> bool:
    """Whether a cost can be paid in full (a peaceful option, TMB-MOHL-2)."""
    if effect.kind == "dismiss_dice":
        return sum(zone in DISMISSABLE for zone in state.zones) >= effect.amount
    if effect.kind == "lose_health":
        return state.health - effect.amount >= 1
    if effect.kind in ("exhaust_dice", "banish_dice"):
        return state.zones.count(POOL) >= effect.amount
    if effect.kind == "discard_item":  # a locked card leaves only when nothing else can
        return sum(not item.locked for item in state.inventory) >= effect.amount
    if effect.kind == "stat":
        return within_bounds(getattr(state, effect.stat) + effect.amount)
    return True


# -- running tasks --------------------------------------------------------------------------


def choices(game: TwentyStrong, state: State, task: Task) -> list[Action]:
    """The legal actions of a task that waits for a choice (empty: nothing to choose)."""
    chooser = CHOOSERS.get(task.kind)
    if chooser is None:
        return []
    options = chooser(game, state, task)
    if options and task.optional:
        options.append(DONE)
    return options


def _pool_colours(game: TwentyStrong, state: State, task: Task) -> list[Action]:
    return [PICK_COLOUR[c] for c in state.colours_in(POOL)]


def _banish_colours(game: TwentyStrong, state: State, task: Task) -> list[Action]:
    zone = POOL if POOL in state.zones else EXHAUSTED
    return [PICK_COLOUR[c] for c in state.colours_in(zone)]


def _exhausted_colours(game: TwentyStrong, state: State, task: Task) -> list[Action]:
    return [PICK_COLOUR[c] for c in state.colours_in(EXHAUSTED)]


def _rolled_dice(game: TwentyStrong, state: State, task: Task) -> list[Action]:
    shown = {
        (colour_of(d), state.faces[d])
        for d, z in enumerate(state.zones)
        if z == COMMITTED and state.faces[d]
    }
    return [PICK_ROLLED[key] for key in sorted(shown)]


def _items(game: TwentyStrong, state: State, task: Task) -> list[Action]:
    free = [i for i in range(len(state.inventory)) if game.deck.can_discard(state, i)]
    indexes = free or list(range(len(state.inventory)))
    return [DiscardItem(i) for i in indexes]


def _undefeated(game: TwentyStrong, state: State, task: Task) -> list[Action]:
    return [Target(i) for i, a in enumerate(state.active) if not a.defeated]


def _stacks(game: TwentyStrong, state: State, task: Task) -> list[Action]:
    extra = task.kind == "extra"
    sources = game.deck.extra_sources(state, task.source) if extra else range(len(state.stacks))
    return [game.deck.from_action(i) for i in sources if state.stacks[i].known]


def _reward(game: TwentyStrong, state: State, task: Task) -> list[Action]:
    return [TAKE, DECLINE, *game.deck.alternate_rewards(state, task.source)]


# -- the reserve of unrecruited dice (Victorum's Training Grounds) --------------------------

DISMISSABLE: Final = (POOL, COMMITTED, EXHAUSTED)
"""Where a dismissed die may come from: not from a card, not banished (VIC-DICE-2)."""


def weakest_in(state: State, zone: int) -> int:
    """The weakest die in ``zone`` (the lowest die of the weakest colour), or NOWHERE."""
    for colour in COLOURS:
        die = state.first_die(zone, colour)
        if die != NOWHERE:
            return die
    return NOWHERE


def neighbour_colour(state: State, zone: int, colour: int, step: int) -> int:
    """The colour closest to ``colour`` in direction ``step`` (+1 stronger, -1 weaker) with a
    die in ``zone``, or NOWHERE (VIC-DICE-4, VIC-DICE-5)."""
    present = set(state.colours_in(zone))
    other = colour + step
    while 0 <= other < len(COLOURS):
        if other in present:
            return other
        other += step
    return NOWHERE


def dismissable(game: TwentyStrong, state: State, step: int = 0) -> list[Pick]:
    """Picks of dice that may be dismissed (and, with ``step``, strengthened or weakened)."""
    reserve = game.deck.reserve_zone
    if reserve == NOWHERE:
        return []
    seen: set[Pick] = set()
    picks = []
    for die, zone in enumerate(state.zones):
        if zone not in DISMISSABLE:
            continue
        colour = colour_of(die)
        if step and neighbour_colour(state, reserve, colour, step) == NOWHERE:
            continue
        pick = interned(Pick, colour, state.faces[die] if zone == COMMITTED else UNROLLED, zone)
        if pick not in seen:
            seen.add(pick)
            picks.append(pick)
    return sorted(picks, key=lambda p: (p.zone, p.colour, p.face))


RESERVE_STEPS: Final = {"dismiss_dice": 0, "strengthen_dice": +1, "weaken_dice": -1}
"""The dice effects that pick a die to dismiss, and where its replacement lies in strength."""


def _reserve_choice(game: TwentyStrong, state: State, task: Task) -> list[Action]:
    return list(dismissable(game, state, RESERVE_STEPS[task.kind]))


def recruit(game: TwentyStrong, s: State, colour: int = NOWHERE, zone: int = POOL) -> None:
    """Recruit a die into ``zone``: the weakest in the reserve, or one of ``colour``
    (VIC-DICE-1, VIC-DICE-6)."""
    reserve = game.deck.reserve_zone
    die = weakest_in(s, reserve) if colour == NOWHERE else s.first_die(reserve, colour)
    if die != NOWHERE:
        s.move_die(die, zone)


def dismiss_picked(game: TwentyStrong, s: State, step: int, pick: Pick) -> None:
    """Dismiss the picked die; strengthening or weakening then recruits its neighbour
    colour into the same zone (VIC-DICE-2, VIC-DICE-4..6)."""
    reserve = game.deck.reserve_zone
    face = pick.face if pick.zone == COMMITTED else None
    die = s.first_die(pick.zone, pick.colour, face)
    other = neighbour_colour(s, reserve, pick.colour, step) if step else NOWHERE
    s.move_die(die, reserve)
    if other != NOWHERE:
        recruit(game, s, other, pick.zone)


Chooser = Callable[["TwentyStrong", State, Task], list[Action]]
TAKING: Final = frozenset(
    {"exhaust_dice", "banish_dice", "discard_item", "dismiss_dice", "weaken_dice"}
)
"""Choices that take something from the player: asked even when only one option is left, if
an item or ability could still be used first (GEN-R6)."""

CHOOSERS: Final[dict[str, Chooser]] = {
    "exhaust_dice": _pool_colours,
    "banish_dice": _banish_colours,
    "recover_dice": _exhausted_colours,
    "reroll": _rolled_dice,
    "discard_item": _items,
    "damage_card": _undefeated,
    "extra": _stacks,
    "activate": _stacks,
    "instant": _reward,
    "dismiss_dice": _reserve_choice,
    "strengthen_dice": _reserve_choice,
    "weaken_dice": _reserve_choice,
}


def run_automatic(game: TwentyStrong, s: State, task: Task) -> None:
    """Carry out a task that needs no choice, and drop it from the queue."""
    s.tasks = s.tasks[1:]
    if task.kind == "heal":
        change_stat(s, "health", task.amount, task.source)
    elif task.kind == "lose_health":
        change_stat(s, "health", -task.amount, task.source)
    elif task.kind == "stat":
        change_stat(s, task.stat, task.amount, task.source)
    elif task.kind == "recruit_dice":
        for _ in range(task.amount):
            recruit(game, s)
    elif task.kind == "hook":
        game.deck.run_hook(s, task)
    # any other task with nothing to choose has nothing left to do


SINGLE_CHOICE: Final = frozenset({"damage_card", "instant"})


def apply_choice(game: TwentyStrong, s: State, task: Task, action: Action) -> None:
    """Carry out one choice of the front task (a task of N picks is chosen one at a time)."""
    rest = task._replace(amount=task.amount - 1)
    finished = isinstance(action, Done) or task.kind in SINGLE_CHOICE or rest.amount <= 0
    s.tasks = s.tasks[1:] if finished else (rest, *s.tasks[1:])
    kind = task.kind
    if isinstance(action, Pick):
        if kind in RESERVE_STEPS:
            dismiss_picked(game, s, RESERVE_STEPS[kind], action)
        elif kind == "reroll":
            die = s.first_die(COMMITTED, action.colour, action.face)
            s.set_face(die, 0)
            s.to_roll = (*s.to_roll, die)
        elif kind == "exhaust_dice":
            s.move_die(s.first_die(POOL, action.colour), EXHAUSTED)
        elif kind == "recover_dice":
            s.move_die(s.first_die(EXHAUSTED, action.colour), POOL)
        elif kind == "banish_dice":
            zone = POOL if POOL in s.zones else EXHAUSTED
            s.move_die(s.first_die(zone, action.colour), BANISHED)
    elif isinstance(action, DiscardItem):
        game.deck.discard_item(s, action.index)
    elif isinstance(action, Target):
        game.damage(s, action.position, task.amount)
    elif isinstance(action, Take):
        card = game.deck.cards[task.source]
        index = s.find_active(task.source)
        power = s.active[index].power if index >= 0 else 0
        s.push_tasks(tasks_for(card.instant, task.source, power), first=True)
    elif isinstance(action, From):
        game.activate_from(s, game.deck.stack_index(action.stack))
    elif not isinstance(action, (Done, Decline)):
        game.deck.apply_alternate(s, task.source, action)
