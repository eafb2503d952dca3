"""Motion in a real browser: a card laid on the table slides in and a die whose face changed
rolls in, once, after the step that brought them; not at all for a reader who asks for
reduced motion."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.web.conftest import Server
from tests.web.test_browser import shot
from tests.web.test_browser_advice import VIEWPORTS, solo_table


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_dealt_card_moves_in_unless_motion_is_reduced(
    browser: Browser, server: Server, motion: str
) -> None:
    context = browser.new_context(viewport=VIEWPORTS["desktop"], reduced_motion=motion)  # type: ignore[arg-type]
    page = context.new_page()
    page.goto(solo_table(server, f"motion-{motion}"))
    expect(page.locator("#table button.act").first).to_be_visible(timeout=15_000)
    assert page.locator(".just-dealt, .just-rolled").count() == 0  # nothing moves on arrival
    page.keyboard.press("j")  # the day's fight: 1, a standard battle; its Baddies are laid out
    page.keyboard.press("1")
    moved = page.locator("#table .just-dealt")
    expect(moved.first).to_be_attached(timeout=15_000)
    animation = moved.first.evaluate("e => getComputedStyle(e).animationName")
    assert animation == ("none" if motion == "reduce" else "piece-deal")
    shot(page, f"pieces-dealt-{motion}")
    context.close()
