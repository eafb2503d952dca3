"""The game configurations the learning-environment tests cover, and their played states."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import suppress
from functools import cache
from typing import Any

from gamehall.bots import make_bot
from gamehall.core.game import Game
from gamehall.core.match import Match, StalledError
from gamehall.core.registry import create

CONFIGS: list[tuple[str, int, dict[str, object]]] = [
    ("boss-quest", 2, {}),
    ("boss-quest", 3, {}),
    ("boss-quest", 5, {}),
    ("ancient-terrible-things", 1, {}),
    ("ancient-terrible-things", 2, {}),
    ("ancient-terrible-things", 4, {}),
    ("20-strong", 1, {"deck": "too-many-bones"}),
    ("20-strong", 1, {"deck": "too-many-bones", "rank": 3, "boss": "murkfang"}),
    ("20-strong", 1, {"deck": "victorum"}),
    ("20-strong", 1, {"deck": "victorum", "rank": 2}),
]
IDS = [
    f"{name}-{players}p-{'-'.join(map(str, opts.values())) or 'default'}"
    for name, players, opts in CONFIGS
]


@cache
def configured(index: int) -> Game[Any]:
    """The game of ``CONFIGS[index]``, built once."""
    name, players, options = CONFIGS[index]
    return create(name, players, options)


def played(
    game: Game[Any], seeds: range, bots: str = "random", steps: int = 3000
) -> Iterator[Match]:
    """Matches of ``game`` between ``bots`` for ``seeds``, each cut at ``steps`` steps."""
    for seed in seeds:
        match = Match(game, seed, [make_bot(bots, game.name) for _ in range(game.players)])
        with suppress(StalledError):
            match.play_out(steps)
        yield match
