"""Every action a seat or the chance entry of companion mode can show has words: the label of
each legal action and each chance outcome is a message of both catalogs (no raw key), and
every chance outcome leaves a line in the log."""

from __future__ import annotations

from typing import Any

import pytest

from gamehall.bots import make_bot
from gamehall.core.game import CHANCE
from gamehall.core.i18n import Text, catalog
from gamehall.core.match import Match
from gamehall.core.registry import create

TABLES = [
    ("boss-quest", 3, {}),
    ("ancient-terrible-things", 2, {}),
    ("ancient-terrible-things", 1, {}),
    ("20-strong", 1, {"deck": "too-many-bones"}),
    ("20-strong", 1, {"deck": "victorum"}),
]


def keys_in(text: Text) -> list[str]:
    """The key of ``text`` and of every Text among its parameters."""
    keys = [text.key]
    for value in text.params.values():
        if isinstance(value, Text):
            keys.extend(keys_in(value))
    return keys


@pytest.mark.parametrize(("name", "players", "options"), TABLES)
def test_every_action_and_chance_outcome_has_a_label_in_both_languages(
    name: str, players: int, options: dict[str, Any]
) -> None:
    game = create(name, players, options)
    catalogs = [catalog("en").messages, catalog("fr").messages]
    missing: set[str] = set()
    silent: set[str] = set()
    for seed in (1, 2):
        match = Match(game, seed, [make_bot("heuristic", name) for _ in range(players)])
        for _ in range(600):
            mover = match.to_move()
            if mover is None:
                break
            seat = 0 if mover == CHANCE else mover
            view = match.view(seat)
            actions = (
                game.chance_weights(match.state).actions
                if mover == CHANCE
                else game.legal_actions(match.state)
            )
            for action in list(actions)[:40]:
                for key in keys_in(game.label(view, action)):
                    missing.update(key for messages in catalogs if key not in messages)
            if mover == CHANCE:
                before = match.state
                match.step_chance()
                lines = game.describe(before, match.actions[-1], match.state, 0)
                if not lines:
                    silent.add(type(match.actions[-1]).__name__)
                for line in lines:
                    for key in keys_in(line):
                        missing.update(key for messages in catalogs if key not in messages)
            else:
                match.step_bot()
    assert not missing, f"labels without a message: {sorted(missing)}"
    assert not silent, f"chance outcomes that leave no log line: {sorted(silent)}"
