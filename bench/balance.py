"""Balance of the Too Many Bones house cards: the heuristic bot's win rate for every
Gearloc x Tyrant pairing at one rank (``python bench/balance.py GAMES RANK``), two processes.

The figures are in docs/balance.md; seeds 1000.. so runs repeat exactly.
"""

from __future__ import annotations

import multiprocessing as mp
import sys
import time

from gamehall.games.twenty_strong.decks.too_many_bones.cards import load_cards
from gamehall.sim.simulate import simulate

n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
rank = int(sys.argv[2]) if len(sys.argv) > 2 else 1


def run(pair: tuple[str, str]) -> tuple[str, str, float, dict[str, int]]:
    """The win rate and end reasons of one pairing."""
    g, t = pair
    r = simulate(
        "20-strong", 1, ["heuristic"], n, 1000, {"hero": g, "boss": t, "rank": rank}
    ).to_json()
    return g, t, r["win_rates"][0], r["end_reasons"]


if __name__ == "__main__":
    c = load_cards()
    pairs = [(g.code, t.code) for g in c.gearlocs for t in c.tyrants]
    start = time.time()
    with mp.Pool(2) as pool:
        res = pool.map(run, pairs)
    table = {(g, t): w for g, t, w, _ in res}
    print("rank", rank, "games per pairing", n)
    print(" " * 12 + " ".join(f"{t.code:>11s}" for t in c.tyrants))
    for g in c.gearlocs:
        print(f"{g.code:12s}" + " ".join(f"{table[(g.code, t.code)]:11.2f}" for t in c.tyrants))
    print(
        "mean",
        sum(table.values()) / len(table),
        "stalled",
        sum(r.get("stalled", 0) for *_, r in res),
        "time",
        round(time.time() - start),
    )
