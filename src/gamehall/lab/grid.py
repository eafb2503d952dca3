"""The configurations a run plays: a game, its players, its options and a bot in every seat.

A grid multiplies axes: for 20 Strong, heroes x bosses x ranks (``all`` takes every hero or
boss of the deck, its house cards or an owner's file); for any game, player counts; and with
``seat_orders``, every rotation of the bots around the table, so each bot sits in each seat.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gamehall.core.errors import OptionError
from gamehall.core.i18n import Text
from gamehall.core.registry import find_game

GRID_OPTIONS = ("hero", "boss", "rank")
"""The options a grid may list several values of (20 Strong); ``all`` is every value."""
RANKS = ("1", "2", "3", "4", "5")


@dataclass(frozen=True)
class Config:
    """One configuration: every game of it is played the same way but for its seed."""

    game: str
    players: int
    bots: tuple[str, ...]
    options: tuple[tuple[str, str], ...] = ()

    @property
    def option_map(self) -> dict[str, str]:
        """The options as a mapping."""
        return dict(self.options)

    def label(self) -> str:
        """A short name: the options that vary in grids, the players and the bots."""
        shown = [f"{k}={v}" for k, v in self.options if k not in ("deck", "deck_file")]
        return " ".join([*shown, f"{self.players}p", "/".join(self.bots)])

    def to_json(self) -> dict[str, Any]:
        """The configuration as JSON data."""
        return {
            "game": self.game,
            "players": self.players,
            "bots": list(self.bots),
            "options": dict(self.options),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Config:
        """The configuration :meth:`to_json` wrote."""
        options = tuple(sorted((str(k), str(v)) for k, v in data["options"].items()))
        return cls(str(data["game"]), int(data["players"]), tuple(data["bots"]), options)


def grid(
    game: str,
    players: Sequence[int],
    bots: Sequence[str],
    options: Mapping[str, str],
    axes: Mapping[str, Sequence[str]] | None = None,
    seat_orders: bool = False,
) -> list[Config]:
    """Every configuration of the grid, in a stable order.

    ``bots`` is one kind for every seat, or one per seat; ``axes`` maps a grid option to
    its values (``["all"]`` for every one the deck has)."""
    name = find_game(game).name
    configs: list[Config] = []
    values = {
        key: _values(name, key, list(wanted), options) for key, wanted in (axes or {}).items()
    }
    for count in players:
        seats = _seats(bots, count)
        orders = _rotations(seats) if seat_orders else [seats]
        for combination in itertools.product(*values.values()):
            chosen = {**options, **dict(zip(values, combination, strict=True))}
            for order in orders:
                configs.append(Config(name, count, order, tuple(sorted(chosen.items()))))
    return configs


def _seats(bots: Sequence[str], players: int) -> tuple[str, ...]:
    """One bot kind per seat: the kinds given sit first, the last one fills the other seats
    (``mcts,heuristic`` at four players: one search bot against three heuristic ones)."""
    if not bots or len(bots) > players:
        raise OptionError.of(Text("cli.bots_count", {"bots": len(bots), "players": players}))
    return (*bots, *[bots[-1]] * (players - len(bots)))


def _rotations(seats: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Every distinct rotation of the seats, the given order first."""
    found: list[tuple[str, ...]] = []
    for shift in range(len(seats)):
        order = seats[shift:] + seats[:shift]
        if order not in found:
            found.append(order)
    return found


def _values(game: str, key: str, wanted: list[str], options: Mapping[str, str]) -> list[str]:
    """The values of one grid axis; ``all`` expands to every hero, boss or rank."""
    if key not in GRID_OPTIONS or game != "20-strong":
        raise OptionError.of(Text("lab.no_axis", {"option": key, "game": game}))
    if wanted != ["all"]:
        return wanted
    if key == "rank":
        return list(RANKS)
    from gamehall.games.twenty_strong.decks import DECKS, default_deck

    deck = DECKS[options.get("deck", default_deck())]
    deck_file = options.get("deck_file")
    return [code for code, _ in deck.menu(key, Path(deck_file) if deck_file else None)]
