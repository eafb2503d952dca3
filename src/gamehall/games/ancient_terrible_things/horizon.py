"""Ancient Terrible Things' search horizon: every player has had one more turn.

The weights are fitted to heuristic games by ``python bench/fit_horizon.py
ancient-terrible-things`` (seeds from 500,000; docs/strength.md); refit them after changing
the rules, cards or heuristic.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamehall.games.ancient_terrible_things.scoring import rival_secrets, secrets
from gamehall.games.ancient_terrible_things.state import FEAT, FOCUS, MYSTERY, TREASURE, AttState
from gamehall.search.horizon import LogitHorizon

if TYPE_CHECKING:
    from gamehall.games.ancient_terrible_things.rules import AncientTerribleThings

TIERS = 3


def checkpoint(game: object, start: AttState, state: AttState) -> bool:
    """True once every player has begun one more turn (one turn alone)."""
    return state.turn >= start.turn + len(state.players)


def features(game: AncientTerribleThings, state: AttState, seat: int) -> list[float]:
    """A constant, the Secrets (ahead of the rival's, alone), the Secrets weighed by how much
    of the encounter deck is gone, the tokens of each kind, the Exploits in hand, the
    encounters defeated (the tie-break)."""
    player = state.players[seat]
    score = secrets(game, player)
    if len(state.players) == 1:
        score -= rival_secrets(game, state)
    gone = 1 - sum(state.quota) / (TIERS * game.setup.per_tier)
    tokens = player.tokens
    return [
        1.0,
        score,
        score * gone,
        tokens[FOCUS],
        tokens[MYSTERY],
        tokens[TREASURE],
        tokens[FEAT],
        len(player.exploits),
        len(player.trophies),
    ]


HORIZON = LogitHorizon(
    checkpoint=checkpoint,
    features=features,
    weights={
        1: (0.108, -0.069, 0.226, 0.15, -0.017, 0.051, -0.034, 0.199, 0.007),
        2: (0.0, -0.098, 0.313, 0.096, -0.007, 0.001, -0.018, 0.128, -0.019),
        3: (0.0, -0.077, 0.378, 0.094, 0.003, 0.011, -0.023, 0.187, -0.238),
        4: (0.0, -0.057, 0.36, 0.07, -0.009, -0.026, -0.001, 0.193, 0.037),
    },
)
"""A playout stops once every player has had one more turn; a player's chance then is a
logit of its Secrets (growing in weight as the deck runs out), tokens and cards."""
