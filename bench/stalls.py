"""Every game ends: seeded games of every hero x boss pairing of both 20 Strong decks, at
ranks 1 and 3, with the heuristic and the random bot, counting stalled games (stopped past
the length bound their rules give, ``Game.overlong``) on their own.

``python bench/stalls.py [GAMES] [--out OUT] [--deck D] [--rank R] [--bot B] [--processes N]``
(``make stalls``): GAMES per pairing, bot and rank (200 by default), seeds from 1000, two
processes; one JSON line per pairing is appended to OUT (``bench/results/stalls.jsonl``, kept
in git as the evidence of docs/balance.md) as it finishes, so an interrupted run keeps what it
played and a rerun plays only what is missing. The figures are in docs/balance.md.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import time
from collections import Counter
from pathlib import Path
from typing import Any

from gamehall.games.twenty_strong.decks import DECKS
from gamehall.lab.grid import Config
from gamehall.lab.play import play_game

SEED = 1000
Job = tuple[str, str, str, int, str, int]
"""deck, hero, boss, rank, bot, games."""


def pairing(job: Job) -> dict[str, Any]:
    """The end reasons, win rate and longest game of one pairing."""
    deck, hero, boss, rank, bot, games = job
    options = {"deck": deck, "hero": hero, "boss": boss, "rank": str(rank)}
    config = Config("20-strong", 1, (bot,), tuple(sorted(options.items())))
    reasons: Counter[str] = Counter()
    wins, longest, stalls = 0.0, 0, []
    for seed in range(SEED, SEED + games):
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
        "games": games,
        "win_rate": wins / games,
        "reasons": dict(sorted(reasons.items())),
        "stalled": len(stalls),
        "stalls": stalls,
        "longest": longest,
    }


def jobs(games: int, out: Path, decks: list[str], ranks: list[int], bots: list[str]) -> list[Job]:
    """Rank 1 with the heuristic first (the balance figures), then the rest, less what OUT holds."""
    every = [
        (deck, hero, boss, rank, bot, games)
        for rank, bot in ((1, "heuristic"), (1, "random"), (3, "heuristic"), (3, "random"))
        if rank in ranks and bot in bots
        for deck in decks
        for hero, _ in DECKS[deck].menu("hero")
        for boss, _ in DECKS[deck].menu("boss")
    ]
    done = set()
    if out.exists():
        for line in out.read_text().splitlines():
            row = json.loads(line)
            done.add((row["deck"], row["hero"], row["boss"], row["rank"], row["bot"], row["games"]))
    return [job for job in every if job not in done]


def main() -> None:
    """Play what is missing and append it to OUT."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="?", type=int, default=200, help="games per pairing")
    parser.add_argument("--out", type=Path, default=Path("bench/results/stalls.jsonl"))
    parser.add_argument("--deck", action="append", help="only this deck (victorum, too-many-bones)")
    parser.add_argument("--rank", action="append", type=int, choices=(1, 3), help="only this rank")
    parser.add_argument("--bot", action="append", choices=("heuristic", "random"))
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    start = time.time()
    decks, ranks = args.deck or ["victorum", "too-many-bones"], args.rank or [1, 3]
    todo = jobs(args.games, args.out, decks, ranks, args.bot or ["heuristic", "random"])
    with mp.Pool(args.processes) as pool, args.out.open("a") as out:
        for row in pool.imap(pairing, todo):
            out.write(json.dumps(row) + "\n")
            out.flush()
    print(f"{len(todo)} pairings played in {time.time() - start:.0f} s; results in {args.out}")


if __name__ == "__main__":
    main()
