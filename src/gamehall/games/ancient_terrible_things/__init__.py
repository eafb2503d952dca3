"""Ancient Terrible Things (Le Retour): dice combos against ancient horrors, 1 to 4 players."""

from pathlib import Path

from gamehall.core.builds import check_builds
from gamehall.games.ancient_terrible_things.rules import AncientTerribleThings

check_builds(Path(__file__).parent)  # the observation features are compiled (Makefile)

__all__ = ["AncientTerribleThings"]
