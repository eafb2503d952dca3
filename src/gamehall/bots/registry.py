"""Bot kinds by name, weakest first: ``random``, ``heuristic``, ``mcts`` (search).

``mcts`` plays each game with that game's search profile; ``mcts:N`` sets the iterations per
decision (the simulation lab and the strength ladder use it). A local command may search as
long as it likes; the web hall has :class:`SearchLimits`: :func:`check_bot` refuses a kind
that searches more than they allow, and :func:`make_bot` given them caps every decision.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from gamehall.bots.mcts_bot import MctsBot
from gamehall.bots.random_bot import RandomBot
from gamehall.core.errors import OptionError
from gamehall.core.i18n import Text, listed
from gamehall.core.match import Agent
from gamehall.core.plugin import FacetMap
from gamehall.core.registry import find_game
from gamehall.search.limits import SearchLimits
from gamehall.search.mcts import Budget, Mcts
from gamehall.search.rollout import search_rollout

HEURISTICS: Mapping[str, Callable[[], Agent]] = FacetMap("heuristic")
"""Each game's heuristic bot (its plug-in's ``heuristic``), by game name."""
BOT_KINDS = ("random", "heuristic", "mcts")
"""Every strength, weakest first (a game offers those it has: :func:`bot_kinds`)."""


@dataclass(frozen=True)
class SearchProfile:
    """How the search bot plays one game (docs/strength.md)."""

    iterations: int
    """Search iterations per decision."""
    phases: frozenset[str] | None = None
    """The phases where it searches; elsewhere it plays its heuristic."""
    phase_key: str = "phase"
    """The view's key that names the phase."""


def search_profile(settings: Mapping[str, Any]) -> SearchProfile:
    """A game's search profile from its plug-in's ``search`` setting (plain values)."""
    phases = settings.get("phases")
    return SearchProfile(
        settings["iterations"],
        None if phases is None else frozenset(phases),
        settings.get("phase_key", "phase"),
    )


SEARCH_PROFILES: Mapping[str, SearchProfile] = FacetMap(setting="search", make=search_profile)
"""Each game's search profile (its plug-in's ``search``), by game name."""


def search_bot(
    game: str,
    iterations: int | None = None,
    seconds: float | None = None,
    stop: threading.Event | None = None,
) -> MctsBot:
    """The search bot for ``game``: heuristic rollouts (to the game's horizon, if it has one),
    the heuristic's move as its prior; ``seconds`` caps each decision, ``stop`` ends it."""
    heuristic = HEURISTICS[game]
    budget = Budget(iterations or SEARCH_PROFILES[game].iterations, seconds, stop)
    name = "mcts" if iterations is None else f"mcts:{iterations}"
    profile = SEARCH_PROFILES[game]
    search = Mcts(budget, search_rollout(game))
    return MctsBot(search, heuristic(), name, profile.phases, profile.phase_key)


def make_bot(
    kind: str,
    game: str,
    limits: SearchLimits | None = None,
    stop: threading.Event | None = None,
) -> Agent:
    """A bot of ``kind`` for the game named ``game``; with ``limits`` (the web hall), a search
    bot within them: its iterations at most theirs, each decision capped in time and ended
    by ``stop``."""
    if kind == "random":
        return RandomBot()
    offered = bot_kinds(game)
    if kind == "heuristic" and kind in offered:
        return HEURISTICS[game]()
    iterations = search_iterations(kind)
    if iterations is not None and "mcts" in offered:
        if limits is None:  # a local command: as long as it likes
            return search_bot(game, iterations or None)
        if (iterations or SEARCH_PROFILES[game].iterations) > limits.iterations:
            iterations = limits.iterations  # a table stored before the limit: within it
        return search_bot(game, iterations or None, limits.bot_seconds, stop)
    raise refusal(kind, game)


def bot_kinds(game: str) -> tuple[str, ...]:
    """The strengths the game named ``game`` offers, weakest first: ``random`` always,
    ``heuristic`` with a heuristic bot of its own, ``mcts`` with a search profile too."""
    searches = game in HEURISTICS and game in SEARCH_PROFILES
    offered = {"random": True, "heuristic": game in HEURISTICS, "mcts": searches}
    return tuple(kind for kind in BOT_KINDS if offered[kind])


def default_bot(game: str) -> str:
    """The strength a game's bots play unless told: ``heuristic``, else ``random``."""
    return "heuristic" if "heuristic" in bot_kinds(game) else "random"


def refusal(kind: str, game: str) -> OptionError:
    """Why ``game`` has no bot ``kind``: a strength it does not offer (named in words, with
    those it offers), or no strength at all."""
    offered = bot_kinds(game)
    if kind not in BOT_KINDS and search_iterations(kind) is None:
        known = ", ".join(offered)
        return OptionError.of(
            Text("core.unknown_bot", {"kind": kind, "game": game, "known": known})
        )
    strengths = listed([bot_strength(k) for k in offered])
    title = find_game(game).title
    return OptionError.of(
        Text(
            "core.bot.not_offered",
            {"game": title, "strength": bot_strength(kind), "offered": strengths},
        )
    )


def bot_strength(kind: str) -> Text:
    """How strong a bot of ``kind`` plays, in words ("search (strong)"; ``mcts:400`` too)."""
    family = kind.split(":", maxsplit=1)[0]
    return Text(f"web.bot.{family if family in BOT_KINDS else 'heuristic'}")


def check_bot(kind: str, game: str, limits: SearchLimits) -> None:
    """Refuse a bot ``kind`` that ``game`` does not offer or that searches more than
    ``limits`` allow (a table being opened in the web hall)."""
    make_bot(kind, game)
    iterations = search_iterations(kind)
    if iterations is not None:
        limits.check(kind, iterations or SEARCH_PROFILES[game].iterations)


def search_iterations(kind: str) -> int | None:
    """The iterations a search kind asks for: 0 for ``mcts`` (the game's profile), N for
    ``mcts:N``; None if ``kind`` is no search kind.

    >>> search_iterations("mcts:50"), search_iterations("mcts"), search_iterations("mcts:0")
    (50, 0, None)
    """
    name, colon, iterations = kind.partition(":")
    if name != "mcts":
        return None
    if not colon:
        return 0
    digits = iterations.isascii() and iterations.isdigit() and len(iterations) <= 18
    return int(iterations) if digits and int(iterations) > 0 else None
