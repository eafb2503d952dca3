"""Information-set Monte Carlo tree search over the core contract, for every game.

Each iteration draws a state the searching seat cannot tell from the true one (a
:class:`~gamehall.core.match.Sampler`: hidden weapons and cards dealt anew), then walks one
tree shared by all those samples (single-observer IS-MCTS, Cowling, Powley and Whitehouse
2012). Chance outcomes are sampled on the way and are not tree levels (open loop), so a node
is "after these decisions". An action is a child wherever it was legal; a child counts how
often it was available, and UCB uses that count, so actions legal only in some samples or
after some dice are judged fairly. Every node keeps the reward of the seat that chose it
(max^n): opponents in the tree play for themselves. A playout from the new leaf finishes the
game with a rollout policy (random, or a game's heuristic bot); a win counts 1, shared by k
winners 1/k each.

The root spends its budget by sequential halving, with common random numbers: the n-th try
of every root action meets the same secrets and the same dice, so the search compares
actions rather than luck, and the budget goes to the actions still in contention. Given a
prior move (a heuristic bot's), the search leaves it only for a move whose paired advantage
is significant: more search never makes the bot worse than its heuristic.
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from gamehall.core.chance import sample
from gamehall.core.game import CHANCE, Action, Game
from gamehall.search.rollout import CLOCK_EVERY, Deadline, OutOfTime, RolloutPolicy, random_rollout

MIN_PAIRED = 8
"""Paired tries a move needs before it may replace the prior move."""


class Node:
    """The decisions so far; statistics of the edge into it, for the seat that chose it."""

    __slots__ = ("available", "children", "mover", "total", "visits")

    def __init__(self, mover: int) -> None:
        self.children: dict[Action, Node] = {}
        self.mover = mover
        self.visits = 0
        self.total = 0.0
        self.available = 0

    def mean(self) -> float:
        """The mean reward of this edge for the seat that chose it."""
        return self.total / self.visits if self.visits else 0.0


@dataclass(frozen=True)
class Budget:
    """How long a search may run: iterations (deterministic), an optional time cap, and an
    optional stop event that ends it at once (the hall shutting down)."""

    iterations: int
    seconds: float | None = None
    stop: threading.Event | None = None

    def deadline(self, start: float) -> Deadline | None:
        """When a search begun at ``start`` must end; None if only its iterations bound it."""
        if self.seconds is None and self.stop is None:
            return None
        return Deadline(None if self.seconds is None else start + self.seconds, self.stop)


@dataclass(frozen=True)
class ActionStats:
    """What the search learned about one root action."""

    action: Action
    visits: int
    value: float
    """The mean reward for the searching seat: its win probability (shared wins split)."""


@dataclass
class SearchResult:
    """The root's actions, best first, and the work done."""

    stats: list[ActionStats]
    iterations: int
    seconds: float
    steps: int = 0

    @property
    def best(self) -> Action:
        """The chosen root action."""
        return self.stats[0].action


def paired_advantage(better: Sequence[float], base: Sequence[float]) -> tuple[float, float]:
    """The mean of paired differences ``better[n] - base[n]`` and its standard error.

    >>> paired_advantage([1, 1, 0, 1], [0, 1, 0, 0])
    (0.5, 0.28867513459481287)
    """
    diffs = [x - y for x, y in zip(better, base, strict=False)]
    n = len(diffs)
    if n < 2:
        return 0.0, math.inf
    mean = sum(diffs) / n
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(variance / n)


@dataclass
class Mcts:
    """The search: an exploration constant, a rollout policy, and the budget per decision."""

    budget: Budget
    rollout: RolloutPolicy = field(default=random_rollout)
    exploration: float = 0.7
    halving: bool = True
    """Sequential halving at the root; False shares the budget equally (the advisor's
    choice: every action's estimate equally precise)."""
    significance: float = 1.5
    """How many standard errors a move must gain over the prior move to replace it."""
    max_steps: int = 5_000
    """A playout still running after this many steps scores as nobody's win (a stalemate)."""

    def search(
        self,
        game: Game[Any],
        sampler: Callable[[random.Random], Any],
        seat: int,
        legal: Sequence[Action],
        rng: random.Random,
        prior: Action | None = None,
    ) -> SearchResult:
        """Search from the states ``sampler`` deals; ``legal`` are the seat's root actions."""
        start = time.perf_counter()
        deadline = self.budget.deadline(start)
        children = {action: Node(seat) for action in legal}
        rewards: dict[Action, list[float]] = {action: [] for action in legal}
        iterations = steps = 0
        salt = int(rng.random() * 2**52)
        reached = dict.fromkeys(legal, 0)  # the last halving round each action took part in
        for action in self._schedule(legal, rewards, prior, reached) if len(legal) > 1 else ():
            if iterations >= self.budget.iterations or (deadline is not None and deadline.passed()):
                break
            # Common random numbers: the n-th try of every root action meets the same
            # sampled secrets and the same dice.
            world = random.Random(salt * 1_000_003 + len(rewards[action]))
            state = game.apply_legal(sampler(world), action)
            try:
                more, result = self._iterate(game, state, children[action], world, deadline)
            except OutOfTime:  # the time is up: this try is dropped, the search ends
                break
            rewards[action].append(result[seat])
            steps += 1 + more
            iterations += 1
        stats = [ActionStats(a, children[a].visits, children[a].mean()) for a in legal]
        order = {action: index for index, action in enumerate(legal)}
        # Ranked by how long an action stayed in contention, then by value.
        stats.sort(key=lambda s: (-reached[s.action], -s.value, order[s.action]))
        if prior is not None and prior in rewards:
            # The best finalist if it beats the prior significantly, else the prior.
            last = reached[stats[0].action]
            finalists = [s for s in stats if reached[s.action] == last or s.action == prior]
            chosen = next(s for s in finalists if self._replaces(rewards[s.action], rewards[prior]))
            stats.remove(chosen)
            stats.insert(0, chosen)
        return SearchResult(stats, iterations, time.perf_counter() - start, steps)

    def _schedule(
        self,
        legal: Sequence[Action],
        rewards: dict[Action, list[float]],
        prior: Action | None,
        reached: dict[Action, int],
    ) -> Iterator[Action]:
        """The root actions to try, in order: sequential halving (Karnin et al. 2013).

        Each round shares its part of the budget equally among the surviving actions, in
        turn, then keeps the better half by mean reward; the prior move always survives,
        so it can be compared with the finalists on paired tries.
        """
        survivors = list(legal)
        rounds = max(1, math.ceil(math.log2(len(survivors)))) if self.halving else 1
        for round_ in range(rounds):
            share = self.budget.iterations // rounds
            if round_ == rounds - 1:
                share = self.budget.iterations - share * (rounds - 1)
            for _ in range(max(1, share // len(survivors))):
                yield from survivors
            if round_ < rounds - 1:
                survivors.sort(key=lambda a: -sum(rewards[a]) / max(1, len(rewards[a])))
                kept = survivors[: max(2, math.ceil(len(survivors) / 2))]
                if prior is not None and prior not in kept:
                    kept.append(prior)
                survivors = kept
                for action in survivors:
                    reached[action] = round_ + 1

    def _replaces(self, candidate: Sequence[float], prior: Sequence[float]) -> bool:
        """True if ``candidate`` beats the prior move by a significant paired margin."""
        if candidate is prior:
            return True
        if min(len(candidate), len(prior)) < MIN_PAIRED:
            return False
        mean, error = paired_advantage(candidate, prior)
        return mean > self.significance * error

    def _iterate(
        self,
        game: Game[Any],
        state: Any,
        top: Node,
        rng: random.Random,
        deadline: Deadline | None,
    ) -> tuple[int, list[float]]:
        """Selection, expansion, playout and backup below the root edge ``top``.

        Returns the steps applied and every seat's reward; raises :class:`OutOfTime` (and
        backs nothing up) if ``deadline`` passes on the way down or in the playout.
        """
        to_move, legal_actions, apply = game.to_move, game.legal_actions, game.apply_legal
        node, path, steps = top, [top], 0
        expanded = top.visits == 0
        while not expanded and steps < self.max_steps:
            mover = to_move(state)
            if mover is None:
                break
            steps += 1
            if deadline is not None and not steps % CLOCK_EVERY and deadline.passed():
                raise OutOfTime
            if mover == CHANCE:
                state = apply(state, sample(game.chance_weights(state), rng))
                continue
            legal = legal_actions(state)
            action, node, expanded = self._select(node, mover, legal, rng)
            state = apply(state, action)
            path.append(node)
        rewards, more = self.rollout(game, state, rng, self.max_steps - steps, deadline)
        for visited in path:
            visited.visits += 1
            visited.total += rewards[visited.mover]
        return steps + more, rewards

    def _select(
        self, node: Node, mover: int, legal: Sequence[Action], rng: random.Random
    ) -> tuple[Action, Node, bool]:
        """The edge to follow: an untried legal action if any, else the best by UCB."""
        children = node.children
        untried = [action for action in legal if action not in children]
        for action in legal:
            if action in children:
                children[action].available += 1
        if untried:
            action = untried[int(rng.random() * len(untried))]
            child = children[action] = Node(mover)
            child.available = 1
            return action, child, True
        c = self.exploration
        best, best_score = legal[0], -math.inf
        for action in legal:
            edge = children[action]
            score = edge.total / edge.visits + c * math.sqrt(math.log(edge.available) / edge.visits)
            if score > best_score:
                best, best_score = action, score
        return best, children[best], False
