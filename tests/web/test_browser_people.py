"""A group of friends in Chromium (issue 25, items 3, 7 and 8): the host opens a table from
the lobby (a refused form first, shown in the form as it was filled in), lands on her seat
and copies the invite link; a friend on a phone, in French, opens it; they chat with a
quick message and their own words while a spectator reads; the friend's lobby lists the
table; the host cancels another table still waiting, and its page says so. Three knights
in three browsers read who took back what."""

from __future__ import annotations

import re

import httpx
from playwright.sync_api import Browser, Page, expect

from tests.web.conftest import Server
from tests.web.test_browser import press_key_of, shot
from tests.web.test_browser_advice import VIEWPORTS
from tests.web.test_browser_turns import seat_page


def open_from_the_lobby(page: Page, server: Server, kinds: list[str], clock: str = "") -> None:
    """Fill the lobby's form for a Boss Quest table of ``kinds`` and send it."""
    page.goto(server.base + "/")
    page.select_option("#game", "boss-quest")
    page.select_option("#players", str(len(kinds)))
    for seat, kind in enumerate(kinds):
        page.locator(".seat-choice select").nth(seat).select_option(kind)
    page.fill("input[name=clock]", clock)
    page.fill("#name", "Anna")
    page.click("form.new-table button[type=submit]")


def test_friends_open_invite_chat_and_cancel_as_a_group(browser: Browser, server: Server) -> None:
    host_context = browser.new_context(viewport=VIEWPORTS["desktop"])
    host_context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.base)
    host = host_context.new_page()
    open_from_the_lobby(host, server, ["me", "invite", "bot:random"], clock="2")
    refused = host.locator(".form-error")
    expect(refused).to_have_text(
        "The table was not opened: the time per move must be from 5 seconds to 14 days"
    )
    expect(refused).to_be_focused()
    expect(host.locator("input[name=clock]")).to_have_value("2")
    expect(host.locator("#name")).to_have_value("Anna")
    expect(host.locator(".seat-choice select").nth(1)).to_have_value("invite")
    shot(host, "people-form-refused")

    host.fill("input[name=clock]", "")
    host.click("form.new-table button[type=submit]")
    host.wait_for_url(re.compile(r"/t/[\w-]+/me$"))
    table = host.url.split("/")[-2]
    host.reload()  # post/redirect/get: a reload opens no second table
    expect(host.locator(".seat-line")).to_contain_text("You are Anna")
    invite = host.locator("li.invite[data-seat='1']")
    expect(invite.locator("label")).to_have_text("Link for Knight 2")
    expect(host.locator(".player[data-seat='1'] .status").first).to_have_text(
        "invited: has not opened their link yet"
    )
    invite.locator("button.copy").click()
    expect(host.locator("#host .copied")).to_have_text("Link copied.")
    link = host.evaluate("navigator.clipboard.readText()")
    assert link == invite.locator("input.link").input_value() and "/seat/" in link
    shot(host, "people-host-invites")

    friend = browser.new_context(viewport=VIEWPORTS["phone"], is_mobile=True).new_page()
    friend.goto(server.base + "/lang/fr")
    friend.goto(link)  # its script takes the seat at once
    friend.wait_for_url("**/me")
    expect(friend.locator(".seat-line")).to_contain_text("Vous êtes Chevalier 2")
    expect(invite.locator(".taken")).to_be_visible()
    expect(invite.locator("input.link")).to_be_hidden()

    spectator = browser.new_context(viewport=VIEWPORTS["desktop"]).new_page()
    spectator.goto(f"{server.base}/t/{table}")
    expect(spectator.locator(".chat-form")).to_have_count(0)
    expect(spectator.locator("#chat")).to_contain_text("The players speak here; everyone reads.")

    friend.locator("button.preset[data-preset='hello']").click()
    expect(host.locator(".chat-lines li").last).to_contain_text("Knight 2 Hello!")
    host.fill(".chat-words", "On y va, <b>Ben</b> ?")
    host.press(".chat-words", "Enter")
    expect(host.locator(".chat-words")).to_have_value("")
    expect(friend.locator(".chat-lines li").last).to_contain_text("Anna On y va, <b>Ben</b> ?")
    expect(friend.locator(".chat-lines li").first).to_contain_text("Chevalier 2 Bonjour !")
    expect(friend.locator(".chat-lines b")).to_have_count(0)  # words, never markup
    expect(spectator.locator(".chat-lines li")).to_have_count(2)
    shot(friend, "people-friend-chat-phone-fr")
    shot(host, "people-host-chat")

    lobby = friend.context.new_page()
    lobby.goto(server.base + "/")
    mine = lobby.locator("#your-tables li")
    expect(mine).to_have_count(1)
    expect(mine).to_contain_text(f"Boss Quest · table {table}")
    shot(lobby, "people-friend-lobby-phone-fr")

    open_from_the_lobby(host, server, ["invite", "invite"])
    host.wait_for_url(re.compile(r"/t/[\w-]+$"))  # no seat of her own: the table's page
    waiting = host.url.split("/")[-1]
    watcher = spectator.context.new_page()
    watcher.goto(f"{server.base}/t/{waiting}")
    expect(watcher.locator(".players")).to_be_visible()
    host.once("dialog", lambda dialog: dialog.accept())
    host.locator("button.cancel").click()
    expect(host.locator(".refusal")).to_have_text("This table was cancelled by its host.")
    expect(watcher.locator("#notice")).to_have_text("This table was cancelled by its host.")
    shot(host, "people-cancelled")
    lobby.reload()
    expect(lobby.locator("#table-lists")).not_to_contain_text(waiting)
    for context in (host_context, friend.context, spectator.context):
        context.close()


def test_three_knights_see_who_took_back_what(browser: Browser, server: Server) -> None:
    """Three people at one Boss Quest table, three browsers: the mover discards a spell by its
    key, Undo is offered, she takes it back, and the two others read who took back what;
    then the Undo button is gone (nothing left to take back)."""
    table = httpx.post(
        server.base + "/api/tables",
        json={
            "game": "boss-quest",
            "players": 3,
            "bot_delay": 0,
            "seats": [{"kind": "invite", "name": name} for name in ("Anna", "Ben", "Cleo")],
        },
        timeout=30,
    ).json()
    pages = [seat_page(browser, server, seat["link"]) for seat in table["seats"]]
    for page in pages:
        expect(page.locator(".player.to-move")).to_have_count(1)
    mover = next(p for p in pages if p.locator(".player.to-move .you").count())
    name = mover.locator(".player.to-move .name").inner_text()
    discard = mover.locator("button.act[data-action='discard 1']")
    expect(discard).to_be_visible()
    press_key_of(mover, discard)
    undo = mover.locator("button.undo")
    expect(undo).to_be_visible()
    undo.click()
    for other in (p for p in pages if p is not mover):
        expect(other.locator(".log li").last).to_contain_text(f"{name} took back a move: {name}")
        expect(other.locator(".log li").last).to_contain_text("discards")
    expect(mover.locator("button.act[data-action='discard 1']")).to_be_visible()
    expect(mover.locator("button.undo")).to_have_count(0)
    shot(next(p for p in pages if p is not mover), "people-took-back")
    for page in pages:
        page.context.close()
