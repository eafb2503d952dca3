"""Undo never teaches (issue 22, item 3): an action may be taken back only if what its seat
sees after it cannot depend on what the seat does not know, and at a physical copy the
outcomes offered to a seat for entry never depend on it either.

The checks here compare the true state with many fresh look-alikes (``Game.resample``, drawn
from another generator than the one the undo policy decides with), so they find what the
policy's own look-alikes might have missed.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Callable, Iterator
from itertools import pairwise
from typing import Any

import pytest

from gamehall.core.chance import make_rng
from gamehall.core.companion import ENTRY_SAMPLES, ChanceEntry, possible_outcomes
from gamehall.core.errors import UndoError
from gamehall.core.game import CHANCE, Action, Game
from gamehall.core.i18n import Text
from gamehall.core.match import Match
from gamehall.core.peeking import shows_something
from gamehall.core.registry import create
from gamehall.games.boss_quest.state import EVERYONE
from tests.boss_quest.scenario import Scenario
from tests.test_conformance import random_game

FRESH = 200
"""Fresh look-alikes each allowed undo is checked against."""

GAMES = [
    # (game, players, options, seeds, share of decisions checked): every game, every count
    *[pytest.param("boss-quest", n, {}, 3 - n // 4, 1.0, id=f"bq-{n}") for n in range(2, 6)],
    *[
        pytest.param("ancient-terrible-things", n, {}, 1, share, id=f"att-{n}")
        for n, share in ((1, 1.0), (2, 0.3), (3, 0.2), (4, 0.15))
    ],
    pytest.param("20-strong", 1, {"deck": "too-many-bones"}, 1, 0.5, id="20-strong-tmb"),
    pytest.param("20-strong", 1, {"deck": "victorum"}, 2, 1.0, id="20-strong-victorum"),
]


def seen_after(game: Game[Any], before: Any, action: Action, seat: int) -> tuple[Any, ...]:
    """What ``seat`` sees once ``action`` is applied to ``before``: its view, its log lines,
    who moves next and its legal actions if that is the seat."""
    after = game.apply(before, action)
    mover = game.to_move(after)
    legal = list(game.legal_actions(after)) if mover == seat else []
    return game.view(after, seat), game.describe(before, action, after, seat), mover, legal


def assert_shows_nothing(
    game: Game[Any], before: Any, action: Action, seat: int, rng: random.Random
) -> None:
    """What ``seat`` sees after ``action`` is the same for the true state and each of
    :data:`FRESH` look-alikes."""
    truth = seen_after(game, before, action, seat)
    for _ in range(FRESH):
        lookalike = game.resample(before, seat, rng)
        if lookalike is before:
            return  # the seat knows every secret: the truth is its only look-alike
        assert seen_after(game, lookalike, action, seat) == truth, (
            f"undoing {action} by seat {seat + 1} was allowed, but what it shows depends on "
            "what the seat cannot see"
        )


def play(game: Game[Any], seed: int, decide: Callable[[Match, int, Action], None]) -> None:
    """One seeded random game through a :class:`Match`: random legal actions, chance from
    the match's generator; ``decide(match, seat, action)`` is called after each decision."""
    match, moves = Match(game, seed), make_rng(seed, "test/moves")
    while (mover := match.to_move()) is not None:
        if mover == CHANCE:
            match.step_chance()
            continue
        legal = game.legal_actions(match.state)
        action = legal[int(moves.random() * len(legal))]
        match.submit(mover, action)
        decide(match, mover, action)


@pytest.mark.parametrize(("name", "players", "options", "seeds", "share"), GAMES)
def test_no_undoable_action_shows_anything(
    name: str, players: int, options: dict[str, Any], seeds: int, share: float
) -> None:
    """In seeded random games of every game and player count, every action the undo policy
    lets its seat take back shows that seat the same view, log and legal actions in the true
    state and in 200 fresh look-alikes; and undoing it gives back the state before."""
    game = create(name, players, options)
    verdicts: Counter[str] = Counter()
    pick = random.Random(f"{name}/{players}")

    def check(match: Match, seat: int, action: Action) -> None:
        if pick.random() >= share:
            return
        before = match.states[-2]
        reason = match.undo_blocker(seat)
        verdicts[reason.key if reason else "allowed"] += 1
        if reason is None:
            assert_shows_nothing(game, before, action, seat, make_rng(len(match.actions), "fresh"))
            assert match.undo(seat) == action and match.state is before
            match.submit(seat, action)

    for seed in range(seeds):
        play(game, seed, check)
    assert verdicts["allowed"] >= 20  # the games did exercise undo


def test_whether_an_undo_is_allowed_depends_only_on_what_the_seat_knows() -> None:
    """The policy's verdict on a Boss Quest action is the same when the true state is
    replaced by any look-alike of it: a refusal tells the seat nothing about the truth."""
    game = create("boss-quest", 3, {})
    verdicts: Counter[bool] = Counter()

    def check(match: Match, seat: int, action: Action) -> None:
        before, step = match.states[-2], len(match.actions)
        verdict = shows_something(game, before, action, seat, make_rng(match.seed, f"undo/{step}"))
        verdicts[verdict] += 1
        twins = make_rng(step, "twins")
        for _ in range(2):
            twin = game.resample(before, seat, twins)
            rng = make_rng(match.seed, f"undo/{step}")
            assert shows_something(game, twin, action, seat, rng) == verdict

    for seed in range(2):
        play(game, seed, check)
    assert verdicts[True] and verdicts[False]


# -- directed Boss Quest cases --------------------------------------------------------------


def match_along(game: Game[Any], states: list[Any], actions: list[Action]) -> Match:
    """A match of people that has played ``actions`` (taking ``states[0]`` through them)."""
    match = Match(game, 7)
    for before, action, after in zip(states, actions, states[1:], strict=False):
        mover = game.to_move(before)
        assert mover is not None
        match.push(after, action, mover)
    return match


def scenario_match(scenario: Scenario) -> Match:
    """A match of people that has played the scenario's history."""
    game, history = scenario.game, scenario.history
    return match_along(game, history, [_action_between(game, *pair) for pair in pairwise(history)])


def _action_between(game: Game[Any], before: Any, after: Any) -> Action:
    mover = game.to_move(before)
    candidates = possible_outcomes(game, before) if mover == CHANCE else game.legal_actions(before)
    return next(a for a in candidates if game.apply_legal(before, a).fields() == after.fields())


def test_an_hp_spell_that_makes_another_knight_announce_over_cannot_be_undone() -> None:
    """Seat 2 lowers the boss's HP from 14 to 12: seat 3 (a hidden weapon seat 2 does not
    know, G6 in sight) now announces "over", which tells seat 2 that weapon is a 7. The
    game's own list (``reveals``) let this be undone; the generic check refuses it."""
    scenario = Scenario(3).start(
        armorer=0,
        boss=14,
        spells=("hp-2", "atk+1", "cancel"),
        hidden=["R1", "B1", "G7"],
        visible=["R2", "B2", "G6"],
    )
    match = scenario_match(scenario)
    assert match.to_move() == 1
    activate = scenario.game.parse_action("activate 1")
    assert not scenario.game.reveals(match.state, activate)
    match.submit(1, activate)
    assert match.view(1)["players"][2]["over"]
    assert match.undo_blocker(1) == Text("core.undo.may_show")
    with pytest.raises(UndoError, match="may depend on what you cannot see"):
        match.undo(1)
    assert match.actions[-1] == activate


def test_drawing_a_top_card_only_another_knight_knew_cannot_be_undone() -> None:
    """After a deck swap, the weapon on top of the deck is known to the knight who put it
    there; another knight who asks draws it without a chance step: the old policy let the ask
    be undone (the card seen, then given back), the generic check refuses it."""
    game = create("boss-quest", 3, {})
    found = 0
    for seed in range(60):
        states, actions = random_game(game, seed)
        for n, (before, action) in enumerate(zip(states, actions, strict=False)):
            seat = game.to_move(before)
            knowers = {knower for _, knower in before.deck_top}
            if str(action).startswith("ask") and seat is not None and knowers - {EVERYONE, seat}:
                match = match_along(game, states[: n + 1], actions[:n])
                match.submit(seat, action)
                assert not game.reveals(before, action)
                assert match.undo_blocker(seat) == Text("core.undo.may_show")
                found += 1
    assert found >= 2


def test_asking_for_weapons_is_refused_once_the_draw_is_made() -> None:
    """An ordinary ask shows nothing by itself (undo is allowed while the draw is due, at a
    physical table), but the draw that follows is chance: once made, undo is refused for that
    reason."""
    scenario = Scenario(3).start(armorer=0, boss=17, hidden=["R1", "B1", "G1"])
    match = scenario_match(scenario)
    ask = scenario.game.parse_action("ask 1")
    match.submit(1, ask)
    assert match.to_move() == CHANCE and match.undo_blocker(1) is None
    match.step_chance()
    assert match.undo_blocker(1) == Text("core.undo.chance")


# -- physical copies: the outcomes offered for entry ---------------------------------------

PHYSICAL = [
    pytest.param("boss-quest", 3, {}, id="boss-quest-3"),
    pytest.param("boss-quest", 5, {}, id="boss-quest-5"),
    pytest.param("ancient-terrible-things", 3, {}, id="att-3"),
    pytest.param("20-strong", 1, {"deck": "too-many-bones"}, id="20-strong-tmb"),
    pytest.param("20-strong", 1, {"deck": "victorum"}, id="20-strong-victorum"),
]


def chance_nodes(game: Game[Any], seed: int) -> Iterator[Match]:
    """A seeded random game's match at each of its chance nodes, the chance drawn once the
    caller has looked (decisions uniform)."""
    match, moves = Match(game, seed), make_rng(seed, "test/moves")
    while (mover := match.to_move()) is not None:
        if mover == CHANCE:
            yield match
            match.step_chance()
        else:
            legal = game.legal_actions(match.state)
            match.submit(mover, legal[int(moves.random() * len(legal))])


def offered(match: Match, state: Any, seat: int) -> ChanceEntry:
    """The entry ``seat`` is offered at a physical table if ``state`` were the true state."""
    twin = copy.copy(match)
    twin.states = [*match.states[:-1], state]
    return twin.chance_entry(seat, widen=True)


@pytest.mark.parametrize(("name", "players", "options"), PHYSICAL)
def test_the_outcomes_offered_for_entry_are_the_same_for_the_truth_and_its_lookalikes(
    name: str, players: int, options: dict[str, Any]
) -> None:
    """At a physical table, the choices offered to the seat that enters an outcome (their
    keys, notations and labels) are the same for the true state and for two look-alikes of
    it, and the true outcome is among them."""
    game = create(name, players, options)
    match, checked, rng = Match(game, 3), 0, make_rng(3, "fresh")
    moves = make_rng(3, "test/moves")
    while (mover := match.to_move()) is not None:
        if mover != CHANCE:
            legal = game.legal_actions(match.state)
            match.submit(mover, legal[int(moves.random() * len(legal))])
            continue
        state, seat = match.state, match.entrants()[0]
        if moves.random() < 0.4 and len(possible_outcomes(game, state)) > 1:
            entry = match.chance_entry(seat, widen=True)
            for _ in range(2):
                assert offered(match, game.resample(state, seat, rng), seat) == entry
            assert set(possible_outcomes(game, state)) <= {c.action for c in entry.choices}
            checked += 1
        match.step_chance()
    assert checked >= 5


def test_a_spell_entry_no_longer_tells_which_spells_are_left_in_the_deck() -> None:
    """Where the hall's twelve look-alikes missed a spell kind the true deck holds, adding the
    true state's outcomes to the list (as it did) named that kind; the list now comes from
    look-alikes alone, so it is the same for the truth and for five look-alikes of it."""
    game = create("boss-quest", 4, {})
    for seed in range(60):
        for match in chance_nodes(game, seed):
            state, seat = match.state, match.entrants()[0]
            if str(possible_outcomes(game, state)[0]).startswith("spell"):
                truth = set(possible_outcomes(game, state))
                few = make_rng(match.seed, f"entry/{len(match.actions)}/{seat}")
                union = set()
                for _ in range(12):  # the twelve look-alikes the old widening drew
                    union |= set(possible_outcomes(game, game.resample(state, seat, few)))
                if not truth <= union:
                    entry = match.chance_entry(seat, widen=True)
                    twins = make_rng(seed, "twins")
                    for _ in range(5):
                        twin = game.resample(state, seat, twins)
                        assert offered(match, twin, seat) == entry
                    return
    pytest.fail(f"no spell entry the old widening named ({ENTRY_SAMPLES} look-alikes now)")


def test_who_enters_a_draw_does_not_tell_that_a_single_outcome_is_left() -> None:
    """Where the true spell deck leaves one kind to draw (so no seat's view depends on the
    draw), who sees it and who enters it are still those of the look-alikes, where several
    kinds may come: the entry offered is the same for the truth and five look-alikes."""
    game = create("boss-quest", 4, {})
    for seed in range(40, 400):
        for match in chance_nodes(game, seed):
            state, seat = match.state, match.entrants()[0]
            twins = make_rng(seed, "twins")
            twin = game.resample(state, seat, twins)
            single = len(possible_outcomes(game, state)) == 1
            several = game.to_move(twin) == CHANCE and len(possible_outcomes(game, twin)) > 1
            if single and several:
                entry = match.chance_entry(seat, widen=True)
                assert entry.seers, "a spell drawn in the open is seen by every seat"
                for _ in range(5):
                    lookalike = game.resample(state, seat, twins)
                    assert offered(match, lookalike, seat) == entry
                return
    pytest.fail("no draw with a single outcome left in these games")
