"""A run's games summed up per configuration: the figures of ``gamehall simulate`` and of the
report.

Per configuration: the games played and how they ended (stalled games, stopped past their
length bound, counted on their own, never as losses); each seat's wins (a win shared by k
counts 1/k), win rate with its 95 % Wilson interval and advantage over a fair share; the game
length, decisions and branching factor; lead changes in multiplayer games; and the game's own
figures (:mod:`gamehall.lab.figures`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from gamehall.lab.games import FIGURES
from gamehall.lab.grid import Config
from gamehall.lab.stats import distribution, wilson


def summarize(config: Config, games: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The figures of ``games``, all of ``config``, as JSON data."""
    count = len(games)
    wins = [0.0] * config.players
    for played in games:
        for seat in played["winners"]:
            wins[seat] += 1 / len(played["winners"])
    seats = []
    for seat, (bot, won) in enumerate(zip(config.bots, wins, strict=True)):
        low, high = wilson(won, count)
        rate = won / count if count else 0.0
        seats.append(
            {
                "seat": seat + 1,
                "bot": bot,
                "wins": won,
                "win_rate": rate,
                "interval": [low, high],
                "advantage": rate - 1 / config.players if config.players > 1 else None,
            }
        )
    summary: dict[str, Any] = {
        "config": config.to_json(),
        "label": config.label(),
        "games": count,
        "seats": seats,
        "end_reasons": dict(sorted(Counter(g["reason"] for g in games).items())),
        "stalled": sum(g["reason"] == "stalled" for g in games),
        "length": distribution([g["steps"] for g in games]),
        "decisions": distribution([g["decisions"] for g in games]),
        "branching": distribution([g["branching"] for g in games]),
    }
    if config.players > 1 and games and "lead_changes" in games[0]:
        summary["lead_changes"] = distribution([g["lead_changes"] for g in games])
    special = FIGURES.get(config.game)
    if special is not None and games:
        summary["game"] = special.summarize(games)
    return summary
