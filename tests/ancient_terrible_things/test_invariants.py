"""Ancient Terrible Things' invariants (core.invariants, issue 10): random play breaks none of
them, and every check reports a state, step or view corrupted the way it guards against.

Corrupted values are direct edits (``adjust``, ``adjust_player``, ``_replace``) of real
states, steps and views; the messages are matched by a part of their text.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

from gamehall.core.game import EVERYTHING, Action
from gamehall.core.outcome import Outcome
from gamehall.core.state import replace_at
from gamehall.games.ancient_terrible_things import actions as act
from gamehall.games.ancient_terrible_things.invariants import AttInvariants
from gamehall.games.ancient_terrible_things.rules import AncientTerribleThings
from gamehall.games.ancient_terrible_things.state import (
    EVERYONE_BONUS,
    OVER,
    SHOP,
    AttState,
    Choice,
)
from tests.ancient_terrible_things.scenario import (
    MISS_BRIDGE,
    adjust,
    adjust_player,
    deal,
    encounter,
    explore,
    give_loot,
    new_game,
    play,
    start,
)
from tests.random_steps import random_steps

Step = tuple[AttState, Action, AttState]

# -- random play ------------------------------------------------------------------------

CONFIGS: tuple[tuple[int, dict[str, Any]], ...] = tuple(
    (players, options)
    for players in (1, 2, 3, 4)
    for options in ({}, {"locations": players, "supply": 1}, {"locations": 6, "supply": 30})
)
"""Every player count with the default setup, the fewest locations and Terrible Things, and the
most of both (the deck then runs out: ATT-END-2)."""
VIEW_EVERY = 5
"""Views are checked at every fifth state (and the last): building them is the slow part."""


def violations(game: AncientTerribleThings, seed: int) -> tuple[list[str], int, AttState]:
    """What the checks report over one random game, the steps it took and its last state."""
    checks = game.invariants()
    state = game.initial_state()
    found = checks.state(state)
    viewers = [*range(game.players), None, EVERYTHING]
    steps = 0
    for before, action, state in random_steps(game, seed):
        steps += 1
        found += checks.step(before, action, state) + checks.state(state)
        if steps % VIEW_EVERY == 0 or state.step == OVER:
            for seat in viewers:
                found += checks.view(state, seat, game.view(state, seat))
    return found, steps, state


def test_random_play_keeps_every_invariant() -> None:
    """1-4 players with the default, the smallest and the largest setup, two seeds each: from
    the first state to the last, no state or step check reports anything, nor any view check
    for each seat, the spectator and EVERYTHING; both ways of ending the game are reached."""
    total, reasons = 0, set()
    for index, (players, options) in enumerate(CONFIGS):
        for seed in (index, index + 100):
            game = AncientTerribleThings(players, options)
            found, steps, last = violations(game, seed)
            assert not found, f"{players} players {options} seed {seed}: {found[:5]}"
            assert last.result is not None
            total += steps
            reasons.add(last.result.reason)
    assert total > 5000
    assert reasons == {"terrible-supply-empty", "locations-cannot-be-filled"}


# -- reference situations ---------------------------------------------------------------


@cache
def two() -> tuple[AncientTerribleThings, AttInvariants]:
    """Two players on 4 locations (the scenario helpers' table)."""
    game = new_game(2)
    return game, AttInvariants(game)


@cache
def one() -> tuple[AncientTerribleThings, AttInvariants]:
    """The solo game."""
    game = new_game(1)
    return game, AttInvariants(game)


def game_of(state: AttState) -> tuple[AncientTerribleThings, AttInvariants]:
    """The game ``state`` belongs to: solo or the two-player one."""
    return one() if len(state.players) == 1 else two()


@cache
def exploring() -> AttState:
    """Seat 0 about to move; the scenario helpers' tier-1 cards on the board."""
    return start(two()[0])


@cache
def fighting() -> AttState:
    """Seat 0 against the Rotten Rope Bridge (pair >= 3) at slot 0 with 1 2 4 5 6 (nothing
    formed) and Action dice treasure and blank."""
    game = two()[0]
    return encounter(game, exploring(), "loc-trading-post", MISS_BRIDGE, ("treasure", "blank"))


@cache
def beating() -> AttState:
    """Seat 0 against the Rotten Rope Bridge with a pair of 3s."""
    return encounter(two()[0], exploring(), "loc-trading-post", (3, 3, 1, 2, 5))


@cache
def shopping() -> AttState:
    """Seat 0 in the Trading Post's shop after its bonus (3 Treasure, 1 off the next Loot)."""
    return explore(two()[0], exploring(), "loc-trading-post", bonus="bonus")


@cache
def rolling() -> AttState:
    """Seat 0's first four Focus dice rolled at the Trading Post; f5, a1 and a2 due."""
    game = two()[0]
    thrown = play(game, explore(game, exploring(), "loc-trading-post"), "leave")
    return play(game, thrown, "roll f1 1; roll f2 2; roll f3 4; roll f4 5")


@cache
def solo_fighting() -> AttState:
    """The solo player against the Rotten Rope Bridge with nothing formed."""
    game = one()[0]
    return encounter(game, start(game), "loc-trading-post", MISS_BRIDGE)


@cache
def over() -> AttState:
    """The last state of a random two-player game."""
    *_, (_, _, last) = random_steps(two()[0], 1)
    assert isinstance(last, AttState)
    return last


@cache
def until(deal_kind: str) -> AttState:
    """The two-player setup state whose next deal is ``deal_kind`` (first outcomes dealt)."""
    state = two()[0].initial_state()
    while state.deals[0] != deal_kind:
        state = chance_step(state)[2]
    return state


@cache
def act_on(state: AttState, text: str) -> Step:
    """The real step of ``text`` from ``state``."""
    game = game_of(state)[0]
    action = game.parse_action(text)
    return state, action, game.apply(state, action)


@cache
def chance_step(state: AttState) -> Step:
    """The real step of the first chance outcome due in ``state``."""
    game = game_of(state)[0]
    action = game.chance_weights(state).actions[0]
    return state, action, game.apply(state, action)


@cache
def with_machete() -> AttState:
    """:func:`fighting`, seat 0 owning the Trusty Machete (re-roll 2, needs an Action die)."""
    return give_loot(two()[0], fighting(), 0, "loot-trusty-machete")


def machete_step() -> Step:
    """Seat 0 uses the Trusty Machete with Action die 2: a re-roll choice is due."""
    return act_on(with_machete(), "loot loot-trusty-machete a2")


def unseen_card(state: AttState) -> int:
    """An encounter still in the tier-1 deck."""
    return state.unseen[0][0]


def code(section: str, index: int) -> str:
    """The code of card ``index`` of ``section``."""
    return two()[0].code_of[section][index]


# -- corrupting -------------------------------------------------------------------------


def state_with(base: AttState, **fields: Any) -> list[str]:
    """The state check of ``base`` with ``fields`` replaced."""
    return game_of(base)[1].state(adjust(base, **fields))


def seat_with(base: AttState, seat: int, **fields: Any) -> list[str]:
    """The state check of ``base`` with seat ``seat``'s ``fields`` replaced."""
    return game_of(base)[1].state(adjust_player(base, seat, **fields))


def dice_with(base: AttState, **fields: Any) -> list[str]:
    """The state check of ``base`` with its dice's ``fields`` replaced."""
    return state_with(base, dice=base.dice._replace(**fields))


def slot_tokens(base: AttState, slot: int, tokens: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """``base``'s tokens on the locations with ``slot``'s replaced."""
    return replace_at(base.on_location, slot, tokens)


def step_check(before: AttState, action: Action, after: AttState) -> list[str]:
    """The step check of ``before`` --``action``--> ``after``."""
    return game_of(before)[1].step(before, action, after)


def after_with(real: Step, **fields: Any) -> list[str]:
    """The step check of ``real`` with its after-state's ``fields`` replaced."""
    before, action, after = real
    return step_check(before, action, adjust(after, **fields))


def after_seat_with(real: Step, seat: int, **fields: Any) -> list[str]:
    """The step check of ``real`` with seat ``seat``'s ``fields`` replaced after it."""
    before, action, after = real
    return step_check(before, action, adjust_player(after, seat, **fields))


def after_dice_with(real: Step, **fields: Any) -> list[str]:
    """The step check of ``real`` with the dice's ``fields`` replaced after it."""
    return after_with(real, dice=real[2].dice._replace(**fields))


def result_with(**fields: Any) -> list[str]:
    """The state check of :func:`over` with its result's ``fields`` replaced."""
    result = over().result
    assert result is not None
    return state_with(over(), result=dataclasses.replace(result, **fields))


def losers() -> tuple[int, ...]:
    """The seats :func:`over` did not make winners."""
    result = over().result
    assert result is not None
    return tuple(p for p in range(2) if p not in result.winners)


def view_with(state: AttState, seat: int | None, path: tuple[Any, ...], value: Any) -> list[str]:
    """The view check of ``seat``'s real view of ``state`` with ``view[path...] = value``."""
    game, checks = game_of(state)
    view = copy.deepcopy(game.view(state, seat))
    target: Any = view
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return checks.view(state, seat, view)


def moved_hand() -> list[str]:
    """The first Exploit dealt moved from seat 0's hand to seat 1's."""
    dealt = chance_step(until("exploit"))[2]
    hand = dealt.players[0].exploits
    return state_with(
        dealt,
        players=(dealt.players[0]._replace(exploits=()), dealt.players[1]._replace(exploits=hand)),
    )


def swapped_tiers() -> list[str]:
    """A tier-1 and a tier-2 card swapped between their decks."""
    ones, twos, threes = fighting().unseen
    return state_with(fighting(), unseen=((twos[0], *ones[1:]), (ones[0], *twos[1:]), threes))


def discarded(base: AttState) -> AttState:
    """``base`` with an undrawn tier-1 card on the discard (the deck quota following)."""
    card = unseen_card(base)
    unseen = (tuple(e for e in base.unseen[0] if e != card), *base.unseen[1:])
    quota = replace_at(base.quota, 0, base.quota[0] - 1)
    return adjust(base, discard=(card,), unseen=unseen, quota=quota)


def rival_overfed() -> list[str]:
    """Solo, turn 1: the rival holds two encounters of the board."""
    board = solo_fighting().board
    return state_with(solo_fighting(), rival=board[1:3], board=(board[0], -1, -1, board[3]))


def readied_itself() -> list[str]:
    """A Loot card's ready effect readies that very card."""
    owned = give_loot(two()[0], fighting(), 0, "loot-bone-prayer-beads", exhausted=True)
    card = two()[0].index_of["loot"]["loot-bone-prayer-beads"]
    before = adjust(owned, choice=Choice("ready", 1, 0, card))
    after = adjust_player(adjust(before, choice=None), 0, exhausted=())
    return step_check(before, act.Card("ready", "loot-bone-prayer-beads"), after)


def bought_elsewhere() -> list[str]:
    """The Trusty Machete bought while the pawn stands at the Archive."""
    before = adjust_player(shopping(), 0, location=1)
    after = give_loot(two()[0], before, 0, "loot-trusty-machete")
    return step_check(before, act.Card("buy", "loot-trusty-machete"), after)


Case = tuple[str, Callable[[], list[str]]]
"""What a message must contain, and the check of a corrupted state, step or view."""

STATE_CASES: dict[str, Case] = {
    "card-index-past-the-file": (
        "hold index 99, no encounter of the file",
        lambda: state_with(fighting(), discard=(99,)),
    ),
    "pawn-off-the-board": ("pawn is at slot 9", lambda: seat_with(fighting(), 1, location=9)),
    "active-seat-not-a-seat": ("is no seat of 2", lambda: state_with(fighting(), active=5)),
    "over-without-result": ("with result None", lambda: state_with(fighting(), step=OVER)),
    "turn-during-setup": ("turn during setup", lambda: state_with(until("scenario"), turn=1)),
    "supply-empty-game-goes-on": ("ATT-END-1", lambda: state_with(fighting(), supply=0)),
    "explore-empty-board": (
        "explore with no encounter",
        lambda: state_with(exploring(), board=(-1,) * 4),
    ),
    "fight-where-no-encounter": (
        "no encounter at the active pawn's slot",
        lambda: state_with(fighting(), board=replace_at(fighting().board, 0, -1)),
    ),
    "reveal-out-of-slot-order": (
        "not filled slot by slot",
        lambda: state_with(deal(two()[0]), board=(-1, 0, -1, -1)),
    ),
    "reveal-beyond-the-deck": ("ATT-END-2", lambda: state_with(deal(two()[0]), quota=(1, 0, 0))),
    "mover-not-a-seat": (
        "the mover 7",
        lambda: state_with(shopping(), step=EVERYONE_BONUS, bonus_seat=7),
    ),
    "over-with-rolls-due": ("still due", lambda: state_with(over(), rolls=("f1",))),
    "queued-unknown-effect": (
        "is not an effect",
        lambda: state_with(fighting(), queue=((0, "fly", 1, "", -1),)),
    ),
    "queued-gain-of-nothing": (
        "names resource",
        lambda: state_with(fighting(), queue=((0, "gain", 1, "", -1),)),
    ),
    "draw-due-to-no-seat": ("draw is due to seat 5", lambda: state_with(fighting(), draws=(5,))),
    "draw-from-empty-deck": (
        "draws due from an empty deck",
        lambda: state_with(fighting(), draws=(0,), exploit_deck=()),
    ),
    "choice-of-nothing": (
        "is no choice",
        lambda: state_with(fighting(), choice=Choice("dance", 1, 0)),
    ),
    "ready-with-nothing-exhausted": (
        "with none exhausted",
        lambda: state_with(fighting(), choice=Choice("ready", 1, 0)),
    ),
    "dice-choice-outside-encounter": (
        "on dice in explore",
        lambda: state_with(exploring(), choice=Choice("reroll", 1, 0)),
    ),
    "reroll-with-every-die-aside": (
        "every Focus die set aside",
        lambda: state_with(
            fighting(),
            dice=fighting().dice._replace(aside=(0, 1, 2, 3, 4)),
            choice=Choice("reroll", 1, 0),
        ),
    ),
    "setup-deals-out-of-order": (
        "are not the end of",
        lambda: state_with(until("scenario"), deals=("first", "scenario")),
    ),
    "character-skipping-a-seat": (
        "to the first seats in order",
        lambda: state_with(
            until("scenario"),
            players=tuple(
                p._replace(character=c)
                for p, c in zip(until("scenario").players, (-1, 3), strict=True)
            ),
        ),
    ),
    "location-dealt-twice": ("dealt twice", lambda: state_with(fighting(), locations=(0, 0, 2, 3))),
    "scenario-missing": ("scenario dealt", lambda: state_with(fighting(), scenario=-1)),
    "hands-not-round-robin": ("dealt round-robin", moved_hand),
    "encounter-in-two-places": (
        "is in 2 places",
        lambda: seat_with(fighting(), 1, trophies=(fighting().board[1],)),
    ),
    "encounter-in-the-wrong-tier": ("of tier 2", swapped_tiers),
    "quota-off-the-draws": (
        "cards drawn",
        lambda: state_with(fighting(), quota=replace_at(fighting().quota, 0, 3)),
    ),
    "tier-2-before-tier-1": (
        "revealed before tiers",
        lambda: state_with(fighting(), quota=(4, 7, 8)),
    ),
    "solo-discard": (
        "1 players with 1 discarded",
        lambda: one()[1].state(discarded(solo_fighting())),
    ),
    "terrible-supply-leak": ("Terrible Things: 6", lambda: state_with(fighting(), supply=6)),
    "discard-without-terrible": (
        "encounters failed but 0",
        lambda: two()[1].state(discarded(fighting())),
    ),
    "solo-terrible-without-failure": (
        "only 0 in the rival's pile",
        lambda: seat_with(adjust(solo_fighting(), supply=4), 0, terrible=1),
    ),
    "turns-without-resolutions": ("resolved in 4", lambda: state_with(fighting(), turn=5)),
    "rival-claims-too-much": ("the rival claimed", rival_overfed),
    "last-resolution-misplaced": (
        "the last resolution",
        lambda: state_with(fighting(), last=(0, 3, 0)),
    ),
    "exploit-copied": (
        "exploit exp-second-wind is in 2 places: seat 0's hand, seat 1's hand",
        lambda: seat_with(fighting(), 1, exploits=fighting().players[0].exploits),
    ),
    "hand-unsorted": (
        "is not sorted",
        lambda: seat_with(fighting(), 0, exploits=fighting().players[0].exploits[::-1]),
    ),
    "loot-sold-unowned": ("Loot sold vs owned", lambda: state_with(fighting(), sold=(0,))),
    "loot-owned-twice": ("owned twice", lambda: seat_with(with_machete(), 1, loot=(0,))),
    "loot-from-a-location-not-in-play": (
        "not in play",
        lambda: two()[1].state(give_loot(two()[0], fighting(), 0, "loot-crystal-skull")),
    ),
    "exhausted-loot-not-owned": (
        "exhausted Loot",
        lambda: seat_with(fighting(), 0, exhausted=(1,)),
    ),
    "loot-unsorted": (
        "Loot (1, 0) is not sorted",
        lambda: seat_with(adjust(fighting(), sold=(0, 1)), 0, loot=(1, 0)),
    ),
    "accomplishment-not-in-play": (
        "not all in play",
        lambda: seat_with(fighting(), 0, accomplishments=(0,)),
    ),
    "accomplishment-unearned": (
        "holds acc-seasoned-explorer",
        lambda: seat_with(fighting(), 0, accomplishments=fighting().accomplishments[:1]),
    ),
    "accomplishment-withheld": (
        "meets but lacks acc-seasoned-explorer",
        lambda: seat_with(fighting(), 0, trophies=fighting().unseen[2][:6]),
    ),
    "negative-tokens": ("holds tokens (-1", lambda: seat_with(fighting(), 0, tokens={"focus": -1})),
    "flipped-more-than-held": ("flipped 1 of 0", lambda: seat_with(fighting(), 0, flipped=1)),
    "negative-discount": ("discount of -1", lambda: state_with(fighting(), discount=-1)),
    "tokens-left-where-the-pawn-went": (
        "after the pawn took them",
        lambda: state_with(fighting(), on_location=slot_tokens(fighting(), 0, (1, 0, 0, 0))),
    ),
    "token-missing-beside-an-encounter": (
        "tokens on slot 1",
        lambda: state_with(fighting(), on_location=slot_tokens(fighting(), 1, (0, 0, 0, 0))),
    ),
    "solo-token-missing": (
        "no feat token beside",
        lambda: state_with(solo_fighting(), on_location=slot_tokens(solo_fighting(), 1, (0,) * 4)),
    ),
    "negative-tokens-on-a-slot": (
        "slot 1 holds tokens",
        lambda: state_with(fighting(), on_location=slot_tokens(fighting(), 1, (-1, 0, 0, 0))),
    ),
    "dice-outside-the-encounter": (
        "outside an encounter",
        lambda: state_with(exploring(), dice=fighting().dice),
    ),
    "four-focus-dice": ("4 Focus and 2 Action", lambda: dice_with(fighting(), focus=(1, 2, 3, 4))),
    "focus-face-7": ("Focus die 1 shows 7", lambda: dice_with(fighting(), focus=(7, 2, 4, 5, 6))),
    "aside-die-rerolled": (
        "set aside but re-rolled",
        lambda: state_with(fighting(), dice=fighting().dice._replace(aside=(0,)), rolls=("f1",)),
    ),
    "die-due-two-rolls": ("due two rolls", lambda: state_with(fighting(), rolls=("f1", "f1"))),
    "action-face-unknown": (
        "Action die 1 shows 'joker'",
        lambda: dice_with(fighting(), action=("joker", "blank")),
    ),
    "aside-past-the-dice": ("set aside (9,)", lambda: dice_with(fighting(), aside=(9,))),
    "roll-due-for-no-die": ("a roll due for f9", lambda: state_with(fighting(), rolls=("f9",))),
    "final-score-wrong": ("final scores", lambda: result_with(scores=(99.0, 99.0))),
    "winner-wrong": ("winners", lambda: result_with(winners=losers())),
    "reason-wrong": ("reason", lambda: result_with(reason="boredom")),
    "ended-with-a-fillable-board": (
        "the game ended with the board",
        lambda: state_with(
            fighting(), step=OVER, result=Outcome((1,), (0.0, 0.0), "locations-cannot-be-filled")
        ),
    ),
}

STEP_CASES: dict[str, Case] = {
    "action-on-a-finished-game": (
        "applied to a finished game",
        lambda: step_check(over(), act.Plain("fail"), over()),
    ),
    "queue-changed": (
        "became",
        lambda: after_with(
            act_on(fighting(), "play exp-steady-hands"), queue=((0, "gain", 1, "feat", -1),)
        ),
    ),
    "active-seat-changed-mid-turn": (
        "active seat after go",
        lambda: after_with(act_on(exploring(), "go loc-trading-post"), active=1),
    ),
    "turn-kept-after-resolution": (
        "did not pass",
        lambda: after_with(act_on(beating(), "defeat 1"), turn=1, active=0),
    ),
    "turn-skipped": ("turn 1 -> 3", lambda: after_with(act_on(beating(), "defeat 1"), turn=3)),
    "first-player-wrong": (
        "first player",
        lambda: after_with(chance_step(until("first")), active=1),
    ),
    "dice-not-passed-clockwise": (
        "ATT-PASS-1",
        lambda: after_with(act_on(beating(), "defeat 1"), active=0),
    ),
    "turn-on-a-move": (
        "does not end a turn",
        lambda: after_with(act_on(exploring(), "go loc-trading-post"), turn=2),
    ),
    "ended-on-a-move": (
        "resolves nothing",
        lambda: after_with(act_on(exploring(), "go loc-trading-post"), step=OVER),
    ),
    "phase-skipped": (
        "expected active-bonus",
        lambda: after_with(act_on(exploring(), "go loc-trading-post"), step=SHOP),
    ),
    "all-players-bonus-not-clockwise": (
        "the all-players bonus after skip",
        lambda: after_with(
            act_on(act_on(exploring(), "go loc-trading-post")[2], "skip"), bonus_seat=1
        ),
    ),
    "token-from-nowhere": (
        "seat 0's tokens",
        lambda: after_seat_with(act_on(exploring(), "go loc-trading-post"), 0, tokens={"feat": 9}),
    ),
    "failure-without-terrible": (
        "Terrible Things on fail",
        lambda: after_seat_with(act_on(fighting(), "fail"), 0, terrible=0),
    ),
    "flip-without-benefit": (
        "flipped Terrible Things on go",
        lambda: after_seat_with(
            act_on(exploring(), "go loc-trading-post"), 0, terrible=1, flipped=1
        ),
    ),
    "discount-lost": (
        "Loot discount on bonus",
        lambda: after_with(
            act_on(act_on(exploring(), "go loc-trading-post")[2], "bonus"), discount=0
        ),
    ),
    "pawn-moved-by-another": (
        "pawns after",
        lambda: after_seat_with(act_on(exploring(), "go loc-trading-post"), 1, location=2),
    ),
    "reveal-in-the-wrong-slot": (
        "board after",
        lambda: after_with(chance_step(deal(two()[0])), board=(-1, 0, -1, -1)),
    ),
    "failure-not-discarded": (
        "discard after",
        lambda: after_with(act_on(fighting(), "fail"), discard=()),
    ),
    "rival-claim-missed": (
        "rival's pile after",
        lambda: after_with(act_on(solo_fighting(), "fail"), rival=(0,)),
    ),
    "trophy-lost": (
        "trophies after",
        lambda: after_seat_with(act_on(beating(), "defeat 1"), 0, trophies=()),
    ),
    "defeat-without-the-combination": (
        "which form only",
        lambda: step_check(fighting(), act.Defeat(0), act_on(fighting(), "fail")[2]),
    ),
    "failure-with-a-combination": (
        "fail although",
        lambda: step_check(beating(), act.Plain("fail"), act_on(beating(), "defeat 1")[2]),
    ),
    "exploit-kept-after-play": (
        "Exploit hands after",
        lambda: after_seat_with(
            act_on(fighting(), "play exp-steady-hands"), 0, exploits=fighting().players[0].exploits
        ),
    ),
    "exploit-deal-left-in-deck": (
        "Exploit deck after",
        lambda: after_with(
            chance_step(until("exploit")), exploit_deck=until("exploit").exploit_deck
        ),
    ),
    "played-exploit-not-gone": (
        "Exploits played after",
        lambda: after_with(act_on(fighting(), "play exp-steady-hands"), used_exploits=()),
    ),
    "draw-not-owed": (
        "Exploit draws owed",
        lambda: after_with(act_on(act_on(exploring(), "go loc-archive")[2], "bonus"), draws=()),
    ),
    "loot-bought-elsewhere": ("away from its location", bought_elsewhere),
    "exhausted-loot-used": (
        "the card was exhausted",
        lambda: step_check(adjust_player(with_machete(), 0, exhausted=(0,)), *machete_step()[1:]),
    ),
    "loot-used-without-its-die": (
        "the Action die this card needs",
        lambda: step_check(with_machete(), act.UseLoot("loot-trusty-machete"), machete_step()[2]),
    ),
    "loot-readies-itself": ("readied itself", readied_itself),
    "loot-not-taken": (
        "Loot after",
        lambda: after_seat_with(act_on(shopping(), "buy loot-trusty-machete"), 0, loot=()),
    ),
    "used-loot-ready": (
        "exhausted Loot after",
        lambda: after_seat_with(machete_step(), 0, exhausted=()),
    ),
    "accomplishment-on-a-move": (
        "Accomplishments after go",
        lambda: after_seat_with(
            act_on(exploring(), "go loc-trading-post"),
            0,
            accomplishments=exploring().accomplishments[:1],
        ),
    ),
    "extra-die-from-nowhere": (
        "Focus dice after",
        lambda: after_dice_with(act_on(rolling(), "roll f5 6"), focus=(1, 2, 4, 5, 6, 3)),
    ),
    "other-die-turned": (
        "Focus faces after",
        lambda: after_dice_with(act_on(rolling(), "roll f5 6"), focus=(2, 2, 4, 5, 6)),
    ),
    "action-die-rerolled": (
        "an Action die re-rolled",
        lambda: step_check(fighting(), act.Roll("a1", "feat"), fighting()),
    ),
    "aside-changed": ("set aside after", lambda: after_dice_with(machete_step(), aside=(0,))),
    "action-die-used-twice": (
        "was used already",
        lambda: step_check(
            adjust(fighting(), dice=fighting().dice._replace(used=(True, False))),
            act.Cash(0),
            fighting(),
        ),
    ),
    "blank-cashed": (
        "the die shows 'blank'",
        lambda: step_check(fighting(), act.Cash(1), fighting()),
    ),
    "action-die-not-spent": (
        "Action dice used after",
        lambda: after_dice_with(machete_step(), used=(False, False)),
    ),
    "action-face-changed": (
        "Action dice faces after",
        lambda: after_dice_with(machete_step(), action=("feat", "blank")),
    ),
    "focus-token-rerolls-another-die": (
        "dice due a roll after focus f1",
        lambda: after_with(act_on(fighting(), "focus f1"), rolls=("f2",)),
    ),
    "encounter-with-four-dice": (
        "the dice of a new encounter",
        lambda: after_dice_with(act_on(shopping(), "leave"), focus=(0,) * 4),
    ),
    "encounter-dice-not-thrown": (
        "rolls of a new encounter",
        lambda: after_with(act_on(shopping(), "leave"), rolls=("f1",)),
    ),
}

VIEW_CASES: dict[str, Case] = {
    "supply-misread": ("the view's supply", lambda: view_with(fighting(), 0, ("supply",), 9)),
    "location-tokens-misread": (
        "the view's slot 1 tokens",
        lambda: view_with(fighting(), None, ("locations", 1, "tokens", "feat"), 5),
    ),
    "rival-secrets-misread": (
        "the view's rival",
        lambda: view_with(solo_fighting(), 0, ("rival", "secrets"), 99),
    ),
    "secrets-misread": (
        "seat 1's secrets",
        lambda: view_with(fighting(), 0, ("players", 1, "secrets"), 7),
    ),
    "other-hand-shown": (
        "seat 0 sees seat 1's exploits",
        lambda: view_with(fighting(), 0, ("players", 1, "exploits"), ["x"]),
    ),
    "everything-sees-no-hand": (
        "EVERYTHING sees seat 0's exploits",
        lambda: view_with(fighting(), EVERYTHING, ("players", 0, "exploits"), None),
    ),
    "player-missing": (
        "the view shows 1 players",
        lambda: view_with(fighting(), None, ("players",), [{}]),
    ),
    "dice-misread": (
        "the view's dice",
        lambda: view_with(fighting(), 1, ("dice", "focus"), [6] * 5),
    ),
    "combination-misread": (
        "the view's combinations",
        lambda: view_with(fighting(), 0, ("combos", 0, "met"), True),
    ),
    "success-misread": ("the view's success", lambda: view_with(fighting(), 0, ("success",), True)),
    "undrawn-encounter-shown": (
        "which is undrawn",
        lambda: view_with(
            fighting(), 1, ("last",), {"encounter": code("encounter", unseen_card(fighting()))}
        ),
    ),
    "exploit-deck-shown": (
        "in the Exploit deck",
        lambda: view_with(fighting(), 1, ("note",), code("exploit", fighting().exploit_deck[0])),
    ),
    "hand-leaked-to-the-spectator": (
        "in seat 0's hand",
        lambda: view_with(
            fighting(), None, ("note",), code("exploit", fighting().players[0].exploits[0])
        ),
    ),
}

CASES = {**STATE_CASES, **STEP_CASES, **VIEW_CASES}

REAL_STEPS = (
    ("beating", "defeat 1"),
    ("fighting", "fail"),
    ("fighting", "play exp-steady-hands"),
    ("fighting", "focus f1"),
    ("exploring", "go loc-trading-post"),
    ("shopping", "leave"),
    ("shopping", "buy loot-trusty-machete"),
    ("rolling", "roll f5 6"),
    ("solo_fighting", "fail"),
)


def test_reference_situations_are_clean() -> None:
    """The real states, steps and views the corruptions start from break nothing."""
    situations = (
        exploring,
        fighting,
        beating,
        shopping,
        rolling,
        solo_fighting,
        over,
        with_machete,
    )
    for situation in situations:
        state = situation()
        game, checks = game_of(state)
        assert checks.state(state) == [], situation.__name__
        for seat in (*range(game.players), None, EVERYTHING):
            assert checks.view(state, seat, game.view(state, seat)) == [], situation.__name__
    for name, text in REAL_STEPS:
        real = act_on(globals()[name](), text)
        assert step_check(*real) == [] and game_of(real[2])[1].state(real[2]) == [], text
    for real in (machete_step(), chance_step(until("first")), chance_step(deal(two()[0]))):
        assert step_check(*real) == [], str(real[1])


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_check_reports_its_corruption(name: str) -> None:
    """The corrupted state, step or view the case names is reported, by a message saying what
    broke."""
    expected, check = CASES[name]
    found = check()
    assert any(expected in message for message in found), found
