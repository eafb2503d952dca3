"""Query times of 20 Strong's exact odds (``twenty_strong.odds``), cold and warm.

``python bench/odds_bench.py [SETS]`` times one query, i.e. every figure the table shows for a
pool and a set of active cards (each card's chance to take at least its health, the expected
damage, the chance to defeat every card), for pools of 1 to all 17 dice:

* the card sets: every card of the two house decks alone, ``SETS`` seeded random battles of 2
  to 4 cards of one deck (their immunities, crits dealing 1, and a crit bonus of 1 for one
  battle in three), and the stress sets below (up to eight cards immune to different colours
  and pairs of colours: undefeated cards stay active, and an owner may enter printed cards);
* the pools: every pool by colour counts (1,250 of them) for the warm times; for the cold
  times, the whole 17 dice and 24 seeded pools per set, each timed after every cache is
  cleared (``odds.clear_caches``).

Output: a table on stdout and JSON in ``bench/results/``. Figures in docs/performance.md.
"""

from __future__ import annotations

import itertools
import json
import random
import statistics
import sys
import time
from pathlib import Path

from gamehall.games.twenty_strong import TwentyStrong
from gamehall.games.twenty_strong.dice import COUNTS, RED
from gamehall.games.twenty_strong.odds import (
    ALL_COLOURS,
    Card,
    Pool,
    clear_caches,
    expected_damage,
    p_at_least,
    p_defeat_all,
)

RESULTS = Path(__file__).resolve().parent / "results"
POOLS: list[Pool] = [
    (y, g, b, p, r)
    for y, g, b, p, r in itertools.product(*(range(n + 1) for n in COUNTS))
    if y + g + b + p + r
]
FULL: Pool = COUNTS
BUDGET_MS = 5.0
ALL = ALL_COLOURS
STRESS = {
    "stress: 3 immunities, boss 9": [
        Card(9, ALL - {0}),
        Card(4, ALL - {0, 1}),
        Card(3, ALL - {3}),
        Card(3),
    ],
    "stress: boss 12 + 3 immune": [
        Card(12, ALL - {0}),
        Card(6, ALL - {1}),
        Card(6, ALL - {3}, 1),
        Card(3),
    ],
    "stress: 4 immunities, health 6": [Card(6, ALL - {c}) for c in range(4)],
    "stress: 5 immunities, health 5": [
        Card(5, ALL - {0}),
        Card(5, ALL - {1}, 1),
        Card(5, ALL - {2}),
        Card(5, ALL - {3}, 3),
        Card(5, ALL - {RED}),
    ],
    "stress: 6 immunities, 2 of pairs": [
        Card(4, ALL - {0}),
        Card(4, ALL - {1}),
        Card(4, ALL - {2}),
        Card(3, ALL - {3}),
        Card(3, ALL - {0, 1}),
        Card(3, ALL - {2, 3}),
    ],
    "stress: 4 immunities to pairs": [Card(5, ALL - {c, (c + 1) % 4}) for c in range(4)],
    "stress: 8 cards, 7 immunities": [
        *(Card(3, ALL - {c}) for c in range(3)),
        Card(2, ALL - {3}),
        Card(2, ALL - {RED}),
        Card(2, ALL - {0, 1}),
        Card(2, ALL - {2, 3}),
        Card(2),
    ],
}


def deck_cards(deck: str) -> list[Card]:
    """Every conflict card and boss of a house deck as the dice see it (power 0)."""
    game = TwentyStrong(1, {"deck": deck})
    cards = []
    for info in game.deck.cards:
        if info.health <= 0:
            continue
        colours = ALL
        for mod in info.during:
            if mod.kind == "immune":
                colours = colours - mod.colours
        crit = 1 if any(m.kind == "no_crit" for m in info.during) else 2
        cards.append(Card(info.health, colours, crit))
    return cards


def query(dice: Pool, cards: list[Card]) -> float:
    """The seconds one query takes: every figure the table shows for ``dice``."""
    start = time.perf_counter()
    for card in cards:
        p_at_least(dice, card)
        expected_damage(dice, card)
    p_defeat_all(dice, cards)
    return time.perf_counter() - start


def card_sets(count: int) -> dict[str, list[list[Card]]]:
    """The card sets timed, by kind."""
    rng = random.Random(2026)
    singles: list[list[Card]] = []
    battles: list[list[Card]] = []
    for deck in ("too-many-bones", "victorum"):
        cards = deck_cards(deck)
        singles.extend([card] for card in sorted(set(cards)))
        for _ in range(count // 2):
            chosen = rng.sample(cards, rng.randint(2, 4))
            if rng.random() < 1 / 3:  # a hero or an item with crits +1
                chosen = [c._replace(crit=3) if c.crit == 2 else c for c in chosen]
            battles.append(chosen)
    return {
        "one card": singles,
        "battles of 2-4 cards": battles,
        **{name: [cards] for name, cards in STRESS.items()},
    }


def best_of(runs: int, dice: Pool, cards: list[Card], cold: bool) -> float:
    """The best of ``runs`` timings of one query, in ms (a shared machine has spikes)."""
    best = float("inf")
    for _ in range(runs):
        if cold:
            clear_caches()
        best = min(best, query(dice, cards) * 1000)
    return best


def measure(sets: list[list[Card]], rng: random.Random) -> dict[str, float]:
    """Cold and warm query times (ms) over ``sets``, each the best of 3 runs."""
    cold: list[float] = []
    warm: list[float] = []
    for cards in sets:
        for dice in [FULL, *rng.sample(POOLS, 24)]:
            cold.append(best_of(3, dice, cards, cold=True))
        for dice in POOLS:  # the first pass fills the caches
            query(dice, cards)
        warm.extend(best_of(3, dice, cards, cold=False) for dice in POOLS)
    return {
        "sets": len(sets),
        "cold_queries": len(cold),
        "cold_median_ms": round(statistics.median(cold), 3),
        "cold_worst_ms": round(max(cold), 2),
        "cold_within_budget": round(sum(t <= BUDGET_MS for t in cold) / len(cold), 4),
        "warm_queries": len(warm),
        "warm_worst_ms": round(max(warm), 3),
    }


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    rng = random.Random(17)
    started = time.time()
    results = {name: measure(sets, rng) for name, sets in card_sets(count).items()}
    print(
        f"{'card sets':32} {'sets':>5} {'cold median':>12} {'cold worst':>11} "
        f"{'cold <=5ms':>11} {'warm worst':>11}"
    )
    for name, r in results.items():
        print(
            f"{name:32} {r['sets']:>5} {r['cold_median_ms']:>10.3f}ms {r['cold_worst_ms']:>9.2f}ms"
            f" {r['cold_within_budget']:>10.1%} {r['warm_worst_ms']:>9.3f}ms"
        )
    RESULTS.mkdir(exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime(started))
    path = RESULTS / f"odds-{stamp}.json"
    path.write_text(json.dumps({"seconds": round(time.time() - started, 1), **results}, indent=1))
    print(f"written {path.relative_to(RESULTS.parent.parent)}")


if __name__ == "__main__":
    main()
