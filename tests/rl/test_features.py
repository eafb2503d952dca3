"""Observation features of every game: fixed size, bounded, and a function of the seat's view
only (two states the seat cannot tell apart encode the same)."""

from __future__ import annotations

import random

import pytest

from gamehall.core.features import HIGH, LOW
from gamehall.core.game import CHANCE
from tests.rl.configs import CONFIGS, IDS, configured, played


@pytest.mark.parametrize("index", range(len(CONFIGS)), ids=IDS)
def test_features_are_bounded_and_see_only_the_seats_view(index: int) -> None:
    game = configured(index)
    features = game.features()
    size = len(features.names)
    assert size == len(set(features.names)), "every feature has its own name"
    rng = random.Random(index)
    checked = 0
    for bots in ("random", "heuristic"):
        for match in played(game, range(3), bots):
            for state in match.states[::3]:
                mover = game.to_move(state)
                seats = range(game.players) if mover in (None, CHANCE) else [mover]
                for seat in seats:
                    vector = features.encode(state, seat)
                    assert len(vector) == size
                    assert all(LOW <= x <= HIGH for x in vector), [
                        (features.names[i], x) for i, x in enumerate(vector) if not LOW <= x <= HIGH
                    ]
                    if game.to_move(state) is None:
                        continue
                    twin = game.resample(state, seat, rng)
                    assert game.view(twin, seat) == game.view(state, seat)
                    twin_vector = features.encode(twin, seat)
                    leaked = [
                        name
                        for name, a, b in zip(features.names, vector, twin_vector, strict=True)
                        if a != b
                    ]
                    assert not leaked, leaked
                    checked += 1
    assert checked > 0


@pytest.mark.parametrize("index", range(len(CONFIGS)), ids=IDS)
def test_features_change_as_the_game_goes_on(index: int) -> None:
    """The vector is not constant: a game's states give many different vectors."""
    game = configured(index)
    features = game.features()
    match = next(played(game, range(1), "heuristic"))
    vectors = {tuple(features.encode(s, 0)) for s in match.states}
    assert len(vectors) > len(match.states) // 10
