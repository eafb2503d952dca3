# ruff: noqa: N802
"""Every 20 Strong game ends: the length bound each deck derives from its rules, and seeded
games of both bots that stay within it (the lab and the fuzzer flag any game past it)."""

from __future__ import annotations

import pytest

from gamehall.core.game import LengthBound
from gamehall.core.registry import create
from gamehall.games.twenty_strong.deck import CONFLICT_ROUNDS
from gamehall.games.twenty_strong.decks import DECKS
from gamehall.lab.grid import Config
from gamehall.lab.play import play_game

GAMES = 12
"""Seeded games per deck, bot and rank (the full grids are `make stalls`, docs/balance.md)."""


def test_TMB_END_2_the_bound_counts_thirteen_battles_of_engagements() -> None:
    """TMB-END-2, TMB-BATTLE-3: the Tyrant by day 12, one battle a day, a battle not won goes
    on with another Engagement: 13 battles of CONFLICT_ROUNDS Engagements."""
    game = create("20-strong", 1, {"deck": "too-many-bones"})
    assert game.length_bound() == LengthBound("engagements", 13 * CONFLICT_ROUNDS)
    assert game.length(game.initial_state()) == 0


def test_VIC_PRIM_3_the_bound_counts_the_camps_and_each_conflict() -> None:
    """VIC-PRIM-3, VIC-RANK-2: 54 camp cards, then a conflict per primus (3 + rank − 1) and
    the scion's."""
    for rank, conflicts in ((1, 4), (5, 8)):
        game = create("20-strong", 1, {"deck": "victorum", "rank": rank})
        assert game.length_bound() == LengthBound("rounds", 54 + conflicts * CONFLICT_ROUNDS)


@pytest.mark.parametrize("deck", ["too-many-bones", "victorum"])
@pytest.mark.parametrize("bot", ["heuristic", "random"])
@pytest.mark.parametrize("rank", ["1", "3"])
def test_seeded_games_end_within_the_bound(deck: str, bot: str, rank: str) -> None:
    """Seeded games of every hero (each against a boss in turn) end, none stalled, each
    within its bound."""
    heroes = [code for code, _ in DECKS[deck].menu("hero")]
    bosses = [code for code, _ in DECKS[deck].menu("boss")]
    for index in range(GAMES):
        hero, boss = heroes[index % len(heroes)], bosses[index % len(bosses)]
        options = {"deck": deck, "hero": hero, "boss": boss, "rank": rank}
        config = Config("20-strong", 1, (bot,), tuple(sorted(options.items())))
        played = play_game(config, 4000 + index)
        assert played["reason"] != "stalled", (options, played.get("stall"))
        game = create("20-strong", 1, options)
        bound = game.length_bound()
        assert bound is not None and played["length_units"] <= bound.limit
