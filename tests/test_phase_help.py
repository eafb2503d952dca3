"""Beside the actions, one sentence says what this moment of the game is about: for the seat
that decides, a sentence about its decision; for the others, one about waiting or watching.
Every sentence is a message of both catalogs, and seeded games reach every one of them."""

from __future__ import annotations

from typing import Any

import pytest

from gamehall.bots import make_bot
from gamehall.core.game import CHANCE
from gamehall.core.i18n import catalog
from gamehall.core.match import Match
from gamehall.core.registry import create

TABLES = [
    ("boss-quest", [3, 2, 5], {}, "help.boss-quest.phase."),
    ("boss-quest", [4], {"spells_per_round": 2}, "help.boss-quest.phase."),
    ("ancient-terrible-things", [1, 2, 4], {}, "help.ancient-terrible-things.phase."),
    ("20-strong", [1], {"deck": "too-many-bones"}, "help.20-strong.phase."),
    ("20-strong", [1], {"deck": "victorum"}, "help.20-strong.phase."),
]
WAITING = ("waiting", "at-magician", "setup", "dealing", "reveal", "over", "rolling")
"""Words of the situations in which the seat has nothing to decide."""


def reached(name: str, players: int, options: dict[str, Any], seeds: range) -> set[str]:
    """The phase keys seeded bot games show to each seat, checking them on the way."""
    keys: set[str] = set()
    english, french = catalog("en").messages, catalog("fr").messages
    for seed in seeds:
        game = create(name, players, options)
        bots = [make_bot("heuristic" if seat % 2 else "random", name) for seat in range(players)]
        match = Match(game, seed, bots)
        while len(match.actions) < 3000:
            mover = match.to_move()
            for seat in [*range(players), None]:
                text = game.phase_help(match.table_view(seat), seat)
                assert text is not None, (name, seat)
                assert text.key in english and text.key in french, text.key
                keys.add(text.key)
                if seat is not None and seat == mover:
                    assert not text.key.endswith(".waiting"), (text.key, match.actions[-3:])
            if mover is None:
                break
            match.step_chance() if mover == CHANCE else match.step_bot()
    return keys


@pytest.mark.parametrize(("name", "counts", "options", "prefix"), TABLES)
def test_every_seat_is_told_what_the_moment_is_about(
    name: str, counts: list[int], options: dict[str, Any], prefix: str
) -> None:
    keys = set().union(*(reached(name, n, options, range(3)) for n in counts))
    assert keys and all(key.startswith(prefix) or ".phase." in key for key in keys)


def test_seeded_games_reach_every_boss_quest_and_ancient_terrible_things_sentence() -> None:
    """No sentence of these games is dead: each is shown in some seeded game (the choices
    of spells and effects included)."""
    for name, counts, options, prefix in TABLES[:3]:
        assert isinstance(counts, list) and isinstance(options, dict)
        shown = set().union(*(reached(name, n, options, range(6)) for n in counts))
        written = {key for key in catalog("en").messages if key.startswith(prefix)}
        if name == "boss-quest":
            shown |= reached("boss-quest", 4, {"spells_per_round": 2}, range(6))
            shown |= reached("boss-quest", 5, {}, range(8, 9))  # a Dispel cancels a spell
        missing = written - shown
        assert not missing, (name, sorted(missing))
