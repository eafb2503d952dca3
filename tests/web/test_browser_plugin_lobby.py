"""The lobby in a real browser with a game installed as a plug-in (the toy game, Nim, with no
heuristic of its own): choosing it leaves only its random bots in the menus, a menu set to
another strength falls back to its own, its option is shown, and the table opens."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.test_plugins import toy_path
from tests.web.conftest import Server
from tests.web.test_browser import shot


def offered(page: Page) -> set[str]:
    """The strengths the lobby's bot menus offer (their options not disabled)."""
    found = page.eval_on_selector_all(
        "option[data-bot]:not([disabled])", "options => options.map(o => o.dataset.bot)"
    )
    return set(found)


def test_a_plug_in_games_lobby_offers_only_its_bots(
    browser: Browser, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PYTHONPATH", toy_path(tmp_path))
    server = Server(f"sqlite:///{tmp_path / 'hall.db'}")
    page = browser.new_page(viewport={"width": 1000, "height": 900})
    try:
        server.start()
        page.goto(server.base + "/")
        assert offered(page) == {"random", "heuristic", "mcts"}
        page.select_option("#game", "toy-nim")
        assert offered(page) == {"random"}
        assert page.locator('select[name="replacement"]').input_value() == "random"
        assert page.locator('select[name="seat_kinds"]').nth(1).input_value() == "bot:random"
        expect(page.locator("#opt-toy-nim-most")).to_be_visible()
        shot(page, "lobby-toy-nim")
        page.select_option("#game", "boss-quest")
        assert offered(page) == {"random", "heuristic", "mcts"}
        page.select_option("#game", "toy-nim")
        page.fill("#opt-toy-nim-most", "2")
        page.click("#new-table button[type=submit]")
        page.wait_for_url("**/t/*/me")
        expect(page.locator("body")).to_contain_text("Take 2 stones")
    finally:
        page.close()
        server.stop()
