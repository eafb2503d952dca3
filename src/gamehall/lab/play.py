"""Playing one seeded game of a configuration and reading its figures off the finished match.

The figures every game has: who won, why, the scores, its length in steps and in the units of
its length bound (``length_units``: rounds, turns...), its decisions and their branching
factor (legal actions per decision), and, where the game says who leads
(``Figures.standing``), how often the lead changed hands. A game may add its own figures
(:data:`gamehall.lab.games.FIGURES`).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from gamehall.bots import make_bot
from gamehall.core.game import Game
from gamehall.core.match import Match, StalledError
from gamehall.core.outcome import Outcome
from gamehall.core.registry import create
from gamehall.lab.figures import lead_changes
from gamehall.lab.games import FIGURES
from gamehall.lab.grid import Config

STALL_STEPS = 20_000
"""A game still running after this many steps is counted as stalled, won by none."""
CHUNK = 250
"""Steps played between two looks at the game's length bound."""


@cache
def configured(config: Config) -> Game[Any]:
    """The game of ``config`` (built once per process: decks and card files load once)."""
    return create(config.game, config.players, config.option_map)


def play_game(config: Config, seed: int) -> dict[str, Any]:
    """Play the game of ``config`` seeded ``seed`` between its bots; its figures as JSON."""
    game = configured(config)
    match = Match(game, seed, [make_bot(kind, game.name) for kind in config.bots])
    outcome, stall = play_bounded(match)
    decisions = [i for i, mover in enumerate(match.movers) if mover >= 0]
    choices = sum(len(game.legal_actions(match.states[i])) for i in decisions)
    figures: dict[str, Any] = {
        "seed": seed,
        **outcome.to_json(),
        "steps": len(match.actions),
        "decisions": len(decisions),
        "branching": choices / len(decisions) if decisions else 0.0,
        "length_units": game.length(match.state),
    }
    if stall:
        figures["stall"] = stall
    special = FIGURES.get(game.name)
    if special is not None:
        if game.players > 1:
            figures["lead_changes"] = lead_changes(special.standing(game, s) for s in match.states)
        figures.update(special.read(game, match))
    return figures


def play_bounded(match: Match, chunk: int = CHUNK) -> tuple[Outcome, str]:
    """Play ``match`` out between its bots; a game past its length bound (``Game.overlong``,
    looked at every ``chunk`` steps) or :data:`STALL_STEPS` steps is stopped as stalled, won
    by none, and says why."""
    game = match.game
    while True:
        try:
            steps = max(1, min(chunk, STALL_STEPS - len(match.actions)))
            return match.play_out(steps), ""
        except StalledError:
            why = game.overlong(match.state)
            if not why and len(match.actions) >= STALL_STEPS:
                why = f"{len(match.actions)} steps played, and the game goes on"
            if why:
                return Outcome(winners=(), scores=(0,) * game.players, reason="stalled"), why
