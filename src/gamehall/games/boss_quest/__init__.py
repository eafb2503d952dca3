"""Boss Quest: a blackjack-like card game with spells for 2 to 5 knights."""

from pathlib import Path

from gamehall.core.builds import check_builds
from gamehall.games.boss_quest.rules import BossQuest

check_builds(Path(__file__).parent)  # the observation features are compiled (Makefile)

__all__ = ["BossQuest"]
