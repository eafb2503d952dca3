"""The table page by keyboard alone, and on a phone-sized screen (Playwright, Chromium).

Each key press must move the table on: the table's ``data-seq`` (its next sequence number)
is read before and after. Screenshots are kept in ``artifacts/``.
"""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.conftest import Server
from tests.web.test_browser import press_key_of, shot

TENTH = 10
"""A turn of ten actions: the tenth is reached by Tab as well as by its key."""


def open_table(server: Server, seats: list[dict[str, str]], **extra: Any) -> dict[str, Any]:
    response = httpx.post(
        server.base + "/api/tables",
        json={"game": "boss-quest", "players": len(seats), "bot_delay": 0, "seats": seats, **extra},
        timeout=30,
    )
    assert response.status_code == 201, response.text
    table: dict[str, Any] = response.json()
    return table


def seq_of(page: Page) -> int:
    """The sequence number of the view on the page."""
    return int(page.locator("#table .bq").get_attribute("data-seq") or "-1")


def wait_seq(page: Page, compare: str, value: int) -> None:
    """Wait until the page's view has a sequence number ``compare`` (``>``, ``==``) ``value``."""
    page.wait_for_function(
        "([compare, value]) => { const bq = document.querySelector('#table .bq');"
        " if (!bq) return false; const seq = Number(bq.dataset.seq);"
        " return compare === '>' ? seq > value : seq === value; }",
        arg=[compare, value],
        timeout=15_000,
    )


def focus_by_tab(page: Page, action: str) -> None:
    """Press Tab until the action's button has the focus."""
    for _ in range(80):
        page.keyboard.press("Tab")
        focused = page.evaluate("document.activeElement && document.activeElement.dataset.action")
        if focused == action:
            return
    raise AssertionError(f"Tab never reached the button of {action!r}")


def test_a_whole_game_against_two_bots_by_keyboard_alone(browser: Browser, server: Server) -> None:
    """The actions' keys (a letter, then a digit: tests/web/test_stable_keys.py), and Tab then
    Enter for the tenth action of a turn offering ten, play a game to its end."""
    seats = [{"kind": "me"}, {"kind": "bot"}, {"kind": "bot", "bot": "random"}]
    # A deal where ten actions are offered and the person plays more than five keys.
    table = open_table(server, seats, seed="keys-0")
    page = browser.new_page(viewport={"width": 1000, "height": 900})
    page.goto(server.base + table["seats"][0]["link"])
    keys = tabbed = 0
    for move in range(600):
        page.wait_for_selector("button.act, .outcome", timeout=15_000)
        if page.locator(".outcome").count():
            break
        before = seq_of(page)
        buttons = page.locator("button.act")
        count = buttons.count()
        if count >= TENTH and tabbed < 3:
            focus_by_tab(page, buttons.nth(TENTH - 1).get_attribute("data-action") or "")
            page.keyboard.press("Enter")
            tabbed += 1
        else:
            index = min(count, 9) if move % 4 == 3 else 1 + move % min(count, 2)  # mostly asks
            press_key_of(page, buttons.nth(index - 1))
            keys += 1
        wait_seq(page, ">", before)  # every key typed moved the table on
    expect(page.locator(".outcome")).to_be_visible()
    assert "Game over" in page.locator(".outcome").inner_text()
    assert page.locator("#table .bq").get_attribute("data-over") == "true"
    assert tabbed >= 1, "no turn offered ten actions: Tab and Enter were never tried"
    assert keys >= 5
    shot(page, "bq-keyboard-finished")
    page.close()


def seat_to_move(server: Server, table: dict[str, Any]) -> dict[str, Any]:
    """The seat (of ``table["seats"]``) that must act first, once chance has dealt."""
    for _ in range(300):
        mover = httpx.get(f"{server.base}/api/tables/{table['id']}", timeout=30).json()["to_move"]
        seat: dict[str, Any] | None = next((s for s in table["seats"] if s["seat"] == mover), None)
        if seat is not None:
            return seat
        time.sleep(0.05)
    raise AssertionError("no person got a turn")


def test_the_u_key_undoes_my_last_action_only_when_allowed(
    browser: Browser, server: Server
) -> None:
    """``u`` takes back a discard; after a draw no Undo is offered, ``u`` changes nothing,
    and an undo asked of the API is refused saying why."""
    people = [{"kind": "me"}, {"kind": "invite"}, {"kind": "invite"}]
    table = open_table(server, people)
    seat = seat_to_move(server, table)
    page = browser.new_page(viewport={"width": 1000, "height": 900})
    page.goto(server.base + seat["link"])
    expect(page.locator("button.act").first).to_be_visible(timeout=15_000)
    start = seq_of(page)
    focus_by_tab(page, "discard 1")  # keyboard only, whatever its place among the buttons
    page.keyboard.press("Enter")
    wait_seq(page, "==", start + 1)
    expect(page.locator("button.act")).to_have_count(0)  # the next knight's turn
    page.keyboard.press("u")
    wait_seq(page, "==", start)  # the discard is taken back
    expect(page.locator('button.act[data-action="discard 1"]')).to_be_visible()

    page.keyboard.press("a")  # asking for one weapon draws it
    page.keyboard.press("1")
    wait_seq(page, ">", start + 1)  # the ask, then the draw
    after_draw = seq_of(page)
    expect(page.locator("button.undo")).to_have_count(0)  # not offered across a draw
    page.keyboard.press("u")
    assert seq_of(page) == after_draw, "an undo across a draw must change nothing"
    cookies = page.context.cookies()
    held = next(c["value"] for c in cookies if c["name"] == f"seat_{table['id']}")
    refused = httpx.post(  # and asked for anyway, the hall says why not
        f"{server.base}/api/tables/{table['id']}/undo",
        headers={"x-seat-credential": held},
        json={"seq": after_draw},
    )
    assert refused.status_code == 409 and "draw" in refused.json()["error"]
    page.close()


def test_boss_quest_fits_a_phone_screen(browser: Browser, server: Server) -> None:
    """At 390×844 nothing is wider than the screen and every action button can be seen."""
    table = open_table(server, [{"kind": "me"}, {"kind": "bot"}, {"kind": "bot", "bot": "random"}])
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(server.base + table["seats"][0]["link"])
    expect(page.locator("button.act").first).to_be_visible(timeout=15_000)
    shot(page, "bq-table-phone")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width}px wide on a 390px screen"
    buttons = page.locator("button.act")
    assert buttons.count() >= 2
    for index in range(buttons.count()):
        button = buttons.nth(index)
        button.scroll_into_view_if_needed()
        expect(button).to_be_visible()
        box = button.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    page.goto(server.base + "/")
    lobby_width = page.evaluate("document.documentElement.scrollWidth")
    assert lobby_width <= 390, f"the lobby is {lobby_width}px wide on a 390px screen"
    context.close()


def test_the_hint_button_and_the_h_key_rank_my_actions(browser: Browser, server: Server) -> None:
    """The Hint button (or ``h``) ranks every legal action on its own button, with its
    estimate; the ranking goes away once the table moves on, and following the advice plays
    the first-ranked action."""
    table = open_table(server, [{"kind": "me"}, {"kind": "bot"}, {"kind": "bot"}])
    seat = seat_to_move(server, table)
    page = browser.new_page(viewport={"width": 1000, "height": 900})
    page.goto(server.base + seat["link"])
    expect(page.locator("button.act").first).to_be_visible(timeout=15_000)
    count = page.locator("button.act").count()
    page.keyboard.press("h")
    badges = page.locator("#table button.act .advice")
    expect(badges).to_have_count(count, timeout=15_000)
    ranks = sorted(int(b.get_attribute("data-rank") or 0) for b in badges.all())
    assert ranks == list(range(1, count + 1))
    assert "%" in badges.first.inner_text()
    expect(page.locator("#hint p.dim")).to_contain_text("games played out")
    shot(page, "hint")
    best = page.locator('#table button.act:has(.advice[data-rank="1"])')
    start = seq_of(page)
    best.click()
    wait_seq(page, ">", start)
    expect(page.locator("#table button.act .advice")).to_have_count(0)
    page.locator("button.hint").first.wait_for(timeout=30_000)
    page.locator("button.hint").first.click()
    expect(page.locator("#table button.act .advice").first).to_be_visible(timeout=15_000)
    page.close()


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_the_actions_stay_next_to_the_board_on_a_tall_table(
    browser: Browser, server: Server, width: int, height: int
) -> None:
    """A Victorum table is far taller than the screen; its actions are a bar held at the
    bottom of the screen, so the first action can be pressed without scrolling, and the bar
    stays in view as the table scrolls."""
    table = open_table(server, [{"kind": "me"}], game="20-strong", options={"deck": "victorum"})
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto(server.base + table["seats"][0]["link"])
    first = page.locator("button.act").first
    expect(first).to_be_visible(timeout=15_000)
    assert page.evaluate("document.documentElement.scrollHeight") > 1.5 * height
    for scroll in (0, height, 2 * height):
        page.evaluate(f"window.scrollTo(0, {scroll})")
        box = first.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, box
    shot(page, f"victorum-actions-bar-{width}")
    context.close()
