"""The general rules as a phase machine: activation, Strategy phases, the Resolve phase.

:func:`advance` runs everything that needs no decision (automatic steps, effects without a
choice) until the player or chance must act, looking the state's phase up in the game's table
of phases (:mod:`.phases`): the general ones of :func:`general_phases`, in rulebook order (an
Engagement is Strategy phases, commit, roll, apply, up to the Strategy value, and one Resolve
phase of six steps: Suffer Damage, After Effects, Exhaust, Recover, Gain Item Rewards,
Cleanup, GEN-RESOLVE-1), then the deck's. Where the rulebook says something happens the flow
emits an event (:mod:`.events`) to the deck's listeners.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Final

from gamehall.games.twenty_strong.dice import CRIT, FACE_DAMAGE
from gamehall.games.twenty_strong.effect_kinds import EFFECT_KINDS
from gamehall.games.twenty_strong.effects import (
    apply_choice,
    choices,
    commit_limit,
    effective,
    end,
    lose,
    modifiers,
    note,
    run_automatic,
    tasks_for,
    total,
)
from gamehall.games.twenty_strong.phases import Phase
from gamehall.games.twenty_strong.runtime import Mod
from gamehall.games.twenty_strong.state import (
    AFTER,
    APPLY,
    CLEANUP,
    COMMIT,
    COMMITTED,
    ENGAGE,
    EXHAUST,
    EXHAUSTED,
    ON_CARD,
    OVER,
    POOL,
    RECOVER,
    REWARDS,
    SUFFER,
    WON,
    Active,
    State,
    Task,
    reveal_due,
)

if TYPE_CHECKING:
    from gamehall.games.twenty_strong.rules import TwentyStrong

PREPARE_REWARDS: Final = "prepare_rewards"

# -- advancing ------------------------------------------------------------------------------


def advance(game: TwentyStrong, s: State, settled: object = None) -> None:
    """Run automatic steps and choiceless tasks until a decision or a chance outcome is due,
    and the deck has nothing more to settle.

    ``settled`` may name stacks whose due reveal ``s.reveal`` already gives (the stacks of
    the state ``s`` was copied from), to spare looking again."""
    _advance(game, s, settled)
    deck = game.deck
    while deck.settles and s.phase != OVER and deck.settle(s):
        _advance(game, s, None)


def _advance(game: TwentyStrong, s: State, settled: object) -> None:
    deck = game.deck
    phases = game.phases
    seen = settled
    while True:
        if s.result:
            s.phase = OVER
            return
        if s.stacks is not seen:  # stacks change rarely: look for a due reveal only then
            seen = s.stacks
            s.reveal = reveal_due(seen)
        if s.to_roll or s.reveal >= 0:
            return
        if s.phase in deck.chance_phases and deck.chance(s) is not None:
            return
        if s.tasks:
            task = s.tasks[0]
            if task.kind.startswith("deck."):
                if deck.step_task(s, task):
                    return
                continue
            options = choices(game, s, task)
            if not options:
                run_automatic(game, s, task)
            elif (
                len(options) == 1
                and not task.optional  # GEN-PRIO-4: a "may" is always asked
                and EFFECT_KINDS[task.kind].takes_alone(game, s)  # GEN-R6
            ):
                apply_choice(game, s, task, options[0])
            else:
                return
            continue
        excess = len(s.inventory) - effective(game, s, "strategy") if s.inventory else 0
        if excess > 0:  # GEN-ITEM-6: discard down to the limit at once
            s.push_tasks([Task("discard_item", excess)])
            continue
        phase = phases.get(s.phase)  # a phase the table does not know waits
        step = None if phase is None else phase.step
        if step is None or step(s):
            return


# -- activation -----------------------------------------------------------------------------


def activate(game: TwentyStrong, s: State, card: int, power: int = 0) -> None:
    """Put ``card`` into the active area: its During effects hold from now, its activation
    Specials and additional enemies follow (GEN-ACT-2, GEN-ACT-3, GEN-ACT-5): an additional
    enemy is activated the same way, so its own calls follow in turn (VIC-ADD-3)."""
    info = game.deck.cards[card]
    health = info.health + info.health_scale * power
    damage = info.damage + info.damage_scale * power
    s.active = (*s.active, Active(card, health, damage, power))
    tasks = tasks_for([f for f in info.special if f.when == "activate"], card, power)
    if info.extra_enemies:  # GEN-ACT-4: the icon is no effect: ignoring effects keeps it
        tasks.append(Task("extra", info.extra_enemies, card))
    s.push_tasks(tasks, first=True)


def take_top(s: State, stack: int) -> int:
    """Take the top card of ``stack``; the card under it turns up next (a chance outcome)."""
    old = s.stacks[stack]
    card = old.known[0]
    stacks = list(s.stacks)
    stacks[stack] = old._replace(known=old.known[1:])
    s.stacks = tuple(stacks)
    return card


def activate_from(game: TwentyStrong, s: State, stack: int) -> None:
    """Activate the top card of ``stack`` (GEN-ACT-1): events ``CARD_TAKEN``, then
    ``CARD_ACTIVATED``."""
    card = take_top(s, stack)
    listeners = game.listeners
    for taken in listeners.card_taken:
        taken(s, stack)
    for activated in listeners.card_activated:
        activated(s, card, stack)
    activate(game, s, card)


# -- strategy phase -------------------------------------------------------------------------


def roll(s: State) -> None:
    """Roll every committed die not yet applied (GEN-STRAT-3, GEN-REPEAT-5)."""
    dice = tuple(d for d, z in enumerate(s.zones) if z == COMMITTED)
    faces = list(s.faces)
    for die in dice:
        faces[die] = 0
    s.faces = tuple(faces)
    s.to_roll = dice
    s.phases_used += 1
    s.counter = 0
    s.phase = APPLY


def can_commit(game: TwentyStrong, state: State, mods: list[Mod]) -> bool:
    """Whether one more die may be committed in this Strategy phase."""
    return POOL in state.zones and state.counter < commit_limit(mods)


def can_repeat(game: TwentyStrong, state: State, mods: list[Mod]) -> bool:
    """Whether another Strategy phase may start (GEN-REPEAT-1, GEN-REPEAT-2)."""
    if state.phases_used >= effective(game, state, "strategy", mods):
        return False
    return POOL in state.zones or COMMITTED in state.zones


def hit_damage(game: TwentyStrong, state: State, index: int, face: int) -> int:
    """The damage a face deals to the active card at ``index`` (GEN-DICE-4), unless a card's
    no-crit says otherwise (GEN-PRIO-2: card text wins over the rulebook)."""
    damage = FACE_DAMAGE[face]
    if face == CRIT:
        active = state.active[index]
        local = () if active.defeated else game.deck.cards[active.card].during
        mods = modifiers(game, state)
        if any(m.kind == "no_crit" for m in (*local, *game.deck.modifiers(state))):
            return 1  # GEN-PRIO-3: the card's effect wins over a hero's or an item's bonus
        damage += total(mods, "crit_bonus")
    return damage


ALL_COLOURS: Final = frozenset(range(5))


def hittable(game: TwentyStrong, state: State) -> list[frozenset[int]]:
    """For each active card, the colours of hits it may take now (immune and guard are
    During effects: they end with their card's defeat). While a guard stands only guards may
    be hit, any of them when several stand (docs/rulings.md GEN-R13)."""
    cards = game.deck.cards
    battle = game.deck.modifiers(state)
    cached = game.hittable_cache
    if cached is not None and cached[0] is state.active and cached[1] == battle:
        return cached[2]  # the same active area as the last question: the same answer
    guards = [
        i
        for i, a in enumerate(state.active)
        if not a.defeated and any(m.kind == "guard" for m in cards[a.card].during)
    ]
    allowed: list[frozenset[int]] = []
    for index in range(len(state.active)):
        if guards and index not in guards:
            allowed.append(frozenset())
        else:
            allowed.append(colours_taken(game, state, index, battle))
    game.hittable_cache = (state.active, battle, allowed)
    return allowed


def colours_taken(
    game: TwentyStrong, state: State, index: int, battle: list[Mod]
) -> frozenset[int]:
    """The colours of hits the active card at ``index`` takes, guards aside: all but those
    its During effects or the battle's modifiers ``battle`` make it immune to (GEN-APPLY-6)."""
    active = state.active[index]
    colours = ALL_COLOURS
    if not active.defeated:
        for mod in (*game.deck.cards[active.card].during, *battle):
            if mod.kind == "immune":
                colours = colours - mod.colours
    return colours


def can_hit(game: TwentyStrong, state: State, index: int, colour: int) -> bool:
    """Whether a hit of ``colour`` may be put on the active card at ``index``."""
    return colour in hittable(game, state)[index]


def apply_to_card(game: TwentyStrong, s: State, die: int, index: int) -> None:
    """Put ``die`` on the active card at ``index`` and deal its damage (GEN-APPLY-1)."""
    damage = hit_damage(game, s, index, s.faces[die])
    s.move_die(die, ON_CARD, s.active[index].card, keep_face=True)
    deal(game, s, index, damage, hit=True)


def deal(game: TwentyStrong, s: State, index: int, amount: int, hit: bool) -> None:
    """Deal damage to an active card; it is defeated once damage reaches health
    (GEN-APPLY-4)."""
    card, health, damage, power, taken, hits, defeated, after_done = s.active[index]
    taken += amount
    s.replace_active(
        index, Active(card, health, damage, power, taken, hits + hit, defeated, after_done)
    )
    if not defeated and taken >= health:
        defeat(game, s, index)


def defeat(game: TwentyStrong, s: State, index: int) -> None:
    """The card is defeated: During effects end, defeat Specials fire, the optional instant
    reward is offered, an item reward waits for Gain Item Rewards (GEN-APPLY-5..9)."""
    active = s.active[index]._replace(defeated=True)
    s.replace_active(index, active)
    info = game.deck.cards[active.card]
    if info.special:  # GEN-EFFECT-4: defeat does not stop a Special from triggering
        s.push_tasks(tasks_for([f for f in info.special if f.when == "defeat"], active.card))
    if info.instant:
        s.push_tasks([Task("instant", 0, active.card)])
    if info.item is not None:  # GEN-APPLY-9: not gained now; it waits for Gain Item Rewards
        s.rewards = (*s.rewards, active.card)
    if game.deck.won(s):  # the win takes effect at once (GEN-END-3)
        end(s, WON)


# -- steps ----------------------------------------------------------------------------------


def _engage(game: TwentyStrong, s: State) -> bool:
    """Start an Engagement, or skip it when no enemy is active (TMB-NOENG-1)."""
    if all(a.defeated for a in s.active):
        game.next_round(s)
        return False
    s.phases_used = 0
    s.counter = 0
    if game.deck.hero_ability(s).per == "engagement":  # a once-per-game ability stays used
        s.ability_used = False
    for active in s.active:
        specials = [f for f in game.deck.cards[active.card].special if f.when == "engagement"]
        s.push_tasks(tasks_for(specials, active.card, active.power))
    s.phase = COMMIT
    return False


def _suffer(game: TwentyStrong, s: State) -> bool:
    """Suffer the damage of every undefeated card (GEN-RESOLVE-2), less any ward: event
    ``DAMAGE_SUFFERED``."""
    dealers = [i for i, a in enumerate(s.active) if not a.defeated and a.damage > 0]
    dealt = sum(s.active[i].damage for i in dealers)
    damage = max(0, dealt - total(modifiers(game, s), "ward"))
    for suffered in game.listeners.damage_suffered:
        suffered(s, dealers)
    s.phase = AFTER
    if damage:
        old = s.health
        s.health -= damage
        cards = tuple(s.active[i].card for i in dealers)
        note("suffer", cards, "health", old, s.health, dealt - damage)
        if s.health < 1:
            lose(s)
    return False


def _after(game: TwentyStrong, s: State) -> bool:
    """After effects of every active card, defeated or not; the player orders them when
    several wait (GEN-RESOLVE-3, GEN-PRIO-5)."""
    waiting = after_waiting(game, s)
    if len(waiting) > 1:
        return True
    if waiting:
        resolve_after(game, s, waiting[0])
    else:
        s.phase = EXHAUST
    return False


def after_waiting(game: TwentyStrong, state: State) -> list[int]:
    """Positions of active cards, defeated or not, whose After effects have not resolved yet:
    they fire only now, in the After Effects step (GEN-EFFECT-2)."""
    return [
        i for i, a in enumerate(state.active) if not a.after_done and game.deck.cards[a.card].after
    ]


def resolve_after(game: TwentyStrong, s: State, index: int) -> None:
    """Queue the After effects of the card at ``index``."""
    active = s.active[index]
    s.replace_active(index, active._replace(after_done=True))
    s.push_tasks(tasks_for(game.deck.cards[active.card].after, active.card, active.power))


def _exhaust(game: TwentyStrong, s: State) -> bool:
    """Every committed die, applied or not, is exhausted (GEN-RESOLVE-4): dice on cards are
    committed dice too (GEN-APPLY-10), those on a Baddie that still stands as well (TMB-BATTLE-5,
    unless the deck's ``exhausts_on_card`` says otherwise)."""
    deck = game.deck
    for die, zone in enumerate(s.zones):
        if zone == COMMITTED or (zone == ON_CARD and deck.exhausts_on_card(s, die)):
            s.move_die(die, EXHAUSTED)
    s.counter = 0
    s.phase = RECOVER
    return False


def can_recover(game: TwentyStrong, state: State) -> bool:
    """Whether one more exhausted die may be recovered (GEN-RESOLVE-5)."""
    return EXHAUSTED in state.zones and state.counter < effective(game, state, "recovery")


def _recover(game: TwentyStrong, s: State) -> bool:
    """Recover Dice while one more may be (GEN-RESOLVE-5); Done ends it."""
    if can_recover(game, s):
        return True
    s.phase = PREPARE_REWARDS
    return False


def _prepare_rewards(game: TwentyStrong, s: State) -> bool:
    """Gain Item Rewards begins (GEN-RESOLVE-7): event ``REWARDS_BEGIN``."""
    for begin in game.listeners.rewards_begin:
        begin(s)
    s.phase = REWARDS
    return False


def rewards_waiting(state: State) -> list[int]:
    """Positions of defeated active cards whose item reward is still to be gained."""
    return [i for i, a in enumerate(state.active) if a.card in state.rewards]


def _rewards(game: TwentyStrong, s: State) -> bool:
    """Gain Item Rewards while one waits (GEN-RESOLVE-7), even with a full inventory: an item
    may first be used or discarded to make room (GEN-ITEM-9); Done ends it."""
    if rewards_waiting(s):
        return True
    s.phase = CLEANUP
    return False


def _cleanup(game: TwentyStrong, s: State) -> bool:
    """Cleanup (GEN-RESOLVE-8): rewards not gained are lost; the deck's ``cleanup`` empties
    the active area and starts the next round."""
    s.rewards = ()
    game.deck.cleanup(s)
    return False


def general_phases(game: TwentyStrong) -> tuple[Phase, ...]:
    """The phases of the general rules, in rulebook order, their steps run for ``game``."""

    def run(step: Callable[[TwentyStrong, State], bool]) -> Callable[[State], bool]:
        return partial(step, game)

    return (
        Phase(ENGAGE, ("GEN-ROUND-3", "GEN-REPEAT-2"), waits=False, step=run(_engage)),
        Phase(COMMIT, ("GEN-STRAT-1", "GEN-STRAT-2", "GEN-STRAT-3"), waits=True),
        Phase(APPLY, ("GEN-APPLY-1", "GEN-APPLY-2", "GEN-REPEAT-1"), waits=True),
        Phase(SUFFER, ("GEN-RESOLVE-1", "GEN-RESOLVE-2"), waits=False, step=run(_suffer)),
        Phase(AFTER, ("GEN-RESOLVE-3",), waits=True, step=run(_after)),
        Phase(EXHAUST, ("GEN-RESOLVE-4", "GEN-END-7"), waits=False, step=run(_exhaust)),
        Phase(RECOVER, ("GEN-RESOLVE-5", "GEN-RESOLVE-6"), waits=True, step=run(_recover)),
        Phase(PREPARE_REWARDS, ("GEN-RESOLVE-7",), waits=False, step=run(_prepare_rewards)),
        Phase(REWARDS, ("GEN-RESOLVE-7",), waits=True, step=run(_rewards)),
        Phase(CLEANUP, ("GEN-RESOLVE-8", "GEN-END-5"), waits=False, step=run(_cleanup)),
    )
