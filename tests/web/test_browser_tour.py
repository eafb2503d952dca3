"""Every game in a real browser, as a person meets it: played from the first move to the end
with the keyboard alone (the actions' keys; Tab and Enter once), watched at the same time from the
same seat on a desktop and a phone, in English and French; a screenshot of each at its start,
its middle, its round or encounter result and its end (``artifacts/tour-*.png``, to look at);
and an accessibility check (axe-core) at each of those moments that finds no serious or
critical violation."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.web.conftest import ARTIFACTS, Server
from tests.web.test_browser import api_table, press_key_of
from tests.web.test_browser_advice import VIEWPORTS

MOST_MOVES = 2_000
"""Key presses a game may take before the test fails (the longest here takes about 200)."""
MIDDLE = 5
"""The move after which the middle of the game is photographed."""
SERIOUS = ("serious", "critical")
MOVED_ON = """seq => {
  const table = document.querySelector('#table [data-seq]');
  return !table || table.dataset.seq !== seq || document.querySelector('#table .outcome');
}"""
"""True once the table shows another step than ``seq`` (or the end)."""


@dataclass(frozen=True)
class Tour:
    name: str
    game: str
    players: int
    options: dict[str, Any]
    result: str
    """The selector of what just happened (a round's, an encounter's result)."""


TOURS = [
    Tour("boss-quest", "boss-quest", 3, {}, ".round-result"),
    Tour("att", "ancient-terrible-things", 2, {}, ".fight-result"),
    Tour("tmb", "20-strong", 1, {"deck": "too-many-bones"}, "details.recent"),
    Tour("victorum", "20-strong", 1, {"deck": "victorum"}, "details.recent"),
]
WATCHERS = [("desktop", "fr"), ("phone", "en"), ("phone", "fr")]


def open_table(server: Server, tour: Tour) -> str:
    bots = [{"kind": "bot", "bot": "heuristic"}] * (tour.players - 1)
    table = api_table(server, tour.game, [{"kind": "me"}, *bots], f"tour-{tour.name}", tour.options)
    return str(server.base + table["seats"][0]["link"])


def seat_context(browser: Browser, size: str, lang: str) -> BrowserContext:
    context = browser.new_context(viewport=VIEWPORTS[size], reduced_motion="reduce")
    if lang == "fr":
        context.add_cookies([{"name": "lang", "value": "fr", "url": "http://127.0.0.1"}])
    return context


def photograph(
    pages: dict[str, Page], tour: Tour, moment: str, axe: Axe, problems: list[str]
) -> None:
    """Each page's screenshot at ``moment``; the accessibility check on every page, its
    serious and critical violations added to ``problems``."""
    ARTIFACTS.mkdir(exist_ok=True)
    for label, page in pages.items():
        page.wait_for_timeout(150)  # the watchers' pushes of the same step
        page.screenshot(
            path=str(ARTIFACTS / f"tour-{tour.name}-{moment}-{label}.png"), full_page=True
        )
        found = axe.run(page).response["violations"]
        problems += [
            f"{moment} {label}: {v['id']} at {node['target']}: {node['failureSummary']}"
            for v in found
            if v["impact"] in SERIOUS
            for node in v["nodes"]
        ]


@pytest.mark.parametrize("tour", TOURS, ids=[t.name for t in TOURS])
def test_each_game_is_played_to_its_end_by_keyboard_and_photographed(
    browser: Browser, server: Server, tour: Tour
) -> None:
    link = open_table(server, tour)
    player = seat_context(browser, "desktop", "en")
    page = player.new_page()
    page.goto(link)  # takes the seat: its cookie goes to the watchers
    pages = {"desktop-en": page}
    watchers = []
    for size, lang in WATCHERS:
        context = seat_context(browser, size, lang)
        context.add_cookies(player.cookies())  # type: ignore[arg-type]
        if lang == "fr":
            context.add_cookies([{"name": "lang", "value": "fr", "url": server.base}])
        watcher = context.new_page()
        watcher.goto(page.url)
        pages[f"{size}-{lang}"] = watcher
        watchers.append(context)
    axe, problems = Axe(), list[str]()
    try:
        expect(page.locator("#table button.act").first).to_be_visible(timeout=15_000)
        assert pages["phone-fr"].locator("html").get_attribute("lang") == "fr"
        photograph(pages, tour, "start", axe, problems)
        page.keyboard.press("Tab")  # the keyboard alone: Tab to the first action and Enter
        first = page.locator("#table button.act").first
        while not first.evaluate("b => b === document.activeElement"):
            page.keyboard.press("Tab")
        page.keyboard.press("Enter")
        shown = {"middle": False, "result": False}
        for move in range(MOST_MOVES):
            page.wait_for_selector("#table button.act, #table .outcome", timeout=30_000)
            if page.locator("#table .outcome").count():
                break
            if move == MIDDLE:
                photograph(pages, tour, "middle", axe, problems)
                shown["middle"] = True
            if not shown["result"] and page.locator(f"#table {tour.result}").count():
                photograph(pages, tour, "result", axe, problems)
                shown["result"] = True
            seq = page.locator("#table [data-seq]").first.get_attribute("data-seq")
            press_key_of(page, page.locator("#table button.act[data-key]").first)
            page.wait_for_function(MOVED_ON, arg=seq, timeout=30_000)
        expect(page.locator("#table .outcome")).to_be_visible()
        assert shown == {"middle": True, "result": True}
        photograph(pages, tour, "end", axe, problems)
        expect(pages["desktop-fr"].locator("#table .outcome h3")).to_contain_text("Vous")
        again = pages["phone-fr"]  # Play again, from the end, by keyboard
        again.locator("#table a.again-link").focus()
        again.keyboard.press("Enter")
        expect(again.locator("button.again-confirm")).to_be_visible()
        again.screenshot(
            path=str(ARTIFACTS / f"tour-{tour.name}-again-phone-fr.png"), full_page=True
        )
        problems += [
            f"again: {v['id']}"
            for v in axe.run(again).response["violations"]
            if v["impact"] in SERIOUS
        ]
        assert not problems, "\n".join(problems)
    finally:
        for context in [player, *watchers]:
            context.close()
