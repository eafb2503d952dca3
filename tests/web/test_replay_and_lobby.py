"""The replay reveals everything; the lobby shows the games and open tables; every game has a view.

A finished game's replay page, at any step, shows every knight's hidden weapon face up and the
mystery spell; a spectator's live view of a running table shows no hidden weapon at all.
"""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient
from markupsafe import escape

from gamehall.core.i18n import Text, catalog
from gamehall.core.registry import games
from gamehall.games.boss_quest.state import AVAILABLE, DISCARDED
from gamehall.web.views import GAME_VIEWS, environment
from tests.waiting import wait_until
from tests.web.test_api import human_to_move, open_table


def finished_bot_game(client: TestClient, players: int = 3) -> Any:
    """A Boss Quest game played to its end by bots; returns the table's live match."""
    table = open_table(
        client, [{"kind": "bot"}] * (players - 1) + [{"kind": "bot", "bot": "random"}]
    )
    hall = client.app.state.hall  # type: ignore[attr-defined]
    live = hall.live(table["id"])
    wait_until(live.match.is_over, "the bots finishing the game")
    return live


def test_the_replay_shows_every_hidden_weapon_and_no_card_back(client: TestClient) -> None:
    """At several steps, each knight's hidden weapon of that moment is face up; no card back."""
    live = finished_bot_game(client)
    match, game = live.match, live.match.game
    codes = game.cards.weapon_codes
    last = len(match.actions)
    steps = sorted({8, 15, last // 4, last // 2, 3 * last // 4, last - 3, last})
    shown = 0
    for step in steps:
        page = client.get(f"/t/{live.info.id}/replay?step={step}")
        assert page.status_code == 200 and f"step {step} of {last}" in page.text
        state = match.states[step]
        for seat, card in enumerate(state.hidden):
            if card >= 0:
                assert f'data-card="{codes[card]}"' in page.text, (step, seat, codes[card])
                shown += 1
        assert 'class="card back"' not in page.text, f"a card back at step {step}"
        mystery = state.slots[state.mystery] if state.mystery >= 0 else None
        if mystery is not None and mystery.status in (AVAILABLE, DISCARDED):
            spell = str(escape(game.cards.spells[mystery.kind].name.en))
            block = re.search(rf'data-slot="{state.mystery + 1}">(.*?)</li>', page.text, re.S)
            assert block and spell in block.group(1), f"the mystery spell is hidden at {step}"
    assert shown >= len(steps), "too few hidden weapons were in play at these steps"


def test_the_lobby_lists_each_games_rules_summary(client: TestClient) -> None:
    """The summary comes from the message catalog, in the page's language."""
    for lang in ("en", "fr"):
        page = client.get(f"/?lang={lang}").text
        for game in games():
            summary = catalog(lang).render(Text(f"{game.name}.summary"))
            assert summary and summary != f"{game.name}.summary", "no summary in the catalog"
            assert str(escape(summary)) in page, (lang, game.name)


def test_the_lobby_lists_a_table_opened_just_before(client: TestClient) -> None:
    """A new open table is linked from the lobby, and from the list htmx refreshes."""
    table = open_table(client, [{"kind": "me"}, {"kind": "invite"}])
    assert f'href="/t/{table["id"]}"' in client.get("/").text
    assert f'href="/t/{table["id"]}"' in client.get("/fragments/tables").text


def test_the_spectator_page_shows_the_table_but_no_hidden_weapon(client: TestClient) -> None:
    """The spectator link's page and its live view show every hidden weapon as a card back."""
    table = open_table(client, [{"kind": "me"}, {"kind": "invite"}, {"kind": "bot"}])
    human_to_move(client, table)  # the weapons are dealt
    page = client.get(table["spectator"])
    assert page.status_code == 200
    assert f'data-table="{table["id"]}"' in page.text and 'data-me=""' in page.text  # no seat
    assert "/static/table.js" in page.text
    hall = client.app.state.hall  # type: ignore[attr-defined]
    match = hall.live(table["id"]).match
    with client.websocket_connect(f"/ws/tables/{table['id']}?lang=en") as socket:
        message = socket.receive_json()  # what table.js puts on the page
    state = match.states[message["seq"]]
    html = message["html"]
    codes = match.game.cards.weapon_codes
    hidden = [card for card in state.hidden if card >= 0]
    assert len(hidden) == 3 and html.count('<article class="knight') == 3
    for card in hidden:
        assert (
            f'data-card="{codes[card]}"' not in html
            and f'data-card="{codes[card]}"' not in page.text
        )
    assert html.count('class="card back"') == len(hidden)
    assert 'class="act"' not in html, "a spectator is offered no action"


def test_every_registered_game_has_a_web_view() -> None:
    """Each game of the registry has a GAME_VIEWS entry whose templates load."""
    env = environment()
    for game in games():
        assert game.name in GAME_VIEWS, f"{game.name} has no web view"
        view = GAME_VIEWS[game.name]
        env.get_template(view.table)
        env.get_template(view.gallery)
