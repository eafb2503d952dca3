"""Boss Quest: a blackjack-like card game with spells for 2 to 5 knights."""

from gamehall.games.boss_quest.rules import BossQuest

__all__ = ["BossQuest"]
