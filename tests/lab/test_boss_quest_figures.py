"""Boss Quest's lab figures (``gamehall.games.boss_quest.figures``) read off seeded bot games.

The checks recount what the figures say from the action notation alone (``boss 17``,
``spell hp+1``, ``activate 2``), from the outcome and from the final state, so a figure read
wrongly off the engine disagrees with the log.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from typing import Any

import pytest

from gamehall.bots import make_bot
from gamehall.core.match import Match
from gamehall.core.registry import create
from gamehall.games.boss_quest import BossQuest
from gamehall.games.boss_quest.figures import BossQuestFigures

SEEDS = range(12)
LINEUPS = {
    "heuristic": ("heuristic", "heuristic", "heuristic"),
    "random": ("random", "random", "random"),
    "mixed": ("heuristic", "random", "heuristic"),
}


FIGURES = BossQuestFigures()


@cache
def _game() -> BossQuest:
    game = create("boss-quest", 3, {})
    assert isinstance(game, BossQuest)
    return game


@cache
def _played(lineup: str, seed: int) -> Match:
    game = _game()
    match = Match(game, seed, [make_bot(kind, game.name) for kind in LINEUPS[lineup]])
    match.play_out(20_000)
    return match


def _line(match: Match) -> dict[str, Any]:
    """The game's line as the lab writes it: the outcome's keys and the figures read."""
    outcome = match.outcome()
    assert outcome is not None
    return {"seed": match.seed, **outcome.to_json(), **FIGURES.read(match.game, match)}


def _casts_by_notation(match: Match) -> list[tuple[str, int]]:
    """Each ``activate N`` with the code of the Nth spell laid out since the last boss."""
    layout: list[str] = []
    casts = []
    for action, mover in zip(match.actions, match.movers, strict=True):
        verb, _, argument = str(action).partition(" ")
        if verb == "boss":
            layout = []
        elif verb == "spell":
            layout.append(argument)
        elif verb == "activate":
            casts.append((layout[int(argument) - 1], mover))
    return casts


GAMES = [(lineup, seed) for lineup in LINEUPS for seed in SEEDS]
played = pytest.mark.parametrize(("lineup", "seed"), GAMES)


@played
def test_read_gives_exactly_the_figures_as_json(lineup: str, seed: int) -> None:
    """read() gives spells, casters, rounds and keys, one entry per spell code of the cards."""
    match = _played(lineup, seed)
    figures = FIGURES.read(match.game, match)
    assert set(figures) == {"spells", "casters", "rounds", "keys"}
    codes = {spell.code for spell in _game().cards.spells}
    assert set(figures["spells"]) == codes == set(figures["casters"])
    assert all(set(v) == {"cast", "cast_by_winner"} for v in figures["spells"].values())
    assert json.loads(json.dumps(figures)) == figures


@played
def test_casts_are_the_activations_in_the_log(lineup: str, seed: int) -> None:
    """A cast is an activation at the magician (BQ-MAGE-1), the mystery spell included
    (BQ-MYST-3); the spell is the one laid out in that slot this round (BQ-SETUP-3)."""
    match = _played(lineup, seed)
    figures = FIGURES.read(match.game, match)
    activations = sum(str(action).startswith("activate ") for action in match.actions)
    assert sum(v["cast"] for v in figures["spells"].values()) == activations
    by_notation = _casts_by_notation(match)
    assert Counter(code for code, _ in by_notation) == Counter(
        {code: v["cast"] for code, v in figures["spells"].items() if v["cast"]}
    )
    casters = {code: Counter(seats) for code, seats in figures["casters"].items() if seats}
    assert casters == {
        code: Counter(seat for c, seat in by_notation if c == code) for code, _ in by_notation
    }


@played
def test_no_spell_is_cast_more_often_than_it_was_laid_out(lineup: str, seed: int) -> None:
    """Only a spell laid out at the magician can be activated, once (BQ-SETUP-3, BQ-MAGE-5)."""
    match = _played(lineup, seed)
    laid_out = Counter(str(a).split()[1] for a in match.actions if str(a).startswith("spell "))
    for code, spell in FIGURES.read(match.game, match)["spells"].items():
        assert spell["cast"] <= laid_out[code]


@played
def test_casts_by_winners_are_the_winners_casts(lineup: str, seed: int) -> None:
    """cast_by_winner counts the casts of the seats that won (BQ-END-3), never more than cast."""
    match = _played(lineup, seed)
    line = _line(match)
    for code, spell in line["spells"].items():
        seats = line["casters"][code]
        assert len(seats) == spell["cast"]
        assert spell["cast_by_winner"] <= spell["cast"]
        assert spell["cast_by_winner"] == sum(seat in line["winners"] for seat in seats)


@played
def test_keys_and_rounds_match_the_outcome_and_log(lineup: str, seed: int) -> None:
    """Final keys are the outcome's scores (BQ-END-1, BQ-ROUND-6); every round reveals one
    boss (BQ-ROUND-1), so the rounds are the ``boss`` outcomes of the log."""
    match = _played(lineup, seed)
    figures = FIGURES.read(match.game, match)
    outcome = match.outcome()
    assert outcome is not None
    assert figures["keys"] == [int(score) for score in outcome.scores] == list(match.state.keys)
    if outcome.reason == "keys-target":
        assert max(figures["keys"]) >= _game().keys_to_win
    assert figures["rounds"] == sum(str(a).startswith("boss ") for a in match.actions)


@played
def test_standing_leaders_at_the_end_are_the_winners(lineup: str, seed: int) -> None:
    """Most keys wins (BQ-END-3), then most hearts (BQ-END-4), ties share (BQ-END-5): the
    leaders of the final standing are exactly the winners, whatever ended the game."""
    match = _played(lineup, seed)
    standing = FIGURES.standing(match.game, match.state)
    leaders = {seat for seat, value in enumerate(standing) if value == max(standing)}
    outcome = match.outcome()
    assert outcome is not None
    assert leaders == set(outcome.winners)


def test_standing_puts_a_knight_without_hearts_last() -> None:
    """A knight who lost their last heart lost the game (BQ-END-2) even with the most keys;
    hearts break a tie on keys (BQ-END-4) but never outweigh a key."""
    game = _game()
    state = _played("random", 0).state.evolve()
    state.keys, state.hearts = (5, 4, 4), (0, 1, 3)
    assert FIGURES.standing(game, state) == [5 - 1000.0, 4.25, 4.75]
    state.keys, state.hearts = (2, 1, 2), (1, 3, 1)
    standing = FIGURES.standing(game, state)
    assert standing[0] == standing[2] > standing[1]


@pytest.mark.parametrize("lineup", list(LINEUPS))
def test_summary_of_one_game_is_that_game(lineup: str) -> None:
    """Summed over one game: cast_per_game is its casts, games_with 0 or 1, rounds its rounds."""
    line = _line(_played(lineup, 3))
    summary = FIGURES.summarize([line])
    assert set(summary) == {"spells", "rounds"}
    assert list(summary["spells"]) == sorted(line["spells"])
    for code, spell in summary["spells"].items():
        cast = line["spells"][code]["cast"]
        assert spell["cast_per_game"] == cast
        assert spell["games_with"] == (cast > 0)
        assert (spell["win_rate_of_caster"] is None) == (cast == 0)
    assert summary["rounds"]["mean"] == summary["rounds"]["max"] == line["rounds"]


def _hand_line(players: int, winners: list[int], casters: list[int], rounds: int) -> dict[str, Any]:
    """A game line with only what summarize reads: ``hp+1`` cast by ``casters``."""
    return {
        "winners": winners,
        "keys": [0] * players,
        "rounds": rounds,
        "spells": {
            "hp+1": {"cast": len(casters), "cast_by_winner": 0},
            "pair": {"cast": 0, "cast_by_winner": 0},
        },
        "casters": {"hp+1": casters, "pair": []},
    }


def test_effect_of_hand_made_games() -> None:
    """Casting seats (0, 2) of a 3-knight game won by 0, and seat 2 of a 4-knight game won
    by 1 and 2 together: (1 + 0 + 1/2) / 3 = 1/2, fair share (1/3 + 1/4) / 2 = 7/24."""
    games = [_hand_line(3, [0], [0, 0, 2], 6), _hand_line(4, [1, 2], [2], 8)]
    summary = FIGURES.summarize(games)
    assert list(summary["spells"]) == ["hp+1", "pair"]
    hp = summary["spells"]["hp+1"]
    assert hp["cast_per_game"] == 2
    assert hp["games_with"] == 2
    assert hp["win_rate_of_caster"] == pytest.approx(1 / 2)
    assert hp["effect"] == pytest.approx(1 / 2 - 7 / 24)
    assert summary["spells"]["pair"] == {
        "cast_per_game": 0.0,
        "games_with": 0,
        "win_rate_of_caster": None,
        "effect": None,
    }
    assert summary["rounds"]["mean"] == 7
