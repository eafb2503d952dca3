"""Golden playthroughs: every action, log line and legal-action list of seeded games, diffed.

Any change to the rules, the notation or the log shows up here as a readable diff. After an
intended change, regenerate with ``GAMEHALL_UPDATE_GOLDEN=1 pytest tests/test_golden.py``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from gamehall.bots import make_bot
from gamehall.core.game import CHANCE
from gamehall.core.i18n import catalog
from gamehall.core.match import Match
from gamehall.core.registry import create

GOLDEN = Path(__file__).parent / "golden"
CASES: list[tuple[str, int, int, str, dict[str, str]]] = [
    ("boss-quest", 3, 1, "heuristic", {}),
    ("boss-quest", 5, 2, "random", {}),
    ("20-strong", 1, 3, "heuristic", {}),
    ("20-strong", 1, 3, "heuristic", {"deck": "victorum"}),
    ("ancient-terrible-things", 3, 4, "heuristic", {}),
    ("ancient-terrible-things", 1, 2, "random", {}),
]


def playthrough(name: str, players: int, seed: int, bot: str, options: dict[str, str]) -> str:
    """The transcript of one seeded bot game, as the spectator reads it."""
    game = create(name, players, options)
    match = Match(game, seed, [make_bot(bot, game.name) for _ in range(players)])
    english = catalog("en")
    lines = [f"# {name}, {players} players, seed {seed}, {bot} bots"]
    while not match.is_over():
        mover = match.to_move()
        if mover != CHANCE:
            legal = " ".join(f"[{a}]" for a in game.legal_actions(match.state))
            lines.append(f"  legal: {legal}")
        before = len(match.actions)
        match.step_chance() if mover == CHANCE else match.step_bot()
        who = "chance" if mover == CHANCE else f"seat {mover + 1}"  # type: ignore[operator]
        lines.append(f"{before:4d} {who}: {match.actions[-1]}")
        lines.extend(f"     | {english.render(t)}" for t in match.log(None, before))
    lines.append("outcome: " + json.dumps(match.outcome().to_json()))  # type: ignore[union-attr]
    lines.append("final view: " + json.dumps(match.view(None), sort_keys=True))
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("name", "players", "seed", "bot", "options"), CASES)
def test_golden_playthrough(
    name: str, players: int, seed: int, bot: str, options: dict[str, str]
) -> None:
    variant = "".join(f"-{value}" for value in options.values())
    path = GOLDEN / f"{name}{variant}-{players}p-seed{seed}-{bot}.txt"
    text = playthrough(name, players, seed, bot, options)
    if os.environ.get("GAMEHALL_UPDATE_GOLDEN"):
        path.write_text(text)
    elif not path.exists():
        pytest.fail(
            f"missing golden file {path}: if this case is new, write it with "
            "GAMEHALL_UPDATE_GOLDEN=1 pytest tests/test_golden.py and review the transcript",
            pytrace=False,
        )
    assert text == path.read_text()
