"""Dice and cards drawn as dice and cards (parts/pieces.html): every game's table draws its
dice faces and card backs in SVG, never as a glyph a font may lack, and keeps each piece's
name for screen readers."""

from __future__ import annotations

import re

import pytest

from gamehall.bots import make_bot
from gamehall.core.game import CHANCE
from gamehall.core.match import Match
from gamehall.core.registry import create
from tests.web.rendering import table_html

GLYPHS = ("🂠", "⏮", "⏭")
"""Characters pages drew pieces with before, which common fonts lack (an empty box)."""


def played(name: str, players: int, options: dict[str, str], drawing: str) -> Match:
    """A seeded heuristic game played until seat 1's table shows ``drawing``."""
    game = create(name, players, options)
    match = Match(game, 7, [make_bot("heuristic", game.name) for _ in range(players)])
    while drawing not in table_html(match, 0):
        assert not match.is_over(), f"{drawing} never drawn"
        match.step_chance() if match.to_move() == CHANCE else match.step_bot()
    return match


@pytest.mark.parametrize(
    ("name", "players", "options", "drawing"),
    [
        ("boss-quest", 3, {}, 'class="back-art"'),
        ("ancient-terrible-things", 2, {}, 'class="pips"'),
        ("20-strong", 1, {"deck": "too-many-bones"}, 'class="face face-'),
        ("20-strong", 1, {"deck": "victorum"}, 'class="face face-'),
    ],
)
def test_each_table_draws_its_pieces_in_svg(
    name: str, players: int, options: dict[str, str], drawing: str
) -> None:
    page = table_html(played(name, players, options, drawing), 0)
    board = page.split('class="log-box"')[0]  # the log may quote any word
    assert not [g for g in GLYPHS if g in board], "a piece drawn with a glyph"
    assert not re.search(r'class="die[^"]*"[^>]*>(?:(?!</).)*<b>', board, re.S)  # no glyph face
    for svg in re.findall(r"<svg[^>]*>", board):
        assert 'aria-hidden="true"' in svg  # decoration: the piece's element has the name


def test_a_drawn_die_keeps_its_name() -> None:
    """A 20 Strong die is still named by its colour, number and face; an ATT focus die
    still says its number in text (hidden from sight, read aloud)."""
    page = table_html(played("20-strong", 1, {"deck": "too-many-bones"}, 'f-hit"'), 0)
    assert re.search(r'class="die [^"]*f-hit"[^>]*aria-label="[^"]*die[^"]* · a hit"', page)
    att = table_html(played("ancient-terrible-things", 2, {}, 'class="pips"'), 0)
    assert re.search(r'<span class="visually-hidden">[1-6·]</span><svg class="(pips|face)', att)


@pytest.mark.parametrize(("language", "colour"), [("en", "yellow"), ("fr", "jaune")])
def test_the_20_strong_key_names_colours_faces_and_stats_in_sight(
    language: str, colour: str
) -> None:
    """The key under the tray is always shown (not folded away) and each of its eleven
    entries is a term that explains itself on hover and on tap."""
    game = create("20-strong", 1, {"deck": "victorum"})
    page = table_html(Match(game, 3, [make_bot("heuristic", game.name)]), 0, language, raw=True)
    key = re.search(r'<p class="dice-key".*?</p>', page, re.S)
    assert key is not None and "<details" not in key.group(0)
    assert key.group(0).count('class="term-button"') == 11
    assert colour in key.group(0) and 'class="face face-crit"' in key.group(0)
    assert key.group(0).count('<span class="swatch d-') == 5  # drawn, not written out
