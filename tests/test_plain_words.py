"""Plain words everywhere: every button, log line and phase sentence of seeded games of every
game and deck, in English and French, holds no notation (``apply Bh 1``, ``f1+f2``), no code
of a card or a stack (``h-drusus``, ``b1-09``, ``ones+``), no die code (``B1``, ``Ph``) and no
catalog or internal key (``tmb.day``, ``exhaust_dice``)."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any

import pytest
from rich.console import Console

from gamehall.bots import make_bot
from gamehall.cli.tables import render_view
from gamehall.core.game import CHANCE, JSON
from gamehall.core.i18n import LANGUAGES, catalog
from gamehall.core.match import Match
from gamehall.core.registry import create
from gamehall.web.views import GAME_VIEWS, environment, seat_snapshot, translator
from tests.test_labels import TABLES

PATTERNS = {
    "invalid markup": re.compile(r"<button inside a button>"),
    "a die code": re.compile(r"\b[YGBPR][1-4]?[hmc]?\b(?![’'])"),
    "a Focus or Action die code": re.compile(r"\b[fa][1-9]\b"),
    "a lockpick slot": re.compile(r"\block\d\b"),
    "a scouted stack code": re.compile(r"\b(?:ones|fives|enc)\+"),
    "a dotted key": re.compile(r"\b[a-z][a-z0-9-]*\.[a-z][a-z0-9_+.-]*\b"),
    "a snake_case key": re.compile(r"\b[a-z]+_[a-z_]+\b"),
}
"""Shapes notation and internal keys take; a person's text never has them."""


def codes_in(view: Any, key: str = "") -> Iterator[str]:
    """The codes a view holds (``b1-09``, ``need-R``): strings with a digit, a hyphen or a
    plus and no space, names excepted."""
    if isinstance(view, dict):
        for name, value in view.items():
            if name != "name":
                yield from codes_in(value, name)
    elif isinstance(view, list):
        for value in view:
            yield from codes_in(value, key)
    elif isinstance(view, str) and " " not in view and re.search(r"[\d+-]", view):
        yield from re.findall(r"^.*[a-zA-Z].*$", view)


def texts_of_games(
    name: str, players: int, options: dict[str, Any], language: str
) -> Iterator[tuple[str, str, set[str]]]:
    """(where, text, the codes of the view it was read beside) for every label of every legal
    action, every log line and every phase sentence of three seeded games."""
    texts = catalog(language)
    for seed in range(3):
        game = create(name, players, options)
        bots = [
            make_bot("heuristic" if (seed + seat) % 2 else "random", name)
            for seat in range(players)
        ]
        match = Match(game, seed, bots)
        seen = 0
        while len(match.actions) < 1500:
            mover = match.to_move()
            seat = 0 if mover in (None, CHANCE) else mover
            view: JSON = match.table_view(seat)
            codes = set(codes_in(view))
            helper = game.phase_help(view, seat)
            if helper is not None:
                yield "phase", texts.render(helper), codes
            if mover is None:
                break
            if mover != CHANCE:
                for action in game.legal_actions(match.state):
                    notation = str(action)
                    said = texts.render(game.label(view, action))
                    if re.search(r"[\d\s+.-]", notation) and notation in said:
                        yield f"label of {action}", f"{said} [notation {notation!r}]", codes
                    else:
                        yield f"label of {action}", said, codes
            for viewer in [*range(players), None]:
                for line in match.log(viewer, seen):
                    yield "log", texts.render(line), codes
            seen = len(match.actions)
            match.step_chance() if mover == CHANCE else match.step_bot()


class Visible(HTMLParser):
    """The text a person reads on a page: its words, titles and accessible labels (and a
    note of any button drawn inside a button, which no browser can show)."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.buttons = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.parts.extend(v for k, v in attrs if k in ("title", "aria-label") and v)
        if tag == "button":
            if self.buttons:
                self.parts.append("<button inside a button>")
            self.buttons += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "button":
            self.buttons = max(0, self.buttons - 1)

    def handle_data(self, data: str) -> None:
        if data.strip():
            self.parts.append(data.strip())


def visible(html: str) -> list[str]:
    reader = Visible()
    reader.feed(html)
    return reader.parts


def pages_of_games(
    name: str, players: int, options: dict[str, Any], language: str
) -> Iterator[tuple[str, str, set[str]]]:
    """(where, text, codes) for what the web table and the terminal table show a seat at
    every tenth step of two seeded games."""
    template = environment().get_template(GAME_VIEWS[name].table)
    for seed in range(2):
        game = create(name, players, options)
        match = Match(game, seed, [make_bot("heuristic", name) for _ in range(players)])
        while True:
            mover = match.to_move()
            if len(match.actions) % 10 == 0 or mover is None:
                seat = 0 if mover in (None, CHANCE) else mover
                snapshot = seat_snapshot(match, seat, language)
                codes = set(codes_in(snapshot["view"]))
                html = template.render(
                    t=translator(language), lang=language, game=game, info=None, **snapshot
                )
                for text in visible(html):
                    yield "web table", text, codes
                console = Console(width=160, record=True, file=io.StringIO(), color_system=None)
                console.print(render_view(game, match.table_view(seat), catalog(language)))
                for line in console.export_text().splitlines():
                    yield "terminal table", line, codes
            if mover is None or len(match.actions) > 1500:
                break
            match.step_chance() if mover == CHANCE else match.step_bot()


def problems(text: str, codes: set[str]) -> list[str]:
    """What in ``text`` is notation or a key rather than words."""
    found = [
        f"{what} {m.group(0)!r}"
        for what, pattern in PATTERNS.items()
        for m in pattern.finditer(text)
    ]
    words = set(re.findall(r"[\w+-]+", text))
    found += [f"the code {code!r}" for code in codes if code in words]
    return found


COLON = {
    "fr": re.compile(r"[^\s\u00a0\u202f\d]:(?=\s|$)"),  # French puts a space before ":"
    "en": re.compile(r"[\s\u00a0]:(?=\s|$)"),  # English does not
}


def assert_plain(texts: Iterator[tuple[str, str, set[str]]], language: str) -> None:
    """No text of ``texts`` (where it was read, the text, the codes beside it) has notation,
    and each writes its colons the language's way."""
    bad: dict[str, str] = {}
    for where, text, codes in texts:
        found = problems(text, codes)
        found += [f"a colon {m.group(0)!r}" for m in COLON[language].finditer(text)]
        if found:
            bad.setdefault(f"{found[0]} in {text!r}", where)
    assert not bad, "\n".join(f"{problem} ({where})" for problem, where in list(bad.items())[:25])


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("name", "players", "options"), TABLES)
def test_buttons_log_lines_and_phase_sentences_are_plain_words(
    name: str, players: int, options: dict[str, Any], language: str
) -> None:
    assert_plain(texts_of_games(name, players, options, language), language)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("name", "players", "options"), TABLES)
def test_the_web_and_terminal_tables_are_plain_words(
    name: str, players: int, options: dict[str, Any], language: str
) -> None:
    assert_plain(pages_of_games(name, players, options, language), language)


def test_the_check_finds_notation_and_keys() -> None:
    """The patterns do catch what the hall used to show."""
    for text in (
        "Apply: apply Bh 1",
        "Re-roll f1+f2",
        "phase: tmb.day",
        "Scout: ones+",
        "exhaust_dice",
    ):
        assert problems(text, set()), text
    assert problems("Keep as your hero: hero h-drusus", {"h-drusus"})
    for text in (
        "Put the blue hit on Grease Rat",
        "Relancer les dés Concentration 1 et 2",
        "0,81 s",
    ):
        assert not problems(text, {"h-drusus"}), text
