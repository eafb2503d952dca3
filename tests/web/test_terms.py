"""Every term and icon at a table explains itself, on hover and on tap: the table templates
name only terms a catalog explains, in both languages; the legend lists every term of the
game or deck; in Chromium the explanation shows when the pointer is over the term, when a
finger taps it and when the keyboard reaches it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, expect

from gamehall.core.i18n import Text, catalog
from gamehall.web.views import PACKAGE
from tests.web.conftest import Server
from tests.web.test_browser import shot

TEMPLATES = {
    "boss-quest": ["games/boss_quest/web/table.html"],
    "ancient-terrible-things": ["games/ancient_terrible_things/web/table.html"],
    "20-strong": [
        "games/twenty_strong/web/table.html",
        "games/twenty_strong/decks/victorum/web/parts.html",
    ],
}
TERM_CALL = re.compile(r"""term\(\s*'([a-z0-9-]+)'""")


def tip_shown(button: Locator) -> str | None:
    """The explanation the page draws beside ``button`` now (None: none is shown)."""
    content: str = button.evaluate("b => getComputedStyle(b, '::after').content")
    return None if content in ("none", "normal", "") else content.strip('"')


@pytest.mark.parametrize("game", sorted(TEMPLATES))
def test_every_term_a_table_names_is_explained_in_both_languages(game: str) -> None:
    prefixes = [f"help.{game}.term."]
    if game == "20-strong":
        prefixes += ["help.20-strong.too-many-bones.term.", "help.20-strong.victorum.term."]
    named = {
        term_id
        for path in TEMPLATES[game]
        for term_id in TERM_CALL.findall(Path(PACKAGE, path).read_text())
    }
    assert named, game
    for language in ("en", "fr"):
        messages = catalog(language).messages
        for term_id in named:
            keys = [p + term_id for p in prefixes if p + term_id in messages]
            assert keys, f"{term_id} is explained nowhere ({language})"
            assert all(messages[k] and messages[k + ".name"] for k in keys), term_id


def test_a_term_explains_itself_on_hover_on_tap_and_from_the_keyboard(
    browser: Browser, server: Server
) -> None:
    page = browser.new_page(viewport={"width": 1000, "height": 900})
    page.goto(server.base + "/")
    page.select_option("#players", "2")
    page.locator(".seat-choice select").nth(1).select_option("bot:heuristic")
    page.fill("input[name=bot_delay]", "0")
    page.click("#new-table button[type=submit]")
    heart = page.locator(".knight.me .hearts .term-button")
    expect(heart).to_be_visible(timeout=15_000)
    name = catalog("en").render(Text("help.boss-quest.term.heart.name"))
    assert tip_shown(heart) is None
    heart.hover()
    assert (tip_shown(heart) or "").startswith(name + ":")
    shot(page, "term-on-hover")
    page.mouse.move(0, 0)
    assert tip_shown(heart) is None
    heart.focus()  # a tab from the keyboard, or a tap, gives it the focus
    assert (tip_shown(heart) or "").startswith(name + ":")
    page.locator("body").click(position={"x": 1, "y": 1})
    assert tip_shown(heart) is None
    description = heart.get_attribute("aria-description")  # what a screen reader says
    heart.focus()
    assert description and description in (tip_shown(heart) or "")
    legend = page.locator("details.legend")
    legend.locator("summary").click()
    expect(legend.locator("dt").first).to_be_visible()
    page.close()


def test_a_tap_on_a_phone_shows_the_explanation(browser: Browser, server: Server) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    page = context.new_page()
    page.goto(server.base + "/")
    page.select_option("#game", "20-strong")
    page.select_option("#players", "1")
    page.select_option("#opt-20-strong-deck", "too-many-bones")
    page.fill("input[name=bot_delay]", "0")
    page.click("#new-table button[type=submit]")
    health = page.locator(".stat.health .term-button")
    expect(health).to_be_visible(timeout=15_000)
    assert tip_shown(health) is None
    health.tap()
    name = catalog("en").render(Text("help.20-strong.term.health.name"))
    assert (tip_shown(health) or "").startswith(name + ":")
    shot(page, "term-on-tap-phone")
    context.close()
