"""How to play, in the hall: every game and every 20 Strong deck has a page in English and
French, linked from the lobby, the game's page and every table, with pictures of the table
that need nothing from outside; the terminal shows the same pages."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from fastapi.testclient import TestClient

from gamehall.core.howto import howto, parts
from gamehall.core.i18n import LANGUAGES
from gamehall.core.registry import find_game, games
from tests.commands import gamehall
from tests.test_plain_words import problems, visible
from tests.web.test_api import open_table

CLAUSE_ID = re.compile(r"\b(?:BQ|ATT|GEN|TMB|VIC)-[A-Z]*-?\d+\b")
"""A rule's number (``VIC-R18``, ``BQ-COMBAT-3``): for designers, never on a player's page."""

PAGES = [(game.name, None) for game in games()] + [
    (game.name, part) for game in games() for part in parts(game)
]


class Outline(HTMLParser):
    """The headings, figures and outside references of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.sections: list[str] = []
        self.figures = 0
        self.pictures: list[dict[str, str | None]] = []
        self.outside: list[str] = []
        self._in_h2 = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        self._in_h2 = tag == "h2"
        if tag == "h2":
            self.sections.append("")
        if tag == "figure":
            self.figures += 1
        if tag == "svg":
            self.pictures.append(found)
        for name in ("href", "src", "xlink:href"):
            value = found.get(name) or ""
            if (tag != "a" and value) or re.match(r"(?i)(https?:|//|javascript:)", value):
                self.outside.append(f"<{tag} {name}={value}>")

    def handle_data(self, data: str) -> None:
        if self._in_h2:
            self.sections[-1] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "h2":
            self._in_h2 = False


def outline(html: str) -> Outline:
    parser = Outline()
    parser.feed(html)
    return parser


@pytest.mark.parametrize(("name", "part"), PAGES)
def test_each_game_and_deck_has_a_page_in_every_language_with_the_same_outline(
    name: str, part: str | None
) -> None:
    """The goal, a turn, scoring and the end at least (four sections or more), pictures of
    the table drawn inline with a description, the same sections and figures in each
    language, and no reference to anything outside the page."""
    game = find_game(name)
    shapes = []
    for language in LANGUAGES:
        page = howto(game, language, part)
        assert page is not None and page.language == language, (name, part, language)
        shape = outline(page.html())
        assert len(shape.sections) >= 4, shape.sections
        assert shape.figures >= 1 and len(shape.pictures) == shape.figures
        for svg in shape.pictures:
            assert svg.get("viewbox") and svg.get("role") == "img" and svg.get("aria-label")
        assert not shape.outside, shape.outside
        assert not CLAUSE_ID.search(page.markdown), CLAUSE_ID.search(page.markdown)
        notation = [found for text in visible(page.html()) for found in problems(text, set())]
        assert not notation, notation
        shapes.append((len(shape.sections), shape.figures))
    assert len(set(shapes)) == 1, shapes


def test_the_lobby_and_the_game_pages_link_every_rules_page(client: TestClient) -> None:
    lobby = client.get("/").text
    for name, part in PAGES:
        page = howto(find_game(name), "en", part)
        assert page is not None
        if part is None:
            assert f'href="/games/{name}/rules"' in lobby
        assert f'href="{page.path}"' in client.get(f"/games/{name}").text
        served = client.get(page.path)
        assert served.status_code == 200 and page.title in served.text


def test_a_rules_page_follows_the_language_of_the_browser(client: TestClient) -> None:
    client.get("/lang/fr")
    page = client.get("/games/boss-quest/rules")
    assert page.status_code == 200
    assert '<article class="howto" lang="fr">' in page.text
    french = howto(find_game("boss-quest"), "fr")
    assert french is not None and french.title in page.text


def test_an_unknown_rules_page_is_a_404_naming_it(client: TestClient) -> None:
    missing = client.get("/games/20-strong/rules/chess")
    assert missing.status_code == 404 and "chess" in missing.text
    assert client.get("/games/checkers/rules").status_code == 404


def test_a_table_links_to_the_rules_of_its_own_game_and_deck(client: TestClient) -> None:
    """A Victorum table links to the Victorum page (which links to the core's)."""
    seats = [{"kind": "me"}]
    table = open_table(client, seats, game="20-strong", options={"deck": "victorum"})
    page = client.get(f"/t/{table['id']}").text
    assert 'href="/games/20-strong/rules/victorum"' in page
    assert "20 Strong · " in page and "20-strong ·" not in page  # the title, not the key
    victorum = client.get("/games/20-strong/rules/victorum").text
    assert 'href="/games/20-strong/rules"' in victorum


def test_the_terminal_shows_the_rules_with_captions_for_pictures() -> None:
    result = gamehall("rules 20-strong --deck too-many-bones --lang fr")
    assert result.returncode == 0, result.stderr
    core, deck = (howto(find_game("20-strong"), "fr", p) for p in (None, "too-many-bones"))
    assert core is not None and deck is not None
    assert core.title in result.stdout and deck.title in result.stdout
    assert "<svg" not in result.stdout and "<figure" not in result.stdout
    wrong = gamehall("rules 20-strong --deck chess")
    assert wrong.returncode != 0 and "chess" in wrong.stderr and len(wrong.stderr.splitlines()) == 1
