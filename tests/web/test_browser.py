"""The web hall in a real browser: Playwright driving Debian's Chromium.

Screenshots are kept in ``artifacts/`` (one per test step worth looking at).
"""

from __future__ import annotations

import re
import shutil
from typing import Any

import httpx
from playwright.sync_api import Browser, Locator, Page, expect

from tests.web.conftest import ARTIFACTS, Server

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def api_table(
    server: Server,
    game: str,
    seats: list[dict[str, str]],
    seed: str,
    options: dict[str, Any] | None = None,
    bot_delay: float = 0,
) -> dict[str, Any]:
    """A table opened through the API (one seat per entry of ``seats``), seeded."""
    table: dict[str, Any] = httpx.post(
        server.base + "/api/tables",
        json={
            "game": game,
            "players": len(seats),
            "bot_delay": bot_delay,
            "seed": seed,
            "seats": seats,
            "options": options or {},
        },
    ).json()
    return table


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def press_key_of(page: Page, button: Locator) -> str:
    """Type the key of an action's button, its letter then its digit (tests/web/
    test_stable_keys.py), as a person does; returns the key."""
    key = button.get_attribute("data-key") or ""
    assert key, f"{button.get_attribute('data-action')!r} has no key"
    for char in key:
        page.keyboard.press(char)
    return key


def test_a_whole_game_against_two_bots_by_clicking(browser: Browser, server: Server) -> None:
    page = browser.new_page(viewport={"width": 1000, "height": 900})
    page.goto(server.base + "/")
    page.select_option("#players", "3")
    page.locator(".seat-choice select").nth(1).select_option("bot:heuristic")
    page.locator(".seat-choice select").nth(2).select_option("bot:random")
    page.fill("input[name=bot_delay]", "0")
    page.click("#new-table button[type=submit]")
    expect(page.locator(".bq")).to_be_visible(timeout=15_000)
    shot(page, "bq-table-start")
    for move in range(600):
        page.wait_for_selector("button.act, .outcome", timeout=15_000)
        if page.locator(".outcome").count():
            break
        if move % 2:
            page.locator("button.act").first.click()
        else:
            press_key_of(page, page.locator("button.act").first)  # the keyboard plays too
        page.wait_for_timeout(30)
    expect(page.locator(".outcome")).to_be_visible()
    assert "Game over" in page.locator(".outcome").inner_text()
    shot(page, "bq-table-finished")
    page.click("text=Replay")
    expect(page.locator(".replay-nav")).to_be_visible()
    shot(page, "bq-replay")
    page.close()


def seat_links(server: Server) -> list[str]:
    table: dict[str, Any] = httpx.post(
        server.base + "/api/tables",
        json={
            "game": "boss-quest",
            "players": 3,
            "bot_delay": 0.2,
            "seats": [{"kind": "me"}, {"kind": "invite"}, {"kind": "bot"}],
        },
    ).json()
    return [server.base + seat["link"] for seat in table["seats"]]


def test_two_people_each_see_only_their_own_hidden_weapon(browser: Browser, server: Server) -> None:
    links = seat_links(server)
    contexts = [browser.new_context(viewport={"width": 900, "height": 900}) for _ in links]
    pages = [context.new_page() for context in contexts]
    for page, link in zip(pages, links, strict=True):
        page.goto(link)
        expect(page.locator(".knight").first).to_be_visible(timeout=15_000)
    for seat, page in enumerate(pages):
        mine = page.locator(f'.knight[data-seat="{seat}"] .weapons .card').first
        theirs = page.locator(f'.knight[data-seat="{1 - seat}"] .weapons .card').first
        expect(mine).to_have_attribute("data-card", re.compile(r"^[RBGYP][1-7]$"))  # face up
        expect(theirs).to_have_class("card back")  # a card back for the other person
        shot(page, f"bq-two-people-seat{seat + 1}")
    for context in contexts:
        context.close()


def test_switching_to_french(browser: Browser, server: Server) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})  # a phone
    page = context.new_page()
    page.goto(server.base + "/")
    page.click("a[data-lang=fr]")
    expect(page.locator("h1")).to_have_text("La salle")
    page.goto(seat_links(server)[0])
    expect(page.locator(".magician h3")).to_have_text("Les Sorts du Magicien", timeout=15_000)
    shot(page, "bq-table-french-phone")
    context.close()
