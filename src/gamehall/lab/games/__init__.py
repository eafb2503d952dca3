"""Each game's own figures for the lab (:class:`gamehall.lab.figures.Figures`), by game name."""

from __future__ import annotations

from collections.abc import Mapping

from gamehall.core.plugin import FacetMap
from gamehall.lab.figures import Figures

FIGURES: Mapping[str, Figures] = FacetMap("figures", make=lambda kind: kind())
"""Each game's figures (its plug-in's ``figures``, a class made anew), by game name."""
