"""Playing many seeded games between bots and counting the results."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gamehall.bots import make_bot
from gamehall.core.registry import create
from gamehall.lab.grid import Config
from gamehall.lab.play import play_game


@dataclass
class SimulationResult:
    """Totals of a batch of games."""

    game: str
    players: int
    bots: list[str]
    games: int = 0
    wins: list[float] = field(default_factory=list)
    shared_wins: int = 0
    steps: int = 0
    decisions: int = 0
    seconds: float = 0.0
    reasons: dict[str, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The totals with rates, as JSON data."""
        return {
            "game": self.game,
            "players": self.players,
            "bots": self.bots,
            "games": self.games,
            "wins": self.wins,
            "win_rates": [w / self.games for w in self.wins] if self.games else [],
            "shared_wins": self.shared_wins,
            "end_reasons": self.reasons,
            "steps": self.steps,
            "decisions": self.decisions,
            "seconds": round(self.seconds, 3),
            "games_per_s": self.games / self.seconds if self.seconds else 0.0,
            "steps_per_s": self.steps / self.seconds if self.seconds else 0.0,
        }


def simulate(
    game_name: str,
    players: int,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    options: Mapping[str, object] | None = None,
) -> SimulationResult:
    """Play ``games`` games, game ``i`` seeded ``seed + i``; a win shared by k counts 1/k."""
    game = create(game_name, players, options)
    if len(bots) != players:
        raise ValueError(f"{len(bots)} bots given for {players} players")
    for kind in bots:
        make_bot(kind, game.name)  # every bot kind must exist before the first game
    config = Config(
        game.name,
        players,
        tuple(bots),
        tuple(sorted((k, str(v)) for k, v in (options or {}).items())),
    )
    result = SimulationResult(game.name, players, list(bots), wins=[0.0] * players)
    start = time.perf_counter()
    for i in range(games):
        played = play_game(config, seed + i)
        result.games += 1
        result.steps += played["steps"]
        result.decisions += played["decisions"]
        reason = played["reason"]
        result.reasons[reason] = result.reasons.get(reason, 0) + 1
        winners = played["winners"]
        if len(winners) > 1:
            result.shared_wins += 1
        for winner in winners:
            result.wins[winner] += 1 / len(winners)
    result.seconds = time.perf_counter() - start
    return result
