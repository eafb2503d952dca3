"""Resigning in a real browser (issue 23, item 2): the Resign button of a seat's table page
opens a confirmation dialog saying what follows, by keyboard or by click; confirmed, the
solo game is lost (core resign) and the page shows the end. Without scripts the same button
leads to a confirmation page whose form resigns."""

from __future__ import annotations

from typing import Any

import httpx
from playwright.sync_api import Browser, expect

from tests.web.conftest import Server
from tests.web.test_browser import api_table, press_key_of, shot


def solo_table(server: Server, seed: str) -> dict[str, Any]:
    return api_table(server, "20-strong", [{"kind": "me"}], seed)


def test_resigning_a_solo_game_by_keyboard_then_click(browser: Browser, server: Server) -> None:
    """core resign, solo: Tab to Resign and Enter opens the dialog with the focus on *Keep
    playing*; the table's keys do nothing while it is open and Escape closes it, nothing
    done; clicked again and confirmed, the game is lost: the push shows the end, the button
    is gone and the header says the seat resigned."""
    table = solo_table(server, "browser-resign")
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    page.goto(server.base + table["seats"][0]["link"])
    expect(page.locator(".ts button.act").first).to_be_visible(timeout=15_000)
    seq = page.locator(".ts").get_attribute("data-seq")
    button = page.locator("button.resign")
    button.focus()
    page.keyboard.press("Enter")
    dialog = page.locator("#resign-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("If you resign, the game is lost.")
    expect(page.locator(".resign-cancel")).to_be_focused()
    press_key_of(page, page.locator(".ts button.act").first)  # would play, were it closed
    page.wait_for_timeout(500)
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    assert page.locator(".ts").get_attribute("data-seq") == seq, "nothing was played"

    button.click()
    expect(dialog).to_be_visible()
    page.locator(".resign-confirm").click()
    expect(page.locator(".outcome")).to_be_visible(timeout=15_000)
    expect(page.locator(".outcome")).to_contain_text("You lose.")  # the seat reads its end
    expect(dialog).to_be_hidden()
    expect(button).to_be_hidden()
    expect(page.locator(".resigned-mark")).to_be_visible()
    expect(page.locator(".log-scroll")).to_contain_text("You resign.")
    expect(page.locator(".log-scroll")).to_contain_text("Defeat: resigned.")
    shot(page, "resign-ended")
    state = httpx.get(f"{server.base}/api/tables/{table['id']}").json()
    assert state["over"] and state["resigned"] == [0]
    context.close()


def test_without_scripts_the_button_leads_to_a_confirmation_page(
    browser: Browser, server: Server
) -> None:
    """core resign without scripts: the table page's Resign button opens the confirmation
    page, whose form (with its CSRF token) resigns; back at the table, the game is over."""
    table = solo_table(server, "browser-resign-noscript")
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(server.base + table["seats"][0]["link"])
    page.locator("form.claim button").click()  # no script takes the seat at once
    page.locator("button.resign").click()
    expect(page.locator("h1")).to_have_text("Resign the game?")
    expect(page.locator(".consequence")).to_have_text("If you resign, the game is lost.")
    page.locator("button.resign-confirm").click()
    expect(page).to_have_url(f"{server.base}/t/{table['id']}/me")
    expect(page.locator("button.resign")).to_have_count(0)
    expect(page.locator(".resigned-mark")).to_be_visible()
    state = httpx.get(f"{server.base}/api/tables/{table['id']}").json()
    assert state["over"] and state["resigned"] == [0]
    context.close()
