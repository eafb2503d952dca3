# ruff: noqa: N802
"""How long a Boss Quest game lasts, in rounds (``length_bound`` and ``length``; house ruling
BQ-R26; clauses BQ-END-1, BQ-END-2 and BQ-ROUND-7 in docs/rules/boss-quest.md).

The rules end the game after the combat in which a knight reaches the key target (BQ-END-1)
or loses the last of three hearts (BQ-END-2), and set no round limit (BQ-ROUND-7): at most
n × (K − 1 + 2) + 1 rounds can give or take a key or a heart, and the bound allows three
rounds that change nothing for each of them.
"""

from __future__ import annotations

import pytest

from gamehall.bots import make_bot
from gamehall.core.game import LengthBound
from gamehall.core.match import Match
from gamehall.games.boss_quest import BossQuest
from tests.boss_quest.scenario import Scenario

HEARTS = 3
KEYS = {2: 5, 3: 5, 4: 5, 5: 4}  # BQ-END-1


def counting_rounds(players: int) -> int:
    """The rounds that can give a key or take a heart, the last one included."""
    return players * (KEYS[players] - 1 + HEARTS - 1) + 1


@pytest.mark.parametrize(("players", "limit"), [(2, 52), (3, 76), (4, 100), (5, 104)])
def test_BQ_END_1_the_bound_is_what_the_key_target_and_the_hearts_give(players, limit):
    """BQ-END-1, BQ-END-2: the bound is four times the rounds that can count (one that
    counts and three that change nothing), whatever the spell options."""
    assert 4 * counting_rounds(players) == limit
    choices: list[dict[str, object]] = [
        {},
        {"spells_per_round": 1, "mystery": False},
        {"spells_per_round": 10},
    ]
    for options in choices:
        assert BossQuest(players, options).length_bound() == LengthBound("rounds", limit)


def test_BQ_ROUND_7_length_counts_the_rounds_begun():
    """BQ-ROUND-7: ``length`` is 0 before the first boss, then the number of the round in
    play; a round's combat does not count the next one until it begins."""
    sc = Scenario(3)
    assert sc.game.length(sc.state) == 0
    sc.start(2, 17, ("hp+1", "atk+1", "cancel"), ("R1", "B1", "G1"), ("R2", "B2", "G2"))
    assert sc.game.length(sc.state) == 1
    sc.play("discard 3", "discard 2", "discard 1")  # combat: round 2's boss is next
    assert sc.state.last_combat is not None and sc.game.length(sc.state) == 2


@pytest.mark.parametrize("bot", ["random", "heuristic"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_BQ_ROUND_7_seeded_bot_games_stay_well_below_the_bound(bot, players):
    """BQ-ROUND-7, BQ-END-1, BQ-END-2: sixty seeded games of random or heuristic knights all
    end below the bound (``length`` is the round of the last combat); in each, the rounds
    that gave a key or took a heart are never more than the rules allow, and the other
    rounds are few."""
    game = BossQuest(players)
    limit = game.length_bound().limit
    longest, idle, rounds = 0, 0, 0
    for seed in range(60):
        match = Match(game, seed, [make_bot(bot, game.name) for _ in range(players)])
        match.play_out()
        final = match.state
        assert final.last_combat is not None
        assert game.length(final) == final.last_combat.round < limit
        combats = [
            after.last_combat
            for before, after in zip(match.states, match.states[1:], strict=False)
            if after.last_combat is not before.last_combat
        ]
        assert len(combats) == game.length(final)
        counted = [c for c in combats if c and any(r.keys_gained or r.heart_lost for r in c.seats)]
        assert len(counted) <= counting_rounds(players)
        longest = max(longest, game.length(final))
        idle += len(combats) - len(counted)
        rounds += len(combats)
    assert longest * 3 < limit
    assert idle * 10 < rounds  # rounds that change nothing are rare
