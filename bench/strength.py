"""The strength ladder: one bot kind in seat 1 against others, win rate with a 95 % interval.

    python bench/strength.py boss-quest 3 400 mcts heuristic heuristic
    python bench/strength.py 20-strong 1 200 mcts deck=victorum rank=1

Games are seeded ``--seed``, ``--seed + 1``, ...; chunks of them run in worker processes, and
the totals depend only on the seeds. Prints one Markdown row for docs/strength.md.
"""

from __future__ import annotations

import argparse
import os
import time
from concurrent.futures import ProcessPoolExecutor

from gamehall.lab.stats import wilson
from gamehall.sim.simulate import simulate

CHUNK = 10


def _chunk(args: tuple[str, int, list[str], int, int, dict[str, str]]) -> tuple[float, int]:
    game, players, bots, seed, games, options = args
    result = simulate(game, players, bots, games, seed, options)
    return result.wins[0], result.games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game")
    parser.add_argument("players", type=int)
    parser.add_argument("games", type=int)
    parser.add_argument("bots", nargs="+", help="bot kinds by seat, then NAME=VALUE options")
    parser.add_argument("--seed", type=int, default=100_000)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    options = dict(a.split("=", 1) for a in args.bots if "=" in a)
    bots = [a for a in args.bots if "=" not in a]
    jobs = [
        (args.game, args.players, bots, args.seed + i, min(CHUNK, args.games - i), options)
        for i in range(0, args.games, CHUNK)
    ]
    wins, games, start = 0.0, 0, time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        for chunk_wins, chunk_games in pool.map(_chunk, jobs):
            wins, games = wins + chunk_wins, games + chunk_games
            print(f"{games} games: seat 1 wins {wins / games:.1%}", flush=True)
    low, high = wilson(wins, games)
    setting = " ".join(f"{k}={v}" for k, v in options.items())
    print(
        f"| {args.game} {setting} | {' v '.join(bots)} | {games} | {wins / games:.1%} "
        f"| {low:.1%}–{high:.1%} | {time.perf_counter() - start:.0f} s |"
    )


if __name__ == "__main__":
    main()
