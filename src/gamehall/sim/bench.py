"""The throughput benchmark: random playouts of every registered game on one core."""

from __future__ import annotations

import os
import platform
import sys
from collections.abc import Mapping
from typing import Any

from gamehall.core.plugin import FacetMap
from gamehall.core.registry import games
from gamehall.sim.playout import random_playouts

BENCH_PLAYERS: Mapping[str, int] = FacetMap(setting="bench_players")
"""How many play each game in the benchmark (its plug-in's ``bench_players``; else the
fewest it takes)."""
BENCH_VARIANTS: Mapping[str, list[dict[str, Any]]] = FacetMap(setting="bench_variants", make=list)
"""Options that make a different game of one name (20 Strong's decks), each measured."""


def build_of(game_class: type) -> str:
    """How a game's rules run: ``mypyc`` when its module is compiled, else ``python``."""
    path = getattr(sys.modules[game_class.__module__], "__file__", None) or ""
    return "mypyc" if path.endswith(".so") else "python"


def bench_all(playouts: int = 2000, repeats: int = 3) -> dict[str, Any]:
    """games/s, steps/s and decisions/s of each game: the best of ``repeats`` runs."""
    rows = []
    for game_class, options in ((g, o) for g in games() for o in BENCH_VARIANTS.get(g.name, [{}])):
        players = BENCH_PLAYERS.get(game_class.name, game_class.min_players)
        game = game_class(players, options)
        random_playouts(game, max(1, playouts // 20), seed=99)  # warm-up
        runs = [random_playouts(game, playouts, seed=r) for r in range(repeats)]
        best = max(runs, key=lambda r: r.steps_per_s)
        rows.append(
            {
                "game": game.name,
                "players": players,
                "options": options,
                "build": build_of(game_class),
                "games_per_s": round(best.games_per_s, 1),
                "steps_per_s": round(best.steps_per_s, 1),
                "decisions_per_s": round(best.decisions_per_s, 1),
                "steps_per_game": best.steps / best.games,
                "runs_steps_per_s": [round(r.steps_per_s, 1) for r in runs],
            }
        )
    return {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "affinity": sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None,
        "games": rows,
    }
