"""A player's difficulty rank for each 20 Strong deck, kept from one game to the next.

Winning moves the player up one rank, losing moves them down one, within 1..5 (TMB-RANK-2).
The book is a small JSON file in gamehall's data folder (``$GAMEHALL_HOME``, by default
``~/.local/share/gamehall``), written atomically.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from gamehall.core.errors import OptionError
from gamehall.core.i18n import Text
from gamehall.games.twenty_strong.ranking import HIGHEST, LOWEST, next_rank


def data_home() -> Path:
    """Where gamehall keeps a player's files."""
    configured = os.environ.get("GAMEHALL_HOME")
    return Path(configured) if configured else Path.home() / ".local" / "share" / "gamehall"


class RankBook:
    """Ranks by deck name."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or data_home() / "ranks.json"
        self.ranks: dict[str, int] = {}
        if self.path.exists():
            try:
                loaded = json.loads(self.path.read_text())
                self.ranks = {str(k): int(v) for k, v in loaded.items()}
            except (ValueError, TypeError, AttributeError):
                raise OptionError.of(Text("cli.rank_file_bad", {"path": str(self.path)})) from None

    def rank(self, deck: str) -> int:
        """The player's rank for ``deck`` (1 for a deck never played)."""
        return min(HIGHEST, max(LOWEST, self.ranks.get(deck, LOWEST)))

    def record(self, deck: str, won: bool) -> int:
        """Move up after a win, down after a loss; save; return the new rank."""
        rank = next_rank(self.rank(deck), won)
        self.ranks[deck] = rank
        self.path.parent.mkdir(parents=True, exist_ok=True)
        temporary = self.path.with_suffix(".tmp")
        temporary.write_text(json.dumps(self.ranks, indent=1, sort_keys=True))
        temporary.replace(self.path)
        return rank
