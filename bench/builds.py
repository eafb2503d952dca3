"""Two source trees side by side: random playouts and search, in rounds A, B, A, B …

Each figure is measured in a fresh Python importing ``gamehall`` from one tree (``--base``:
``PYTHONPATH=<tree>/src``; the checkout itself as installed, its speedups included), the two
trees taking turns round after round so both see the same minutes of a noisy machine; the
medians and their ratio are printed. It compares a change with the commit before it, each with
its own compiled build. A commit from before the build backend compiled (issue 26) built in
place, which its own script does::

    git worktree add /tmp/base fc21f77
    (cd /tmp/base && bash scripts/compile.sh /work/main/.venv/bin/python \
        $(make -s -pn | sed -n 's/^COMPILED := //p'))
    .venv/bin/python bench/builds.py --base /tmp/base --rounds 5

For a later base, unpack its compiled wheel (``GAMEHALL_SPEEDUPS=1 pip wheel``) into
``<base>/src``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

PLAYOUTS = """
import json, sys
from gamehall.sim.bench import bench_all
print(json.dumps(bench_all(int(sys.argv[1]), 1)["games"]))
"""


def run(tree: Path | None, command: list[str]) -> str:
    """What ``command`` prints, in a Python importing gamehall from ``tree`` (else installed)."""
    env = dict(os.environ)
    if tree is not None:
        env["PYTHONPATH"] = str(tree / "src")
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=True)
    return done.stdout


def playouts(tree: Path | None, games: int) -> dict[str, float]:
    """Random-playout steps/s of each game (and deck)."""
    rows = json.loads(run(tree, [sys.executable, "-c", PLAYOUTS, str(games)]))
    return {
        f"{r['game']} {' '.join(r['options'].values())}".strip() + f" ({r['build']})": r[
            "steps_per_s"
        ]
        for r in rows
    }


def search(tree: Path | None, scale: float) -> dict[str, float]:
    """Search simulations per CPU-second of each game and position (``bench/mcts_bench.py`` of
    the tree)."""
    script = (tree or ROOT) / "bench" / "mcts_bench.py"
    command = [sys.executable, str(script), "--json", "--no-anchor", "--repeats", "1"]
    rows = json.loads(run(tree, [*command, "--scale", str(scale)]))["gamehall"]
    return {f"{r['game']} · {r['position']}": r["sims_per_cpu_s"] for r in rows}


def main() -> None:
    """Measure both trees in turns and print the medians and ratios."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", type=Path, required=True, help="the tree to compare with")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=1500, help="playouts per measure")
    parser.add_argument("--scale", type=float, default=0.5, help="search budgets, scaled")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()
    figures: dict[str, dict[str, list[float]]] = {"base": {}, "this": {}}
    for _round in range(args.rounds):
        for side, tree in (("base", args.base), ("this", None)):
            for name, value in (playouts(tree, args.games) | search(tree, args.scale)).items():
                figures[side].setdefault(name.replace("(python)", "").strip(), []).append(value)
            print(f"round {_round + 1}: {side} measured", file=sys.stderr, flush=True)
    report: list[dict[str, Any]] = []
    print(f"{'figure':<52} {'base':>10} {'this':>10} {'ratio':>6}")
    for name in figures["this"]:
        base = statistics.median(figures["base"].get(name, [float("nan")]))
        this = statistics.median(figures["this"][name])
        report.append({"figure": name, "base": base, "this": this, "ratio": this / base})
        print(f"{name:<52} {base:>10,.0f} {this:>10,.0f} {this / base:>6.2f}")
    if args.json:
        args.json.write_text(json.dumps({"rounds": figures, "medians": report}, indent=1))


if __name__ == "__main__":
    main()
