"""The explicit list of games, found by name or alias."""

from __future__ import annotations

from collections.abc import Mapping

from gamehall.core.errors import UnknownGameError
from gamehall.core.game import Game
from gamehall.core.i18n import Text

_GAMES: dict[str, type[Game[object]]] = {}


def register(game: type[Game[object]]) -> type[Game[object]]:
    """Add a game class to the registry (used once per game module)."""
    _GAMES[game.name] = game
    return game


def _load_builtin_games() -> None:
    if not _GAMES:
        from gamehall.games import GAME_CLASSES

        for game in GAME_CLASSES:
            register(game)


def games() -> list[type[Game[object]]]:
    """Every registered game class, in registry order."""
    _load_builtin_games()
    return list(_GAMES.values())


def find_game(name: str) -> type[Game[object]]:
    """The game class called ``name`` or one of its aliases (case-insensitive)."""
    _load_builtin_games()
    wanted = name.strip().lower().replace("_", "-")
    for game in _GAMES.values():
        if wanted == game.name or wanted in game.aliases:
            return game
    known = ", ".join(sorted(_GAMES))
    raise UnknownGameError.of(Text("core.unknown_game", {"name": name, "known": known}))


def create(name: str, players: int, options: Mapping[str, object] | None = None) -> Game[object]:
    """A configured game: the rules of ``name`` for ``players`` players and ``options``."""
    return find_game(name)(players, options)
