"""Ancient Terrible Things in a real browser: a table from the lobby and the card gallery, a
whole turn played by clicking (explore, the two bonuses, the shop, then the encounter's dice:
an Exploit's re-roll chosen die by die, a Focus die re-rolled with a token, the defeat or the
failure), the same table on a phone, and two people at one table who each see only their own
Exploit cards.

The API table is opened with a fixed seed, so its deal is known: seat 1 (the person) starts,
as the prospector holding Second Wind (Feat 1: re-roll up to 3 Focus dice).
"""

from __future__ import annotations

import re
from typing import Any

import httpx
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from tests.web.claims import browser_headers
from tests.web.conftest import Server
from tests.web.test_browser import shot

SEED = "att-30"
WAIT = 30_000  # the machine may be busy: generous timeouts


def seq_of(page: Page) -> str:
    return page.locator(".att").get_attribute("data-seq") or ""


def click_and_wait(page: Page, target: Locator) -> None:
    """Click, then wait until the server pushes the next state of the table, once its dice
    have landed (no chance outcome is due: data-mover -1)."""
    before = seq_of(page)
    target.click()
    wait_pushed(page, before)


def wait_pushed(page: Page, before: str) -> None:
    script = """(before) => {
        const att = document.querySelector('.att');
        return att && att.dataset.seq !== before && att.dataset.mover !== '-1';
    }"""
    page.wait_for_function(script, arg=before, timeout=WAIT)


def act(page: Page, action: str) -> Locator:
    return page.locator(f'button.act[data-action="{action}"]')


def step_of(page: Page) -> str:
    return page.locator(".att").get_attribute("data-step") or ""


def open_table(server: Server, seats: list[dict[str, str]], seed: str = SEED) -> dict[str, Any]:
    response = httpx.post(
        server.base + "/api/tables",
        json={
            "game": "ancient-terrible-things",
            "players": len(seats),
            "bot_delay": 0,
            "seed": seed,
            "seats": seats,
            "options": {"locations": 4},  # the board these seeded scenarios were written for
        },
        timeout=30,
    )
    assert response.status_code == 201, response.text
    table: dict[str, Any] = response.json()
    return table


def api_view(server: Server, table: dict[str, Any], context: BrowserContext) -> dict[str, Any]:
    """The view of the seat the browser ``context`` claimed, through the API."""
    headers = browser_headers(context, table["id"])
    response = httpx.get(f"{server.base}/api/tables/{table['id']}", headers=headers, timeout=30)
    view: dict[str, Any] = response.json()["view"]
    return view


def faces(page: Page) -> list[int]:
    """The Focus dice faces shown, in die order."""
    return [
        int(f or 0)
        for f in page.locator(".fdice .fd").evaluate_all(
            "(dice) => dice.map((d) => d.dataset.face)"
        )
    ]


def focus_tokens(page: Page) -> int:
    """The Focus tokens on the person's own board."""
    return int(page.locator(".board.me .tokens .r-focus").inner_text().strip("◎ "))


def forms(kind: str, minimum: int, size: int, values: list[int]) -> bool:
    """The rules' combination test (dice.py), to check the page's marks against."""
    from gamehall.games.ancient_terrible_things.dice import meets

    return bool(values) and meets((kind, minimum, size), values)


def check_combination_marks(page: Page) -> None:
    """Each accepted combination is marked 'formed' exactly when the chosen dice form it."""
    chosen = [
        int(f)
        for f in page.locator('.fdice [data-toggle][aria-pressed="true"]').evaluate_all(
            "(dice) => dice.map((d) => d.dataset.face)"
        )
    ]
    combos = page.locator(".att-combos li")
    assert combos.count() >= 2  # the card's and the scenario's
    for index in range(combos.count()):
        item = combos.nth(index)
        kind = item.get_attribute("data-kind") or ""
        minimum = int(item.get_attribute("data-min") or 0)
        size = int(item.get_attribute("data-size") or 0)
        expected = forms(kind, minimum, size, chosen)
        formed = "formed" in (item.get_attribute("class") or "").split()
        assert formed == expected, (kind, minimum, size, chosen)


def test_create_a_table_from_the_lobby_and_see_the_gallery(
    browser: Browser, server: Server
) -> None:
    page = browser.new_page(viewport={"width": 1000, "height": 900})
    page.goto(server.base + "/")
    page.select_option("#game", "ancient-terrible-things")
    page.select_option("#players", "2")
    page.locator(".seat-choice select").nth(1).select_option("bot:heuristic")
    page.fill("input[name=bot_delay]", "0")
    page.click("#new-table button[type=submit]")
    expect(page.locator(".att")).to_be_visible(timeout=WAIT)
    expect(page.locator(".att .loc")).to_have_count(5)  # two players: five locations (ATT-R2)
    expect(page.locator(".att .board")).to_have_count(2)
    expect(page.locator(".att .board.me")).to_have_count(1)
    expect(page.locator(".att .loc .enc")).to_have_count(5)  # an encounter at each location
    expect(page.locator(".att-head .scenario")).to_contain_text("Scenario")
    expect(page.locator("section.actions button.act").first).to_be_visible(timeout=WAIT)
    shot(page, "att-lobby-table")

    page.goto(server.base + "/games/ancient-terrible-things")
    gallery = page.locator(".att-gallery")
    expect(gallery).to_contain_text("gamehall house cards")
    expect(gallery.locator("li.enc")).to_have_count(36)
    expect(gallery.locator('[data-card^="loc-"]')).to_have_count(6)
    expect(gallery.locator('[data-card^="chr-"]')).to_have_count(4)
    expect(gallery.locator('[data-card^="scn-"]')).to_have_count(4)
    expect(gallery.locator('[data-card^="exp-"]')).not_to_have_count(0)
    expect(gallery).to_contain_text("Second Wind")
    expect(gallery).to_contain_text("re-roll up to 3 Focus dice")
    shot(page, "att-gallery")
    page.close()


def test_a_whole_turn_by_clicking(browser: Browser, server: Server) -> None:
    table = open_table(server, [{"kind": "me"}, {"kind": "bot", "bot": "heuristic"}])
    page = browser.new_page(viewport={"width": 1100, "height": 1000})
    page.goto(server.base + table["seats"][0]["link"])
    expect(page.locator(".att .loc button.go.do").first).to_be_visible(timeout=WAIT)
    att = page.locator(".att")
    assert att.get_attribute("data-turn") == "1" and att.get_attribute("data-active") == "0"
    expect(page.locator(".board.me .exploit [data-card]")).to_have_count(2)
    expect(page.locator('.board.me .exploit [data-card="exp-second-wind"]')).to_be_visible()
    shot(page, "att-turn-explore")

    # Explore: click a location's button; the pawn moves there and takes its tokens.
    place = page.locator(".att .loc.can-go").first
    code = place.get_attribute("data-card")
    click_and_wait(page, place.locator("button.go"))
    expect(page.locator(f'.loc[data-card="{code}"] .pawn.p0')).to_be_visible()
    expect(page.locator(f'.loc[data-card="{code}"]')).to_have_class(re.compile(r"\bhere\b"))
    assert step_of(page) == "active-bonus"

    # The location's own bonus by the keyboard (y takes a bonus offered), then the
    # all-players bonus by a click; the bot answers for its own seat.
    expect(act(page, "bonus")).to_have_attribute("aria-keyshortcuts", "y")
    before = seq_of(page)
    page.keyboard.press("y")
    wait_pushed(page, before)
    click_and_wait(page, act(page, "use"))
    page.wait_for_function(
        "() => document.querySelector('.att')?.dataset.step === 'shop'", timeout=WAIT
    )

    # The shop: buy the first Loot on sale if it is affordable, then go to the encounter.
    buy = page.locator(".loc.here .sale button.loot-card.do")
    if buy.count():
        click_and_wait(page, buy.first)
    if step_of(page) == "shop":
        click_and_wait(page, act(page, "leave"))
    expect(page.locator(".att-dice")).to_be_visible(timeout=WAIT)
    expect(page.locator(".fdice .fd")).to_have_count(5)
    expect(page.locator(".adice .ad")).to_have_count(2)
    assert all(1 <= face <= 6 for face in faces(page))
    expect(page.locator(".att-combos li")).not_to_have_count(0)
    # The server marks the combinations the dice already meet; they are the defeat buttons.
    met = page.locator('.att-combos li[data-met="true"]').count()
    assert page.locator(".att-combos .combo-box.do").count() == met
    shot(page, "att-turn-encounter")

    # Play Second Wind by clicking the card: a re-roll choice of up to 3 dice opens.
    tokens_before = page.locator(".board.me .tokens").inner_text()
    click_and_wait(
        page, page.locator('.board.me button.exploit:has([data-card="exp-second-wind"])')
    )
    expect(page.locator(".att-dice")).to_have_attribute("data-choice", "reroll")
    expect(page.locator(".att-dice .task")).to_contain_text("up to 3")
    assert page.locator(".board.me .tokens").inner_text() != tokens_before  # Feat paid
    confirm = page.locator("button.att-confirm")
    expect(confirm).to_be_disabled()
    toggles = page.locator(".fdice [data-toggle]")
    expect(toggles).to_have_count(5)
    # Choose dice by clicking: the combinations the chosen dice form light up as we go.
    toggles.nth(0).click()
    expect(toggles.nth(0)).to_have_attribute("aria-pressed", "true")
    check_combination_marks(page)
    toggles.nth(2).click()
    check_combination_marks(page)
    toggles.nth(3).click()
    check_combination_marks(page)
    toggles.nth(4).click()  # a fourth die is refused: the card re-rolls at most 3
    expect(toggles.nth(4)).to_have_attribute("aria-pressed", "false")
    toggles.nth(3).click()  # and a click unchooses
    expect(toggles.nth(3)).to_have_attribute("aria-pressed", "false")
    check_combination_marks(page)
    expect(page.locator(".att-picked")).to_contain_text("Chosen:")
    expect(confirm).to_be_enabled()
    expect(confirm).to_have_attribute("data-action", "reroll f1+f3")
    shot(page, "att-turn-choosing")
    click_and_wait(page, confirm)
    expect(page.locator(".att-dice")).to_have_attribute("data-choice", "")
    assert "Focus dice 1 and 3" in page.locator(".log-scroll").inner_text()  # the re-roll is logged

    # Re-roll a Focus die by clicking it (a Focus token each), while the seat holds one.
    rerolled = 0
    while page.locator(".fdice button.fd.do").count() and rerolled < 3:
        held = focus_tokens(page)
        click_and_wait(page, page.locator(".fdice button.fd.do").first)
        assert focus_tokens(page) == held - 1  # a Focus token spent
        rerolled += 1
    assert rerolled >= 1, "the prospector starts with a Focus token"
    shot(page, "att-turn-rerolled")

    # Resolve: defeat with a met combination (click it), else give up.
    defeat = page.locator(".att-combos .combo-box.do")
    defeated = defeat.count() > 0
    click_and_wait(page, defeat.first if defeated else act(page, "fail"))
    # The turn passes to the bot, who plays its own turn; then it is ours again (turn 3).
    page.wait_for_function(
        "() => Number(document.querySelector('.att')?.dataset.turn) >= 2", timeout=WAIT
    )
    board = page.locator('.board[data-seat="0"]')
    if defeated:
        expect(board.locator(".trophy")).to_have_count(1)
    else:
        expect(board.locator(".tt")).to_have_count(1)
    shot(page, "att-turn-passed")

    # The same table on a phone: nothing wider than the screen.
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(200)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width}px wide on a 390px phone"
    shot(page, "att-phone")
    page.close()


def test_the_encounter_on_a_phone(browser: Browser, server: Server) -> None:
    """The dice, the combinations and the boards fit a 390 px screen."""
    table = open_table(server, [{"kind": "me"}, {"kind": "bot", "bot": "heuristic"}])
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(server.base + table["seats"][0]["link"])
    expect(page.locator(".att .loc button.go.do").first).to_be_visible(timeout=WAIT)
    click_and_wait(page, page.locator(".att .loc button.go.do").first)
    for action in ("bonus", "use", "leave"):
        page.wait_for_selector(f'button.act[data-action="{action}"]', timeout=WAIT)
        click_and_wait(page, act(page, action))
    expect(page.locator(".fdice .fd")).to_have_count(5, timeout=WAIT)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width}px wide on a 390px phone"
    box = page.locator(".fdice").bounding_box()
    assert box and box["x"] + box["width"] <= 390
    shot(page, "att-phone-encounter")
    context.close()


def test_two_people_each_see_only_their_own_exploits(browser: Browser, server: Server) -> None:
    table = open_table(server, [{"kind": "me"}, {"kind": "invite"}], seed="att-two")
    from gamehall.games.ancient_terrible_things.cards import load_cards

    cards = {c.code: c for c in load_cards().exploits}
    contexts = [browser.new_context(viewport={"width": 900, "height": 900}) for _ in (0, 1)]
    pages = [context.new_page() for context in contexts]
    for page, seat in zip(pages, table["seats"], strict=True):
        page.goto(server.base + seat["link"])  # each browser claims its seat
        expect(page.locator(".att .board").first).to_be_visible(timeout=WAIT)
    views = [api_view(server, table, context) for context in contexts]
    hands = [views[seat]["players"][seat]["exploits"] for seat in (0, 1)]
    assert all(hands) and not set(hands[0]) & set(hands[1])

    def check(seat: int, page: Page) -> None:
        other = 1 - seat
        mine = page.locator(f'.board[data-seat="{seat}"] .exploit [data-card]')
        codes = [mine.nth(i).get_attribute("data-card") for i in range(mine.count())]
        assert sorted(c or "" for c in codes) == sorted(hands[seat])
        for code in hands[seat]:
            expect(page.locator(f'.board[data-seat="{seat}"]')).to_contain_text(cards[code].name.en)
        theirs = page.locator(f'.board[data-seat="{other}"] .hand .card-back')
        expect(theirs).to_have_count(len(hands[other]))
        html = page.content()
        for code in hands[other]:
            assert code not in html, f"seat {seat + 1} sees {code}"
            assert cards[code].name.en not in html, f"seat {seat + 1} sees {cards[code].name.en}"

    for seat, page in enumerate(pages):
        check(seat, page)
        shot(page, f"att-two-people-seat{seat + 1}")

    # The first player explores; both pages follow, and still show only their own hand.
    first = int(pages[0].locator(".att").get_attribute("data-active") or "0")
    mover = pages[first]
    click_and_wait(mover, mover.locator(".att .loc button.go.do").first)
    watcher = pages[1 - first]
    watcher.wait_for_function(
        "() => document.querySelector('.att')?.dataset.step === 'active-bonus'", timeout=WAIT
    )
    expect(watcher.locator(".att .loc .pawn")).to_have_count(1)
    for seat, page in enumerate(pages):
        check(seat, page)

    # A spectator sees card backs for both hands.
    spectator = contexts[0].new_page()
    spectator.goto(server.base + table["spectator"])
    expect(spectator.locator(".att .board").first).to_be_visible(timeout=WAIT)
    expect(spectator.locator(".hand .card-back")).to_have_count(len(hands[0]) + len(hands[1]))
    html = spectator.content()
    assert not any(code in html for code in hands[0] + hands[1])
    for context in contexts:
        context.close()


def test_nudge_and_choose_a_face_by_clicking(browser: Browser, server: Server) -> None:
    """Seed att-3742: the heiress starts with Steady Hands (two nudges) and The Forbidden
    Verse (a die to the face of your choice, for 2 Mystery, which the Shrine's bonuses give)."""
    table = open_table(server, [{"kind": "me"}, {"kind": "bot", "bot": "heuristic"}], "att-3742")
    page = browser.new_page(viewport={"width": 1000, "height": 1000})
    page.goto(server.base + table["seats"][0]["link"])
    shrine = page.locator('.loc[data-card="loc-shrine"] button.go.do')
    expect(shrine).to_be_visible(timeout=WAIT)
    click_and_wait(page, shrine)
    for action in ("bonus", "use", "leave"):
        click_and_wait(page, act(page, action))
    expect(page.locator(".fdice .fd")).to_have_count(5)

    # Steady Hands: each die gets arrows; two clicks turn dice one face each.
    click_and_wait(
        page, page.locator('.board.me button.exploit:has([data-card="exp-steady-hands"])')
    )
    expect(page.locator(".att-dice")).to_have_attribute("data-choice", "nudge")
    for _ in range(2):
        up = page.locator(".fdice .nudges button.nudge.do", has_text="▲").first
        action = up.get_attribute("data-action") or ""
        die = action.split()[1]
        face = faces(page)[int(die[1:]) - 1]
        click_and_wait(page, up)
        assert faces(page)[int(die[1:]) - 1] == face + 1, action
    expect(page.locator(".att-dice")).to_have_attribute("data-choice", "")

    # The Forbidden Verse: click a die, then the face to turn it to.
    click_and_wait(
        page, page.locator('.board.me button.exploit:has([data-card="exp-forbidden-verse"])')
    )
    expect(page.locator(".att-dice")).to_have_attribute("data-choice", "set_face")
    expect(page.locator(".att")).to_have_attribute("data-compose", "face {pick} {drop}")
    target = 1 if faces(page)[1] == 6 else 6
    page.locator('.fdice [data-pick="f2"]').click()
    expect(page.locator('.fdice [data-pick="f2"]')).to_have_class(re.compile(r"\bselected\b"))
    expect(page.locator(".faces .face-pick.droppable")).to_have_count(6)
    shot(page, "att-choose-face")
    click_and_wait(page, page.locator(f'.faces [data-drop="{target}"]'))
    assert faces(page)[1] == target
    page.close()
