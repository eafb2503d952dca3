"""Nothing secret leaves the server: every payload to a seat is scanned for others' secrets.

Seeded Boss Quest games are played through the web hall by two people and a bot. After every
change, each seat's HTTP snapshot and WebSocket message is checked against the server's true
state: no other knight's hidden weapon, no face-down mystery spell, no unseen deck card.
"""

from __future__ import annotations

import re
import time
from typing import Any

from fastapi.testclient import TestClient

from gamehall.core.game import CHANCE
from gamehall.games.boss_quest import actions as act
from gamehall.games.boss_quest.state import AVAILABLE, DISCARDED
from gamehall.games.boss_quest.view import weapon_name
from tests.leaks import boss_quest_leaks
from tests.web.claims import CREDENTIAL, credentials

GAMES = 6


def round_start(match: Any) -> int:
    """The index of the last boss reveal: the start of the current round."""
    for index in range(len(match.actions) - 1, -1, -1):
        if isinstance(match.actions[index], act.RevealBoss):
            return index
    return 0


def check_payloads(client: TestClient, table: str, tokens: dict[int, str]) -> int:
    """Scan every seat's and the spectator's payloads now; returns how many were checked."""
    hall = client.app.state.hall  # type: ignore[attr-defined]
    live = hall.live(table)
    match, game = live.match, live.match.game
    state = match.state
    checked = 0
    for seat in [None, *tokens]:
        headers = {CREDENTIAL: tokens[seat]} if seat is not None else {}
        data = client.get(f"/api/tables/{table}", headers=headers).json()
        with client.websocket_connect(f"/ws/tables/{table}", headers=headers) as socket:
            html = socket.receive_json()["html"]
        if data["seq"] != len(match.actions):
            continue  # a bot moved in between: the next round of checks covers it
        assert boss_quest_leaks(game, state, seat, data["view"]) == []
        new_lines = len(match.log(seat, round_start(match)))
        recent = data["log"][-new_lines:] if new_lines else []
        for other, card in enumerate(state.hidden):
            if other == seat or card < 0 or match.is_over():  # the last combat shows them all
                continue
            code, name = game.cards.weapon_codes[card], weapon_name(game, card)["en"]
            assert f'data-card="{code}"' not in html, f"seat {other}'s hidden {code} in HTML"
            # A seat may remember its own former hidden weapon (a hidden swap hands it on).
            leaked = [line for line in recent if name in line and not line.startswith("You ")]
            assert not leaked or match.is_over(), f"hidden {name} in the log: {leaked}"
        for index, slot in enumerate(state.slots):
            if index == state.mystery and slot.status in (AVAILABLE, DISCARDED):
                spell = game.cards.spells[slot.kind].name.en
                block = re.search(rf'data-slot="{index + 1}">(.*?)</li>', html, re.S)
                assert block and spell not in block.group(1), "the mystery spell is visible"
        checked += 2
    return checked


def test_no_payload_holds_another_seats_secret(client: TestClient) -> None:
    total = 0
    for seed in range(GAMES):
        response = client.post(
            "/api/tables",
            json={
                "game": "boss-quest",
                "players": 3,
                "bot_delay": 0,
                "seed": f"leak{seed}",
                "seats": [{"kind": "me"}, {"kind": "invite"}, {"kind": "bot", "bot": "random"}],
            },
        )
        table = response.json()
        tokens = credentials(client, table)
        hall = client.app.state.hall  # type: ignore[attr-defined]
        live = hall.live(table["id"])
        for _ in range(2000):
            if live.match.is_over():
                break
            mover = live.match.to_move()
            if mover in tokens:
                total += check_payloads(client, table["id"], tokens)
                legal = live.match.game.legal_actions(live.match.state)
                choice = legal[(seed + live.seq) % len(legal)]
                client.post(
                    f"/api/tables/{table['id']}/actions",
                    headers={CREDENTIAL: tokens[mover]},
                    json={"seq": live.seq, "action": str(choice)},
                )
            elif mover == CHANCE or mover not in tokens:
                time.sleep(0.002)
        assert live.match.is_over()
        total += check_payloads(client, table["id"], tokens)
    assert total > 300
