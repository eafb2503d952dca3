# ruff: noqa: N802  (test names carry clause IDs such as ATT_END_2 in capitals)
"""The length bound of Ancient Terrible Things (``Game.length_bound`` and ``Game.length``, in
turns): the most turns the rules let a game last, which the lab and the fuzzer use to flag a
game stuck in a loop.

By the rules: the deck holds 3 x per_tier encounters (ATT-R2: per_tier = 2 x locations), each
reveal lays one beside each of the L locations (ATT-REVEAL-2), so six boards are laid; the
turn after the last board is cleared cannot reveal and ends the game (ATT-END-2). Every other
turn resolves one encounter (ATT-TURN-1, ATT-RES-10, -11) but for a turn its player left by
resigning (ATT-R16), and solo the rival claims one more after each turn (ATT-R1).
"""

from __future__ import annotations

import math
from typing import Any

import pytest

from gamehall.bots import make_bot
from gamehall.core.game import CHANCE
from gamehall.core.match import Match
from gamehall.games.ancient_terrible_things.rules import AncientTerribleThings
from gamehall.games.ancient_terrible_things.setup import LOCATIONS
from gamehall.games.ancient_terrible_things.state import EXPLORE


def longest(players: int, locations: int) -> int:
    """The most turns, worked out from the setup numbers as the module docstring says."""
    per_tier = 2 * locations  # ATT-R2
    boards = 3 * per_tier // locations
    if players == 1:
        return boards * math.ceil(locations / 2) + 1  # each turn the player and the rival
    return boards * locations + 1 + (players - 2)  # n - 2 resignations let the game go on


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("locations", [0, 2, 4, 5, 6])
def test_ATT_END_2_the_bound_is_the_turns_the_setup_allows(players: int, locations: int) -> None:
    """ATT-END-2, ATT-REVEAL-2, ATT-R1, ATT-R2, ATT-R16: the bound, in turns, for every player
    count and number of locations (0: the default by player count), is the count the setup
    numbers give: 6L + n - 1 turns with n players (6L resolutions, the turn that cannot
    reveal, n - 2 turns left by a resignation), 6 ceil(L/2) + 1 solo."""
    if 0 < locations < players:
        pytest.skip("fewer locations than players is refused (ATT-R13)")
    game = AncientTerribleThings(players, {"locations": locations})
    places = locations or LOCATIONS[players]
    bound = game.length_bound()
    assert bound.unit == "turns"
    assert bound.limit == longest(players, places)
    assert game.length(game.initial_state()) == 0


@pytest.mark.parametrize(("players", "locations"), [(1, 4), (1, 3), (2, 2), (2, 4), (4, 4)])
def test_ATT_END_2_a_game_that_fights_every_encounter_reaches_the_bound(
    players: int, locations: int
) -> None:
    """ATT-END-2, ATT-R16: with a supply larger than the deck (30 Terrible Things, so the
    game cannot end by ATT-END-1) heuristic bots fight every encounter and the game ends at
    the reveal that cannot fill the board, in exactly the bound's turns; with four players
    the bound is reached when two seats resign in their own turns, each leaving a turn
    unresolved."""
    game = AncientTerribleThings(players, {"locations": locations, "supply": 30})
    match = Match(game, 7, [make_bot("heuristic", game.name) for _ in range(players)])
    left = list(range(players))
    while not match.is_over():
        state = match.state
        if len(left) > 2 and state.step == EXPLORE and state.turn > 3 and state.active in left:
            match.resign(state.active)  # an explore step: the turn ends unresolved
            left.remove(state.active)
        elif match.to_move() == CHANCE:
            match.step_chance()
        else:
            match.step_bot()
    outcome = match.outcome()
    assert outcome is not None and outcome.reason == "locations-cannot-be-filled"
    assert game.length(match.state) == game.length_bound().limit


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_ATT_TURN_1_seeded_bot_games_stay_within_the_bound(players: int) -> None:
    """ATT-TURN-1, ATT-END-1, ATT-END-2: seeded games of random bots and of heuristic bots,
    with the default setup, the most locations and Terrible Things, and the fewest, never
    last more turns than the bound, and every turn counted is a turn begun."""
    configs: list[dict[str, Any]] = [{}, {"locations": 6, "supply": 30}, {"supply": 1}]
    played = 0
    for options in configs:
        game = AncientTerribleThings(players, options)
        limit = game.length_bound().limit
        for kind, seeds in (("random", range(6)), ("heuristic", range(3))):
            for seed in seeds:
                match = Match(game, seed, [make_bot(kind, game.name) for _ in range(players)])
                match.play_out()
                turns = game.length(match.state)
                assert 1 <= turns <= limit, (options, kind, seed, turns, limit)
                assert turns == match.state.turn == max(s.turn for s in match.states)
                played += 1
    assert played == 27
