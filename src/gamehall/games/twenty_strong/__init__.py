"""20 Strong: the general rules, into which decks plug (see :mod:`.deck`)."""

from gamehall.games.twenty_strong.compiled import check_builds

check_builds()

from gamehall.games.twenty_strong.rules import TwentyStrong  # noqa: E402

__all__ = ["TwentyStrong"]
