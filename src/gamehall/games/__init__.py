"""The games of the hall; each imports only the core."""

from gamehall.core.game import Game
from gamehall.games.ancient_terrible_things import AncientTerribleThings
from gamehall.games.boss_quest import BossQuest
from gamehall.games.twenty_strong import TwentyStrong

GAME_CLASSES: tuple[type[Game[object]], ...] = (BossQuest, TwentyStrong, AncientTerribleThings)  # type: ignore[assignment]
