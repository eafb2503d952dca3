"""The learning facet: a game's actions and observations as numbers, for the learning
environments (``gamehall.rl``, docs/rl.md), the OpenSpiel adapter and the search horizon.

A game without them raises :class:`~gamehall.core.catalogue.CatalogueError`: it is played
everywhere but not learned.
"""

from __future__ import annotations

from gamehall.core.catalogue import ActionForms, CatalogueError
from gamehall.core.features import Features
from gamehall.core.i18n import Text
from gamehall.core.kernel import Rules, S


class Learning(Rules[S]):
    """The rules with their action catalogue's grammar and a seat's observation vector."""

    def action_forms(self) -> ActionForms:
        """The grammar of this game's notation, for the action catalogue (core.catalogue)."""
        raise CatalogueError.of(Text("core.catalogue.none", {"game": self.name}))

    def features(self) -> Features[S]:
        """The observation features of a seat, for learning environments (core.features)."""
        raise CatalogueError.of(Text("core.features.none", {"game": self.name}))
