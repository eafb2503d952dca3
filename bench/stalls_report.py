"""The figures of ``make stalls`` as Markdown for docs/balance.md: per deck, rank and bot, the
games, stalled games, end reasons and longest game; and the rank-1 heuristic win rates as a
hero x boss table (``python bench/stalls_report.py [RESULTS]``).
"""

from __future__ import annotations

import json
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from gamehall.games.twenty_strong.decks import DECKS

RESULTS = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("bench/results/stalls.jsonl")
LOW, HIGH = 0.35, 0.65
"""The balance target at rank 1 (docs/balance.md)."""


def rows(path: Path) -> list[dict[str, Any]]:
    """Every pairing's row, the last one written for each pairing."""
    latest: dict[tuple[Any, ...], dict[str, Any]] = {}
    for line in path.read_text().splitlines():
        row = json.loads(line)
        latest[(row["deck"], row["hero"], row["boss"], row["rank"], row["bot"])] = row
    return list(latest.values())


def summary(found: list[dict[str, Any]]) -> list[str]:
    """One line per deck, rank and bot: pairings, games, stalled, reasons, longest."""
    groups: dict[tuple[str, int, str], list[dict[str, Any]]] = defaultdict(list)
    for row in found:
        groups[(row["deck"], row["rank"], row["bot"])].append(row)
    lines = [
        "| deck | rank | bot | pairings | games | stalled | win rate (mean, lowest–highest) "
        "| end reasons | longest game |",
        "|---|---:|---|---:|---:|---:|---|---|---:|",
    ]
    for (deck, rank, bot), group in sorted(groups.items()):
        reasons: Counter[str] = Counter()
        for row in group:
            reasons.update(row["reasons"])
        rates = [row["win_rate"] for row in group]
        games = sum(row["games"] for row in group)
        unit = "Engagements" if deck == "too-many-bones" else "rounds"
        said = ", ".join(f"{reason} {count}" for reason, count in sorted(reasons.items()))
        lines.append(
            f"| {DECKS[deck].title} | {rank} | {bot} | {len(group)} | {games:,} "
            f"| {sum(row['stalled'] for row in group)} "
            f"| {sum(rates) / len(rates):.0%}, {min(rates):.0%}–{max(rates):.0%} | {said} "
            f"| {max(row['longest'] for row in group)} {unit} |"
        )
    return lines


def win_table(found: list[dict[str, Any]], deck: str) -> list[str]:
    """The rank-1 heuristic win rates of ``deck``, heroes down, bosses across; a rate outside
    the target is in bold."""
    rates = {
        (row["hero"], row["boss"]): row["win_rate"]
        for row in found
        if row["deck"] == deck and row["rank"] == 1 and row["bot"] == "heuristic"
    }
    heroes = DECKS[deck].menu("hero")
    bosses = DECKS[deck].menu("boss")
    lines = [
        "| | " + " | ".join(name["en"] for _, name in bosses) + " |",
        "|---|" + "---:|" * len(bosses),
    ]
    for hero, name in heroes:
        cells = []
        for boss, _ in bosses:
            rate = rates.get((hero, boss))
            text = "" if rate is None else f"{rate:.0%}"
            cells.append(f"**{text}**" if rate is not None and not LOW <= rate <= HIGH else text)
        lines.append(f"| {name['en']} | " + " | ".join(cells) + " |")
    return lines


if __name__ == "__main__":
    found = rows(RESULTS)
    print("\n".join(summary(found)))
    for deck in ("too-many-bones", "victorum"):
        print(f"\n{DECKS[deck].title}, rank 1, heuristic bot:\n")
        print("\n".join(win_table(found, deck)))
