"""A game as one plug-in: everything the hall knows of a game, named in one object that an
installed package offers through the ``gamehall.games`` entry point group.

A :class:`GamePlugin` names the rules class and each facet the hall's parts look up (the
terminal table, the web table, the heuristic bot, the search profile and horizon, the lab's
figures, the benchmark's player count, the learning environments' ids) as ``module:name``
strings, imported only when that part asks: the engine never imports the web hall's, the
lab's or the learners' modules for a game it plays. A facet left out has the part's
default (a generic table, no heuristic, the default search).

A package adds a game with one entry point::

    [project.entry-points."gamehall.games"]
    toy-nim = "toy_nim:PLUGIN"

gamehall's own games are declared the same way (pyproject.toml); run from a source tree
with no installed metadata, the built-in list stands in.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

ENTRY_POINTS = "gamehall.games"
"""The entry point group of game plug-ins."""
BUILT_IN = {
    "boss-quest": "gamehall.games.boss_quest.plugin:PLUGIN",
    "20-strong": "gamehall.games.twenty_strong.plugin:PLUGIN",
    "ancient-terrible-things": "gamehall.games.ancient_terrible_things.plugin:PLUGIN",
}
"""gamehall's own games, as its entry points name them (the order the hall lists them)."""


def load(reference: str) -> Any:
    """The object a ``module:name`` reference names (``name`` may be dotted)."""
    module, _, name = reference.partition(":")
    found: Any = importlib.import_module(module)
    for part in name.split("."):
        found = getattr(found, part)
    return found


@dataclass(frozen=True)
class GamePlugin:
    """One game for the whole hall: its rules and where each facet lives."""

    name: str
    """The game's registry name (its rules class's ``name``)."""
    rules: str
    """The rules class (a :class:`~gamehall.core.game.Game` subclass), ``module:name``."""
    facets: Mapping[str, str] = field(default_factory=dict)
    """Each facet the game offers, by the part's name for it (``action_kind``: the kind of
    each action, for the table's keys; ``terminal_table``, ``web_view``, ``heuristic``,
    ``search_profile``, ``horizon``, ``figures``, ``plots``; ``part_packages``: a function
    naming the packages of the game's parts installed outside gamehall's tree), as
    ``module:name``."""
    settings: Mapping[str, Any] = field(default_factory=dict)
    """Plain values of the game for the hall's parts (``bench_players``: how many play in
    the benchmark; ``rl_ids``: the Gymnasium ids and their settings)."""
    package: str | None = None
    """For a game outside gamehall's own tree, the package holding its own files: its
    messages in ``locale/`` (``*.en.toml``, ``*.fr.toml``), its web templates (named from the
    package's directory in the ``web`` setting)."""

    def game(self) -> Any:
        """The rules class: a :class:`~gamehall.core.game.Game`, or a class written against
        the kernel alone (:class:`~gamehall.core.kernel.Rules`) given the facets' defaults."""
        from gamehall.core.game import as_game

        return as_game(load(self.rules))

    def facet(self, name: str) -> Any | None:
        """The facet ``name``, imported now; None if the game offers none."""
        reference = self.facets.get(name)
        return None if reference is None else load(reference)


@cache
def plugins() -> tuple[GamePlugin, ...]:
    """Every installed game plug-in: gamehall's own first, in their order, then the others
    by entry point name."""
    found = {point.name: point.value for point in entry_points(group=ENTRY_POINTS)}
    ordered = {**BUILT_IN, **dict(sorted(found.items()))}
    return tuple(load(reference) for reference in ordered.values())


def package_directories() -> list[Path]:
    """The directories of the installed games' own packages outside gamehall's tree, and of
    the packages of their parts (a game's ``part_packages`` facet names them)."""
    packages = [plugin.package for plugin in plugins() if plugin.package]
    for plugin in plugins():
        parts = plugin.facet("part_packages")
        packages += parts() if parts else []
    found = []
    for package in packages:
        spec = importlib.util.find_spec(package)
        found += [Path(place) for place in (spec.submodule_search_locations or [])] if spec else []
    return found


def plugin_of(name: str) -> GamePlugin | None:
    """The plug-in of the game ``name`` (its registry name), if one is installed."""
    return next((p for p in plugins() if p.name == name), None)


def facet_of(name: str, facet: str) -> Any | None:
    """The facet ``facet`` of the game ``name``; None for a game without it (or unknown)."""
    found = plugin_of(name)
    return None if found is None else found.facet(facet)


class FacetMap(Mapping[str, Any]):
    """A registry of the hall's parts that is a lookup of the plug-ins: by game name, the
    facet ``facet`` of each game that offers it (imported when looked up), or its setting
    ``setting`` made into the part's object by ``make``."""

    def __init__(
        self,
        facet: str | None = None,
        setting: str | None = None,
        make: Callable[[Any], Any] | None = None,
    ) -> None:
        self.facet, self.setting, self.make = facet, setting, make

    def _offered(self, plugin: GamePlugin) -> bool:
        return (self.facet in plugin.facets) if self.facet else (self.setting in plugin.settings)

    def __getitem__(self, name: str) -> Any:
        found = plugin_of(name)
        if found is None or not self._offered(found):
            raise KeyError(name)
        value = found.facet(self.facet) if self.facet else found.settings[self.setting or ""]
        return self.make(value) if self.make else value

    def __iter__(self) -> Iterator[str]:
        return (p.name for p in plugins() if self._offered(p))

    def __len__(self) -> int:
        return sum(1 for _ in self)
