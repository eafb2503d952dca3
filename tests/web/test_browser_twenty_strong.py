"""20 Strong in a real browser: a table from the lobby, and a whole Too Many Bones day played
by clicking the dice (commit from the pool, click a rolled die then a card to apply it)."""

from __future__ import annotations

from typing import Any

import httpx
from playwright.sync_api import Browser, Locator, Page, expect

from tests.web.conftest import Server
from tests.web.test_browser import shot


def seq_of(page: Page) -> str:
    return page.locator(".ts").get_attribute("data-seq") or ""


def click_and_wait(page: Page, target: Locator) -> None:
    """Click, then wait until the server pushes the next state of the table."""
    before = seq_of(page)
    target.click()
    script = "(before) => document.querySelector('.ts')?.dataset.seq !== before"
    page.wait_for_function(script, arg=before, timeout=15_000)


def act(page: Page, action: str) -> Locator:
    return page.locator(f'button.act[data-action="{action}"]')


def apply_rolled_dice(page: Page) -> int:
    """Click each rolled die, then a card (or slot) it may go on; returns the dice applied."""
    applied = 0
    for _ in range(20):
        dice = page.locator(".z-committed [data-pick]")
        placed = False
        for index in range(dice.count()):
            die = dice.nth(index)
            die.click()
            targets = page.locator(".droppable")
            if targets.count():
                click_and_wait(page, targets.first)
                applied += 1
                placed = True
                break
            die.click()  # nothing takes it: unselect
        if not placed:
            return applied
    return applied


def test_create_a_too_many_bones_table_from_the_lobby(browser: Browser, server: Server) -> None:
    page = browser.new_page(viewport={"width": 1000, "height": 900})
    page.goto(server.base + "/")
    page.select_option("#game", "20-strong")
    expect(page.locator("#players")).to_have_value("1")
    page.select_option("#opt-20-strong-hero", "duster")
    page.select_option("#opt-20-strong-boss", "warden")
    page.click("#new-table button[type=submit]")
    expect(page.locator(".ts")).to_be_visible(timeout=15_000)
    expect(page.locator(".backup h3")).to_contain_text("Duster")
    expect(page.locator(".tyrant h3")).to_contain_text("Warden")
    expect(page.locator(".z-pool .die")).to_have_count(17)
    shot(page, "20s-table-start")
    page.close()


def test_a_whole_day_by_clicking(browser: Browser, server: Server) -> None:
    table: dict[str, Any] = httpx.post(
        server.base + "/api/tables",
        json={
            "game": "20-strong",
            "players": 1,
            "options": {"hero": "brasshammer", "boss": "warden"},
            "bot_delay": 0,
            "seed": "day-one",
            "seats": [{"kind": "me"}],
        },
    ).json()
    page = browser.new_page(viewport={"width": 1100, "height": 1000})
    page.goto(server.base + table["seats"][0]["link"])
    expect(page.locator(".ts-head h2")).to_contain_text("Day 1", timeout=15_000)
    click_and_wait(page, act(page, "battle"))
    expect(page.locator(".card20")).not_to_have_count(0)
    shot(page, "20s-battle")
    applied = 0
    for _ in range(200):
        if "Day 2" in page.locator(".ts-head h2").inner_text():
            break
        committed = page.locator(".z-committed .die").count()
        pool = page.locator(".z-pool button.die")
        if page.locator(".z-committed [data-pick]").count() and act(page, "resolve").count():
            placed = apply_rolled_dice(page)
            applied += placed
            if not placed:  # nothing more to apply (or a reward to settle first)
                shot(page, "20s-applied")
                click_and_wait(page, act(page, "resolve"))
        elif act(page, "roll").count() and committed < 5 and pool.count():
            click_and_wait(page, pool.last)  # commit the strongest die left, by clicking it
        elif act(page, "roll").count():
            click_and_wait(page, act(page, "roll"))
        else:
            for choice in ("take", "rest", "scout ones", "gain 1", "done", "first 1"):
                if act(page, choice).count():
                    click_and_wait(page, act(page, choice))
                    break
            else:
                click_and_wait(page, page.locator("button.act").first)
    expect(page.locator(".ts-head h2")).to_contain_text("Day 2")
    assert applied > 0, "dice were applied to cards by clicking"
    assert "To the exhausted dice:" in page.locator(".log-scroll").inner_text()
    shot(page, "20s-day-two")
    page.close()
