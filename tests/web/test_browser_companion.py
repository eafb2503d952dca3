"""A physical copy in a real browser (Playwright, Chromium): the lobby's checkbox opens the
table; cards and dice are entered by click, by number key, by letter key and by typing; a
wrong entry is corrected with Backspace. Screenshots are kept in ``artifacts/``."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

from tests.web.conftest import Server
from tests.web.test_browser import ARGS, CHROMIUM, shot


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


def seq_of(page: Page) -> int:
    """The sequence number of the view on the page."""
    return int(page.locator("#table .ts").get_attribute("data-seq") or "-1")


def wait_seq(page: Page, value: int) -> None:
    page.wait_for_function(
        "value => { const ts = document.querySelector('#table .ts');"
        " return ts && Number(ts.dataset.seq) === value; }",
        arg=value,
        timeout=15_000,
    )


def test_dice_and_cards_entered_by_click_and_by_keyboard(browser: Browser, server: Server) -> None:
    page = browser.new_page(viewport={"width": 1000, "height": 900})
    page.goto(server.base + "/")
    page.select_option("#game", "20-strong")
    page.select_option("#players", "1")
    page.check("#physical")
    page.click("#new-table button[type=submit]")
    entries = page.locator(".companion button.entry")
    expect(entries.first).to_be_visible(timeout=15_000)
    expect(page.locator(".table-head")).to_contain_text("physical copy")
    shot(page, "companion-first-entry")
    assert seq_of(page) == 0, "a physical table draws nothing itself"

    entries.first.click()  # a card set aside, by click
    wait_seq(page, 1)
    page.keyboard.press("1")  # the next, by its number key
    wait_seq(page, 2)
    suffix = entries.first.get_attribute("data-suffix") or ""
    page.keyboard.press("/")  # the next, typed in the entry box
    expect(page.locator("input.entry-text")).to_be_focused()
    page.keyboard.type(suffix)
    page.keyboard.press("Enter")
    wait_seq(page, 3)
    expect(page.locator("input.entry-text")).to_be_focused()  # ready for the next one
    page.keyboard.type("nothing-such")
    page.keyboard.press("Enter")
    expect(page.locator("#notice")).to_contain_text("nothing-such")  # one line, nothing changed
    assert seq_of(page) == 3
    page.keyboard.press("Escape")  # the keys name outcomes again
    while page.locator(".companion button.entry").count():
        before = seq_of(page)
        page.keyboard.press("1")
        wait_seq(page, before + 1)

    expect(page.locator("button.act").first).to_be_visible()  # the first decision
    decided = seq_of(page)
    correction = page.locator(".companion button.correct")
    expect(correction).to_be_visible()
    page.keyboard.press("Backspace")  # the last card revealed, taken back
    wait_seq(page, decided - 1)
    expect(entries.first).to_be_visible()
    page.keyboard.press("2")  # another card instead
    wait_seq(page, decided)

    page.locator('button.act[data-action="battle"]').click()
    wait_seq(page, decided + 1)
    expect(entries.first).to_be_visible()  # a card revealed for the battle
    page.keyboard.press("1")
    wait_seq(page, decided + 2)
    page.locator('button.act[data-action="commit Y"]').click()
    wait_seq(page, decided + 3)
    page.locator('button.act[data-action="roll"]').click()
    wait_seq(page, decided + 4)
    expect(page.locator(".companion h3")).to_contain_text("die Y1")
    expect(page.locator('.companion button.entry[data-suffix="h"]')).to_contain_text(
        "Y1 shows a hit"
    )
    shot(page, "companion-die-entry")
    page.keyboard.press("h")  # the face, by its letter
    wait_seq(page, decided + 5)
    expect(page.locator("#table .log")).to_contain_text("Y1 shows a hit.")
    expect(correction).to_be_visible()
    correction.click()  # and corrected by click
    wait_seq(page, decided + 4)
    page.locator('.companion button.entry[data-suffix="c"]').click()
    wait_seq(page, decided + 5)
    expect(page.locator("#table .log")).to_contain_text("Y1 shows a crit.")
    shot(page, "companion-after-roll")
    page.close()


def test_a_physical_boss_quest_fits_a_phone_and_takes_cards_typed(
    browser: Browser, server: Server
) -> None:
    """At 390×844 the entry panel fits the screen; the boss is typed as its HP and a face-down
    weapon as its code, by the knight it is dealt to."""
    table = httpx.post(
        server.base + "/api/tables",
        json={
            "game": "boss-quest",
            "players": 2,
            "bot_delay": 0,
            "physical": True,
            "seats": [{"kind": "me"}, {"kind": "bot"}],
        },
        timeout=30,
    ).json()
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(server.base + table["seats"][0]["link"])
    entries = page.locator(".companion button.entry")
    expect(entries.first).to_be_visible(timeout=15_000)
    page.keyboard.press("2")  # knight 2 is the first armorer
    expect(page.locator(".companion h3")).to_contain_text("boss", timeout=15_000)
    page.keyboard.press("/")
    page.keyboard.type("17")
    page.keyboard.press("Enter")
    expect(page.locator("#table .log")).to_contain_text("(17 HP)")
    page.keyboard.press("Escape")
    while "spell" in (page.locator(".companion h3").inner_text()):
        before = page.locator(".companion").get_attribute("data-seq")
        entries.first.click()
        page.wait_for_function(
            "before => { const c = document.querySelector('.companion');"
            " return c && c.dataset.seq !== before; }",
            arg=before,
            timeout=15_000,
        )
    expect(page.locator(".companion h3")).to_contain_text("weapon")
    shot(page, "companion-bq-phone")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width}px wide on a 390px screen"
    code = entries.nth(3).get_attribute("data-suffix") or ""
    page.keyboard.press("/")
    page.keyboard.type(code.lower())  # a card code, in any case
    page.keyboard.press("Enter")
    expect(page.locator("#table .log")).to_contain_text("You receive your hidden weapon")
    context.close()
