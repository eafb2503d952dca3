"""Memory and time of Ancient Terrible Things' completion odds (``ancient_terrible_things.odds``)
as their memos fill, as in a long-running hall.

``python -m bench.att_odds_memory [QUERIES]`` asks ``QUERIES`` (6,000) seeded questions: five
Focus dice, some set aside, one to three combinations of the six kinds, 0 to 8 Focus tokens;
then reports the entries each memo holds, the Python memory blocks and the traced bytes they
added (a second pass, with tracemalloc), and the time of the first pass. Output on stdout and
in ``bench/results/``; figures in docs/performance.md.
"""

from __future__ import annotations

import random
import sys
import time
import tracemalloc
from typing import Any

from bench.saving import save
from gamehall.games.ancient_terrible_things import odds

KINDS = [("pair", 2), ("set", 3), ("set", 4), ("straight", 3), ("straight", 4), ("high", 1)]
MEMOS = {"levels": odds._levels, "odds": odds._odds, "met": odds._met_sorted}


def questions(count: int) -> list[tuple[Any, ...]]:
    """Seeded questions: (dice, indexes aside, combinations, Focus tokens)."""
    rng = random.Random(7)
    asked = []
    for _ in range(count):
        combos = [(k, rng.randint(1, 6), size) for k, size in rng.sample(KINDS, rng.randint(1, 3))]
        values = tuple(rng.randint(1, 6) for _ in range(5))
        aside = tuple(i for i in range(5) if rng.random() < 0.3)
        asked.append((values, aside, combos, rng.randint(0, 8)))
    return asked


def ask_all(asked: list[tuple[Any, ...]]) -> float:
    """Ask every question on empty memos; the seconds it took."""
    for cached in MEMOS.values():
        cached.cache_clear()
    started = time.perf_counter()
    for values, aside, combos, tokens in asked:
        odds.completion_odds(values, aside, combos, tokens)
    return time.perf_counter() - started


def main() -> None:
    """Ask, measure, report."""
    asked = questions(int(sys.argv[1]) if len(sys.argv) > 1 else 6000)
    seconds = ask_all(asked)
    for cached in MEMOS.values():
        cached.cache_clear()
    blocks = sys.getallocatedblocks()
    tracemalloc.start()
    ask_all(asked)
    traced = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    result = {
        "questions": len(asked),
        "seconds": round(seconds, 2),
        "memo_entries": {name: cached.cache_info().currsize for name, cached in MEMOS.items()},
        "python_blocks_added": sys.getallocatedblocks() - blocks,
        "traced_mb": round(traced / 1e6, 1),
    }
    print(result)
    print(f"saved in {save('att-odds-memory', result)}")


if __name__ == "__main__":
    main()
