"""The fuzzer (issue 10): it plays every game and configuration without finding a fault, is
reproducible from its seed, and does find the faults it looks for, shown on rules broken on
purpose (each subclass below breaks one promise of the Game contract)."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from gamehall.bots import make_bot
from gamehall.core.errors import IllegalActionError
from gamehall.core.game import JSON, Action, LengthBound
from gamehall.core.invariants import Invariants
from gamehall.core.match import Match
from gamehall.fuzz.checks import Checker, Tally
from gamehall.fuzz.configs import draw, game_names, values
from gamehall.fuzz.driver import Fuzzer
from gamehall.fuzz.illegal import Attempt, garble
from gamehall.games.boss_quest.rules import BossQuest
from gamehall.games.boss_quest.state import BossQuestState
from gamehall.lab.grid import Config
from gamehall.lab.play import play_bounded
from gamehall.lab.summary import summarize
from tests.commands import gamehall


def test_every_game_fuzzes_clean_and_every_check_runs() -> None:
    """A few games of each: actions applied, illegal ones tried, checks run, no failure."""
    fuzzer = Fuzzer(seed="suite", max_steps=400)
    for number in range(2 * len(fuzzer.names)):
        fuzzer.play(number)
    assert not fuzzer.failures, [str(f) for f in fuzzer.failures[:3]]
    for name, tally in fuzzer.tallies.items():
        assert tally.games == 2 and tally.actions > 20 and tally.illegal > 20, name
        assert tally.checks > 10 * tally.actions, name


def test_the_same_seed_fuzzes_the_same_games() -> None:
    """Reproducible: the same seed gives the same configurations and figures."""
    runs = [Fuzzer(seed=7, names=["boss-quest", "20-strong"], max_steps=150) for _ in range(2)]
    for fuzzer in runs:
        for number in range(4):
            fuzzer.play(number)
    assert runs[0].tallies == runs[1].tallies
    assert runs[0].configurations == runs[1].configurations


def test_configurations_cover_every_option_value() -> None:
    """Drawn configurations meet every player count and every value of every option."""
    for name in game_names():
        drawn = [draw(name, random.Random(i)) for i in range(400)]
        game = drawn[0].create()
        assert {c.players for c in drawn} == set(range(game.min_players, game.max_players + 1))
        for spec in type(game).option_specs:
            seen = {dict(c.options).get(spec.name) for c in drawn} - {None}
            assert seen == set(values(type(game), spec)), (name, spec.name)


def test_garbled_notation_is_refused_in_one_line() -> None:
    """Every garbled notation of a legal action is refused by a one-line error (or is itself
    a legal action), never by a crash; the match is unchanged."""
    game = draw("ancient-terrible-things", random.Random(1)).create()
    match, checker, rng = Match(game, 1), Checker(game, Tally()), random.Random(2)
    match.advance()
    legal, played = game.legal_actions(match.state), len(match.actions)
    for _ in range(300):
        attempt = Attempt("garbled", text=garble(str(rng.choice(legal)), rng))
        assert not checker.refused(match, attempt)
    assert checker.tally.illegal > 200 and len(match.actions) == played


class LeakyView(BossQuest):
    """Views that are not JSON (a set) for seat 2."""

    def view(self, state: BossQuestState, seat: int | None) -> JSON:
        view = super().view(state, seat)
        return {**view, "secret": {1, 2}} if seat == 1 else view


class TwoLineRefusal(BossQuest):
    """Refuses with a message of two lines."""

    def refusal(self, state: BossQuestState, action: Action) -> IllegalActionError:
        return IllegalActionError("no\nreally")


class RepeatedMoves(BossQuest):
    """Lists every legal action twice."""

    def legal_actions(self, state: BossQuestState) -> Sequence[Action]:
        return [*super().legal_actions(state)] * 2


class CountsWrong(Invariants[BossQuestState]):
    """A state check that always fails (as a broken rule would make it)."""

    def state(self, state: BossQuestState) -> list[str]:
        return ["card conservation: 51 cards placed, 52 dealt"]


class BrokenInvariant(BossQuest):
    """Rules whose states break an invariant."""

    def invariants(self) -> Invariants[BossQuestState]:
        return CountsWrong(self)


@pytest.mark.parametrize(
    ("rules", "found"),
    [
        (LeakyView, "the view of seat 2 is not JSON"),
        (TwoLineRefusal, "not one line"),
        (RepeatedMoves, "legal actions repeat"),
        (BrokenInvariant, "card conservation: 51 cards placed"),
    ],
)
def test_the_checks_find_a_broken_promise(rules: type[BossQuest], found: str) -> None:
    """Each broken promise is found by the checks a fuzzer runs at every step."""
    game = rules(3)
    match, checker = Match(game, 1), Checker(game, Tally())
    problems: list[str] = []
    while not match.is_over() and len(match.actions) < 60:
        legal = game.legal_actions(match.state)
        attempts = [Attempt("catalogue", text="ask 9")]
        for attempt in attempts if legal else []:
            problems += checker.refused(match, attempt) or []
        before = match.state
        match.play(legal[0] if legal else match.sample_chance())
        problems += checker.step(before, match.actions[-1], match.state)
    assert any(found in problem for problem in problems), problems[:3]


class MutatingRefusal(BossQuest):
    """Accepts any action a seat sends, applying its first legal one instead."""

    def is_legal(self, state: BossQuestState, action: Action) -> bool:
        return True

    def apply_legal(self, state: BossQuestState, action: Action) -> BossQuestState:
        legal = super().legal_actions(state)
        return super().apply_legal(state, legal[0] if legal and action not in legal else action)


def test_an_illegal_action_accepted_is_found() -> None:
    """Rules that accept an illegal action are caught, the attempt named."""
    game = MutatingRefusal(3)
    match = Match(game, 1)
    match.advance()
    checker = Checker(game, Tally())
    assert checker.refused(match, Attempt("garbled", text="ask 2")) is None  # legal: untried
    problems = checker.refused(match, Attempt("garbled", text="ask 9")) or []
    assert problems == ["garbled 'ask 9' was accepted"]


def test_the_command_prints_figures_and_saves_them(tmp_path: Path) -> None:
    """``gamehall fuzz`` plays for the time given and writes its figures as JSON."""
    figures = tmp_path / "fuzz.json"
    result = gamehall(f"fuzz --seconds 3 --game bq --game 20-strong --seed 4 --json {figures}")
    assert result.returncode == 0, result.stderr
    data: dict[str, Any] = json.loads(figures.read_text())
    assert set(data["games"]) == {"boss-quest", "20-strong"} and data["failures"] == []
    assert all(g["actions"] > 0 and g["checks"] > 0 for g in data["games"].values())
    assert "total" in result.stdout


def test_the_command_refuses_an_unknown_game_in_one_line() -> None:
    """An unknown game: a one-line error naming it, exit status 2."""
    result = gamehall("fuzz --seconds 1 --game chess")
    assert result.returncode == 2 and "unknown game 'chess'" in result.stderr
    assert result.stderr.count("\n") == 1


class Looping(BossQuest):
    """Rules whose games run past the length bound they give (a deck that loops)."""

    def length_bound(self) -> LengthBound:
        return LengthBound("rounds", 1)


def test_a_game_past_its_length_bound_is_a_stalled_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game ends: a game the rules let run past its length bound is reported by the
    fuzzer as a failure naming the bound, with its record, and counted as stalled."""
    monkeypatch.setattr(BossQuest, "length_bound", Looping.length_bound)
    fuzzer = Fuzzer(seed=3, names=["boss-quest"])
    tally = fuzzer.play(0)
    assert tally.stalled == 1
    failure = fuzzer.failures[0]
    assert failure.problems[0].startswith("stalled: 2 rounds played, past the bound of 1")
    assert failure.record["actions"]


def test_the_lab_stops_a_game_past_its_bound_as_stalled_never_lost() -> None:
    """The lab stops such a game as stalled (won by none, its own figure), and says why."""
    game = Looping(2)
    match = Match(game, 5, [make_bot("random", game.name), make_bot("random", game.name)])
    outcome, why = play_bounded(match, chunk=1)
    assert outcome.reason == "stalled" and outcome.winners == ()
    assert "past the bound of 1 the rules give" in why
    assert game.length(match.state) > 1
    played = [{"reason": "stalled", "winners": [], "steps": 1, "decisions": 1, "branching": 1.0}]
    summary = summarize(Config("looping", 2, ("random", "random")), played * 3)
    assert summary["stalled"] == 3 and summary["end_reasons"] == {"stalled": 3}
