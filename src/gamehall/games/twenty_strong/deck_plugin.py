"""A 20 Strong deck as one plug-in: everything the hall knows of a deck, named in one object
that an installed package offers through the ``gamehall.decks`` entry point group.

A :class:`DeckPlugin` names the deck's rules class (a
:class:`~gamehall.games.twenty_strong.deck.DeckRules` subclass) and each part the general
code asks of a deck, as ``module:name`` strings imported only when asked:

* ``workshop``: its card file spec (a :class:`~gamehall.games.twenty_strong.workshop.DeckSpec`);
* ``deadlocks``: its deadlock warnings (a
  :class:`~gamehall.games.twenty_strong.deadlocks.DeckDeadlocks` subclass);
* ``heuristic``: its choices for the heuristic bot (a
  :class:`~gamehall.games.twenty_strong.heuristic.DeckHeuristic`);
* ``horizon``: where a search playout stops and how it scores there (a
  :class:`~gamehall.games.twenty_strong.horizon.DeckHorizon`);
* ``terminal_table``: its own parts of the terminal table (view, catalog -> renderables);
* ``labels``: the words of its own actions on their buttons (``deck_label(game, view,
  action)``, None for the general rules' actions);
* ``keys``: the kind of each of its own actions, for the keys that choose them
  (``deck_kind(game, view, action)``, a :class:`~gamehall.core.keys.ActionKind` or None).
* ``view``: its part of the view and the log (a
  :class:`~gamehall.games.twenty_strong.deck.DeckView`: ``view``, ``describe``,
  ``place_label``, ``item_view``, each given the deck's rules; ``deck.view_of``);
* ``rl``: its parts for the learning environments (a
  :class:`~gamehall.games.twenty_strong.deck.DeckLearning`: ``action_forms``, ``most_active``,
  ``features``; ``deck.learning_of``), without which the deck is played but not learned.

Its plain ``settings``: ``web_parts`` (a template with its own parts of the web table, the
``part`` variable naming which), ``search_phases`` (its phases where the search bot
searches), ``rl_ids`` (its Gymnasium ids). A part left out has the general default.

A package adds a deck with one entry point::

    [project.entry-points."gamehall.decks"]
    my-deck = "my_deck.plugin:PLUGIN"

gamehall's own decks are declared the same way (pyproject.toml); run from a source tree with
no installed metadata, the built-in list stands in (``decks.BUILT_IN``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any

from gamehall.core.plugin import load

if TYPE_CHECKING:
    from gamehall.games.twenty_strong.deck import DeckRules

ENTRY_POINTS = "gamehall.decks"
"""The entry point group of 20 Strong deck plug-ins."""


@dataclass(frozen=True)
class DeckPlugin:
    """One 20 Strong deck: its rules and where each of its parts lives."""

    name: str
    """The value of the ``deck`` option (its rules class's ``name``)."""
    rules: str
    """The rules class, ``module:name``."""
    parts: Mapping[str, str] = field(default_factory=dict)
    """Each part the deck offers, by the general code's name for it, as ``module:name``."""
    settings: Mapping[str, Any] = field(default_factory=dict)
    """Plain values of the deck for the hall's parts (see the module docstring)."""
    package: str | None = None
    """For a deck outside gamehall's tree, the package holding its own files: its messages
    in ``locale/`` (``*.en.toml``, ``*.fr.toml``), its templates."""

    def deck(self) -> type[DeckRules]:
        """The rules class."""
        found: type[DeckRules] = load(self.rules)
        return found

    def part(self, name: str) -> Any | None:
        """The part ``name``, imported now; None if the deck offers none."""
        reference = self.parts.get(name)
        return None if reference is None else load(reference)


@cache
def deck_plugins() -> tuple[DeckPlugin, ...]:
    """Every installed deck plug-in: gamehall's own first, in their order, then the others by
    entry point name."""
    from gamehall.games.twenty_strong.decks import BUILT_IN  # names the decks: kept in decks/

    found = {point.name: point.value for point in entry_points(group=ENTRY_POINTS)}
    ordered = {**BUILT_IN, **dict(sorted(found.items()))}
    return tuple(load(reference) for reference in ordered.values())


def deck_plugin(name: str) -> DeckPlugin | None:
    """The plug-in of the deck ``name``, if one is installed."""
    return next((p for p in deck_plugins() if p.name == name), None)


def outside_packages() -> list[str]:
    """The packages of the installed decks outside gamehall's tree (their messages and
    templates)."""
    return [p.package for p in deck_plugins() if p.package]


def deck_package(deck: str) -> str | None:
    """The package of the deck ``deck``, which holds its own files (``web/`` with its "How to
    play" page); None for an unknown deck."""
    found = deck_plugin(deck)
    if found is None:
        return None
    return found.package or found.rules.partition(":")[0].rpartition(".")[0]


@cache
def part_of(deck: str, name: str) -> Any | None:
    """The part ``name`` of the deck ``deck``; None for a deck without it (or unknown)."""
    found = deck_plugin(deck)
    return None if found is None else found.part(name)


class DeckParts(Mapping[str, Any]):
    """A registry of the general code's parts that is a lookup of the deck plug-ins: by deck
    name, the part ``part`` of each deck that offers it (imported when looked up)."""

    def __init__(self, part: str) -> None:
        self.part = part

    def __getitem__(self, name: str) -> Any:
        found = part_of(name, self.part)
        if found is None:
            raise KeyError(name)
        return found

    def __iter__(self) -> Iterator[str]:
        return (p.name for p in deck_plugins() if self.part in p.parts)

    def __len__(self) -> int:
        return sum(1 for _ in self)


def setting_of(deck: str, setting: str) -> Any | None:
    """The setting ``setting`` of the deck ``deck``; None for a deck without it (or unknown)."""
    found = deck_plugin(deck)
    return None if found is None else found.settings.get(setting)


def settings_of(setting: str) -> dict[str, Any]:
    """The setting ``setting`` of each deck that has one, by deck name."""
    return {p.name: p.settings[setting] for p in deck_plugins() if setting in p.settings}
