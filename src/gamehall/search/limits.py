"""What one search may cost where the web hall runs it (``gamehall serve`` sets them); a local
command (the terminal, the lab) has no such limits and may search as long as it likes."""

from __future__ import annotations

from dataclasses import dataclass

from gamehall.core.errors import OptionError
from gamehall.core.i18n import Text

MAX_WEB_ITERATIONS = 2_000
"""The most search iterations per decision the web hall accepts (``mcts:N``): ten times the
strongest game profile's."""
BOT_SECONDS = 2.0
"""The web hall's time cap on one search bot decision."""
WORKERS = 2
"""The web hall's search workers: searches that run at once."""
WAITING = 8
"""Searches that may wait for a worker before a hint is refused."""


@dataclass(frozen=True)
class SearchLimits:
    """What one search may cost in the web hall (``gamehall serve`` sets them)."""

    iterations: int = MAX_WEB_ITERATIONS
    """The most iterations per decision a bot kind may ask for."""
    bot_seconds: float = BOT_SECONDS
    """The time cap on one bot decision."""
    hint_seconds: float | None = None
    """The time cap on one hint; None for the advisor's own (under a second)."""
    workers: int = WORKERS
    """Searches that run at once, on the hall's own threads."""
    waiting: int = WAITING
    """Searches that may wait for a worker; a hint asked beyond them is refused at once."""

    def check(self, kind: str, iterations: int) -> None:
        """Refuse the bot ``kind`` if its ``iterations`` per decision are over the limit."""
        if iterations > self.iterations:
            most = {"kind": kind, "most": f"mcts:{self.iterations}"}
            raise OptionError.of(Text("core.bot_over_limit", most))
