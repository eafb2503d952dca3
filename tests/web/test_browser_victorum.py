"""20 Strong with the Victorum deck in a real browser: a table from the lobby with its setup
done by clicking the dealt cards, then a game played by clicking the mountain (a move, a
spectate and its bonus, another move and a conflict fought with the dice) to the round's end.

The API takes a seed but the hall does not use it yet (each table draws its own), so the
test reads the deal from the page and adapts to any deal.
"""

from __future__ import annotations

from typing import Any

import httpx
from playwright.sync_api import Browser, Locator, Page, expect

from tests.web.conftest import Server
from tests.web.test_browser import browser, shot
from tests.web.test_browser_twenty_strong import act, apply_rolled_dice, click_and_wait

__all__ = ["browser"]

PYRAMID = [["scion"], ["T1", "T2"], ["M1", "M2", "M3"], ["B1", "B2", "B3", "B4"]]
MOVABLE = ".vic-camp.can-move.do"
FIGHTABLE = ":is(:has(.camp-top.t-bloodshed), :has(.camp-top.t-sport))"


def round_of(page: Page) -> int:
    return int(page.locator(".vic-mountain").get_attribute("data-round") or "0")


def phase_of(page: Page) -> str:
    return page.locator(".vic-mountain").get_attribute("data-phase") or ""


def check_pyramid(page: Page) -> None:
    """The scion's camp on top, then T, M and B rows, each wider and lower than the last."""
    tops: list[float] = []
    for row in PYRAMID:
        boxes = [page.locator(f'.vic-camp[data-camp="{camp}"]').bounding_box() for camp in row]
        assert all(boxes), row
        ys = {round(box["y"]) for box in boxes if box}
        assert len(ys) == 1, f"{row} is not one row: {ys}"
        tops.append(ys.pop())
        lefts = [box["x"] for box in boxes if box]
        assert lefts == sorted(lefts), f"{row} is not in order"
    assert tops == sorted(tops) and len(set(tops)) == len(tops), tops
    scion = page.locator('.vic-camp[data-camp="scion"]').bounding_box()
    b1 = page.locator('.vic-camp[data-camp="B1"]').bounding_box()
    m1 = page.locator('.vic-camp[data-camp="M1"]').bounding_box()
    assert scion and b1 and m1
    assert b1["x"] < m1["x"] < scion["x"], "the rows are staggered like a pyramid"


def next_to_a_fight(page: Page) -> Locator:
    """A camp the chip may move to now with a bloodshed or sport card next door."""
    for camp in page.locator(MOVABLE).all():
        for name in (camp.get_attribute("data-adj") or "").split():
            if page.locator(f'.vic-camp[data-camp="{name}"]{FIGHTABLE}').count():
                return camp
    raise AssertionError("no camp at the foot has a fight next door")


def finish_setup(page: Page) -> None:
    """Click a dealt hero (if the options did not name one), a tactic, then primuses."""
    for _ in range(10):
        chosen = page.locator(".vic-dealt.do, .vic-tactics .vic-tactic.do, .vic-place.do")
        if phase_of(page) != "vic.setup" or not chosen.count():
            return
        click_and_wait(page, chosen.first)
    raise AssertionError("the setup did not finish")


def test_create_a_victorum_table_from_the_lobby(browser: Browser, server: Server) -> None:
    page = browser.new_page(viewport={"width": 1000, "height": 900})
    page.goto(server.base + "/")
    page.select_option("#game", "20-strong")
    page.select_option("#opt-20-strong-deck", "victorum")
    # The lobby's hero and boss menus list Too Many Bones cards: leave them to the deck.
    page.select_option("#opt-20-strong-hero", "")
    page.select_option("#opt-20-strong-boss", "")
    page.click("#new-table button[type=submit]")
    expect(page.locator(".vic-mountain")).to_be_visible(timeout=15_000)
    expect(page.locator(".vic-camp")).to_have_count(10)
    expect(page.locator(".vic-dealt.do")).to_have_count(4)
    expect(page.locator(".z-training .die")).to_have_count(8)
    expect(page.locator(".vic-tactics .vic-tactic")).to_have_count(4)
    check_pyramid(page)
    shot(page, "vic-lobby-setup")
    hero = page.locator(".vic-dealt.do").nth(1)
    hero_name = hero.locator(".hero-side strong").inner_text()
    click_and_wait(page, hero)
    expect(page.locator(".vic-hero")).to_contain_text(hero_name)
    expect(page.locator(".vic-place")).to_have_count(3)  # the three others are primuses
    finish_setup(page)
    expect(page.locator(".vic-camp .camp-primus")).to_have_count(3)
    expect(page.locator(".vic-tactics .vic-tactic")).to_have_count(3)
    expect(page.locator(MOVABLE)).to_have_count(4)  # the foot of the mountain
    shot(page, "vic-lobby-ready")
    page.set_viewport_size({"width": 390, "height": 844})  # a phone: the pyramid still stands
    check_pyramid(page)
    shot(page, "vic-phone")
    page.close()


def fight_until_the_round_ends(page: Page, start: int) -> int:
    """Play the conflict by clicking dice and cards; returns the dice applied to cards."""
    applied = 0
    for _ in range(300):
        if round_of(page) > start or page.locator(".outcome").count():
            return applied
        pool = page.locator(".z-pool button.die.do")
        committed = page.locator(".z-committed .die")
        extra = page.locator('.vic-camp.do[data-action^="from "]')
        if extra.count():  # an additional enemy comes from a camp next to this one
            click_and_wait(page, extra.first)
        elif page.locator(".z-committed [data-pick]").count() and act(page, "resolve").count():
            placed = apply_rolled_dice(page)
            applied += placed
            if not placed:
                shot(page, "vic-applied")
                click_and_wait(page, act(page, "resolve"))
        elif act(page, "roll").count() and pool.count() and committed.count() < 6:
            click_and_wait(page, pool.last)  # commit the strongest die left
        elif act(page, "roll").count():
            click_and_wait(page, act(page, "roll"))
        else:
            for choice in ("take", "done", "bonus health", "resolve"):
                if act(page, choice).count():
                    click_and_wait(page, act(page, choice))
                    break
            else:
                click_and_wait(page, page.locator("button.act").first)
    raise AssertionError("the round did not end")


def test_victorum_move_spectate_and_conflict_by_clicking(browser: Browser, server: Server) -> None:
    table: dict[str, Any] = httpx.post(
        server.base + "/api/tables",
        json={
            "game": "20-strong",
            "players": 1,
            "options": {"deck": "victorum", "hero": "h-ursa", "boss": "s-orcina"},
            "bot_delay": 0,
            "seed": "vesuvius-one",
            "seats": [{"kind": "me"}],
        },
    ).json()
    page = browser.new_page(viewport={"width": 1100, "height": 1000})
    page.goto(server.base + table["seats"][0]["link"])
    expect(page.locator(".vic-mountain")).to_be_visible(timeout=15_000)
    expect(page.locator(".ts-head h2")).to_contain_text("Orcina")
    expect(page.locator(".vic-hero")).to_contain_text("Ursa")
    finish_setup(page)
    assert phase_of(page) == "vic.move"
    expect(page.locator(".vic-camp .chip")).to_have_count(0)
    shot(page, "vic-move")

    # Round 1: move to a camp of the foot by clicking it, then spectate its top card.
    first = round_of(page)
    camp = next_to_a_fight(page)
    name = camp.get_attribute("data-camp")
    click_and_wait(page, camp)
    here = page.locator(f'.vic-camp.here[data-camp="{name}"]')
    expect(here.locator(".chip")).to_be_visible()
    top = here.locator(".camp-top strong").inner_text()
    shot(page, "vic-camp")
    health = page.locator(".stat.health").inner_text()
    click_and_wait(page, here.locator('.camp-act[data-action="spectate"]'))
    shot(page, "vic-spectated")
    bonus = act(page, "bonus health")
    click_and_wait(page, bonus)
    assert round_of(page) == first + 1
    assert page.locator(".stat.health").inner_text() == health  # -1 penalty, +1 bonus
    expect(page.locator(f'.vic-camp[data-camp="{name}"] .camp-top')).not_to_contain_text(top)

    # Round 2: move next door (the highlighted neighbours), onto a bloodshed or sport card.
    movable = page.locator(MOVABLE)
    adjacent = (
        page.locator(f'.vic-camp[data-camp="{name}"]').get_attribute("data-adj") or ""
    ).split()
    assert movable.count() and all(m.get_attribute("data-camp") in adjacent for m in movable.all())
    target = page.locator(MOVABLE + FIGHTABLE).first
    click_and_wait(page, target)
    here = page.locator(".vic-camp.here")
    card = here.locator(".camp-top strong").inner_text()
    click_and_wait(page, here.locator('.camp-act[data-action="activate"]'))
    expect(page.locator(".active-cards .card20").first).to_contain_text(card)
    shot(page, "vic-conflict")
    applied = fight_until_the_round_ends(page, first + 1)
    assert applied > 0, "dice were applied to cards by clicking"
    assert "→ exhausted" in page.locator(".log").inner_text()
    assert round_of(page) == first + 2 or page.locator(".outcome").count()
    shot(page, "vic-round-three")
    page.close()
