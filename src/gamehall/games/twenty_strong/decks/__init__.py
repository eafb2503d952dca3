"""The decks that plug into the 20 Strong system, by name."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gamehall.games.twenty_strong.deck import DeckRules

DECK_NAMES = ("too-many-bones", "victorum")


def deck_names() -> tuple[str, ...]:
    """The names of the decks, for the ``deck`` option."""
    return DECK_NAMES


def _load() -> dict[str, type[DeckRules]]:
    from gamehall.games.twenty_strong.decks.too_many_bones.deck import TooManyBones
    from gamehall.games.twenty_strong.decks.victorum.deck import Victorum

    return {TooManyBones.name: TooManyBones, Victorum.name: Victorum}


class _Decks(dict[str, "type[DeckRules]"]):
    """Deck classes by name, imported on first use (decks import the general rules)."""

    def __missing__(self, key: str) -> type[DeckRules]:
        self.update(_load())
        if key not in self:
            raise KeyError(key)
        return dict.__getitem__(self, key)

    def __contains__(self, key: object) -> bool:
        return key in DECK_NAMES


DECKS = _Decks()
