"""Side-by-side throughput: gamehall's random playouts and the anchor engines, one core.

Run with ``make bench``: it pins this process to core 0 and, when a virtualenv with
OpenSpiel and RLCard exists at ``.venv-anchors`` (``make anchors`` creates it), runs
``../shared/research/anchor_bench.py`` there right after, so both sets of numbers come from
the same machine in one run. Output: a table on stdout and JSON in ``bench/results/``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import time
from pathlib import Path

from gamehall.sim.bench import bench_all

ROOT = Path(__file__).resolve().parent.parent
ANCHOR_SCRIPT = ROOT.parent / "shared" / "research" / "anchor_bench.py"
ANCHOR_PYTHON = ROOT / ".venv-anchors" / "bin" / "python"


def run_anchors(games: int, repeats: int) -> str | None:
    """The anchor benchmark's output, or None when its virtualenv is missing."""
    if not (ANCHOR_PYTHON.exists() and ANCHOR_SCRIPT.exists()):
        return None
    command = [
        str(ANCHOR_PYTHON),
        str(ANCHOR_SCRIPT),
        "--games",
        str(games),
        "--repeats",
        str(repeats),
    ]
    result = subprocess.run(command, capture_output=True, text=True, check=False, timeout=3600)
    return result.stdout + result.stderr


def main() -> None:
    """Run both benchmarks and save the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3000, help="gamehall playouts per run")
    parser.add_argument("--repeats", type=int, default=5, help="runs per game, best kept")
    parser.add_argument("--anchor-games", type=int, default=20000)
    parser.add_argument("--no-anchors", action="store_true")
    args = parser.parse_args()

    ours = bench_all(args.games, args.repeats)
    for row in ours["games"]:
        print(
            f"gamehall {row['game'] + ' ' + ' '.join(row['options'].values()):<24} "
            f"{row['build']:<6} games/s={row['games_per_s']:>10,.0f}  "
            f"steps/s={row['steps_per_s']:>10,.0f}  decisions/s={row['decisions_per_s']:>10,.0f}"
            f"  steps/game={row['steps_per_game']:.1f}  (runs: "
            f"{', '.join(f'{r:,.0f}' for r in row['runs_steps_per_s'])})",
            flush=True,
        )
    anchors = None if args.no_anchors else run_anchors(args.anchor_games, 3)
    if anchors:
        print(anchors)
    out = ROOT / "bench" / "results"
    out.mkdir(exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    (out / f"throughput-{stamp}.json").write_text(
        json.dumps({"gamehall": ours, "anchors": anchors}, indent=1) + "\n"
    )


if __name__ == "__main__":
    main()
