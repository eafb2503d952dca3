"""Balance of a 20 Strong deck's house cards: the heuristic bot's win rate for every
hero x boss pairing at one rank (``python bench/balance.py GAMES RANK [DECK]``), two processes.

The figures are in docs/balance.md; seeds 1000.. so runs repeat exactly.
"""

from __future__ import annotations

import multiprocessing as mp
import sys
import time

from gamehall.games.twenty_strong.decks import DECKS
from gamehall.sim.simulate import simulate

n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
rank = int(sys.argv[2]) if len(sys.argv) > 2 else 1
deck = sys.argv[3] if len(sys.argv) > 3 else "too-many-bones"


def run(pair: tuple[str, str]) -> tuple[str, str, float, dict[str, int]]:
    """The win rate and end reasons of one pairing."""
    hero, boss = pair
    options = {"deck": deck, "hero": hero, "boss": boss, "rank": rank}
    r = simulate("20-strong", 1, ["heuristic"], n, 1000, options).to_json()
    return hero, boss, r["win_rates"][0], r["end_reasons"]


if __name__ == "__main__":
    heroes = [code for code, _ in DECKS[deck].menu("hero")]
    bosses = [code for code, _ in DECKS[deck].menu("boss")]
    start = time.time()
    with mp.Pool(2) as pool:
        res = pool.map(run, [(h, b) for h in heroes for b in bosses])
    table = {(h, b): w for h, b, w, _ in res}
    print(deck, "rank", rank, "games per pairing", n)
    print(" " * 14 + " ".join(f"{b[-11:]:>11s}" for b in bosses))
    for h in heroes:
        print(f"{h:14s}" + " ".join(f"{table[(h, b)]:11.2f}" for b in bosses))
    for b in bosses:
        print(f"mean v {b}: {sum(table[(h, b)] for h in heroes) / len(heroes):.2f}")
    for h, b, _, reasons in res:
        if reasons.get("stalled"):
            print(f"stalled: {h} v {b}: {reasons['stalled']}")
    print(
        "mean",
        round(sum(table.values()) / len(table), 3),
        "min",
        min(table.values()),
        "max",
        max(table.values()),
        "stalled",
        sum(r.get("stalled", 0) for *_, r in res),
        "time",
        round(time.time() - start),
    )
