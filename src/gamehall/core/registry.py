"""The games of the hall, found by name or alias: every installed game plug-in
(:mod:`gamehall.core.plugin`, the ``gamehall.games`` entry points), then any game class
registered by hand (a test's, a notebook's)."""

from __future__ import annotations

from collections.abc import Mapping

from gamehall.core.errors import UnknownGameError
from gamehall.core.game import Game
from gamehall.core.i18n import Text
from gamehall.core.plugin import plugins

_REGISTERED: dict[str, type[Game[object]]] = {}


def register(game: type[Game[object]]) -> type[Game[object]]:
    """Add a game class by hand, beside the installed ones (the same name replaces it)."""
    _REGISTERED[game.name] = game
    return game


def games() -> list[type[Game[object]]]:
    """Every game class: the installed plug-ins' in their order, then those registered."""
    found: dict[str, type[Game[object]]] = {p.name: p.game() for p in plugins()}
    return list({**found, **_REGISTERED}.values())


def find_game(name: str) -> type[Game[object]]:
    """The game class called ``name`` or one of its aliases (case-insensitive)."""
    wanted = name.strip().lower().replace("_", "-")
    known = games()
    for game in known:
        if wanted == game.name or wanted in game.aliases:
            return game
    names = ", ".join(sorted(game.name for game in known))
    raise UnknownGameError.of(Text("core.unknown_game", {"name": name, "known": names}))


def create(name: str, players: int, options: Mapping[str, object] | None = None) -> Game[object]:
    """A configured game: the rules of ``name`` for ``players`` players and ``options``."""
    return find_game(name)(players, options)
