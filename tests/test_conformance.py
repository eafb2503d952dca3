"""The contract every registered game must keep, checked by seeded random play."""

from __future__ import annotations

import json
import pickle
import random
from collections.abc import Iterable
from typing import Any

import pytest

from gamehall.bots import make_bot
from gamehall.core.chance import make_rng, sample
from gamehall.core.errors import IllegalActionError
from gamehall.core.game import CHANCE, Game
from gamehall.core.match import Match
from gamehall.core.record import Record, replay
from gamehall.core.registry import create, games
from tests.leaks import LEAK_CHECKS, resampled_views_agree

MAX_STEPS = 20_000
VARIANTS: dict[str, list[dict[str, Any]]] = {"20-strong": [{}, {"deck": "victorum"}]}
"""Options that make a different game of one name (20 Strong's decks)."""
CONFIGS = [
    pytest.param(game.name, players, options, id=f"{game.name}-{players}-{options}")
    for game in games()
    for players in range(game.min_players, game.max_players + 1)
    for options in VARIANTS.get(game.name, [{}])
]


def random_game(game: Game[Any], seed: int) -> tuple[list[Any], list[Any]]:
    """States and actions of one random game."""
    return random_line(game, game.initial_state(), make_rng(seed, "test"))


def random_line(game: Game[Any], state: Any, rng: random.Random) -> tuple[list[Any], list[Any]]:
    """States and actions from ``state`` to the end, random legal actions, every one checked."""
    states: list[Any] = [state]
    actions: list[Any] = []
    for _ in range(MAX_STEPS):
        mover = game.to_move(state)
        if mover is None:
            return states, actions
        if mover == CHANCE:
            action = sample(game.chance_weights(state), rng)
        else:
            legal = game.legal_actions(state)
            action = legal[int(rng.random() * len(legal))]
        state = game.apply(state, action)
        states.append(state)
        actions.append(action)
    raise AssertionError(f"the game did not end within {MAX_STEPS} steps")


def assert_notation_round_trips(game: Game[Any], actions: Iterable[Any], where: str) -> None:
    """``parse_action(str(a)) == a`` for every action of ``actions``."""
    for action in actions:
        assert game.parse_action(str(action)) == action, f"{where}: notation of {action!r}"


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS)
def test_random_play_keeps_the_contract(name: str, players: int, options: dict[str, Any]) -> None:
    """Legal actions, chance odds, notation, illegal actions and views over many seeds."""
    game_class = next(g for g in games() if g.name == name)
    game = game_class(players, options)
    leak_check = LEAK_CHECKS.get(name, resampled_views_agree)  # a plug-in game: the generic
    rng = random.Random(f"{name}{players}")
    seen_actions: list[Any] = []
    for seed in range(12):
        states, actions = random_game(game, seed)
        assert game.outcome(states[-1]) is not None
        # A second instance of the same game, made by the registry, replays the same actions
        # in step: its states must equal the first game's, and so must what it answers.
        twin = create(name, players, options)
        assert twin is not game
        twin_state = twin.initial_state()
        for step, (state, action) in enumerate(zip(states, actions, strict=False)):
            where = f"seed {seed}, step {step}"
            assert twin_state == state and twin_state is not state, f"{where}: replay differs"
            mover = game.to_move(state)
            assert twin.to_move(twin_state) == mover
            # Notation round-trips for the action taken (chance outcomes included) and below
            # for every legal action and every chance outcome.
            assert game.parse_action(str(action)) == action
            if mover == CHANCE:
                outcomes = game.chance_outcomes(state)
                assert outcomes and sum(p for _, p in outcomes) == 1
                assert all(p > 0 for _, p in outcomes) and game.legal_actions(state) == ()
                assert twin.chance_outcomes(twin_state) == outcomes, f"{where}: chance odds"
                assert_notation_round_trips(game, (a for a, _ in outcomes), where)
                twin_state = twin.apply(twin_state, action)
                continue
            legal = list(game.legal_actions(state))
            assert legal, "a seat to move must have a legal action"
            assert list(twin.legal_actions(twin_state)) == legal, (
                f"{where}: legal actions must be deterministic (same list, same order)"
            )
            assert len(set(map(str, legal))) == len(legal)
            assert_notation_round_trips(game, legal, where)
            seen_actions.extend(legal)
            # Illegal actions are refused with a reason and leave the state unchanged.
            snapshot = pickle.dumps(state)
            for candidate in rng.sample(seen_actions, min(6, len(seen_actions))):
                if candidate in legal:
                    continue
                with pytest.raises(IllegalActionError) as error:
                    game.apply(state, candidate)
                assert str(candidate) in str(error.value) and len(str(error.value)) > 10
            assert pickle.dumps(state) == snapshot
            twin_state = twin.apply(twin_state, action)
        assert twin_state == states[-1] and twin.outcome(twin_state) == game.outcome(states[-1])
        # Views: JSON-ready, fresh, and free of other seats' secrets.
        for state in [*states[:: max(1, len(states) // 25)], states[-1]]:
            for seat in [None, *range(players)]:
                view = game.view(state, seat)
                json.dumps(view)
                view.clear()
                assert game.view(state, seat), "a view must be a fresh value on every call"
                assert leak_check(game, state, seat, game.view(state, seat)) == []


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS)
def test_same_seed_same_game_and_replay_is_exact(
    name: str, players: int, options: dict[str, Any]
) -> None:
    """A seeded match repeats exactly, and its record replays to the same states."""
    game_class = next(g for g in games() if g.name == name)
    game = game_class(players, options)
    for seed in (1, 2, 3):
        bots = [make_bot("random", name) for _ in range(players)]
        first = Match(game, seed, bots)
        first.play_out(MAX_STEPS)
        second = Match(game, seed, bots)
        second.play_out(MAX_STEPS)
        assert first.actions == second.actions
        record = Record.from_json(json.loads(json.dumps(Record.of(first).to_json())))
        replayed = replay(record)
        assert replayed.states == first.states
        assert replayed.outcome() == first.outcome()


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS)
def test_states_are_values(name: str, players: int, options: dict[str, Any]) -> None:
    """Applying an action never changes an earlier state."""
    game_class = next(g for g in games() if g.name == name)
    game = game_class(players, options)
    states, actions = random_game(game, 7)
    snapshots = [pickle.dumps(s) for s in states]
    for state, action in zip(states, actions, strict=False):
        game.apply(state, action)
    assert [pickle.dumps(s) for s in states] == snapshots
