"""20 Strong through the web hall: no payload shows a card nobody has seen.

The hidden part of every stack (its order and content), the Tyrant encounters set aside
unseen at setup and the cards under Victorum's camp tops must never reach the page, the JSON
snapshot or the log.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from gamehall.core.game import CHANCE
from gamehall.web.app import create_app
from gamehall.web.limits import GENEROUS
from tests.leaks import twenty_strong_leaks
from tests.web.claims import CREDENTIAL, credentials

GAMES = 3


def unseen_names(game: object, state: object) -> set[str]:
    """Codes and English names of the cards nobody has seen."""
    deck = game.deck  # type: ignore[attr-defined]
    cards = [c for stack in state.stacks for c in stack.hidden]  # type: ignore[attr-defined]
    cards.extend(getattr(state.deck, "boxed", ()))  # type: ignore[attr-defined]
    cards.extend(getattr(state.deck, "unseen", ()))  # type: ignore[attr-defined]
    names = set()
    for card in cards:
        names |= {deck.cards[card].code, deck.cards[card].name.en}
    return names


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """The hall with a long leave grace: the test's socket closes after every read, and on a
    loaded machine a short grace would hand the seat to a bot, which plays on alone (a
    Victorum stalemate runs for thousands of steps)."""
    app = create_app(f"sqlite:///{tmp_path / 'hall.db'}", leave_grace=3600, caps=GENEROUS)
    with TestClient(app) as test_client:
        yield test_client


DECKS = {
    "too-many-bones": ["duster", "flickerpip", "ironbristle"],
    "victorum": ["h-aelia", "h-ursa", "h-drusus"],
}


@pytest.mark.parametrize("deck", sorted(DECKS))
def test_no_payload_shows_an_unseen_card(client: TestClient, deck: str) -> None:
    """Every page, snapshot and log line of a few games (the page rendered at every step)."""
    checked = 0
    for seed in range(GAMES):
        table = client.post(
            "/api/tables",
            json={
                "game": "20-strong",
                "players": 1,
                "options": {"deck": deck, "hero": DECKS[deck][seed]},
                "bot_delay": 0,
                "seed": f"leak{seed}",
                "seats": [{"kind": "me"}],
            },
        ).json()
        token = credentials(client, table)[0]
        live = client.app.state.hall.live(table["id"])  # type: ignore[attr-defined]
        for _ in range(400):
            if live.match.is_over():
                break
            if live.match.to_move() == CHANCE:
                time.sleep(0.002)
                continue
            game, state, steps = live.match.game, live.match.state, len(live.match.actions)
            data = client.get(f"/api/tables/{table['id']}", headers={CREDENTIAL: token})
            snapshot = data.json()
            with client.websocket_connect(
                f"/ws/tables/{table['id']}", headers={CREDENTIAL: token}
            ) as socket:
                pushed = socket.receive_json()
            html = pushed["html"]
            if not snapshot["seq"] == pushed["seq"] == steps == len(live.match.actions):
                continue  # the table moved on between the reads (a bot took a left seat)
            assert twenty_strong_leaks(game, state, 0, snapshot["view"]) == []
            for secret in unseen_names(game, state):
                assert f'data-card="{secret}"' not in html and f">{secret}<" not in html
                assert not any(secret in line for line in snapshot["log"]), secret
            checked += 1
            legal = game.legal_actions(state)
            choice = legal[(seed + live.seq) % len(legal)]
            client.post(
                f"/api/tables/{table['id']}/actions",
                headers={CREDENTIAL: token},
                json={"seq": live.seq, "action": str(choice)},
            )
    assert checked > 50
