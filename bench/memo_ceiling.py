"""The memory the bounded memos (``gamehall.core.memo``) hold, and what they would hold full.

A long soak of the web hall sees its memory rise slowly with the memos' entries
(docs/reliability.md); this measures their ceiling. ``python -m bench.memo_ceiling [GAMES]``
plays ``GAMES`` (600) seeded games of the soak's kinds of table in one process, every person
seat played by the heuristic bot and shown its table (with the odds) after every step, as the
hall would. Then, memo by memo, it empties the memo and counts the traced bytes freed: the
bytes each entry holds on average, and that average times the memo's size. Output on stdout
and in ``bench/results/``; figures in docs/reliability.md.
"""

from __future__ import annotations

import gc
import random
import sys
import time
import tracemalloc
from typing import Any

from bench.crash import HEROES, KINDS
from bench.saving import save
from gamehall.bots import make_bot
from gamehall.core.game import CHANCE
from gamehall.core.match import Match
from gamehall.core.memo import registered
from gamehall.core.registry import create


def play(count: int) -> int:
    """Play ``count`` seeded games, showing each person seat its table after every step;
    the steps played."""
    rng = random.Random(11)
    steps = 0
    for number in range(count):
        name, players, options, seats = rng.choice(KINDS)
        options = dict(options)
        if name == "20-strong":
            options["hero"] = rng.choice(HEROES[options["deck"]])
        game = create(name, players, options)
        kinds = ["heuristic" if seat == "me" else seat for seat in seats]
        match = Match(game, f"ceiling-{number}", [make_bot(kind, game.name) for kind in kinds])
        persons = [seat for seat, kind in enumerate(seats) if kind == "me"]
        while not match.is_over() and len(match.actions) < 5_000:
            if match.to_move() == CHANCE:
                match.step_chance()
            else:
                match.step_bot()
            for seat in persons:
                match.table_view(seat)
        steps += len(match.actions)
    return steps


def traced() -> int:
    """The bytes traced now, after a full collection."""
    gc.collect()
    return tracemalloc.get_traced_memory()[0]


def empty_each() -> list[dict[str, Any]]:
    """Empty the memos one by one: per memo, its entries, its size and the bytes freed."""
    rows = []
    for cached in registered():
        info = cached.cache_info()
        before = traced()
        cached.cache_clear()
        freed = before - traced()
        wrapped = cached.__wrapped__
        per_entry = freed / info.currsize if info.currsize else 0.0
        rows.append(
            {
                "memo": f"{wrapped.__module__.removeprefix('gamehall.games.')}.{wrapped.__name__}",
                "entries": info.currsize,
                "size": info.maxsize,
                "hit_rate": round(info.hits / max(1, info.hits + info.misses), 3),
                "mb": round(freed / 1e6, 2),
                "bytes_per_entry": round(per_entry),
                "mb_full": round(per_entry * (info.maxsize or 0) / 1e6, 2),
            }
        )
    return rows


def main() -> None:
    """Play, empty the memos, report."""
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 600
    tracemalloc.start()
    started = time.perf_counter()
    steps = play(count)
    seconds = time.perf_counter() - started
    rows = empty_each()
    result = {
        "games": count,
        "steps": steps,
        "seconds": round(seconds, 1),
        "memos": rows,
        "entries": sum(row["entries"] for row in rows),
        "size": sum(row["size"] for row in rows),
        "mb": round(sum(row["mb"] for row in rows), 1),
        "mb_full": round(sum(row["mb_full"] for row in rows), 1),
    }
    for row in rows:
        print(row)
    print({key: value for key, value in result.items() if key != "memos"})
    print(f"saved in {save('memo-ceiling', result)}")


if __name__ == "__main__":
    main()
