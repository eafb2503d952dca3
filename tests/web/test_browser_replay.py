"""The replay in a real browser: drawn icons, a slider, the keys and the list of rounds change
the step in place (the page never reloads), on a desktop and a phone."""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import Browser, expect

from tests.waiting import wait_until
from tests.web.conftest import Server
from tests.web.test_browser import api_table, shot
from tests.web.test_browser_advice import VIEWPORTS


def finished_table(server: Server) -> str:
    bots = [{"kind": "bot"}, {"kind": "bot"}, {"kind": "bot", "bot": "random"}]
    table = api_table(server, "boss-quest", bots, "replay-browser")

    def over() -> bool:
        return bool(httpx.get(f"{server.base}/api/tables/{table['id']}").json()["over"])

    wait_until(over, "the bots finishing the game")
    return str(table["id"])


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_replay_moves_by_keys_slider_and_rounds_without_a_page_load(
    browser: Browser, server: Server, size: str
) -> None:
    table = finished_table(server)
    page = browser.new_page(viewport=VIEWPORTS[size])
    page.goto(f"{server.base}/t/{table}/replay")
    step = page.locator(".replay-step")
    last = int(re.findall(r"\d+", step.inner_text())[-1])
    page.evaluate("window.stillHere = true")
    for icon in page.locator(".replay-go svg").all():
        box = icon.bounding_box()
        assert box is not None and box["width"] >= 12 and box["height"] >= 12
    page.keyboard.press("Home")
    expect(step).to_have_text(f"step 0 of {last}")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(step).to_have_text(f"step 2 of {last}")
    assert page.url.endswith("?step=2")
    page.keyboard.press("PageDown")
    page.keyboard.press("PageDown")
    options = page.locator(".replay-jump option")
    second_round = int(options.nth(2).get_attribute("value") or -1)
    expect(step).to_have_text(f"step {second_round} of {last}")
    expect(page.locator(".replay-jump select")).to_have_value(str(second_round))
    page.locator(".replay-jump select").select_option(index=1)
    first_round_start = int(options.nth(1).get_attribute("value") or -1)
    expect(step).to_have_text(f"step {first_round_start} of {last}")
    slider = page.locator(".replay-slider input")
    slider.evaluate("(s, v) => { s.value = v; s.dispatchEvent(new Event('input')); }", last // 2)
    expect(step).to_have_text(f"step {last // 2} of {last}")
    expect(page.locator("#replay-log li").last).to_be_visible()
    page.keyboard.press("End")
    expect(step).to_have_text(f"step {last} of {last}")
    assert page.evaluate("window.stillHere") is True  # every step came without a page load
    shot(page, f"replay-{size}")
    page.close()
