"""The configurations a fuzzer plays: every game, player count, deck and option value.

Options are drawn one by one from the values each accepts (a choice list, both booleans, an
integer range's ends and middle), so a long run meets every value of every option and, over
time, their combinations; combinations a game refuses (``check_options``) are drawn again.
Options that name a local file stay at their default (the house cards).

>>> from gamehall.core.registry import find_game
>>> values(find_game("boss-quest"), find_game("boss-quest").option_specs[0])
[0, 1, 5, 9, 10]
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from typing import Any

from gamehall.core.errors import OptionError
from gamehall.core.game import Game, OptionSpec
from gamehall.core.registry import create, find_game, games

TRIES = 100
"""Draws before giving up on a game whose option combinations are mostly refused."""


@dataclass(frozen=True)
class Configuration:
    """One game as configured: its name, player count and options."""

    game: str
    players: int
    options: tuple[tuple[str, Any], ...]

    def create(self) -> Game[Any]:
        """The configured rules, built once (with their catalogue) and shared."""
        return rules(self)

    def __str__(self) -> str:
        options = " ".join(f"{name}={value}" for name, value in self.options)
        return f"{self.game} players={self.players} {options}".strip()


@cache
def rules(configuration: Configuration) -> Game[Any]:
    """The rules of ``configuration`` (one instance per configuration)."""
    return create(configuration.game, configuration.players, dict(configuration.options))


def values(game: type[Game[Any]], spec: OptionSpec) -> list[Any]:
    """The values of option ``spec`` a fuzzer tries (none for a local file option)."""
    if not spec.remote:
        return []
    if isinstance(spec.default, bool):
        return [False, True]
    if spec.choices is not None:
        return list(spec.choices)
    if isinstance(spec.default, int) and spec.minimum is not None and spec.maximum is not None:
        low, high = spec.minimum, spec.maximum
        return sorted({low, low + 1, (low + high) // 2, high - 1, high} & set(range(low, high + 1)))
    menu = [value for value, _ in game.option_choices(spec)]
    return menu if spec.default in menu else [spec.default, *menu]


def draw(name: str, rng: random.Random) -> Configuration:
    """A random configuration of game ``name`` that its rules accept."""
    game = find_game(name)
    for _ in range(TRIES):
        players = rng.randint(game.min_players, game.max_players)
        options = {}
        for spec in game.option_specs:
            choices = values(game, spec)
            if choices:
                options[spec.name] = rng.choice(choices)
        configuration = Configuration(game.name, players, tuple(sorted(options.items())))
        try:
            configuration.create()
        except OptionError:
            continue
        return configuration
    raise OptionError(f"no configuration of {name} was accepted in {TRIES} draws")


def game_names() -> list[str]:
    """Every registered game's name."""
    return [game.name for game in games()]
