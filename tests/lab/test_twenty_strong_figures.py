"""20 Strong's lab figures (``gamehall.games.twenty_strong.figures``) read off seeded heuristic
games.

The checks recount what the figures say from what they do not read: the actions taken
(``resolve``, ``apply``, the healing ones), the outcome, the card table and the modifiers in
force, so a figure read wrongly off the states disagrees with the game's own record.
"""

from __future__ import annotations

from contextlib import suppress
from functools import cache
from itertools import pairwise
from typing import Any

import pytest

from gamehall.bots import make_bot
from gamehall.core.match import Match, StalledError
from gamehall.core.outcome import Outcome
from gamehall.core.registry import create
from gamehall.games.twenty_strong.actions import Apply, Resolve
from gamehall.games.twenty_strong.effects import modifiers, total
from gamehall.games.twenty_strong.figures import TwentyStrongFigures
from gamehall.games.twenty_strong.rules import TwentyStrong
from gamehall.games.twenty_strong.state import Active, State
from gamehall.lab.grid import Config
from gamehall.lab.play import configured, play_game
from gamehall.lab.stats import distribution

FIGURES = TwentyStrongFigures()
KEYS = ("rounds", "damage_taken", "health", "cards")
DECKS = ("too-many-bones", "victorum")
SEEDS = range(6)
STEPS = 2_500
"""Steps a test game may take: one still running then is cut there (stalled), and its
figures are read all the same, as the lab reads a stalled game's."""
HEALING = frozenset({"rest", "bonus", "use", "ability", "take", "peaceful", "backup"})
"""The actions that may raise Health: resting (TMB-REST-1), a spectate bonus (VIC-SPEC-3),
items, abilities, instant rewards, a Mohlnor's peaceful option, the backup plan."""


def _config(deck: str) -> Config:
    return Config("20-strong", 1, ("heuristic",), (("deck", deck),))


def _game(deck: str) -> TwentyStrong:
    game = configured(_config(deck))
    assert isinstance(game, TwentyStrong)
    return game


@cache
def _games(deck: str) -> tuple[Match, ...]:
    """The heuristic games of ``SEEDS``, each played out or cut after ``STEPS`` steps."""
    game = _game(deck)
    matches = []
    for seed in SEEDS:
        match = Match(game, seed, [make_bot("heuristic", game.name)])
        with suppress(StalledError):
            match.play_out(STEPS)
        matches.append(match)
    return tuple(matches)


def _finished(deck: str) -> list[tuple[Match, Outcome]]:
    """The games of ``deck`` that ended, with their outcome."""
    ended = [(match, match.outcome()) for match in _games(deck)]
    return [(match, outcome) for match, outcome in ended if outcome is not None]


def _read(match: Match) -> dict[str, Any]:
    return FIGURES.read(match.game, match)


def _line(match: Match, outcome: Outcome) -> dict[str, Any]:
    """The game's line as the lab writes it: the outcome's keys and the figures read."""
    return {"seed": match.seed, **outcome.to_json(), **_read(match)}


def _steps_by_round(match: Match) -> dict[int, list[tuple[State, Any, State]]]:
    """Each step after setup, by the round of the state it starts from."""
    steps: dict[int, list[tuple[State, Any, State]]] = {}
    for (before, after), action in zip(pairwise(match.states), match.actions, strict=True):
        if before.round >= 1:
            steps.setdefault(before.round, []).append((before, action, after))
    return steps


def _suffered(game: TwentyStrong, state: State) -> int:
    """The damage Suffer Damage deals after ``resolve`` in ``state`` (GEN-RESOLVE-2)."""
    damage = sum(active.damage for active in state.active if not active.defeated)
    return max(0, damage - total(modifiers(game, state), "ward"))


@pytest.mark.parametrize("deck", DECKS)
def test_the_lab_line_carries_the_figures(deck: str) -> None:
    """``play_game`` merges exactly what ``read`` gives into the game's line."""
    for match, _ in _finished(deck):
        line = play_game(_config(deck), int(match.seed))
        assert {key: line[key] for key in KEYS} == _read(match)


@pytest.mark.parametrize("deck", DECKS)
def test_one_entry_per_round(deck: str) -> None:
    """The rounds are the last state's round counter (GEN-ROUND-1, TMB-DAY-1), one entry
    each; the last Health is the final one: below 1, the game is lost (GEN-WIN-2); won, it
    is 1 or more (a Victorum hero left without dice loses with Health to spare, VIC-R12)."""
    for match in _games(deck):
        read = _read(match)
        assert read["rounds"] == match.state.round >= 1
        assert len(read["damage_taken"]) == len(read["health"]) == read["rounds"]
        assert read["health"][-1] == match.state.health
        outcome = match.outcome()
        if outcome is not None and read["health"][-1] < 1:
            assert not outcome.winners
        if outcome is not None and outcome.winners:
            assert read["health"][-1] >= 1


@pytest.mark.parametrize("deck", DECKS)
def test_health_balances_damage_and_healing(deck: str) -> None:
    """Each round ends at the Health it started with, less the damage taken (GEN-STAT-3),
    plus healing: none in a round without a healing action, never less than none. (A game
    may end in the step that begins its last round: that round has no step of its own.)"""
    for match in _games(deck):
        read, steps = _read(match), _steps_by_round(match)
        health = steps[1][0][0].health  # the hero's starting Health (GEN-STAT-2)
        rounds = zip(read["damage_taken"], read["health"], strict=True)
        for number, (lost, end) in enumerate(rounds, start=1):
            healed = end - (health - lost)
            verbs = {str(action).split()[0] for _, action, _ in steps.get(number, [])}
            assert healed >= 0
            assert healed == 0 or verbs & HEALING, f"round {number} healed without an action"
            health = end
        assert health == match.state.health


@pytest.mark.parametrize("deck", DECKS)
def test_suffered_damage_is_taken(deck: str) -> None:
    """The undefeated cards' damage, less ward, suffered after each ``resolve``
    (GEN-RESOLVE-2) is part of its round's damage taken."""
    game = _game(deck)
    for match in _games(deck):
        read = _read(match)
        for number, steps in _steps_by_round(match).items():
            resolved = [state for state, action, _ in steps if isinstance(action, Resolve)]
            suffered = sum(_suffered(game, state) for state in resolved)
            assert read["damage_taken"][number - 1] >= suffered


def _applied(game: TwentyStrong, match: Match) -> dict[str, int]:
    """How many dice were applied to each card code (``apply ... N``, GEN-APPLY-1)."""
    applied: dict[str, int] = {}
    for state, action in zip(match.states, match.actions, strict=False):
        if isinstance(action, Apply) and action.target.isdigit():
            card = state.active[int(action.target) - 1].card
            code = game.deck.cards[card].code
            applied[code] = applied.get(code, 0) + 1
    return applied


@pytest.mark.parametrize("deck", DECKS)
def test_cards_agree_with_the_active_area(deck: str) -> None:
    """Every card seen active is counted and no other; a card is defeated no more often
    than activated, once if ever seen defeated (GEN-APPLY-5), and took at least one damage
    per die applied to it (GEN-DICE-4) and per defeat (GEN-APPLY-4)."""
    game = _game(deck)
    for match in _games(deck):
        read, applied = _read(match), _applied(game, match)
        shown = [active for state in match.states for active in state.active]
        seen = {game.deck.cards[active.card].code for active in shown}
        beaten = {game.deck.cards[active.card].code for active in shown if active.defeated}
        assert set(read["cards"]) == seen
        for code, card in read["cards"].items():
            assert 0 <= card["defeated"] <= card["activated"]
            assert (card["defeated"] > 0) == (code in beaten)
            assert card["damage"] >= max(applied.get(code, 0), card["defeated"])


@pytest.mark.parametrize("deck", DECKS)
def test_a_won_game_defeated_the_boss(deck: str) -> None:
    """A won game defeated its boss: the Tyrant (TMB-WIN-1, TMB-END-6) or the scion
    (VIC-WIN-1); the seeds hold a won game of each deck."""
    game = _game(deck)
    rules: Any = game.deck
    won = [match for match, outcome in _finished(deck) if outcome.winners]
    assert won
    for match in won:
        scion = match.state.deck.scion if deck == "victorum" else None
        boss = rules.tyrant_id if scion is None else rules.scions[scion].card
        assert _read(match)["cards"][game.deck.cards[boss].code]["defeated"] >= 1


@pytest.mark.parametrize("deck", DECKS)
def test_two_copies_sum_up_to_the_game(deck: str) -> None:
    """Summed up over two copies of one game, every mean is that game's own figure."""
    for match, outcome in _finished(deck):
        line = _line(match, outcome)
        summary = FIGURES.summarize([line, line])
        rounds = line["rounds"]
        assert summary["rounds"] == distribution([rounds, rounds])
        assert summary["rounds"]["min"] == summary["rounds"]["max"] == rounds
        assert summary["damage_per_round"] == line["damage_taken"]
        assert summary["health_curve"] == line["health"]
        assert summary["reached"] == [2] * rounds
        assert list(summary["cards"]) == sorted(line["cards"])
        won = 1.0 if line["winners"] else 0.0
        for code, card in line["cards"].items():
            rate = card["defeated"] / card["activated"]
            expected = {**card, "defeat_rate": rate, "games_with": 2, "win_rate_with": won}
            assert summary["cards"][code] == expected


def test_summarize_by_hand() -> None:
    """Rounds are averaged over the games that reached them; card means are per game, the
    defeat rate per activation, the win rate over the games with the card."""
    short = {
        "winners": [0],
        "rounds": 2,
        "damage_taken": [1, 2],
        "health": [5, 3],
        "cards": {"x": {"activated": 1, "defeated": 1, "damage": 3}},
    }
    long = {
        "winners": [],
        "rounds": 3,
        "damage_taken": [0, 1, 4],
        "health": [6, 5, 1],
        "cards": {
            "y": {"activated": 1, "defeated": 1, "damage": 2},
            "x": {"activated": 2, "defeated": 0, "damage": 1},
        },
    }
    summary = FIGURES.summarize([short, long])
    assert summary["rounds"] == distribution([2, 3])
    assert summary["damage_per_round"] == [0.5, 1.5, 4.0]
    assert summary["health_curve"] == [5.5, 4.0, 1.0]
    assert summary["reached"] == [2, 2, 1]
    assert summary["cards"] == {
        "x": {
            "activated": 1.5,
            "defeated": 0.5,
            "damage": 2.0,
            "defeat_rate": pytest.approx(1 / 3),
            "games_with": 2,
            "win_rate_with": 0.5,
        },
        "y": {
            "activated": 0.5,
            "defeated": 0.5,
            "damage": 1.0,
            "defeat_rate": 1.0,
            "games_with": 1,
            "win_rate_with": 0.0,
        },
    }
    assert list(summary["cards"]) == ["x", "y"]


def test_summarize_nothing() -> None:
    """No game: empty figures, no division by zero."""
    assert FIGURES.summarize([]) == {
        "rounds": distribution([]),
        "damage_per_round": [],
        "health_curve": [],
        "reached": [],
        "cards": {},
    }


def _at(state: State, round_: int, health: int, *active: Active) -> State:
    """A copy of ``state`` in ``round_`` with ``health`` and ``active``."""
    changed = state.evolve()
    changed.round, changed.health, changed.active = round_, health, active
    return changed


def test_a_hand_built_match() -> None:
    """A card activated, hit and defeated (GEN-APPLY-4) with 2 damage suffered in round 1;
    a rest ending it (+1 Health, counted to round 1); then in round 2 the card comes back,
    is defeated by 3 damage, leaves and comes back within one step; 3 Health lost."""
    game = create("20-strong", 1, {"deck": "too-many-bones"})
    assert isinstance(game, TwentyStrong)
    start = game.initial_state()
    card = game.deck.cards[0]
    fresh = Active(0, 3, 2)
    states = [
        _at(start, 0, 6),
        _at(start, 1, 6),
        _at(start, 1, 6, fresh),
        _at(start, 1, 6, fresh._replace(taken=2)),
        _at(start, 1, 4, fresh._replace(taken=4, defeated=True)),
        _at(start, 2, 5),
        _at(start, 2, 5, fresh),
        _at(start, 2, 5, fresh._replace(taken=3, defeated=True)),
        _at(start, 2, 5, fresh),
        _at(start, 2, 2, fresh),
    ]
    match = Match(game, 0)
    match.states = states
    assert FIGURES.read(game, match) == {
        "rounds": 2,
        "damage_taken": [2, 3],
        "health": [5, 2],
        "cards": {card.code: {"activated": 3, "defeated": 2, "damage": 7}},
    }
    assert FIGURES.standing(game, states[-1]) == (2.0,)


def test_another_game_is_refused() -> None:
    """The figures read the 20 Strong engine only."""
    game = create("boss-quest", 3, {})
    with pytest.raises(TypeError):
        FIGURES.read(game, Match(game, 0))
