"""Each game's web view: the template that draws a seat's view, named by the game's plug-in.

A game's table view is its plug-in's ``web`` setting and one template in the game's package
(``games/<game>/web/table.html``, plus ``gallery.html`` for the game page's card gallery);
see docs/web-views.md. A game that names none is drawn by the generic table (its actions
and its log, in words).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

from babel.dates import format_timedelta
from jinja2 import Environment, FileSystemLoader, select_autoescape

from gamehall.bots.registry import bot_strength
from gamehall.core.game import CHANCE, JSON, Game
from gamehall.core.i18n import Catalog, Text, catalog
from gamehall.core.keys import action_keys
from gamehall.core.match import Match
from gamehall.core.plugin import FacetMap, package_directories
from gamehall.web.terms import legend, term

PACKAGE = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class GameWebView:
    """Where a game's table and gallery templates are, and its page script if it has one."""

    table: str
    gallery: str
    script: str | None = None
    """A file in ``web/static`` the table page loads once (pushed HTML runs no script)."""


GAME_VIEWS: Mapping[str, GameWebView] = FacetMap(setting="web", make=lambda s: GameWebView(**s))
"""Each game's web view (its plug-in's ``web`` setting), by game name."""
GENERIC_VIEW = GameWebView("parts/generic_table.html", "")
"""The view of a game that names none: its actions and its log."""


def web_view_of(game: str) -> GameWebView:
    """The web view of ``game``: its own, else the generic one."""
    return GAME_VIEWS.get(game, GENERIC_VIEW)


def environment() -> Environment:
    """The Jinja environment of the web hall (its templates and every game's)."""
    env = Environment(
        loader=FileSystemLoader(
            [str(PACKAGE / "web" / "templates"), str(PACKAGE), *map(str, package_directories())]
        ),
        autoescape=select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["add"] = lambda value, amount: value + amount
    env.filters["duration"] = duration
    env.globals.update(term=term, legend=legend, seat_names=seat_names, strength=bot_strength)
    return env


def duration(seconds: float, language: str) -> str:
    """A length of time the language's way, to the most telling unit ("4 min", "2 j")."""
    return str(format_timedelta(timedelta(seconds=seconds), threshold=1.5, locale=language))


def seat_names(game: Game[Any], seats: Sequence[int], t: Any) -> str:
    """The players of ``seats`` by name (``t`` names them: "Ann, Knight 3"), or "—"."""
    return ", ".join(t(Text("core.who", {"seat": seat + 1})) for seat in seats) or "—"


def translator(language: str, names: Sequence[Text | str] = ()) -> Any:
    """``t(key, **params)`` for templates, in ``language``, naming the players ``names``."""
    texts = catalog(language).with_names(names)

    def t(key: str | Text, **params: Any) -> str:
        return texts.render(key if isinstance(key, Text) else Text(key, params))

    return t


class LogCache:
    """Each seat's rendered log, extended as the match grows; cleared when steps are undone.

    Each line keeps its chapter (the round or turn it happened in, :meth:`Game.chapter`),
    by which the table groups them. The hall's notices (someone left, came back, took a move
    back) are interleaved with the game's lines at the step they happened: ``notices`` holds
    them in order, as (the number of steps played then, the notice). They live in memory,
    with the table.
    """

    def __init__(self) -> None:
        self._logs: dict[tuple[int | None, str], RenderedLog] = {}
        self.notices: list[tuple[int, Text]] = []

    def clear(self) -> None:
        """Forget every rendered log (after an undo or a rollback); notices of steps taken
        back move to the step the table is back at, so they stay in order."""
        self._logs.clear()

    def notice(self, step: int, text: Text) -> None:
        """Add a hall notice at ``step``; those of later steps (taken back) move to it."""
        self.notices = [(min(at, step), said) for at, said in self.notices]
        self.notices.append((step, text))

    def get(self, match: Match, seat: int | None, language: str) -> list[str]:
        """The seat's whole log in ``language``, rendering only the steps and notices not
        seen yet."""
        return self.rendered(match, seat, language).lines

    def rendered(self, match: Match, seat: int | None, language: str) -> RenderedLog:
        """The seat's whole log in ``language`` with each line's chapter."""
        key = (seat, language)
        count = len(match.actions)
        log = self._logs.get(key)
        if log is None or log.done > count:
            log = self._logs[key] = RenderedLog()
        texts = match.catalog(language)
        while True:
            due = self.notices[log.told][0] if log.told < len(self.notices) else None
            if due is not None and (due <= log.done or log.done == count):
                log.add(texts.render(self.notices[log.told][1]), match.chapter_of(due), texts)
                log.told += 1
            elif log.done < count:
                chapter = match.chapter_of(log.done)
                for line in match.log(seat, log.done, log.done + 1):
                    log.add(texts.render(line), chapter, texts)
                log.done += 1
            else:
                break
        return log


@dataclass
class RenderedLog:
    """A seat's log as rendered so far: its lines and each one's chapter, and how many
    steps and notices it covers."""

    lines: list[str] = field(default_factory=list)
    chapters: list[str | None] = field(default_factory=list)
    done: int = 0
    told: int = 0

    def add(self, line: str, chapter: Text | None, texts: Catalog) -> None:
        """Append ``line``, under ``chapter``."""
        self.lines.append(line)
        self.chapters.append(None if chapter is None else texts.render(chapter))

    def groups(self, start: int) -> list[JSON]:
        """The lines from ``start`` on, grouped by chapter: each group's chapter (None: no
        heading), the index of its first line in the whole log, and its lines."""
        found: list[JSON] = []
        for index in range(start, len(self.lines)):
            chapter = self.chapters[index]
            if not found or found[-1]["chapter"] != chapter:
                found.append({"chapter": chapter, "start": index, "lines": []})
            found[-1]["lines"].append(self.lines[index])
        return found


LOG_WINDOW = 60
"""How many of the latest log lines a snapshot carries (``log_start`` is the first one's index)."""


def seat_snapshot(
    match: Match, seat: int | None, language: str, logs: LogCache | None = None
) -> JSON:
    """Everything a seat's page shows, built only from that seat's view and log, and once the
    game is over its outcome (who won, and why it ended: every seat may know it then)."""
    game: Game[Any] = match.game
    view = match.table_view(seat)
    mover = match.to_move()
    legal = []
    bot = match.agents[seat] if seat is not None else None
    if seat is not None and mover == seat and bot is None:
        t = translator(language, match.names())
        actions = game.legal_actions(match.state)
        keys = action_keys(game, view, actions)
        legal = [
            {"action": str(a), "label": t(game.label(view, a)), "key": key}
            for a, key in zip(actions, keys, strict=True)
        ]
    helper = game.phase_help(view, seat)
    recent = since_last_move(match, seat, language)
    rendered = (logs or LogCache()).rendered(match, seat, language)
    log = rendered.lines
    shown = log[-LOG_WINDOW:]
    outcome = match.outcome()
    return {
        "seq": len(match.actions),
        "seat": seat,
        "view": view,
        "legal": legal,
        "log": shown,
        "log_start": len(log) - len(shown),
        "log_groups": rendered.groups(len(log) - len(shown)),
        "to_move": None if mover is None else ("chance" if mover == CHANCE else mover),
        "over": mover is None,
        "outcome": None if outcome is None else outcome.to_json(),
        "undo": seat is not None and mover is not None and match.undo_blocker(seat) is None,
        "held": None if bot is None else {"bot": bot.name, "seat": (seat or 0) + 1},
        "phase_help": None if helper is None else match.catalog(language).render(helper),
        "recent": recent,
        "last_moves": last_moves(match, seat, language),
    }


RECENT_LINES = 12
"""How many lines "what just happened" shows at most (the latest ones)."""


def since_last_move(match: Match, seat: int | None, language: str) -> list[str]:
    """What happened since ``seat``'s last own move, that move included, as the seat may see
    it: the consequences of a roll or a Resolve, the other players' and the bots' moves.
    Nothing for a spectator, or before the seat's first move."""
    last = last_own_move(match, seat)
    if last is None:
        return []
    texts = match.catalog(language)
    lines = [texts.render(line) for line in match.log(seat, last)]
    return lines[-RECENT_LINES:]


def last_own_move(match: Match, seat: int | None) -> int | None:
    """The step of ``seat``'s latest own move; None for a spectator or before its first."""
    if seat is None or seat not in match.movers:
        return None
    return len(match.movers) - 1 - match.movers[::-1].index(seat)


LOOK_BACK = 200
"""How many steps back the other seats' last moves are looked for, at most."""


def last_moves(match: Match, seat: int | None, language: str) -> dict[int, str]:
    """Each other seat's latest move since ``seat``'s own last one (for a spectator, within
    the last steps), as ``seat`` reads it: the first log line of that move. The table marks
    them on the board, so the bots' and the others' moves can be followed."""
    movers = match.movers
    own = last_own_move(match, seat)
    start = max(len(movers) - LOOK_BACK, 0 if own is None else own + 1)
    texts = match.catalog(language)
    found: dict[int, str] = {}
    for step in range(len(movers) - 1, start - 1, -1):
        mover = movers[step]
        if mover in (CHANCE, seat) or mover in found:
            continue
        lines = match.log(seat, step, step + 1)
        if lines:
            found[mover] = texts.render(lines[0])
    return found
