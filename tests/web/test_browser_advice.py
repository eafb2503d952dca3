"""The advisor in a real browser: its ranking sits on the action buttons (a badge on each
with its estimate, "best" on the one that stands out or "as good" on those it cannot tell
apart), its one-sentence summary at the top of the actions, in English and French, on a
desktop and a phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, ViewportSize, expect

from tests.web.conftest import Server
from tests.web.test_browser import api_table, shot

VIEWPORTS: dict[str, ViewportSize] = {
    "desktop": {"width": 1200, "height": 900},
    "phone": {"width": 390, "height": 844},
}


def solo_table(server: Server, seed: str) -> str:
    """A solo Too Many Bones table's seat link."""
    table = api_table(server, "20-strong", [{"kind": "me"}], seed, {"deck": "too-many-bones"})
    return str(server.base + table["seats"][0]["link"])


@pytest.mark.parametrize(("size", "lang"), [("desktop", "en"), ("phone", "fr")])
def test_the_hint_ranks_the_action_buttons_themselves(
    browser: Browser, server: Server, size: str, lang: str
) -> None:
    context = browser.new_context(viewport=VIEWPORTS[size], locale=f"{lang}-FR")
    page = context.new_page()
    link = solo_table(server, f"advice-{size}")
    page.goto(link)
    if lang == "fr":  # the language switch, as the page's own link does it
        page.goto(server.base + "/lang/fr", referer=link)
    buttons = page.locator("#table button.act")
    expect(buttons.first).to_be_visible(timeout=15_000)
    count = buttons.count()
    page.keyboard.press("h")
    badges = page.locator("#table button.act .advice")
    expect(badges).to_have_count(count, timeout=15_000)
    summary = page.locator("#table section.actions .hint-panel p").first
    words = ("Best:", "No option stands out") if lang == "en" else ("Le meilleur", "Aucune option")
    expect(summary).to_contain_text(words[0] if page.locator(".advice.best").count() else words[1])
    assert page.locator("#table section.actions .hint-panel").is_visible()
    assert "%" in badges.first.inner_text()
    shot(page, f"advice-{size}-{lang}")
    context.close()
