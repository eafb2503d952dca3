"""The fuzzer: games of random configurations played by random legal actions, with illegal
ones tried before each, every check of :class:`~gamehall.fuzz.checks.Checker` run after each
action and every finished (or stalled) game replayed from its record. A game played past its
length bound (``Game.overlong``) is a failure: some card or rule lets it loop.

Everything is drawn from the run's seed, so a failure is reproduced by the same seed and
game number; its record is saved beside the report, ready for ``gamehall replay``.

>>> fuzzer = Fuzzer(seed=1, names=["boss-quest"])
>>> fuzzer.play(0).actions > 0 and not fuzzer.failures
True
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gamehall.core.catalogue import catalogue
from gamehall.core.chance import make_rng
from gamehall.core.errors import IllegalActionError
from gamehall.core.game import CHANCE, Action
from gamehall.core.match import Match
from gamehall.core.record import Record
from gamehall.core.resign import Resign
from gamehall.fuzz.checks import Checker, Tally, legal_now
from gamehall.fuzz.configs import Configuration, draw, game_names
from gamehall.fuzz.illegal import attempts

RESIGN_CHANCE = 0.002
"""How often a step is a seat resigning instead (core.resign), so every game's resignation is
fuzzed from every kind of moment."""
MAX_STEPS = 3_000
"""Steps after which a game is stopped as stalled (random play can stall some decks)."""


@dataclass
class Failure:
    """Violations found at one step of one game, with what reproduces them."""

    configuration: Configuration
    seed: str
    step: int
    problems: list[str]
    record: dict[str, Any]

    def __str__(self) -> str:
        return f"{self.configuration} seed={self.seed} step {self.step}: {self.problems[0]}"


class Fuzzer:
    """Plays fuzzed games of ``names`` (every game by default) from ``seed``."""

    def __init__(
        self,
        seed: int | str = 0,
        names: Sequence[str] | None = None,
        illegal_per_step: int = 2,
        max_steps: int = MAX_STEPS,
    ) -> None:
        self.seed = seed
        self.names = list(names or game_names())
        self.illegal_per_step = illegal_per_step
        self.max_steps = max_steps
        self.tallies: dict[str, Tally] = {name: Tally() for name in self.names}
        self.configurations: dict[str, set[Configuration]] = {name: set() for name in self.names}
        self.failures: list[Failure] = []
        self.games = 0

    def run(self, seconds: float, progress: Callable[[Fuzzer], None] | None = None) -> None:
        """Play games, taking the games in turn, for about ``seconds``."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            self.play(self.games, deadline)
            if progress is not None:
                progress(self)

    def play(self, number: int, deadline: float | None = None) -> Tally:
        """Fuzz game ``number`` of the run (stopping at ``deadline``, if given); its tally."""
        self.games = max(self.games, number + 1)
        name = self.names[number % len(self.names)]
        seed = f"{self.seed}/{number}"
        rng = make_rng(seed, "fuzz")
        configuration = draw(name, rng)
        self.configurations[name].add(configuration)
        game = configuration.create()
        tally, index = Tally(games=1), catalogue(game)
        checker, match = Checker(game, tally), Match(game, seed)
        earlier: list[Action] = []
        self._report(configuration, seed, match, checker.state(match.state))
        while not match.is_over() and len(match.actions) < self.max_steps:
            if deadline is not None and time.monotonic() > deadline:
                break
            overlong = game.overlong(match.state)
            if overlong:  # a loop a card or rule allows: a finding, with its record
                self._report(configuration, seed, match, [f"stalled: {overlong}"])
                tally.stalled = 1
                break
            legal = legal_now(game, match.state)
            for attempt in attempts(
                game, match.state, legal, earlier, index, rng, self.illegal_per_step
            ):
                self._report(configuration, seed, match, checker.refused(match, attempt) or [])
            mover = match.to_move()
            action = match.sample_chance() if mover == CHANCE else legal[rng.randrange(len(legal))]
            if rng.random() < RESIGN_CHANCE:  # a seat gives up, at any moment
                action = Resign(rng.randrange(game.players))
            before = match.state
            try:
                match.play(action)
            except IllegalActionError as refusal:  # only a seat already gone may be refused
                if not isinstance(action, Resign):
                    raise
                self._report(configuration, seed, match, checker.resign_refused(match, refusal))
                continue
            tally.actions += 1
            earlier.append(action)
            self._report(configuration, seed, match, checker.step(before, action, match.state))
        if match.is_over():
            for attempt in attempts(game, match.state, (), earlier, index, rng, 1):
                self._report(configuration, seed, match, checker.refused(match, attempt) or [])
        elif len(match.actions) >= self.max_steps:
            tally.stalled = 1
        self._report(configuration, seed, match, checker.finished(match))
        tally.failures = sum(f.seed == seed for f in self.failures)
        self.tallies[name].add(tally)
        return tally

    def _report(
        self, configuration: Configuration, seed: str, match: Match, problems: list[str]
    ) -> None:
        if problems:
            record = Record.of(match).to_json()
            self.failures.append(Failure(configuration, seed, len(match.actions), problems, record))

    def total(self) -> Tally:
        """Every game's figures together."""
        total = Tally()
        for tally in self.tallies.values():
            total.add(tally)
        return total

    def save_failures(self, directory: Path) -> list[Path]:
        """Each failure as JSON (its record and problems) in ``directory``; the paths."""
        directory.mkdir(parents=True, exist_ok=True)
        paths = []
        for number, failure in enumerate(self.failures):
            path = directory / f"fuzz-failure-{number}.json"
            data = {
                "configuration": str(failure.configuration),
                "seed": failure.seed,
                "step": failure.step,
                "problems": failure.problems,
                "record": failure.record,
            }
            path.write_text(json.dumps(data, indent=1, ensure_ascii=False))
            paths.append(path)
        return paths
