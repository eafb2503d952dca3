"""20 Strong's search horizon: a playout stops a deck's number of rounds on, and the hero's
chance to win then is a logistic of the general features (health, the hero's stats, items,
the round) and the deck's own, with the deck's fitted weights (``bench/fit_horizon.py``).

A deck has a horizon if its plug-in names a ``horizon`` part (a :class:`DeckHorizon`); a deck
without one plays every playout out.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from gamehall.games.twenty_strong.deck_plugin import DeckParts, part_of
from gamehall.games.twenty_strong.state import State
from gamehall.search.horizon import LogitHorizon

if TYPE_CHECKING:
    from gamehall.games.twenty_strong.rules import TwentyStrong


@dataclass(frozen=True)
class DeckHorizon:
    """A deck's part of the horizon: how far a playout goes, the deck's own features and the
    weights of all of them (the general ones first)."""

    rounds: int
    """Rounds a playout goes on before it stops."""
    features: Callable[[Any], list[float]]
    """The deck's state (``State.deck``) -> the deck's own features."""
    weights: Sequence[float]
    """One weight per feature: the general ones (:func:`ts_features`), then the deck's."""


DECK_HORIZONS: Mapping[str, DeckHorizon] = DeckParts("horizon")
"""Each deck's part of the horizon (its plug-in's ``horizon``), by deck name."""


class _Lookup(Mapping[str, Any]):
    """One field of each deck's horizon, by deck name."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __getitem__(self, deck: str) -> Any:
        return getattr(DECK_HORIZONS[deck], self.name)

    def __iter__(self) -> Iterator[str]:
        return iter(DECK_HORIZONS)

    def __len__(self) -> int:
        return len(DECK_HORIZONS)


ROUNDS: Mapping[str, int] = _Lookup("rounds")
"""Rounds a playout goes on before it stops, by deck (a deck without a horizon plays every
playout out)."""


def ts_checkpoint(game: TwentyStrong, start: State, state: State) -> bool:
    """True the deck's number of rounds after ``start`` (never for a deck without one)."""
    horizon: DeckHorizon | None = part_of(game.deck.name, "horizon")
    return horizon is not None and state.round >= start.round + horizon.rounds


def ts_features(game: TwentyStrong, state: State, seat: int) -> list[float]:
    """A constant, health, strategy, recovery, items, the round, then the deck's own."""
    horizon: DeckHorizon = DECK_HORIZONS[game.deck.name]
    return [
        1.0,
        float(state.health),
        float(state.strategy),
        float(state.recovery),
        float(len(state.inventory)),
        float(state.round),
        *horizon.features(state.deck),
    ]


HORIZON = LogitHorizon(
    checkpoint=ts_checkpoint,
    features=ts_features,
    weights=cast("Mapping[Hashable, Sequence[float]]", _Lookup("weights")),
    table=lambda game: game.deck.name,
)
"""A playout stops the deck's rounds on; the chance to win then is a logistic of the hero's
health, stats and items and of the deck's own progress, fitted at rank 1."""
