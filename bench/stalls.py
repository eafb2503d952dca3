"""Every game ends: seeded games of every hero x boss pairing of both 20 Strong decks, at
ranks 1 and 3, with the heuristic and the random bot, counting stalled games (stopped past
the length bound their rules give, ``Game.overlong``) on their own.

``python bench/stalls.py [GAMES] [OUT]`` (``make stalls``): GAMES per pairing, bot and rank
(200 by default), seeds from 1000, two processes; one JSON line per pairing is appended to OUT
(``bench/results/stalls.jsonl``) as it finishes, so an interrupted run keeps what it played.
The figures are in docs/balance.md.
"""

from __future__ import annotations

import json
import multiprocessing as mp
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from gamehall.games.twenty_strong.decks import DECKS
from gamehall.lab.grid import Config
from gamehall.lab.play import play_game

GAMES = int(sys.argv[1]) if len(sys.argv) > 1 else 200
OUT = Path(sys.argv[2]) if len(sys.argv) > 2 else Path("bench/results/stalls.jsonl")
SEED = 1000


def pairing(job: tuple[str, str, str, int, str]) -> dict[str, Any]:
    """The end reasons, win rate and longest game of one pairing."""
    deck, hero, boss, rank, bot = job
    options = {"deck": deck, "hero": hero, "boss": boss, "rank": str(rank)}
    config = Config("20-strong", 1, (bot,), tuple(sorted(options.items())))
    reasons: Counter[str] = Counter()
    wins, longest, stalls = 0.0, 0, []
    for seed in range(SEED, SEED + GAMES):
        played = play_game(config, seed)
        reasons[played["reason"]] += 1
        wins += bool(played["winners"])
        longest = max(longest, played["length_units"])
        if "stall" in played:
            stalls.append({"seed": seed, "why": played["stall"]})
    return {
        "deck": deck,
        "hero": hero,
        "boss": boss,
        "rank": rank,
        "bot": bot,
        "games": GAMES,
        "win_rate": wins / GAMES,
        "reasons": dict(sorted(reasons.items())),
        "stalled": len(stalls),
        "stalls": stalls,
        "longest": longest,
    }


def jobs() -> list[tuple[str, str, str, int, str]]:
    """Rank 1 with the heuristic first (the balance figures), then the rest."""
    every = [
        (deck, hero, boss, rank, bot)
        for rank, bot in ((1, "heuristic"), (1, "random"), (3, "heuristic"), (3, "random"))
        for deck in ("victorum", "too-many-bones")
        for hero, _ in DECKS[deck].menu("hero")
        for boss, _ in DECKS[deck].menu("boss")
    ]
    done = set()
    if OUT.exists():
        for line in OUT.read_text().splitlines():
            row = json.loads(line)
            if row["games"] == GAMES:
                done.add((row["deck"], row["hero"], row["boss"], row["rank"], row["bot"]))
    return [job for job in every if job not in done]


if __name__ == "__main__":
    OUT.parent.mkdir(parents=True, exist_ok=True)
    start = time.time()
    todo = jobs()
    with mp.Pool(2) as pool, OUT.open("a") as out:
        for row in pool.imap(pairing, todo):
            out.write(json.dumps(row) + "\n")
            out.flush()
    print(f"{len(todo)} pairings played in {time.time() - start:.0f} s; results in {OUT}")
