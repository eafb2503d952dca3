"""20 Strong: the general rules, into which decks plug (see :mod:`.deck`)."""

from gamehall.games.twenty_strong.rules import TwentyStrong

__all__ = ["TwentyStrong"]
