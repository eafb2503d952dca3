"""Boss Quest's invariants (issue 10, the fuzzer's oracle): random play over every player
count and option breaks none of them, and every kind of check reports a corrupted state, step
or view, so none of them is a check that cannot fail."""

from __future__ import annotations

import copy
import itertools
from collections.abc import Callable
from typing import Any

import pytest

from gamehall.core.game import EVERYTHING, Action
from gamehall.core.state import replace_at
from gamehall.games.boss_quest import BossQuest
from gamehall.games.boss_quest import actions as act
from gamehall.games.boss_quest.invariants import BossQuestInvariants
from gamehall.games.boss_quest.state import (
    ACTIVE,
    APPEND,
    AVAILABLE,
    BOSS,
    CHOICE,
    CHOOSE_TARGET,
    DISCARDED,
    DRAW,
    OVER,
    START_TURNS,
    TURN,
    BossQuestState,
    Draw,
    Pending,
    Slot,
)
from tests.random_steps import random_steps

Step = tuple[BossQuestState, Action, BossQuestState]
GAME = BossQuest(3, {"spells_per_round": 4})
CHECKS = BossQuestInvariants(GAME)


def test_random_play_keeps_every_invariant() -> None:
    """2 to 5 knights, 0 to 10 spells a round, mystery on and off, two games each: after every
    action the state and step checks find nothing, nor (in one game of every other
    configuration) the view checks of every seat, a spectator and EVERYTHING."""
    steps = 0
    configurations = itertools.product(range(2, 6), (0, 1, 3, 7, 10), (True, False))
    for index, (players, spells, mystery) in enumerate(configurations):
        game = BossQuest(players, {"spells_per_round": spells, "mystery": mystery})
        checks = game.invariants()
        assert checks.state(game.initial_state()) == []
        for seed in (2 * index, 2 * index + 1):
            seats = (*range(players), None, EVERYTHING) if seed % 4 == 0 else ()
            for before, action, after in random_steps(game, seed):
                assert checks.state(after) == [], (seed, action)
                assert checks.step(before, action, after) == [], (seed, action)
                for seat in seats:
                    assert checks.view(after, seat, game.view(after, seat)) == [], (seed, seat)
                steps += 1
    assert steps > 10_000


def find(predicate: Callable[[BossQuestState, Action, BossQuestState], bool]) -> Step:
    """The first step of the seeded random games of GAME that ``predicate`` accepts."""
    for seed in range(200):
        for step in random_steps(GAME, seed):
            if predicate(*step):
                return step
    raise AssertionError("no such step in 200 games")


def changed(state: BossQuestState, **fields: Any) -> BossQuestState:
    """``state`` with some fields replaced (a corrupted copy; the original is kept)."""
    copied = state.evolve()
    for name, value in fields.items():
        setattr(copied, name, value)
    return copied


def turn_state() -> BossQuestState:
    """A knight's turn with every spell still available and a combat played already."""
    return find(lambda b, a, s: s.phase == TURN and s.round > 1 and not any(s.at_magician))[2]


def _swap_hands(s: BossQuestState) -> BossQuestState:
    return changed(s, hidden=replace_at(s.hidden, 0, s.hidden[1]))


def _extra_spell(s: BossQuestState) -> BossQuestState:
    return changed(s, spell_deck=replace_at(s.spell_deck, 0, s.spell_deck[0] + 1))


def _used_spell(s: BossQuestState) -> BossQuestState:
    slot = s.slots[0]
    spell_discard = replace_at(s.spell_discard, slot.kind, s.spell_discard[slot.kind] + 1)
    return changed(
        s,
        slots=replace_at(s.slots, 0, slot._replace(status=DISCARDED)),
        spell_discard=spell_discard,
    )


def _misplaced_target(s: BossQuestState) -> BossQuestState:
    return changed(s, slots=replace_at(s.slots, 0, s.slots[0]._replace(target=1)))


def _active_swap(s: BossQuestState) -> BossQuestState:
    swap = GAME.cards.spell_index("swap-hidden")
    return changed(s, slots=replace_at(s.slots, 0, Slot(swap, ACTIVE, -1)))


STATE_CORRUPTIONS: dict[str, tuple[Callable[[BossQuestState], BossQuestState], str]] = {
    "a weapon in two places": (_swap_hands, "weapon conservation: 35 weapons placed"),
    "a spell card too many": (_extra_spell, "spell conservation"),
    "a boss in two places": (
        lambda s: changed(s, boss_discard=(*s.boss_discard, s.boss)),
        "boss conservation: 9 bosses",
    ),
    "hearts over the start": (lambda s: changed(s, hearts=(4, 3, 3)), "has 4 hearts"),
    "negative keys": (lambda s: changed(s, keys=(-1, 0, 0)), "has -1 keys"),
    "the key target reached mid-game": (
        lambda s: changed(s, keys=(5, 0, 0), round=9),
        "(target 5)",
    ),
    "the combat record's round": (
        lambda s: changed(s, round=s.round + 1),
        "the last combat's record",
    ),
    "the mover at the magician": (
        lambda s: changed(s, at_magician=replace_at(s.at_magician, s.turn, True)),
        "is at the magician",
    ),
    "a pending choice outside CHOICE": (
        lambda s: changed(s, pending=Pending(CHOOSE_TARGET, s.turn, 0)),
        "a pending choice",
    ),
    "a last call with nobody owed": (lambda s: changed(s, last_call_on=True), "last call"),
    "the mystery spell moved": (lambda s: changed(s, mystery=0), "the mystery spell is slot 1"),
    "an untargetable spell placed": (_misplaced_target, "targets seat 2"),
    "a spell used with nobody at the magician": (_used_spell, "1 spells used by 0 knights"),
    "draws owed outside a draw": (
        lambda s: changed(s, draws=(Draw(0, APPEND, -1, False),)),
        "draws owed in phase turn",
    ),
    "the lone knight flag": (lambda s: changed(s, lone_asked=True), "the lone knight asked"),
    "round 0 mid-game": (lambda s: changed(s, round=0), "round 0 with armorer"),
    "no boss out": (lambda s: changed(s, boss=0), "no boss in phase turn"),
    "a knight without a hidden weapon": (
        lambda s: changed(s, hidden=replace_at(s.hidden, 2, -1)),
        "seats [3] lack a hidden or a visible weapon",
    ),
    "a swap spell left active": (_active_swap, "(swap_hidden) stays active after acting"),
    "a card on the deck known to a seat that is not there": (
        lambda s: changed(s, deck_top=((s.hidden[0], 7),), hidden=replace_at(s.hidden, 0, -1)),
        "is known to 7",
    ),
}


@pytest.mark.parametrize("name", STATE_CORRUPTIONS)
def test_each_state_check_reports_a_corrupted_state(name: str) -> None:
    """A real mid-game state passes; each corruption is reported with its numbers."""
    state = turn_state()
    assert CHECKS.state(state) == []
    corrupt, message = STATE_CORRUPTIONS[name]
    problems = CHECKS.state(corrupt(state))
    assert any(message in p for p in problems), problems


def test_the_deal_order_and_the_outcome_are_checked() -> None:
    """The deal owes cards from the armorer's left (BQ-DEAL-1), nobody holds a weapon before
    it (BQ-ROUND-4); the outcome of a finished game names the best scores (BQ-END-3..5)."""
    dealing = find(
        lambda b, a, s: s.phase == DRAW and s.resume == START_TURNS and len(s.draws) > 2
    )[2]
    reordered = changed(dealing, draws=tuple(reversed(dealing.draws)))
    assert any("the deal owes" in p for p in CHECKS.state(reordered))
    between = find(lambda b, a, s: s.phase == BOSS and s.round > 1)[2]
    assert CHECKS.state(between) == []
    card = GAME.cards.weapon_id(between.deck[0].card)
    armed = changed(between, hidden=replace_at(between.hidden, 0, card), deck=between.deck[1:])
    assert any("before the deal: 1 weapons held" in p for p in CHECKS.state(armed))
    over = find(lambda b, a, s: s.phase == OVER)[2]
    assert CHECKS.state(over) == []
    assert over.result is not None
    losers = tuple(p for p in range(3) if p not in over.result.winners)
    wrong = changed(
        over, result=over.result.__class__(losers, over.result.scores, over.result.reason)
    )
    assert any("the outcome is" in p for p in CHECKS.state(wrong))


# -- steps ---------------------------------------------------------------------------------


def _more_keys(step: Step) -> Step:
    before, action, after = step
    return before, action, changed(after, keys=replace_at(after.keys, 0, after.keys[0] + 1))


def _wrong_seat_result(step: Step) -> Step:
    before, action, after = step
    record = after.last_combat
    assert record is not None
    seat = record.seats[0]._replace(attack=record.seats[0].attack + 1)
    bad = record._replace(seats=replace_at(record.seats, 0, seat))
    return before, action, changed(after, last_combat=bad)


def _wrong_winners(step: Step) -> Step:
    before, action, after = step
    record = after.last_combat
    assert record is not None
    losers = tuple(p for p in range(3) if p not in record.winners)
    return before, action, changed(after, last_combat=record._replace(winners=losers))


def _wrong_armorer(step: Step) -> Step:
    before, action, after = step
    return before, action, changed(after, armorer=before.armorer)


def _still_arming(step: Step) -> Step:
    before, action, after = step
    actor = before.turn
    other = next(p for p in range(3) if p != actor)
    arming = replace_at(before.at_magician, other, False)
    return changed(before, at_magician=arming, last_call_on=False, last_call=()), action, after


def _ends_combat(b: BossQuestState, a: Action, s: BossQuestState) -> bool:
    return s.last_combat != b.last_combat and s.phase != OVER and isinstance(a, act.Discard)


COMBAT_CORRUPTIONS: dict[str, tuple[Callable[[Step], Step], str]] = {
    "keys not as the combat gave": (_more_keys, "seat 1 gained"),
    "a seat's attack misrecorded": (_wrong_seat_result, "combat: seat 1 has attack="),
    "the wrong winners": (_wrong_winners, "combat winners"),
    "the armorer not passed on": (_wrong_armorer, "after combat (round, armorer, phase)"),
    "combat while a knight is arming": (_still_arming, "combat began with seats"),
}


@pytest.mark.parametrize("name", COMBAT_CORRUPTIONS)
def test_each_combat_check_reports_a_corrupted_combat(name: str) -> None:
    """A real combat step passes; its record, keys and next round are checked (BQ-COMBAT)."""
    step = find(_ends_combat)
    assert CHECKS.step(*step) == []
    corrupt, message = COMBAT_CORRUPTIONS[name]
    problems = CHECKS.step(*corrupt(step))
    assert any(message in p for p in problems), problems


def _first_step(kind: type, extra: Callable[[BossQuestState], bool] = lambda s: True) -> Step:
    return find(lambda b, a, s: isinstance(a, kind) and extra(b) and s.last_combat == b.last_combat)


def test_an_illegal_action_is_reported() -> None:
    """Asking for 5 weapons (BQ-ARM-1), or a spell slot already used (BQ-MAGE-5)."""
    before, _, after = _first_step(act.Ask)
    assert "is not legal" in CHECKS.step(before, act.Ask(5), after)[0]
    before, action, after = _first_step(act.Discard)
    assert isinstance(action, act.Discard)
    used = changed(before, slots=replace_at(before.slots, action.slot, Slot(0, ACTIVE, -1)))
    assert "is not legal" in CHECKS.step(used, action, after)[0]


def test_a_field_the_action_may_not_change_is_reported() -> None:
    """Keys change only at combat: an ask that gives a key is reported."""
    before, action, after = _first_step(act.Ask)
    problems = CHECKS.step(before, action, changed(after, keys=(after.keys[0] + 1, 0, 0)))
    assert any(p.startswith("keys changed by ask") for p in problems), problems


def test_weapons_spells_and_cards_put_back_are_checked() -> None:
    """The weapons drawn go to the asker (BQ-ARM-3); a discarded spell is discarded
    (BQ-MAGE-4); a visible card given up goes on the deck known to all (BQ-SPELL-7)."""
    before, action, after = _first_step(act.Ask)
    seat = before.turn
    short = changed(after, visible=replace_at(after.visible, seat, after.visible[seat][:-1]))
    assert any(f"seat {seat + 1} holds" in p for p in CHECKS.step(before, action, short))
    before, action, after = _first_step(act.Discard)
    assert isinstance(action, act.Discard)
    kept = replace_at(after.slots, action.slot, before.slots[action.slot])
    assert any(
        "the spells are" in p for p in CHECKS.step(before, action, changed(after, slots=kept))
    )
    step = find(
        lambda b, a, s: (
            b.phase == DRAW
            and bool(b.draws)
            and b.draws[0].give_back >= 0
            and b.draws[0].give_back_public
            and s.last_combat == b.last_combat
        )
    )
    before, action, after = step
    assert CHECKS.step(*step) == []
    card, _ = after.deck_top[-1]
    hidden = changed(after, deck_top=(*after.deck_top[:-1], (card, before.turn)))
    assert any("known to" in p for p in CHECKS.step(before, action, hidden))


def test_turn_order_is_checked() -> None:
    """The next knight not at the magician moves (BQ-MAGE-6); the first turn of a round is
    the armorer's left (BQ-TURN-1); the lone knight's ask is remembered (BQ-ARM-7)."""
    before, action, after = _first_step(act.Discard, lambda s: s.at_magician.count(False) == 3)
    skipped = (after.turn + 1) % 3
    problems = CHECKS.step(before, action, changed(after, turn=skipped))
    assert any("(turn, magician, last call)" in p for p in problems), problems
    before, action, after = find(
        lambda b, a, s: b.phase == DRAW and s.phase == TURN and b.resume == START_TURNS
    )
    problems = CHECKS.step(before, action, changed(after, turn=after.armorer))
    assert any("moves first" in p for p in problems), problems
    before, action, after = _first_step(act.Ask, lambda s: s.at_magician.count(False) == 1)
    assert any(
        "lone_asked" in p for p in CHECKS.step(before, action, changed(after, lone_asked=False))
    )


def test_a_chance_outcome_put_elsewhere_is_reported() -> None:
    """The boss revealed is the one drawn (BQ-SETUP-1)."""
    before, action, after = _first_step(act.RevealBoss)
    assert CHECKS.step(before, action, after) == []
    problems = CHECKS.step(before, action, changed(after, boss=after.boss % 21 + 1))
    assert any("put a boss of" in p for p in problems), problems


# -- views ---------------------------------------------------------------------------------


def edited(view: dict[str, Any], edit: Callable[[dict[str, Any]], object]) -> dict[str, Any]:
    """A deep copy of ``view`` changed by ``edit``."""
    copied = copy.deepcopy(view)
    edit(copied)
    return copied


def test_each_view_check_reports_a_corrupted_view() -> None:
    """Own hand exact, others' hidden weapons only as '?', public values as the state's, no
    secret weapon anywhere, EVERYTHING sees all, the mystery face down (BQ-DEAL-2, BQ-MYST-2)."""
    state = turn_state()
    codes = GAME.cards.weapon_codes
    mine, theirs = codes[state.hidden[0]], codes[state.hidden[1]]
    own = GAME.view(state, 0)
    everything = GAME.view(state, EVERYTHING)
    spectator = GAME.view(state, None)
    for seat, view in ((0, own), (EVERYTHING, everything), (None, spectator)):
        assert CHECKS.view(state, seat, view) == []
    cases = [
        (0, edited(own, lambda v: v["players"][0].update(hidden=theirs)), "hidden shows"),
        (0, edited(own, lambda v: v["players"][1].update(hidden=theirs)), "secret weapons"),
        (0, edited(own, lambda v: v.update(note=[{"text": theirs}])), "secret weapons"),
        (0, edited(own, lambda v: v["players"][1].update(attack=3)), "attack shows"),
        (0, edited(own, lambda v: v["players"][2].update(keys=9)), "keys shows 9"),
        (0, edited(own, lambda v: v["boss"].update(effective_hp=99)), "view: boss shows"),
        (0, edited(own, lambda v: v.update(weapon_deck=0)), "view: weapon_deck shows 0"),
        (0, edited(own, lambda v: v.update(deck_top=["R1"])), "the deck top shows"),
        (None, edited(spectator, lambda v: v["players"][0].update(hidden=mine)), "secret"),
        (
            EVERYTHING,
            edited(everything, lambda v: v["players"][1].update(hidden="?")),
            "hidden shows '?'",
        ),
    ]
    for seat, view, message in cases:
        problems = CHECKS.view(state, seat, view)
        assert any(message in p for p in problems), (message, problems)


def test_the_mystery_spell_and_the_last_combat_in_a_view_are_checked() -> None:
    """A face-down mystery spell shows no face (BQ-MYST-2); the last combat is as recorded."""
    state = turn_state()
    assert state.slots[state.mystery].status == AVAILABLE and state.last_combat is not None
    view = GAME.view(state, 1)
    code = GAME.cards.spells[state.slots[state.mystery].kind].code
    shown = edited(view, lambda v: v["spells"][state.mystery].update(spell=code))
    assert any("the spells show" in p for p in CHECKS.view(state, 1, shown))
    changed_combat = edited(view, lambda v: v["last_combat"].update(hp=0))
    assert any("view: last_combat shows" in p for p in CHECKS.view(state, 1, changed_combat))


def test_a_choice_state_is_checked() -> None:
    """A pending choice belongs to the mover, for an active spell of its kind (BQ-MAGE-2)."""
    state = find(lambda b, a, s: s.phase == CHOICE)[2]
    assert CHECKS.state(state) == []
    assert state.pending is not None
    other = (state.pending.seat + 1) % 3
    problems = CHECKS.state(changed(state, pending=state.pending._replace(seat=other)))
    assert any("chooses on the turn of" in p for p in problems), problems
