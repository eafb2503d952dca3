"""Victorum's part of the search horizon: a playout stops four rounds on; the chance to win
then weighs, besides the general features, how far up the mountain the chip is, the scion's
Influence cards, bloodshed, tactics, primuses left, and whether the scion's conflict has
begun (fitted at rank 1)."""

from __future__ import annotations

from typing import Final

from gamehall.games.twenty_strong.decks.victorum.deck import Vic
from gamehall.games.twenty_strong.decks.victorum.mountain import SCION_CAMP
from gamehall.games.twenty_strong.horizon import DeckHorizon


def features(deck: object) -> list[float]:
    """The mountain's progress, from Victorum's part of the state."""
    assert isinstance(deck, Vic)
    return [
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


HORIZON: Final = DeckHorizon(
    rounds=4,
    features=features,
    weights=(
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
)
"""Victorum's horizon."""
