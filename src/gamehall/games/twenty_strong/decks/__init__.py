"""The decks that plug into the 20 Strong system, by name: a lookup of the deck plug-ins
(:mod:`gamehall.games.twenty_strong.deck_plugin`)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

from gamehall.games.twenty_strong.deck_plugin import deck_plugin, deck_plugins

if TYPE_CHECKING:
    from gamehall.games.twenty_strong.deck import DeckRules

BUILT_IN = {
    "too-many-bones": "gamehall.games.twenty_strong.decks.too_many_bones.plugin:PLUGIN",
    "victorum": "gamehall.games.twenty_strong.decks.victorum.plugin:PLUGIN",
}
"""gamehall's own decks, as its entry points name them (the first is the default deck)."""


def deck_names() -> tuple[str, ...]:
    """The names of the installed decks, for the ``deck`` option (the default first)."""
    return tuple(p.name for p in deck_plugins())


def default_deck() -> str:
    """The deck played when none is named: the first of gamehall's own."""
    return deck_names()[0]


class _Decks(Mapping[str, "type[DeckRules]"]):
    """Deck rules classes by name, each imported when first looked up (a deck imports the
    general rules)."""

    def __getitem__(self, name: str) -> type[DeckRules]:
        found = deck_plugin(name)
        if found is None:
            raise KeyError(name)
        return found.deck()

    def __iter__(self) -> Iterator[str]:
        return iter(deck_names())

    def __len__(self) -> int:
        return len(deck_plugins())

    def __contains__(self, name: object) -> bool:
        return name in deck_names()


DECKS: Mapping[str, type[DeckRules]] = _Decks()
"""The rules class of each installed deck, by name."""
