"""20 Strong with the Victorum deck in a real browser: a table from the lobby (a Victorum hero
and scion chosen from the menus, the setup done by clicking), then a seeded game played by
clicking the mountain: a move, a spectate and its bonus, another move and a conflict fought
with the dice to the round's end, then an opportunity taken and held, locked.

The API table is opened with a fixed seed, so its deal is known: the test names the dealt
heroes, the primuses' camps and the cards it meets (found by replaying the same clicks on a
``Match`` with that seed).
"""

from __future__ import annotations

from typing import Any

import httpx
from playwright.sync_api import Browser, Locator, Page, expect

from tests.web.conftest import Server
from tests.web.test_browser import shot
from tests.web.test_browser_twenty_strong import act, apply_rolled_dice, click_and_wait

SEED = "vesuvius-3298"
PYRAMID = [["scion"], ["T1", "T2"], ["M1", "M2", "M3"], ["B1", "B2", "B3", "B4"]]
MOVABLE = ".vic-camp.can-move.do"
NERVES = ["Health 4 or more", "2+ blue dice in the pool"]  # what Steady Nerves needs


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


def camp(page: Page, name: str) -> Locator:
    return page.locator(f'.vic-camp[data-camp="{name}"]')


def movable(page: Page) -> list[str | None]:
    """The camps the chip may move to now, in the page's order (top row first)."""
    return [c.get_attribute("data-camp") for c in page.locator(MOVABLE).all()]


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
    # The hero and boss menus list every deck's cards, each named with its deck.
    heroes = page.locator("#opt-20-strong-hero option").all_inner_texts()
    assert "Victorum: Aelia the Healer" in heroes and "Too Many Bones: Duster" in heroes
    page.select_option("#opt-20-strong-hero", label="Victorum: Aelia the Healer")
    page.select_option("#opt-20-strong-boss", label="Victorum: Umbrus the Shade-Born")
    page.click("#new-table button[type=submit]")
    expect(page.locator(".vic-mountain")).to_be_visible(timeout=15_000)
    expect(page.locator(".ts-head h2")).to_contain_text("Umbrus the Shade-Born")
    expect(page.locator(".vic-hero")).to_contain_text("Aelia the Healer")
    expect(page.locator(".vic-camp")).to_have_count(10)
    expect(page.locator(".z-training .die")).to_have_count(8)
    # The hero is chosen: no dealt card to pick, the three dealt are primuses to place.
    expect(page.locator(".vic-dealt")).to_have_count(0)
    expect(page.locator(".vic-place")).to_have_count(3)
    assert not any("Aelia" in text for text in page.locator(".vic-place").all_inner_texts())
    expect(page.locator(".task")).to_contain_text("choose a tactic")
    expect(page.locator(".vic-tactics .vic-tactic.do")).to_have_count(4)
    expect(page.locator(".ts-head .round")).to_have_count(0)  # no round before the first
    check_pyramid(page)
    shot(page, "vic-lobby-setup")
    finish_setup(page)
    expect(page.locator(".vic-camp .camp-primus")).to_have_count(3)
    expect(page.locator(".vic-tactics .vic-tactic")).to_have_count(3)
    assert movable(page) == ["B1", "B2", "B3", "B4"]  # the foot of the mountain
    expect(page.locator(".ts-head .round")).to_have_text("Round 1")
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
            "options": {"deck": "victorum", "boss": "s-orcina"},
            "bot_delay": 0,
            "seed": SEED,
            "seats": [{"kind": "me"}],
        },
    ).json()
    page = browser.new_page(viewport={"width": 1100, "height": 1000})
    page.goto(server.base + table["seats"][0]["link"])
    expect(page.locator(".vic-mountain")).to_be_visible(timeout=15_000)
    expect(page.locator(".ts-head h2")).to_contain_text("Orcina")

    # The seeded deal: four hero/primus cards; the one kept is the hero, the others primuses.
    dealt = [
        "Ursa the Wild",
        "Octavia the Strategist",
        "Aelia the Healer",
        "Nereus the Retiarius",
    ]
    expect(page.locator(".vic-dealt.do .hero-side strong")).to_have_text(dealt)
    expect(page.locator(".task")).to_contain_text("choose your hero")
    click_and_wait(page, page.locator(".vic-dealt.do", has_text="Ursa the Wild"))
    expect(page.locator(".vic-hero")).to_contain_text("Ursa the Wild")
    expect(page.locator(".vic-place strong")).to_have_text([d for d in dealt if "Ursa" not in d])
    expect(page.locator(".task")).to_contain_text("choose a tactic")
    finish_setup(page)
    assert phase_of(page) == "vic.move"
    for name, primus in (("B1", "Octavia"), ("M2", "Aelia"), ("T2", "Nereus")):
        expect(camp(page, name).locator(".camp-primus")).to_contain_text(primus)
    expect(page.locator(".vic-camp .chip")).to_have_count(0)
    assert movable(page) == ["B1", "B2", "B3", "B4"]  # the foot of the mountain
    expect(page.locator(".ts-head .round")).to_have_text("Round 1")
    expect(camp(page, "B1")).to_contain_text("next to Foot 2 · Slope 1")
    expect(camp(page, "M1").locator(".vtype")).to_have_text("⚔ bloodshed")
    # an opportunity on a camp shows what it needs (a colour among them) and what it becomes
    nerves = camp(page, "M2").locator(".camp-top.t-opportunity")
    expect(nerves.locator(".vtype")).to_have_text("✦ opportunity")
    expect(nerves.locator(".needs")).to_contain_text("Needs:")
    expect(nerves.locator(".need")).to_have_text(NERVES)
    expect(nerves.locator(".reward")).to_contain_text("Reward: Bath-House Token")
    shot(page, "vic-move")

    # Round 1: move to B1 by clicking it, then spectate its top card (an opportunity).
    click_and_wait(page, camp(page, "B1"))
    here = page.locator('.vic-camp.here[data-camp="B1"]')
    expect(here.locator(".chip")).to_be_visible()
    expect(here.locator(".camp-top .vc-name strong")).to_have_text("Well Equipped")
    shot(page, "vic-camp")
    health = int(page.locator(".stat.health").inner_text().strip("♥ "))
    click_and_wait(page, here.locator('.camp-act[data-action="spectate"]'))
    expect(page.locator(".stat.health")).to_have_text(f"♥ {health - 1}")  # Orcina's penalty
    expect(page.locator(".task")).to_contain_text("the spectator's bonus")
    shot(page, "vic-spectated")
    click_and_wait(page, act(page, "bonus health"))
    expect(page.locator(".stat.health")).to_have_text(f"♥ {health}")
    expect(page.locator(".ts-head .round")).to_have_text("Round 2")
    expect(camp(page, "B1").locator(".camp-top .vc-name strong")).to_have_text("The Crowd's Wager")

    # Round 2: move next door (the highlighted neighbours) onto M1's bloodshed card, whose
    # additional enemies come from the camps next to it.
    assert movable(page) == ["M1", "B2"]
    click_and_wait(page, camp(page, "M1"))
    here = page.locator(".vic-camp.here")
    expect(here.locator(".camp-top .vc-name strong")).to_have_text("Scutarius Shieldbearer")
    click_and_wait(page, here.locator('.camp-act[data-action="activate"]'))
    expect(page.locator(".active-cards .card20").first).to_contain_text("Scutarius Shieldbearer")
    shot(page, "vic-conflict")
    applied = fight_until_the_round_ends(page, 2)
    assert applied > 0, "dice were applied to cards by clicking"
    assert "To the exhausted dice:" in page.locator(".log-scroll").inner_text()
    expect(page.locator(".outcome")).to_have_count(0)
    expect(page.locator(".ts-head .round")).to_have_text("Round 3")
    shot(page, "vic-round-three")

    # Round 3: over to M2 and take its opportunity: held, locked, showing its conditions.
    click_and_wait(page, camp(page, "M2"))
    click_and_wait(page, page.locator('.vic-camp.here .camp-act[data-action="activate"]'))
    expect(page.locator(".task")).to_contain_text("keep or discard the opportunity")
    click_and_wait(page, act(page, "take"))
    held = page.locator(".inventory li", has_text="Steady Nerves")
    expect(held.locator(".badge")).to_have_text("locked")
    expect(held.locator(".needs")).to_contain_text("Needs:")
    expect(held.locator(".need")).to_have_text(NERVES)
    expect(held.locator(".reward")).to_contain_text("Reward: Bath-House Token")
    expect(page.locator(".ts-head .round")).to_have_text("Round 4")
    shot(page, "vic-opportunity")
    page.close()
