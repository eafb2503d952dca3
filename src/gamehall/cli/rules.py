"""The "How to play" pages in a terminal, drawn by Rich."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.markdown import Markdown

from gamehall.core.game import Game
from gamehall.core.howto import howto, parts


def show_rules(console: Console, game: type[Game[Any]], language: str, part: object = None) -> bool:
    """Print the page of ``game`` (of its ``part`` too, a 20 Strong deck, when it has one);
    False if the game has no page."""
    pages = [howto(game, language)]
    if isinstance(part, str) and part in parts(game):
        pages.append(howto(game, language, part))
    shown = [page for page in pages if page is not None]
    for page in shown:
        console.print(Markdown(page.plain_markdown()))
    return bool(shown)
