"""Balance of Ancient Terrible Things: with equal heuristic bots, each turn position's share of
the wins (``python bench/att_balance.py GAMES``), for 2, 3 and 4 players, and the solo win rate.

A turn position counts from the first player (0 = the first to play); a shared win counts a
fraction to each winner. The target (issue 6): no position more than 10 points above its fair
share. Seeds 1000.. so runs repeat exactly; figures in docs/balance.md.
"""

from __future__ import annotations

import multiprocessing as mp
import sys
import time

from gamehall.bots import make_bot
from gamehall.core.match import Match
from gamehall.core.registry import create

GAME = "ancient-terrible-things"


def play(job: tuple[int, int]) -> tuple[int, list[float], str]:
    """One seeded game: the players, each turn position's share of the win, the end reason."""
    players, seed = job
    game = create(GAME, players, {})
    match = Match(game, seed, [make_bot("heuristic", GAME) for _ in range(players)])
    outcome = match.play_out()
    first = next(s.active for s in match.states if s.active >= 0)  # chance chose it
    shares = [0.0] * players
    for seat in outcome.winners:
        shares[(seat - first) % players] += 1 / len(outcome.winners)
    return players, shares, outcome.reason


if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    start = time.time()
    counts = [int(p) for p in sys.argv[2].split(",")] if len(sys.argv) > 2 else [1, 2, 3, 4]
    jobs = [(players, 1000 + i) for players in counts for i in range(games)]
    with mp.Pool(2) as pool:
        results = pool.map(play, jobs, chunksize=8)
    print(f"{GAME}: {games} games per player count, heuristic bots")
    for players in counts:
        rows = [shares for p, shares, _ in results if p == players]
        totals = [sum(r[i] for r in rows) / len(rows) for i in range(players)]
        if players == 1:
            print(f"solo: the player wins {totals[0]:.1%}")
            continue
        fair = 1 / players
        cells = "  ".join(f"pos {i + 1}: {share:.1%}" for i, share in enumerate(totals))
        worst = max(totals) - fair
        print(f"{players} players (fair {fair:.1%}): {cells}  (most above fair: {worst:+.1%})")
    print("time", round(time.time() - start))
