"""Each game's own figures for the lab (:class:`gamehall.lab.figures.Figures`), by game name."""

from __future__ import annotations

from gamehall.lab.figures import Figures
from gamehall.lab.games.ancient_terrible_things import AncientTerribleThingsFigures
from gamehall.lab.games.boss_quest import BossQuestFigures
from gamehall.lab.games.twenty_strong import TwentyStrongFigures

FIGURES: dict[str, Figures] = {
    "20-strong": TwentyStrongFigures(),
    "boss-quest": BossQuestFigures(),
    "ancient-terrible-things": AncientTerribleThingsFigures(),
}
