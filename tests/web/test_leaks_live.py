"""Nothing secret reaches a long-lived WebSocket: one socket per seat, open for a whole game.

Seeded Boss Quest games are played on a served hall by two people (acting through the HTTP
API) and a bot. Each person's seat, and a spectator, keeps one WebSocket open from the deal to
the end; every message is kept. Once the game is over, its record is replayed to know the
true state at each message's sequence number, and each message is scanned for what its seat
may not know: another knight's hidden weapon (code or name), a face-down mystery spell, a card
still in the weapon deck (or put back on it unseen), and the table's seed (the deck order).
"""

from __future__ import annotations

import html as htmllib
import json
import re
import threading
import time
from bisect import bisect_left
from typing import Any

import httpx
from markupsafe import escape
from websockets.sync.client import connect

from gamehall.core.i18n import catalog
from gamehall.core.match import Match
from gamehall.core.record import Record, replay
from gamehall.games.boss_quest import actions as act
from gamehall.games.boss_quest.state import AVAILABLE, DISCARDED, EVERYONE
from gamehall.games.boss_quest.view import weapon_name
from tests.leaks import boss_quest_leaks
from tests.web.claims import CREDENTIAL, credentials
from tests.web.conftest import Server

SEEDS = tuple(f"q7z-live-{n}" for n in range(5))
Message = dict[str, Any]


class Listener(threading.Thread):
    """One WebSocket kept open until the game-over message; keeps every message."""

    def __init__(self, url: str, credential: str | None = None) -> None:
        super().__init__(daemon=True)
        self.url = url
        self.headers = {CREDENTIAL: credential} if credential else {}
        self.messages: list[Message] = []
        self.first = threading.Event()
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            with connect(
                self.url, open_timeout=30, max_size=2**22, additional_headers=self.headers
            ) as socket:
                while True:
                    message = json.loads(socket.recv(timeout=60))
                    self.messages.append(message)
                    self.first.set()
                    if message["over"]:
                        return
        except BaseException as error:  # reported by the test thread
            self.error = error
            self.first.set()


def play(
    server: Server, table: str, tokens: dict[int, str], seed: int
) -> list[tuple[int | None, Message]]:
    """Act for the people until the game is over; returns every HTTP snapshot they got."""
    snapshots: list[tuple[int | None, Message]] = []
    with httpx.Client(base_url=server.base, timeout=30) as http:
        for _ in range(5000):
            public = http.get(f"/api/tables/{table}").json()
            snapshots.append((None, public))
            if public["over"]:
                return snapshots
            mover = public["to_move"]
            if mover not in tokens:
                time.sleep(0.005)
                continue
            mine = http.get(f"/api/tables/{table}", headers={CREDENTIAL: tokens[mover]}).json()
            snapshots.append((mover, mine))
            if not mine["legal"]:
                continue
            choice = mine["legal"][(seed + mine["seq"]) % len(mine["legal"])]["action"]
            http.post(
                f"/api/tables/{table}/actions",
                headers={CREDENTIAL: tokens[mover]},
                json={"seq": mine["seq"], "action": choice},
            )
    raise AssertionError("the game did not end")


class Truth:
    """The finished game replayed from its record: each step's state and each seat's log."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.game: Any = match.game
        self.texts = catalog("en")
        self.lines: dict[int | None, list[tuple[int, str]]] = {}
        self.reveals = [i for i, a in enumerate(match.actions) if isinstance(a, act.RevealBoss)]

    def log(self, seat: int | None) -> list[tuple[int, str]]:
        """The seat's whole log, each line with the index of the action it tells."""
        if seat not in self.lines:
            match = self.match
            self.lines[seat] = [
                (i, self.texts.render(line))
                for i in range(len(match.actions))
                for line in self.game.describe(
                    match.states[i], match.actions[i], match.states[i + 1], seat
                )
            ]
        return self.lines[seat]

    def round_start(self, seq: int) -> int:
        """The index of the last boss reveal before ``seq``: the start of that round."""
        before = [i for i in self.reveals if i < seq]
        return before[-1] if before else 0


def log_lines(page: str) -> list[str]:
    """The log lines shown in a table's HTML."""
    box = page.partition('<section class="log-box">')[2]
    return [htmllib.unescape(line) for line in re.findall(r"<li>(.*?)</li>", box, re.S)]


def secrets_in(truth: Truth, seat: int | None, message: Message, seed: str) -> list[str]:
    """What ``seat`` may not know but ``message`` (a WebSocket push to it) shows."""
    seq, page = message["seq"], message["html"]
    state = truth.match.states[seq]
    game, codes = truth.game, truth.game.cards.weapon_codes
    # What just happened (beside the actions) is log lines: checked below with the log.
    recent_box = re.search(r'<details class="recent".*?</details>', page, re.S)
    table_part = page.partition('<section class="log-box">')[0]
    if recent_box:
        table_part = table_part.replace(recent_box.group(0), "")
    # The others' latest moves marked on their panels are log lines too: checked below.
    marked = re.findall(
        r'<p class="last-move"><span aria-hidden="true">↻</span> (.*?)</p>', page, re.S
    )
    table_part = re.sub(r'<p class="last-move">.*?</p>', "", table_part, flags=re.S)
    found = []
    if seed in page:
        found.append("the table's seed")
    over = state.result is not None  # the last combat shows every hidden weapon
    for other, card in enumerate(state.hidden):
        if other == seat or card < 0 or over:
            continue
        name = weapon_name(game, card)["en"]
        if f'data-card="{codes[card]}"' in page or str(escape(name)) in table_part:
            found.append(f"seat {other + 1}'s hidden weapon {codes[card]}")
    for draw in state.deck:
        if f'data-card="{draw.card}"' in page:
            found.append(f"{draw.card}, still in the weapon deck")
    for card, knower in state.deck_top:
        if knower not in (EVERYONE, seat) and f'data-card="{codes[card]}"' in page:
            found.append(f"{codes[card]}, put back on the deck unseen")
    slot = state.slots[state.mystery] if state.mystery >= 0 else None
    if slot is not None and slot.status in (AVAILABLE, DISCARDED):
        spell = game.cards.spells[slot.kind]
        block = re.search(rf'data-slot="{state.mystery + 1}">(.*?)</li>', page, re.S)
        assert block, "the magician's slots are drawn"
        face = block.group(1)
        if str(escape(spell.name.en)) in face or str(escape(spell.text.en)) in face:
            found.append(f"the face-down mystery spell {spell.name.en}")
    # The log: the seat's own lines, and no hidden weapon named in this round but by the seat.
    log = truth.log(seat)
    seen = log[: bisect_left([i for i, _ in log], seq)]  # what the seat's log holds at seq
    shown = log_lines(page)
    if recent_box:
        lines = {line for _, line in seen}
        items = [htmllib.unescape(i) for i in re.findall(r"<li>(.*?)</li>", recent_box.group(0))]
        found.extend(f"a recent line the seat did not see: {i}" for i in items if i not in lines)
    lines_seen = {line for _, line in seen}
    found.extend(
        f"a marked move the seat did not see: {line}"
        for line in map(htmllib.unescape, marked)
        if line not in lines_seen
    )
    tail = seen[len(seen) - len(shown) :]
    if shown != [line for _, line in tail]:
        found.append("a log line the seat did not see")
    if not over:
        start = truth.round_start(seq)
        recent = [line for i, line in tail if i >= start]
        for other, card in enumerate(state.hidden):
            if other != seat and card >= 0:
                name = weapon_name(game, card)["en"]
                told = [line for line in recent if name in line and not line.startswith("You ")]
                found.extend(
                    f"seat {other + 1}'s hidden {name} in the log: {line}" for line in told
                )
    return found


def test_long_lived_sockets_never_receive_another_seats_secret(server: Server) -> None:
    checked = 0
    for number, seed in enumerate(SEEDS):
        response = httpx.post(
            server.base + "/api/tables",
            json={
                "game": "boss-quest",
                "players": 3,
                "bot_delay": 0,
                "seed": seed,
                "seats": [{"kind": "me"}, {"kind": "invite"}, {"kind": "bot", "bot": "random"}],
            },
            timeout=30,
        )
        assert response.status_code == 201, response.text
        table = response.json()
        assert seed not in response.text
        with httpx.Client(base_url=server.base, timeout=30) as http:
            tokens = credentials(http, table)
        ws = server.base.replace("http://", "ws://") + f"/ws/tables/{table['id']}"
        listeners: dict[int | None, Listener] = {
            seat: Listener(ws, token) for seat, token in tokens.items()
        }
        listeners[None] = Listener(ws)  # a spectator
        for listener in listeners.values():
            listener.start()
        for listener in listeners.values():
            assert listener.first.wait(30) and listener.error is None, listener.error
        snapshots = play(server, table["id"], tokens, number)
        for listener in listeners.values():
            listener.join(60)
            assert listener.error is None and not listener.is_alive(), listener.error

        record = httpx.get(f"{server.base}/api/tables/{table['id']}/record", timeout=30).json()
        truth = Truth(replay(Record.from_json(record)))
        assert truth.match.is_over()
        for seat, listener in listeners.items():
            seqs = [m["seq"] for m in listener.messages]
            assert seqs == sorted(seqs) and listener.messages[-1]["over"]
            assert len(listener.messages) >= 10, "the socket was not kept for the whole game"
            for message in listener.messages:
                found = secrets_in(truth, seat, message, seed)
                assert found == [], f"seed {seed}, seat {seat}, seq {message['seq']}: {found}"
                checked += 1
        for seat, data in snapshots:  # what the people's HTTP polling received, too
            state = truth.match.states[data["seq"]]
            assert boss_quest_leaks(truth.game, state, seat, data["view"]) == []
            assert seed not in json.dumps(data)
    assert checked >= 150
