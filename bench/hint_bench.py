"""How long the advisor takes to answer a hint (``search.advisor.advise``), by the wall clock.

``python bench/hint_bench.py [POSITIONS]`` asks for a hint, exactly as the terminal's ``hint``
and the web hall's Hint button do (the seat's sampler, its view, its legal actions, the
default budget), at the first decision and at ``POSITIONS`` mid-game decisions of seeded
random games of each game of ``mcts_bench.SUBJECTS``. The advisor's target: within one second
on this machine. Output: a table on stdout and JSON in ``bench/results/``; figures in
docs/performance.md.
"""

from __future__ import annotations

import statistics
import sys
import time
from typing import Any

from bench.mcts_bench import SUBJECTS, initial_decision, mid_game_decision
from bench.saving import save
from gamehall.core.chance import make_rng
from gamehall.core.match import Sampler
from gamehall.core.registry import create
from gamehall.search.advisor import advise

TARGET_S = 1.0


def hint_seconds(game: Any, state: Any, seat: int, seed: int) -> tuple[float, int]:
    """Seconds one hint takes from the state to the ranked actions, and its iterations."""
    start = time.perf_counter()
    legal = game.legal_actions(state)
    advice = advise(
        game, Sampler(game, state, seat), game.view(state, seat), legal, make_rng(seed, "hint")
    )
    return time.perf_counter() - start, advice.iterations


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 6
    results: dict[str, Any] = {}
    print(f"{'game':38} {'hints':>5} {'median':>8} {'worst':>8} {'iterations':>11}")
    for subject in SUBJECTS:
        game = create(subject.game, subject.players, subject.options)
        positions = [initial_decision(game, 0)]
        positions += [mid_game_decision(game, seed) for seed in range(1, count + 1)]
        timed = [hint_seconds(game, state, seat, n) for n, (state, seat) in enumerate(positions)]
        seconds = [s for s, _ in timed]
        results[subject.label] = {
            "hints": len(timed),
            "median_s": round(statistics.median(seconds), 3),
            "worst_s": round(max(seconds), 3),
            "iterations_median": statistics.median(i for _, i in timed),
            "within_target": all(s <= TARGET_S for s in seconds),
        }
        r = results[subject.label]
        print(
            f"{subject.label:38} {r['hints']:>5} {r['median_s']:>7.3f}s {r['worst_s']:>7.3f}s"
            f" {r['iterations_median']:>11}"
        )
    print(f"written {save('hint', results)}")


if __name__ == "__main__":
    main()
