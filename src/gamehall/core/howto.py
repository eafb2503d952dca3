"""The "How to play" pages: each game's (and each 20 Strong deck's) own explanation of its
rules, in every language, for the web hall and the terminal.

A page is a Markdown file beside the game's code, ``<game package>/web/howto.<language>.md``;
a part of a game (a 20 Strong deck, say: the value of its ``deck`` option) has its own page
under ``<game package>/decks/<deck, with underscores>/web/``. Pictures of the table are inline
SVG figures in the Markdown; the terminal shows their captions instead.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from markdown_it import MarkdownIt

from gamehall.core.game import Game
from gamehall.core.i18n import LANGUAGES
from gamehall.core.plugin import facet_of

FIGURE = re.compile(r"<figure\b.*?</figure>", re.DOTALL)
CAPTION = re.compile(r"<figcaption>(.*?)</figcaption>", re.DOTALL)
TAG = re.compile(r"<[^>]+>")


@dataclass(frozen=True)
class HowTo:
    """One "How to play" page: which game (and part of it), its language and its Markdown."""

    game: str
    part: str | None
    language: str
    markdown: str

    @property
    def title(self) -> str:
        """The page's first heading."""
        heading = next((line for line in self.markdown.splitlines() if line.startswith("# ")), "")
        return heading[2:].strip() or self.game

    @property
    def path(self) -> str:
        """The page's address in the web hall."""
        return f"/games/{self.game}/rules" + (f"/{self.part}" if self.part else "")

    def html(self) -> str:
        """The page as HTML (its figures kept)."""
        return _html(self.markdown)

    def plain_markdown(self) -> str:
        """The page for a terminal: each figure replaced by its caption, in italics."""

        def caption(figure: re.Match[str]) -> str:
            found = CAPTION.search(figure.group(0))
            text = TAG.sub("", found.group(1)).strip() if found else ""
            return f"*{text}*" if text else ""

        return FIGURE.sub(caption, self.markdown)


@cache
def _html(markdown: str) -> str:
    html: str = MarkdownIt("commonmark", {"html": True}).enable("table").render(markdown)
    return html


def package_directory(package: str) -> Path:
    """The directory of the package ``package`` (its sources, wherever its compiled modules
    are)."""
    spec = importlib.util.find_spec(package)
    locations = (spec.submodule_search_locations or []) if spec else []
    if not locations:
        raise LookupError(f"{package!r} is not an importable package")
    return Path(locations[0]).resolve()


def directory(game: type[Game[Any]], part: str | None = None) -> Path:
    """Where the pages of ``game`` (or of one of its parts: the package its plug-in's
    ``part_package`` names, else ``decks/<part>`` of the game's package) are."""
    module = sys.modules[game.__module__]
    package = module.__name__ if hasattr(module, "__path__") else module.__name__.rpartition(".")[0]
    if part is None:
        return package_directory(package) / "web"
    locate = facet_of(game.name, "part_package")
    named = locate(part) if locate is not None else None
    if named is not None:
        return package_directory(named) / "web"
    return package_directory(package) / "decks" / part.replace("-", "_") / "web"


def howto(game: type[Game[Any]], language: str, part: str | None = None) -> HowTo | None:
    """The page of ``game`` (or of its ``part``) in ``language``, English if it has no
    page in that language; None if it has none at all."""
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r} (languages: {', '.join(LANGUAGES)})")
    for lang in dict.fromkeys((language, "en")):
        path = directory(game, part) / f"howto.{lang}.md"
        if path.is_file():
            return HowTo(game.name, part, lang, path.read_text(encoding="utf-8"))
    return None


def parts(game: type[Game[Any]]) -> list[str]:
    """The parts of ``game`` that have a page of their own: the values of its ``deck``
    option whose directory holds one."""
    spec = next((s for s in game.option_specs if s.name == "deck"), None)
    if spec is None:
        return []
    names = [str(value) for value, _label in game.option_choices(spec)]
    return [name for name in names if any(directory(game, name).glob("howto.*.md"))]
