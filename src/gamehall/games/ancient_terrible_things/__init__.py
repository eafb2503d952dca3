"""Ancient Terrible Things (Le Retour): dice combos against ancient horrors, 1 to 4 players."""

from gamehall.games.ancient_terrible_things.rules import AncientTerribleThings

__all__ = ["AncientTerribleThings"]
