"""The advisor: a seat's legal actions ranked by the search, and a finished game annotated.

The advisor plays every legal action out the same way: its heuristic bot for every seat,
with several players to the game's horizon, alone to the end (a solo player is told a real
win chance, and a lost position reads as lost, never a horizon's guess). It plays in rounds:
in round n, every action meets the same sampled secrets and the same dice (common random
numbers), so two actions are compared on the same luck and their paired difference is far
more precise than either estimate alone. A round that the time cap cuts short is dropped:
every action has the same number of tries. The advisor gives each action's estimated share
of the win (a win chance alone, the expected share of the win with several) with its
standard error, and says plainly when no action stands out: the best one's lead over the
next is under :data:`STANDS_OUT` standard errors of their paired difference.
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from gamehall.core.chance import make_rng
from gamehall.core.game import CHANCE, JSON, Action, Game
from gamehall.core.i18n import Text
from gamehall.core.match import Match, Sampler
from gamehall.search.mcts import Budget, paired_advantage
from gamehall.search.rollout import OutOfTime, advice_rollout

HINT_SECONDS = 0.8
"""The advisor's time cap for a hint: it answers within one second."""
HINT_ITERATIONS = 4_000
"""At most this many playouts in all for a hint (the time cap usually ends it first)."""
STANDS_OUT = 2.0
"""How many standard errors of the paired difference the best action must lead by."""
MAX_STEPS = 5_000
"""A playout still running after this many steps scores as nobody's win."""


@dataclass(frozen=True)
class Estimate:
    """One legal action as the advisor sees it."""

    action: Action
    label: Text
    value: float
    """The seat's estimated share of the win after this action (0..1)."""
    error: float
    """The standard error of ``value``."""
    tries: int
    close: bool = False
    """True if this action is not told apart from the best one (the best itself included):
    its deficit is under :data:`STANDS_OUT` standard errors of the paired difference."""


@dataclass(frozen=True)
class Advice:
    """The legal actions ranked best first, and how much search backs them."""

    seat: int
    estimates: list[Estimate]
    iterations: int
    seconds: float

    @property
    def best(self) -> Estimate:
        """The action the advisor recommends."""
        return self.estimates[0]

    @property
    def stands_out(self) -> bool:
        """True if the best action is told apart from every other one."""
        return sum(e.close for e in self.estimates) == 1

    def summary(self) -> Text:
        """What the advice comes to, in one sentence: the best action when it stands out,
        else how many are about as good as it."""
        if not self.iterations:
            return Text("search.hint.no_time")
        if self.stands_out:
            return Text("search.hint.stands_out", {"action": self.best.label})
        close = sum(e.close for e in self.estimates)
        if close == len(self.estimates):
            return Text("search.hint.all_alike", {"count": close})
        return Text("search.hint.none_stands_out", {"count": close})

    def value_of(self, action: Action) -> float:
        """The estimated value of ``action``."""
        return next(e.value for e in self.estimates if e.action == action)

    def to_json(self) -> JSON:
        """The advice as JSON data (without the labels, which the caller renders)."""
        return {
            "seat": self.seat,
            "iterations": self.iterations,
            "seconds": round(self.seconds, 3),
            "stands_out": self.stands_out,
            "actions": [
                {
                    "action": str(e.action),
                    "value": round(e.value, 4),
                    "error": round(e.error, 4),
                    "tries": e.tries,
                    "close": e.close,
                }
                for e in self.estimates
            ],
        }


def advise(
    game: Game[Any],
    sampler: Sampler,
    view: JSON,
    legal: Sequence[Action],
    rng: random.Random,
    budget: Budget | None = None,
) -> Advice:
    """Rank ``legal`` for the sampler's seat, searching only states it cannot tell apart.

    The default budget answers within a second (:func:`hint_budget`); ``budget.iterations``
    bounds the playouts in all.
    """
    budget = budget or hint_budget()
    start = time.perf_counter()
    rewards, steps = _paired_rounds(game, sampler, legal, rng, budget, start)
    estimates = _ranked(game, view, legal, rewards, steps)
    return Advice(sampler.seat, estimates, sum(map(len, rewards)), time.perf_counter() - start)


def _paired_rounds(
    game: Game[Any],
    sampler: Sampler,
    legal: Sequence[Action],
    rng: random.Random,
    budget: Budget,
    start: float,
) -> tuple[list[list[float]], list[int]]:
    """Each action's rewards, one per complete round of common random numbers, and the
    steps its playouts took in all."""
    rollout = advice_rollout(game)
    deadline = budget.deadline(start)
    salt = int(rng.random() * 2**52)
    rewards: list[list[float]] = [[] for _ in legal]
    steps = [0] * len(legal)
    rounds = max(1, budget.iterations // max(1, len(legal)))
    for round_ in range(rounds if len(legal) > 1 else 0):
        results = []
        try:
            for action in legal:
                world = random.Random(salt * 1_000_003 + round_)
                state = game.apply_legal(sampler(world), action)
                shares, taken = rollout(game, state, world, MAX_STEPS, deadline)
                results.append((shares[sampler.seat], taken))
        except OutOfTime:  # the time is up in this round: it is dropped
            break
        for index, (reward, taken) in enumerate(results):
            rewards[index].append(reward)
            steps[index] += taken
        if deadline is not None and deadline.passed():
            break
    return rewards, steps


def _ranked(
    game: Game[Any],
    view: JSON,
    legal: Sequence[Action],
    rewards: list[list[float]],
    steps: list[int],
) -> list[Estimate]:
    """The estimates best first, each marked close to the best or not by its paired
    difference with it. Among equal values, a good one (half the win or more) reached in
    fewer steps comes first (the sooner win), a bad one in more (the later loss)."""

    def rank(i: int) -> tuple[float, float, int]:
        value = _mean(rewards[i])
        return (-value, steps[i] if value >= 0.5 else -steps[i], i)

    order = sorted(range(len(legal)), key=rank)
    best = rewards[order[0]]
    estimates = []
    for index in order:
        tries = rewards[index]
        lead, error = paired_advantage(best, tries)
        close = tries is best or lead <= STANDS_OUT * error
        estimate = Estimate(
            legal[index],
            game.label(view, legal[index]),
            _mean(tries),
            _error(tries),
            len(tries),
            close,
        )
        estimates.append(estimate)
    return estimates


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _error(values: Sequence[float]) -> float:
    """The standard error of the mean of ``values`` (1 when there are fewer than two).

    It is never less than the binomial error of a win rate pulled half a game towards
    even: ten wins out of ten read as likely, not certain, and a horizon's estimates (which
    vary little from one try to the next, whatever their own error) are not shown as more
    precise than as many games played to the end.
    """
    n = len(values)
    if n < 2:
        return 1.0
    mean = _mean(values)
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)
    pulled = (sum(values) + 0.5) / (n + 1)
    return max(spread, math.sqrt(pulled * (1 - pulled) / n))


def hint_budget(seconds: float | None = None, stop: threading.Event | None = None) -> Budget:
    """A hint's budget: :data:`HINT_ITERATIONS` within ``seconds`` (:data:`HINT_SECONDS` if
    not given), ended early by ``stop``."""
    return Budget(HINT_ITERATIONS, HINT_SECONDS if seconds is None else seconds, stop)


@dataclass(frozen=True)
class Annotation:
    """One decision of a finished game, with the advisor's view of it."""

    index: int
    """The action's index in the record."""
    seat: int
    played: Action
    advice: Advice

    @property
    def loss(self) -> float:
        """How much share of the win the played move gave up against the advisor's choice."""
        return self.advice.best.value - self.advice.value_of(self.played)

    @property
    def error(self) -> float:
        """The standard error of :attr:`loss` (the two estimates' errors combined)."""
        played = next(e for e in self.advice.estimates if e.action == self.played)
        return math.hypot(self.advice.best.error, played.error)


def annotate(
    match: Match, seats: Sequence[int] | None = None, iterations: int = 400
) -> Iterator[Annotation]:
    """The advisor's view of every decision of ``seats`` in a replayed ``match``.

    Each search is seeded from the record's seed and the action's index and has a fixed
    budget of iterations, so the annotation of a record is always the same.
    """
    game = match.game
    for index, action in enumerate(match.actions):
        seat = match.movers[index]
        if seat == CHANCE or (seats is not None and seat not in seats):
            continue
        state = match.states[index]
        legal = game.legal_actions(state)
        if len(legal) < 2:
            continue
        rng = make_rng(match.seed, f"advise/{index}")
        advice = advise(
            game, Sampler(game, state, seat), game.view(state, seat), legal, rng, Budget(iterations)
        )
        yield Annotation(index, seat, action, advice)
