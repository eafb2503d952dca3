"""Render a match as a person sees it: the web table (the game's own template) and the
terminal table, for one seat in one language, without a server."""

from __future__ import annotations

import html
import io

from rich.console import Console

from gamehall.cli.tables import render_view
from gamehall.core.match import Match
from gamehall.web.views import GAME_VIEWS, environment, seat_snapshot, translator


def table_html(match: Match, seat: int | None, language: str = "en", raw: bool = False) -> str:
    """The seat's web table, entities decoded so tests can look for plain sentences (``raw``:
    as served, to check what is markup and what is text)."""
    template = environment().get_template(GAME_VIEWS[match.game.name].table)
    snapshot = seat_snapshot(match, seat, language)
    page = template.render(
        t=translator(language, match.names()), lang=language, game=match.game, info=None, **snapshot
    )
    return page if raw else html.unescape(page)


def terminal_text(match: Match, seat: int, language: str = "en", width: int = 200) -> str:
    """The seat's terminal table as plain text."""
    console = Console(width=width, record=True, file=io.StringIO(), color_system=None)
    console.print(render_view(match.game, match.table_view(seat), match.catalog(language)))
    return console.export_text()
