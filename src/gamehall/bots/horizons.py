"""Each game's search horizon: its checkpoint, the features its estimate weighs, the weights.

The weights are fitted to heuristic games by ``python bench/fit_horizon.py GAME`` (seeds from
500,000; docs/strength.md); refit them after changing a game's rules, cards or heuristic.
"""

from __future__ import annotations

from collections.abc import Mapping

from gamehall.core.plugin import FacetMap
from gamehall.search.horizon import LogitHorizon

HORIZONS: Mapping[str, LogitHorizon] = FacetMap("horizon")
"""The horizon of each game that has one (its plug-in's ``horizon``), by game name."""
