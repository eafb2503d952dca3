"""The lobby in a real browser shows only the chosen game's options (a CSS rule giving
fieldsets a display of their own once showed every game's at once)."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.web.conftest import Server
from tests.web.test_browser import shot


def test_only_the_chosen_games_options_are_shown(browser: Browser, server: Server) -> None:
    page = browser.new_page(viewport={"width": 1000, "height": 900})
    page.goto(server.base + "/")
    games = [o.get_attribute("value") or "" for o in page.locator("#game option").all()]
    assert len(games) == 3
    counts = page.locator("main ul li > .dim").all_inner_texts()
    assert "solo" in counts and "2–5 players" in counts and "1–1" not in " ".join(counts)
    for game in games:
        page.select_option("#game", game)
        for fieldset in page.locator("fieldset.game-options").all():
            mine = fieldset.get_attribute("data-game") == game
            if mine:
                expect(fieldset).to_be_visible()
            else:
                expect(fieldset).to_be_hidden()
        shot(page, f"lobby-{game}")
    page.close()


def test_a_20_strong_hero_and_boss_are_offered_only_with_their_deck(
    browser: Browser, server: Server
) -> None:
    """Choosing Victorum leaves only Victorum's heroes and bosses to pick (and back); a hero
    chosen for the other deck falls back to the first that fits."""
    page = browser.new_page(viewport={"width": 1000, "height": 900})
    page.goto(server.base + "/")
    page.select_option("#game", "20-strong")
    for deck in ("victorum", "too-many-bones", "victorum"):
        page.select_option("#opt-20-strong-deck", deck)
        for option in ("hero", "boss"):
            menu = page.locator(f"#opt-20-strong-{option}")
            offered = menu.locator("option[data-when]:not([disabled])")
            expect(offered.first).to_be_attached()
            assert {o.get_attribute("data-when") for o in offered.all()} == {deck}
            chosen = menu.locator("option:checked")
            assert chosen.get_attribute("data-when") in (deck, None)
    shot(page, "lobby-20-strong-victorum")
    page.close()
