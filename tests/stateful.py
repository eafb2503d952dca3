"""A Hypothesis state machine for any game: Hypothesis chooses the configuration, the legal
actions, the chance outcomes and the illegal attempts, runs every fuzzer check
(:class:`gamehall.fuzz.checks.Checker`) after each, and shrinks a failure to the shortest
sequence of rules that shows it. Each game's ``test_stateful.py`` builds its machine here."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from gamehall.core.catalogue import catalogue
from gamehall.core.game import CHANCE, Action
from gamehall.core.match import Match
from gamehall.fuzz.checks import Checker, Tally, legal_now
from gamehall.fuzz.configs import Configuration, draw
from gamehall.fuzz.illegal import Attempt

SETTINGS = settings(
    max_examples=10,
    stateful_step_count=30,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
"""Bounded and reproducible: the suite runs the same examples every time."""


def configurations(name: str, count: int = 40) -> list[Configuration]:
    """Distinct configurations of game ``name`` (player counts, decks, options)."""
    drawn = {draw(name, random.Random(i)) for i in range(count)}
    return sorted(drawn, key=str)


def machine(name: str) -> type[RuleBasedStateMachine]:
    """The state machine playing game ``name``."""
    chosen = configurations(name)

    class GameMachine(RuleBasedStateMachine):
        """One game played by Hypothesis, checked after every action."""

        problems: list[str]

        @initialize(configuration=st.sampled_from(chosen), seed=st.integers(0, 2**32))
        def deal(self, configuration: Configuration, seed: int) -> None:
            self.game = configuration.create()
            self.index = catalogue(self.game)
            self.checker = Checker(self.game, Tally())
            self.match = Match(self.game, seed)
            self.earlier: list[Action] = []
            self.problems = self.checker.state(self.match.state)

        @precondition(lambda self: not self.match.is_over())
        @rule(data=st.data())
        def play(self, data: st.DataObject) -> None:
            """One legal action or chance outcome, Hypothesis's choice."""
            legal = legal_now(self.game, self.match.state)
            if self.match.to_move() == CHANCE:
                weights = self.game.chance_weights(self.match.state).weights
                legal = [a for i, a in enumerate(legal) if weights is None or weights[i] > 0]
            self.apply(data.draw(st.sampled_from(legal), label="action"))

        @precondition(lambda self: not self.match.is_over())
        @rule(seed=st.integers(0, 2**32), count=st.integers(1, 60))
        def play_on(self, seed: int, count: int) -> None:
            """Up to ``count`` random legal steps (so that games reach their end)."""
            rng = random.Random(seed)
            for _ in range(count):
                if self.match.is_over() or self.problems:
                    return
                mover = self.match.to_move()
                legal = legal_now(self.game, self.match.state)
                chance = mover == CHANCE
                self.apply(self.match.sample_chance() if chance else rng.choice(legal))

        @rule(data=st.data())
        def try_illegal(self, data: st.DataObject) -> None:
            """An illegal move: refused with a one-line error, changing nothing."""
            attempt = data.draw(self.attempts(), label="attempt")
            self.problems = self.checker.refused(self.match, attempt) or []

        @precondition(lambda self: self.match.is_over() or len(self.match.actions) > 100)
        @rule()
        def replay(self) -> None:
            """The record replays to the same state."""
            self.problems = self.checker.finished(self.match)

        @invariant()
        def nothing_broken(self) -> None:
            assert not getattr(self, "problems", []), self.problems

        def apply(self, action: Action) -> None:
            before = self.match.state
            self.match.play(action)
            self.earlier.append(action)
            self.problems = self.checker.step(before, action, self.match.state)

        def attempts(self) -> st.SearchStrategy[Attempt]:
            decisions = self.index.decisions
            strategies: list[st.SearchStrategy[Attempt]] = [
                st.text(max_size=40).map(lambda text: Attempt("garbled", text=text)),
                st.integers(0, len(decisions) - 1).map(
                    lambda n: Attempt("catalogue", action=decisions.action(n))
                ),
            ]
            if len(self.index.chance):
                chance = self.index.chance
                strategies.append(
                    st.integers(0, len(chance) - 1).map(
                        lambda n: Attempt("chance", action=chance.action(n))
                    )
                )
            if self.earlier:
                strategies.append(
                    st.sampled_from(self.earlier).map(lambda a: Attempt("earlier", action=a))
                )
            mover = self.match.to_move()
            if mover is not None and mover != CHANCE and self.game.players > 1:
                others = [seat for seat in range(self.game.players) if seat != mover]
                legal = self.game.legal_actions(self.match.state)
                strategies.append(
                    st.builds(
                        lambda seat, a: Attempt("seat", action=a, seat=seat),
                        st.sampled_from(others),
                        st.sampled_from(legal),
                    )
                )
            return st.one_of(strategies)

    GameMachine.__name__ = f"{name.title().replace('-', '')}Machine"
    return GameMachine


def machine_case(name: str) -> Any:
    """The unittest TestCase of game ``name``'s machine, with :data:`SETTINGS`."""
    case = machine(name).TestCase
    case.settings = SETTINGS
    return case
