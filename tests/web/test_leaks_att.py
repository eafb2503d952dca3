"""Ancient Terrible Things through the web hall: no payload shows another player's Exploit cards.

Seeded games are played through the server (people's seats by the API, bots by the hall's
driver). At every decision of a person, each person's HTTP snapshot and WebSocket page, and a
spectator's page, are scanned: the view with ``tests/leaks.py``'s check, the page for the code
or name (English or French) of every Exploit card in another player's hand or in the deck.
"""

from __future__ import annotations

import html as html_module
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from gamehall.core.game import CHANCE
from tests.leaks import ancient_terrible_things_leaks
from tests.web.claims import CREDENTIAL, credentials

TABLES = [
    ("two-people", [{"kind": "me"}, {"kind": "invite"}]),
    ("person-and-bot", [{"kind": "me"}, {"kind": "bot", "bot": "heuristic"}]),
    ("three", [{"kind": "me"}, {"kind": "bot", "bot": "random"}, {"kind": "invite"}]),
    ("four", [{"kind": "me"}, {"kind": "invite"}, {"kind": "bot"}, {"kind": "invite"}]),
]
SEEDS = ("leak-a", "leak-b")
DECISIONS = 600
"""A guard: a game ends well before this many people's decisions."""


def hidden_from(game: Any, state: Any, seat: int | None) -> set[str]:
    """Codes and names of the Exploit cards ``seat`` may not see (None: a spectator)."""
    unseen = [e for p, player in enumerate(state.players) if p != seat for e in player.exploits]
    unseen.extend(state.exploit_deck)
    words: set[str] = set()
    for exploit in unseen:
        card = game.cards.exploits[exploit]
        words |= {card.code, card.name.en, card.name.fr}
    return words


def page_of(client: TestClient, table: str, token: str | None, lang: str) -> dict[str, Any]:
    headers = {CREDENTIAL: token} if token else {}
    with client.websocket_connect(f"/ws/tables/{table}?lang={lang}", headers=headers) as socket:
        message: dict[str, Any] = socket.receive_json()
    return message


def scan(html: str, secrets: set[str], who: str) -> None:
    text = html_module.unescape(html)
    for secret in secrets:
        assert secret not in text, f"{who} sees {secret!r}"


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("name", "seats"), TABLES, ids=[name for name, _ in TABLES])
def test_no_payload_shows_another_players_exploits(
    client: TestClient, name: str, seats: list[dict[str, str]], seed: str
) -> None:
    table = client.post(
        "/api/tables",
        json={
            "game": "ancient-terrible-things",
            "players": len(seats),
            "bot_delay": 0,
            "seed": f"{seed}-{name}",
            "seats": seats,
        },
    ).json()
    tokens = credentials(client, table)
    live = client.app.state.hall.live(table["id"])  # type: ignore[attr-defined]
    checked = hands_seen = step = 0
    deadline = time.monotonic() + 600
    while not live.match.is_over() and checked < DECISIONS:
        assert time.monotonic() < deadline, "the game stalled"
        mover = live.match.to_move()
        if mover == CHANCE or mover not in tokens:
            time.sleep(0.002)  # the hall's driver plays chance and the bots
            continue
        step += 1
        game, state = live.match.game, live.match.state
        seq = len(live.match.actions)
        lang = "fr" if step % 3 == 0 else "en"
        for seat, token in tokens.items():
            snapshot = client.get(
                f"/api/tables/{table['id']}?lang={lang}", headers={CREDENTIAL: token}
            ).json()
            if snapshot["seq"] != seq:
                break  # the table moved on (a bot): look again
            assert ancient_terrible_things_leaks(game, state, seat, snapshot["view"]) == []
            secrets = hidden_from(game, state, seat)
            assert not any(s in line for line in snapshot["log"] for s in secrets)
            message = page_of(client, table["id"], token, lang)
            if message["seq"] != seq:
                break
            scan(message["html"], secrets, f"seat {seat + 1}")
            mine = state.players[seat].exploits
            for exploit in mine:  # a person's own hand is named on their page
                assert f'data-card="{game.cards.exploits[exploit].code}"' in message["html"]
            hands_seen += len(mine)
            backs = sum(len(player.exploits) for p, player in enumerate(state.players) if p != seat)
            assert message["html"].count('data-card="back"') == backs
        else:
            watcher = page_of(client, table["id"], None, lang)
            if watcher["seq"] == seq:
                scan(watcher["html"], hidden_from(game, state, None), "a spectator")
                assert (
                    ancient_terrible_things_leaks(game, state, None, game.view(state, None)) == []
                )
            checked += 1
            legal = game.legal_actions(state)
            choice = legal[(step * 7 + len(seed)) % len(legal)]
            client.post(
                f"/api/tables/{table['id']}/actions",
                headers={CREDENTIAL: tokens[mover]},
                json={"seq": seq, "action": str(choice)},
            )
    assert live.match.is_over(), "every game is played to its end"
    assert checked > 40, checked
    assert hands_seen > 0
    # Once the game is over, every hand is shown to everyone.
    final = page_of(client, table["id"], tokens[0], "en")["html"]
    state = live.match.state
    for player in state.players:
        for exploit in player.exploits:
            assert f'data-card="{live.match.game.cards.exploits[exploit].code}"' in final
    assert 'class="outcome"' in final
    replay = client.get(f"/t/{table['id']}/replay?step=40")  # the replay shows every hand
    assert replay.status_code == 200 and 'class="att"' in replay.text
