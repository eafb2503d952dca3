"""Two people at one table in Chromium (issue 25, items 1, 2 and 4): each page names both
players, shows who is connected and who is to move; the mover's countdown runs on both pages;
the tab's title and icon say "Your move" only on the mover's page; when the clock runs out a
bot makes that one move, the seat stays the person's and their page says so."""

from __future__ import annotations

import re

import httpx
from playwright.sync_api import Browser, Page, expect

from tests.web.conftest import Server
from tests.web.test_browser import shot
from tests.web.test_browser_advice import VIEWPORTS


def seat_page(browser: Browser, server: Server, link: str, phone: bool = False) -> Page:
    """A new browser (its own cookies) that takes the seat of ``link``."""
    page = browser.new_context(viewport=VIEWPORTS["phone" if phone else "desktop"]).new_page()
    page.goto(server.base + link)  # its script takes the seat at once
    page.wait_for_url("**/me")
    return page


def test_two_people_see_names_presence_the_countdown_and_whose_move_it_is(
    browser: Browser, server: Server
) -> None:
    table = httpx.post(
        server.base + "/api/tables",
        json={
            "game": "boss-quest",
            "players": 3,
            "bot_delay": 0,
            "clock": 5,
            "seats": [
                {"kind": "invite", "name": "Anna"},
                {"kind": "invite", "name": "Ben"},
                {"kind": "bot", "bot": "heuristic"},
            ],
        },
    ).json()
    anna = seat_page(browser, server, table["seats"][0]["link"])
    ben = seat_page(browser, server, table["seats"][1]["link"], phone=True)
    for page, me in ((anna, "Anna"), (ben, "Ben")):
        you = page.locator(".player .you").locator("xpath=..")
        expect(you.locator(".name")).to_have_text(me)
        expect(page.locator(".player", has_text="Knight 3").locator(".kind")).to_contain_text(
            "Bot · heuristic (normal)"
        )
        expect(page.locator(".player", has_text="Anna").locator(".status").first).to_have_text(
            "connected"
        )
        expect(page.locator(".player", has_text="Ben").locator(".status").first).to_have_text(
            "connected"
        )
    mover = anna if anna.locator(".player.to-move .you").count() else ben
    waiting = ben if mover is anna else anna
    expect(mover.locator(".player.to-move .clock")).to_have_text(re.compile(r"^0:0[0-5]$"))
    expect(waiting.locator(".player.to-move .clock")).to_have_text(re.compile(r"^0:0[0-5]$"))
    expect(mover).to_have_title(re.compile(r"^Your move · "))
    assert not waiting.title().startswith("Your move")
    assert mover.locator("#favicon").get_attribute("href") == "/static/favicon-turn.svg"
    shot(mover, "turns-mover")
    shot(waiting, "turns-waiting")
    # Nobody moves: the clock runs out, a bot makes that one move, the seat stays the person's.
    expect(mover.locator(".timed-out")).to_be_visible(timeout=60_000)
    expect(mover.locator(".timed-out")).to_contain_text("Your seat is still yours")
    expect(waiting.locator(".log").last).to_contain_text("a bot made that one move for them")
    expect(mover.locator(".held")).to_have_count(0)
    shot(mover, "turns-timed-out")
    waiting.context.close()
    expect(
        mover.locator(".player", has_text="Ben" if mover is anna else "Anna")
        .locator(".status")
        .first
    ).to_have_text("not connected")
    mover.context.close()
