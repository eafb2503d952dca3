"""A physical copy in a real browser (Playwright, Chromium): the lobby's checkbox opens the
table; cards and dice are entered by click, by number key, by letter key and by typing; a
wrong entry is corrected with Backspace. The person enters what their own copy shows
(``RealCopy``). Screenshots are kept in ``artifacts/``."""

from __future__ import annotations

import httpx
from playwright.sync_api import Browser, Locator, Page, expect

from tests.web.conftest import Server
from tests.web.test_browser import shot


def seq_of(page: Page) -> int:
    """The sequence number of the view on the page."""
    return int(page.locator("#table .ts").get_attribute("data-seq") or "-1")


def wait_seq(page: Page, value: int) -> None:
    page.wait_for_function(
        "value => { const ts = document.querySelector('#table .ts');"
        " return ts && Number(ts.dataset.seq) === value; }",
        arg=value,
        timeout=15_000,
    )


class RealCopy:
    """What the person's own copy of the game can show.

    The panel offers the outcomes of every state the seat cannot tell from the true one
    (docs/companion.md), and the Tyrant encounters put back in the box are unseen: a boxed
    card is offered again, and refused if entered (it cannot come up now). The person knows
    which cards they boxed, so they enter only outcomes that name none of them.
    """

    def __init__(self, page: Page) -> None:
        self.page = page
        self.boxed: set[str] = set()

    def entry(self, nth: int = 0) -> Locator:
        """The ``nth`` entry offered that names no boxed card (a die's face never does)."""
        offered = self.page.locator(".companion button.entry").all()
        shown = [e for e in offered if notation(e).split()[-1] not in self.boxed]
        return shown[nth]

    def take(self, entry: Locator) -> Locator:
        """Note the card ``entry`` puts back in the box, if it does; returns ``entry``."""
        if notation(entry).startswith("box "):
            self.boxed.add(notation(entry).split()[-1])
        return entry

    def press_key(self, nth: int = 0) -> None:
        """Enter the ``nth`` entry the copy can show by its number key."""
        entry = self.take(self.entry(nth))
        key = entry.get_attribute("data-key") or ""
        assert len(key) == 1, f"{notation(entry)} has no number key: {key!r}"
        self.page.keyboard.press(key)


def notation(entry: Locator) -> str:
    """The outcome an entry button names, as notation (``box te-03``, ``die Y1 h``)."""
    return entry.get_attribute("data-action") or ""


def test_dice_and_cards_entered_by_click_and_by_keyboard(browser: Browser, server: Server) -> None:
    page = browser.new_page(viewport={"width": 1000, "height": 900})
    page.goto(server.base + "/")
    page.select_option("#game", "20-strong")
    page.select_option("#players", "1")
    page.check("#physical")
    page.click("#new-table button[type=submit]")
    entries = page.locator(".companion button.entry")
    expect(entries.first).to_be_visible(timeout=15_000)
    expect(page.locator(".table-head")).to_contain_text("physical copy")
    shot(page, "companion-first-entry")
    assert seq_of(page) == 0, "a physical table draws nothing itself"

    copy = RealCopy(page)
    copy.take(copy.entry()).click()  # a card set aside, by click
    wait_seq(page, 1)
    copy.press_key()  # the next, by its number key
    wait_seq(page, 2)
    suffix = copy.take(copy.entry()).get_attribute("data-suffix") or ""
    page.keyboard.press("/")  # the next, typed in the entry box
    expect(page.locator("input.entry-text")).to_be_focused()
    page.keyboard.type(suffix)
    page.keyboard.press("Enter")
    wait_seq(page, 3)
    expect(page.locator("input.entry-text")).to_be_focused()  # ready for the next one
    page.keyboard.type("nothing-such")
    page.keyboard.press("Enter")
    expect(page.locator("#notice")).to_contain_text("nothing-such")  # one line, nothing changed
    assert seq_of(page) == 3
    page.keyboard.press("Escape")  # the keys name outcomes again
    while page.locator(".companion button.entry").count():
        before = seq_of(page)
        copy.press_key()
        wait_seq(page, before + 1)

    expect(page.locator("button.act").first).to_be_visible()  # the first decision
    decided = seq_of(page)
    correction = page.locator(".companion button.correct")
    expect(correction).to_be_visible()
    page.keyboard.press("Backspace")  # the last card revealed, taken back
    wait_seq(page, decided - 1)
    expect(entries.first).to_be_visible()
    copy.press_key(1)  # another card instead
    wait_seq(page, decided)

    page.locator('button.act[data-action="battle"]').click()
    wait_seq(page, decided + 1)
    expect(entries.first).to_be_visible()  # a card revealed for the battle
    copy.press_key()
    wait_seq(page, decided + 2)
    page.locator('button.act[data-action="commit Y"]').click()
    wait_seq(page, decided + 3)
    page.locator('button.act[data-action="roll"]').click()
    wait_seq(page, decided + 4)
    expect(page.locator(".companion h3")).to_contain_text("yellow die 1")
    expect(page.locator('.companion button.entry[data-suffix="h"]')).to_contain_text(
        "yellow die 1 shows a hit"
    )
    shot(page, "companion-die-entry")
    page.keyboard.press("h")  # the face, by its letter
    wait_seq(page, decided + 5)
    expect(page.locator("#table .log-scroll")).to_contain_text("yellow die 1 shows a hit.")
    expect(correction).to_be_visible()
    correction.click()  # and corrected by click
    wait_seq(page, decided + 4)
    page.locator('.companion button.entry[data-suffix="c"]').click()
    wait_seq(page, decided + 5)
    expect(page.locator("#table .log-scroll")).to_contain_text("yellow die 1 shows a crit.")
    shot(page, "companion-after-roll")
    page.close()


def test_a_physical_boss_quest_fits_a_phone_and_takes_cards_typed(
    browser: Browser, server: Server
) -> None:
    """At 390×844 the entry panel fits the screen; the boss is typed as its HP and a face-down
    weapon as its code, by the knight it is dealt to."""
    table = httpx.post(
        server.base + "/api/tables",
        json={
            "game": "boss-quest",
            "players": 2,
            "bot_delay": 0,
            "physical": True,
            "seats": [{"kind": "me"}, {"kind": "bot"}],
        },
        timeout=30,
    ).json()
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(server.base + table["seats"][0]["link"])
    entries = page.locator(".companion button.entry")
    expect(entries.first).to_be_visible(timeout=15_000)
    page.keyboard.press("2")  # knight 2 is the first armorer
    expect(page.locator(".companion h3")).to_contain_text("boss", timeout=15_000)
    page.keyboard.press("/")
    page.keyboard.type("17")
    page.keyboard.press("Enter")
    expect(page.locator("#table .log-scroll")).to_contain_text("(17 HP)")
    page.keyboard.press("Escape")
    while "spell" in (page.locator(".companion h3").inner_text()):
        before = page.locator(".companion").get_attribute("data-seq")
        entries.first.click()
        page.wait_for_function(
            "before => { const c = document.querySelector('.companion');"
            " return c && c.dataset.seq !== before; }",
            arg=before,
            timeout=15_000,
        )
    expect(page.locator(".companion h3")).to_contain_text("weapon")
    shot(page, "companion-bq-phone")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width}px wide on a 390px screen"
    code = entries.nth(3).get_attribute("data-suffix") or ""
    page.keyboard.press("/")
    page.keyboard.type(code.lower())  # a card code, in any case
    page.keyboard.press("Enter")
    expect(page.locator("#table .log-scroll")).to_contain_text("You receive your hidden weapon")
    context.close()
