"""The action keys of the table page are stable per kind of action (issue 25): in Chromium,
a Boss Quest game played by its keys alone, where each key is checked at every state against
the kind it must mean (``a`` then the count asks for weapons, ``s``, ``d`` then a slot go to
the magician, ...) and each key pressed posts the action of its button; the magician's keys
stop whether or not weapons are offered beside them, a digit alone never plays, a letter
waits for its digit, and the keys are the same in French."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Browser, Locator, Page, expect

from tests.web.conftest import Server
from tests.web.test_browser import api_table, press_key_of, shot

BOSS_QUEST_LETTERS = {
    "ask": "a",
    "activate": "s",
    "discard": "d",
    "rest": "r",
    "target": "t",
    "swap": "x",
    "give": "g",
    "cancel": "c",
}
"""The letter of each kind of Boss Quest action, as the how-to page lists them."""

STOPS = ("activate", "discard", "rest")
"""The actions that end a knight's arming: going to the magician."""

BOTS = [{"kind": "bot", "bot": "heuristic"}, {"kind": "bot", "bot": "random"}]
WAIT = 15_000


def buttons_of(page: Page) -> list[dict[str, Any]]:
    """Each action button's action, key, key shortcut and the keys its <kbd>s show."""
    found: list[dict[str, Any]] = page.locator("#table button.act").evaluate_all(
        """buttons => buttons.map((b) => ({
            action: b.dataset.action, key: b.dataset.key || "",
            shortcut: b.getAttribute("aria-keyshortcuts"),
            shown: [...b.querySelectorAll("kbd")].map((k) => k.textContent).join(""),
        }))"""
    )
    return found


def expected_key(action: str, gives: list[str]) -> str:
    """The key a Boss Quest action must have: its kind's letter, then the number it names
    (a weapon given: its place among the weapons offered, in order of their codes)."""
    verb, _, argument = action.partition(" ")
    if verb == "give":
        return "g" + str(gives.index(argument) + 1)
    return BOSS_QUEST_LETTERS[verb] + argument


def check_keys(buttons: list[dict[str, Any]]) -> None:
    """Every button's key is its kind's, shown one <kbd> a key, a shortcut when it is one key."""
    gives = sorted({b["action"].split()[1] for b in buttons if b["action"].startswith("give ")})
    for button in buttons:
        key = expected_key(button["action"], gives)
        assert button["key"] == key, button
        assert button["shown"] == key, button
        assert button["shortcut"] == (key if len(key) == 1 else None), button


def posted_by_keys(page: Page, button: Locator) -> str:
    """The action the page posts when the button's key is typed."""
    with page.expect_request(
        lambda r: r.method == "POST" and r.url.endswith("/actions"), timeout=WAIT
    ) as request:
        press_key_of(page, button)
    action: str = json.loads(request.value.post_data or "{}")["action"]
    return action


def seq_of(page: Page) -> str:
    return page.locator("#table .bq").get_attribute("data-seq") or ""


def wait_moved_on(page: Page, seq: str) -> None:
    page.wait_for_function(
        "seq => { const bq = document.querySelector('#table .bq');"
        " return bq && bq.dataset.seq !== seq; }",
        arg=seq,
        timeout=WAIT,
    )


def choose(buttons: list[dict[str, Any]], move: int) -> str:
    """The action to play: a stop every third turn it is offered (also beside asks), an ask
    for one or two weapons otherwise, else the first action offered."""
    actions: list[str] = [b["action"] for b in buttons]
    stops = [a for a in actions if a.split()[0] in STOPS]
    asks = [a for a in actions if a in ("ask 1", "ask 2")]
    if stops and (move % 3 == 0 or not asks):
        return stops[move % len(stops)]
    return asks[move % len(asks)] if asks else actions[0]


def test_boss_quest_by_its_keys_the_same_key_is_the_same_kind_at_every_state(
    browser: Browser, server: Server
) -> None:
    table = api_table(server, "boss-quest", [{"kind": "me"}, *BOTS], "stable-keys")
    page = browser.new_page(viewport={"width": 1000, "height": 900})
    page.goto(server.base + table["seats"][0]["link"])
    meant: dict[str, str] = {}  # each key pressed, and the action it posted
    stopped = {"beside asks": 0, "alone": 0}
    for move in range(400):
        page.wait_for_selector("#table button.act, #table .outcome", timeout=WAIT)
        if page.locator("#table .outcome").count():
            break
        seq = seq_of(page)
        buttons = buttons_of(page)
        check_keys(buttons)
        action = choose(buttons, move)
        button = page.locator(f'#table button.act[data-action="{action}"]').first
        key = button.get_attribute("data-key") or ""
        assert posted_by_keys(page, button) == action
        assert meant.setdefault(key, action) == action, f"{key!r} did two things"
        if action.split()[0] in STOPS:
            asks = any(b["action"].startswith("ask ") for b in buttons)
            stopped["beside asks" if asks else "alone"] += 1
        wait_moved_on(page, seq)
    expect(page.locator("#table .outcome")).to_be_visible()
    assert stopped["beside asks"] >= 2 and stopped["alone"] >= 1, stopped
    assert len({key[0] for key in meant}) >= 3, meant
    page.close()


def test_a_digit_alone_does_nothing_and_a_letter_waits_for_its_digit(
    browser: Browser, server: Server
) -> None:
    table = api_table(server, "boss-quest", [{"kind": "me"}, *BOTS], "stable-keys-wait")
    page = browser.new_page(viewport={"width": 1000, "height": 900})
    page.goto(server.base + table["seats"][0]["link"])
    expect(page.locator("#table button.act").first).to_be_visible(timeout=WAIT)
    seq = seq_of(page)
    posted: list[str] = []
    page.on("request", lambda r: posted.append(r.url) if r.url.endswith("/actions") else None)
    page.keyboard.press("1")  # the old first button's key: no longer any action's
    page.keyboard.press("a")  # asking: the ask buttons wait for the count
    asks = page.locator('#table button.act[data-key^="a"]')
    expect(page.locator("#table button.act.keying")).to_have_count(asks.count())
    expect(asks.first).to_have_class(re.compile(r"\bkeying\b"))
    shot(page, "keys-waiting-for-the-digit")
    page.keyboard.press("Escape")  # changed my mind
    expect(page.locator("#table button.act.keying")).to_have_count(0)
    page.keyboard.press("a")
    page.keyboard.press("9")  # no ask of nine weapons: nothing, and the letter is forgotten
    expect(page.locator("#table button.act.keying")).to_have_count(0)
    page.keyboard.press("Shift")
    page.wait_for_timeout(400)
    assert posted == [] and seq_of(page) == seq, "a key that is no action's played"
    discard = page.locator('#table button.act[data-action="discard 1"]')
    page.keyboard.press("a")  # a letter, then another kind's whole key: that kind plays
    assert posted_by_keys(page, discard) == "discard 1"
    page.close()


def test_the_keys_do_not_change_with_the_language(browser: Browser, server: Server) -> None:
    """The keys are chosen by kind, not by the label's first letter."""
    table = api_table(server, "boss-quest", [{"kind": "me"}, *BOTS], "stable-keys-french")
    link = server.base + table["seats"][0]["link"]
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    page = context.new_page()
    page.goto(link)
    expect(page.locator("#table button.act").first).to_be_visible(timeout=WAIT)
    english = {b["action"]: b["key"] for b in buttons_of(page)}
    page.goto(server.base + "/lang/fr", referer=link)
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("#table button.act").first).to_be_visible(timeout=WAIT)
    french = {b["action"]: b["key"] for b in buttons_of(page)}
    assert french == english and all(french.values())
    context.close()
