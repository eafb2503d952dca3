"""Each game's search horizon: its checkpoint, the features its estimate weighs, the weights.

The weights are fitted to heuristic games by ``python bench/fit_horizon.py GAME`` (seeds from
500,000; docs/strength.md); refit them after changing a game's rules, cards or heuristic.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from gamehall.core.plugin import FacetMap
from gamehall.games.ancient_terrible_things.scoring import rival_secrets, secrets
from gamehall.games.ancient_terrible_things.state import FEAT, FOCUS, MYSTERY, TREASURE, AttState
from gamehall.games.boss_quest.state import BossQuestState
from gamehall.games.twenty_strong.decks.victorum.deck import Vic
from gamehall.games.twenty_strong.decks.victorum.mountain import SCION_CAMP
from gamehall.games.twenty_strong.state import State
from gamehall.search.horizon import LogitHorizon

if TYPE_CHECKING:
    from gamehall.games.ancient_terrible_things.rules import AncientTerribleThings
    from gamehall.games.twenty_strong.rules import TwentyStrong

# -- Boss Quest: the round's combat settles the decisions of the round ----------------------

BQ_KEYS = 5
"""Key counts told apart: 0 to 4 (the target is 5, or 4 with five knights)."""


def bq_features(game: object, state: BossQuestState, seat: int) -> list[float]:
    """One-hot keys (0..4), then one-hot hearts (1..3)."""
    features = [0.0] * (BQ_KEYS + 3)
    features[min(state.keys[seat], BQ_KEYS - 1)] = 1.0
    features[BQ_KEYS + state.hearts[seat] - 1] = 1.0
    return features


BOSS_QUEST = LogitHorizon(
    checkpoint=lambda game, start, state: state.round != start.round,
    features=bq_features,
    in_game=lambda state, seat: state.hearts[seat] > 0,
    weights={
        2: (-1.249, -0.8, -0.247, 0.425, 1.313, -0.373, 0.042, 0.079),
        3: (-1.247, -0.717, -0.099, 0.657, 1.406, -0.263, 0.025, 0.05),
        4: (-1.252, -0.701, -0.1, 0.735, 1.46, -0.267, -0.015, 0.085),
        5: (-0.957, -0.385, 0.574, 1.196, 0.0, -0.102, -0.036, 0.043),
    },
)
"""A playout stops once the round's combat is fought; a knight's chance then is its share of
``exp(w[keys] + w[5 + hearts - 1])`` among the knights with hearts left."""


# -- Ancient Terrible Things: every player has had one more turn -----------------------------

ATT_TIERS = 3


def att_checkpoint(game: object, start: AttState, state: AttState) -> bool:
    """True once every player has begun one more turn (one turn alone)."""
    return state.turn >= start.turn + len(state.players)


def att_features(game: AncientTerribleThings, state: AttState, seat: int) -> list[float]:
    """A constant, the Secrets (ahead of the rival's, alone), the Secrets weighed by how much
    of the encounter deck is gone, the tokens of each kind, the Exploits in hand, the
    encounters defeated (the tie-break)."""
    player = state.players[seat]
    score = secrets(game, player)
    if len(state.players) == 1:
        score -= rival_secrets(game, state)
    gone = 1 - sum(state.quota) / (ATT_TIERS * game.setup.per_tier)
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


ANCIENT_TERRIBLE_THINGS = LogitHorizon(
    checkpoint=att_checkpoint,
    features=att_features,
    weights={
        1: (0.108, -0.069, 0.226, 0.15, -0.017, 0.051, -0.034, 0.199, 0.007),
        2: (0.0, -0.098, 0.313, 0.096, -0.007, 0.001, -0.018, 0.128, -0.019),
        3: (0.0, -0.077, 0.378, 0.094, 0.003, 0.011, -0.023, 0.187, -0.238),
        4: (0.0, -0.057, 0.36, 0.07, -0.009, -0.026, -0.001, 0.193, 0.037),
    },
)
"""A playout stops once every player has had one more turn; a player's chance then is a
logit of its Secrets (growing in weight as the deck runs out), tokens and cards."""


# -- 20 Strong: Victorum, a few rounds on ---------------------------------------------------

TS_ROUNDS: dict[str, int] = {"victorum": 4}
"""Rounds a playout goes on before it stops, by deck. Too Many Bones has no horizon: its
outcome hangs on the last battle against the Tyrant, which no count of days ahead foresees
(a fit of health and days gains 0.01 nats), and its playouts are short enough to finish."""


def ts_checkpoint(game: TwentyStrong, start: State, state: State) -> bool:
    """True the deck's number of rounds after ``start`` (never for a deck without one)."""
    rounds = TS_ROUNDS.get(game.deck.name)
    return rounds is not None and state.round >= start.round + rounds


def ts_features(game: TwentyStrong, state: State, seat: int) -> list[float]:
    """A constant, health, strategy, recovery, items, the round, then how far up the mountain
    the chip is, the scion's Influence cards, bloodshed, tactics, primuses left, and whether
    the scion's conflict has begun."""
    deck = state.deck
    assert isinstance(deck, Vic)
    return [
        1.0,
        float(state.health),
        float(state.strategy),
        float(state.recovery),
        float(len(state.inventory)),
        float(state.round),
        float(_height(deck.chip)),
        float(len(deck.influence)),
        float(deck.bloodshed),
        float(len(deck.tactics)),
        float(deck.primuses_left),
        float(deck.conflict == "scion"),
    ]


def _height(camp: int) -> int:
    """How far up the mountain a camp lies: 0 at its foot, 3 at the scion."""
    if camp == SCION_CAMP:
        return 3
    return 0 if camp < 4 else 1 if camp < 7 else 2


TWENTY_STRONG = LogitHorizon(
    checkpoint=ts_checkpoint,
    features=ts_features,
    weights={
        "victorum": (
            -4.909,
            0.087,
            0.131,
            0.489,
            0.071,
            0.004,
            0.043,
            -0.041,
            0.0,
            0.452,
            -0.023,
            0.696,
        ),
    },
    table=lambda game: game.deck.name,
)
"""Victorum: a playout stops four rounds on; the chance to win then is a logistic of health,
the hero's stats, items and the mountain's progress, fitted at rank 1."""

HORIZONS: Mapping[str, LogitHorizon] = FacetMap("horizon")
"""The horizon of each game that has one (its plug-in's ``horizon``), by game name."""
