"""The simulation lab's throughput: games/s of each game on one worker process and on two
(``python -m bench.lab_bench [SCALE]``), the same seeded games both times.

Each measure plays a fresh run (``gamehall.lab.run``) of heuristic-bot games (each game's
count below, times SCALE: about ten seconds of play on one core each),
the figures of every game included (what ``gamehall simulate`` does), and keeps the best of
two. Scaling is the two-process rate over the one-process rate: 2.0 is perfectly linear on
this two-core machine. Output: a table and JSON in ``bench/results/``; figures in
docs/performance.md.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.saving import save
from gamehall.lab.grid import grid
from gamehall.lab.run import Plan, Run, play

SUBJECTS: tuple[tuple[str, str, int, dict[str, Any], int], ...] = (
    ("Boss Quest, 3 knights", "boss-quest", 3, {}, 800),
    ("Ancient Terrible Things, 4 players", "ancient-terrible-things", 4, {}, 16),
    ("20 Strong, Too Many Bones", "20-strong", 1, {}, 160),
    ("20 Strong, Victorum", "20-strong", 1, {"deck": "victorum"}, 24),
)


def rate(plan: Plan, workers: int) -> float:
    """Games per second playing ``plan`` from scratch on ``workers`` processes."""
    with tempfile.TemporaryDirectory() as folder:
        run = Run.create(Path(folder) / "run", plan)
        start = time.perf_counter()
        play(run, workers)
        return len(plan.units()) / (time.perf_counter() - start)


def main() -> None:
    scale = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0
    results = {}
    print(f"{'game':36} {'games':>6} {'1 process':>12} {'2 processes':>12} {'scaling':>8}")
    for label, game, players, options, count in SUBJECTS:
        games = max(8, round(count * scale))
        plan = Plan(tuple(grid(game, [players], ["heuristic"], options)), games, 0)
        one = max(rate(plan, 1) for _ in range(2))
        two = max(rate(plan, 2) for _ in range(2))
        results[label] = {"games": games, "one": one, "two": two, "scaling": two / one}
        print(f"{label:36} {games:>6} {one:>8.1f} g/s {two:>8.1f} g/s {two / one:>7.2f}x")
    print(f"written {save('lab', results)}")


if __name__ == "__main__":
    main()
