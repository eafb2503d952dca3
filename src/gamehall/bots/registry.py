"""Bot kinds by name: ``random`` for every game, ``heuristic`` where a game has one."""

from __future__ import annotations

from collections.abc import Callable

from gamehall.bots.att_heuristic import AttHeuristicBot
from gamehall.bots.boss_quest_heuristic import BossQuestHeuristicBot
from gamehall.bots.random_bot import RandomBot
from gamehall.bots.twenty_strong_heuristic import TwentyStrongHeuristicBot
from gamehall.core.errors import OptionError
from gamehall.core.i18n import Text
from gamehall.core.match import Agent

HEURISTICS: dict[str, Callable[[], Agent]] = {
    "boss-quest": BossQuestHeuristicBot,
    "20-strong": TwentyStrongHeuristicBot,
    "ancient-terrible-things": AttHeuristicBot,
}
BOT_KINDS = ("random", "heuristic")


def make_bot(kind: str, game: str) -> Agent:
    """A bot of ``kind`` for the game named ``game``."""
    if kind == "random":
        return RandomBot()
    if kind == "heuristic" and game in HEURISTICS:
        return HEURISTICS[game]()
    known = ", ".join(k for k in BOT_KINDS if k == "random" or game in HEURISTICS)
    raise OptionError.of(Text("core.unknown_bot", {"kind": kind, "game": game, "known": known}))
