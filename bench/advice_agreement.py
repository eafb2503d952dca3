"""How often the one-second advice agrees with a search twenty times longer.

``python bench/advice_agreement.py [POSITIONS] [SUBJECT ...]`` takes ``POSITIONS`` decisions
(100 by default) of each game of ``mcts_bench.SUBJECTS`` (or of the subjects whose label
contains one of the words given), spread over seeded heuristic games, and at each asks the
advisor twice: with the hint's budget (``HINT_SECONDS``) and with twenty times that time.
Measured, per game:

- *same top*: the hint's best action is the long search's best;
- *sound*: the hint's best is one the long search cannot tell from its best (within
  ``STANDS_OUT`` standard errors of the paired difference), i.e. the advice costs nothing
  the long search can see;
- *stands out* and *then right*: how often the hint names one best action, and how often
  that action is then the long search's best too;
- *lost*: positions the long search scores at most 1 % for every action, and the highest
  figure the hint shows on any of them (a lost position must never read near 50 %).

Both budgets are wall-clock, as players get them: on a loaded machine both searches play
fewer games, and the ratio stays twenty. Output: a table on stdout and JSON in
``bench/results/``; figures in docs/strength.md.
"""

from __future__ import annotations

import random
import statistics
import sys
from typing import Any

from bench.mcts_bench import SUBJECTS, Subject
from bench.saving import save
from gamehall.bots import make_bot
from gamehall.core.chance import make_rng
from gamehall.core.game import CHANCE, Game
from gamehall.core.match import Match, Sampler
from gamehall.core.registry import create
from gamehall.search.advisor import HINT_ITERATIONS, HINT_SECONDS, Advice, advise
from gamehall.search.mcts import Budget

LONGER = 20
PER_GAME = 4
"""Decisions taken from each seeded game (spread over it)."""


def positions(game: Game[Any], count: int) -> list[tuple[Any, int]]:
    """``count`` decisions with a choice, ``PER_GAME`` from each seeded heuristic game."""
    found: list[tuple[Any, int]] = []
    seed = 0
    while len(found) < count:
        match = Match(game, 900_000 + seed, [make_bot("heuristic", game.name)] * game.players)
        match.play_out()
        choices = [
            (match.states[i], mover)
            for i, mover in enumerate(match.movers)
            if mover != CHANCE and len(game.legal_actions(match.states[i])) > 1
        ]
        picks = random.Random(seed).sample(choices, min(PER_GAME, len(choices)))
        found += picks[: count - len(found)]
        seed += 1
    return found


def ask(game: Game[Any], state: Any, seat: int, times: int, seed: int) -> Advice:
    """The advisor's ranking at ``state`` for ``seat`` with ``times`` the hint's budget (its
    time and its cap on playouts)."""
    legal = game.legal_actions(state)
    sampler = Sampler(game, state, seat)
    rng = make_rng(seed, f"agreement/{times}")
    budget = Budget(HINT_ITERATIONS * times, HINT_SECONDS * times)
    return advise(game, sampler, game.view(state, seat), legal, rng, budget)


def compare(hint: Advice, long: Advice) -> dict[str, Any]:
    """What one position says: agreement, soundness, and the figures shown."""
    close = {e.action for e in long.estimates if e.close}
    return {
        "same_top": hint.best.action == long.best.action,
        "sound": hint.best.action in close,
        "stands_out": hint.stands_out,
        "lost": max(e.value for e in long.estimates) <= 0.01,
        "hint_top_value": hint.best.value,
        "hint_playouts": hint.iterations,
        "long_playouts": long.iterations,
    }


def measure(subject: Subject, count: int) -> dict[str, Any]:
    """The figures of one game over ``count`` positions."""
    game = create(subject.game, subject.players, subject.options)
    rows = []
    for n, (state, seat) in enumerate(positions(game, count)):
        hint = ask(game, state, seat, 1, n)
        long = ask(game, state, seat, LONGER, n)
        rows.append(compare(hint, long))
        print(f"  {subject.label}: {n + 1}/{count}", file=sys.stderr, flush=True)
    standing = [r for r in rows if r["stands_out"]]
    lost = [r for r in rows if r["lost"]]
    return {
        "positions": len(rows),
        "same_top": _share(r["same_top"] for r in rows),
        "sound": _share(r["sound"] for r in rows),
        "stands_out": _share(r["stands_out"] for r in rows),
        "stands_out_then_right": _share(r["same_top"] for r in standing) if standing else None,
        "lost_positions": len(lost),
        "lost_highest_shown": max((r["hint_top_value"] for r in lost), default=None),
        "hint_playouts_median": statistics.median(r["hint_playouts"] for r in rows),
        "long_playouts_median": statistics.median(r["long_playouts"] for r in rows),
    }


def _share(flags: Any) -> float:
    values = list(flags)
    return round(sum(values) / len(values), 3) if values else 0.0


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    words = [w.lower() for w in sys.argv[2:]]
    chosen = [s for s in SUBJECTS if not words or any(w in s.label.lower() for w in words)]
    games: dict[str, Any] = {}
    results = {"hint_seconds": HINT_SECONDS, "longer": LONGER, "games": games}
    for subject in chosen:
        figures = measure(subject, count)
        games[subject.label] = figures
        print(subject.label, figures, flush=True)
    print(f"written {save('advice-agreement', results)}")


if __name__ == "__main__":
    main()
