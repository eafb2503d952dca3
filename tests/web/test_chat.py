"""The table's chat (issue 25, item 7): a seated person says a preset message, which each
reader reads in their own language, or their own words, checked like names; spectators read
and may not speak; the rate is bounded per address and the lines kept per table; the chat
outlives a restart; no line is ever markup."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from gamehall.web.app import create_app
from gamehall.web.chat import KEPT, PRESETS, SHOWN
from gamehall.web.limits import GENEROUS, Caps
from tests.web.claims import CREDENTIAL, credentials
from tests.web.test_api import open_table


def knights(client: TestClient) -> tuple[str, dict[int, str]]:
    """A Boss Quest table of two people and a bot: its id and the people's credentials."""
    table = open_table(
        client, [{"kind": "invite", "name": "Anna"}, {"kind": "invite"}, {"kind": "bot"}]
    )
    return table["id"], credentials(client, table)


def say(client: TestClient, table: str, token: str | None, **line: str) -> Any:
    headers = {CREDENTIAL: token} if token else {}
    return client.post(f"/api/tables/{table}/chat", headers=headers, json=line)


def chat_pushed(client: TestClient, table: str, query: str = "") -> list[dict[str, Any]]:
    """The chat of the first push a spectator's socket receives (``query``: its language)."""
    with client.websocket_connect(f"/ws/tables/{table}{query}") as socket:
        chat: list[dict[str, Any]] = socket.receive_json()["chat"]
        return chat


def test_a_preset_reads_in_each_readers_language_and_words_as_typed(client: TestClient) -> None:
    """CHAT: Anna's "Good game!" reads "Bonne partie !" on a French page; Knight 2's own words
    are shown as typed (Unicode-normalised), named by the table's names."""
    table, tokens = knights(client)
    assert say(client, table, tokens[0], preset="good_game").status_code == 200
    assert say(client, table, tokens[1], words="  Ame\u0301lie says <b>hi</b> ").status_code == 200
    english = chat_pushed(client, table)
    assert [(line["who"], line["text"], line["preset"]) for line in english] == [
        ("Anna", "Good game!", True),
        ("Knight 2", "Amélie says <b>hi</b>", False),
    ]
    french = chat_pushed(client, table, "?lang=fr")
    assert [(line["who"], line["text"]) for line in french] == [
        ("Anna", "Bonne partie !"),
        ("Chevalier 2", "Amélie says <b>hi</b>"),
    ]
    assert not any(line["mine"] for line in english)  # a spectator said none of them
    with client.websocket_connect(f"/ws/tables/{table}", headers={CREDENTIAL: tokens[0]}) as anna:
        assert [line["mine"] for line in anna.receive_json()["chat"]] == [True, False]


def test_every_preset_has_words_in_both_languages(client: TestClient) -> None:
    table, tokens = knights(client)
    for preset in PRESETS:
        assert say(client, table, tokens[0], preset=preset).status_code == 200
    for query in ("", "?lang=fr"):
        texts = [line["text"] for line in chat_pushed(client, table, query)]
        assert len(texts) == len(PRESETS) and not any("chat." in text for text in texts), texts
    english = [line["text"] for line in chat_pushed(client, table)]
    assert english != [line["text"] for line in chat_pushed(client, table, "?lang=fr")]


@pytest.mark.parametrize(
    ("line", "status", "words"),
    [
        ({"preset": "insult"}, 422, "there is no quick message “insult”"),
        ({}, 422, "say one thing"),
        ({"preset": "hello", "words": "hi"}, 422, "say one thing"),
        ({"words": "   "}, 422, "your message must have 1 to 200 characters (has 0)"),
        ({"words": "x" * 201}, 422, "must have 1 to 200 characters (has 201)"),
        ({"words": "x" * 513}, 422, "words: String should have at most 512 characters"),
        ({"words": "evil\u202etxt.exe"}, 422, "a bidirectional control character (U+202E)"),
        ({"words": "two\nlines"}, 422, "a control character (U+000A)"),
        ({"words": "in\u200bvisible"}, 422, "a zero-width character (U+200B)"),
        ({"words": "nul\x00"}, 422, "a control character (U+0000)"),
        ({"words": 5}, 422, "words: Input should be a valid string"),
        ({"words": "hi", "seat": 1}, 422, "seat: Extra inputs are not permitted"),
    ],
    ids=str,
)
def test_a_line_that_does_not_pass_is_refused_saying_why(
    client: TestClient, line: dict[str, Any], status: int, words: str
) -> None:
    table, tokens = knights(client)
    refused = client.post(f"/api/tables/{table}/chat", headers={CREDENTIAL: tokens[0]}, json=line)
    assert refused.status_code == status and words in refused.json()["error"], refused.text
    assert chat_pushed(client, table) == []


def test_a_refusal_speaks_the_readers_language(client: TestClient) -> None:
    table, tokens = knights(client)
    refused = client.post(
        f"/api/tables/{table}/chat?lang=fr",
        headers={CREDENTIAL: tokens[0]},
        json={"words": "in\u200bvisible"},
    )
    assert refused.json()["error"] == ("votre message : contient un caractère sans chasse (U+200B)")


def test_a_spectator_reads_but_may_not_speak(client: TestClient) -> None:
    table, _tokens = knights(client)
    refused = say(client, table, None, preset="hello")
    assert refused.status_code == 403 and refused.json()["error"] == "a spectator cannot chat"
    forged = say(client, table, "not-a-credential", preset="hello")
    assert forged.status_code == 403
    assert chat_pushed(client, table) == []


def test_lines_over_the_rate_are_refused(tmp_path: Path) -> None:
    """Per address: beyond the rate, 429 naming it and when to try again; nothing said."""
    app = create_app(f"sqlite:///{tmp_path / 'hall.db'}", caps=Caps(chat="3/minute"))
    with TestClient(app) as client:
        table, tokens = knights(client)
        for _ in range(3):
            assert say(client, table, tokens[0], preset="hello").status_code == 200
        over = say(client, table, tokens[1], preset="hello")
        assert over.status_code == 429 and "too many chat lines" in over.json()["error"]
        assert int(over.headers["retry-after"]) >= 1
        assert len(chat_pushed(client, table)) == 3


def test_the_chat_outlives_a_restart_and_keeps_its_latest_lines(tmp_path: Path) -> None:
    """The store keeps the last ``KEPT`` lines of a table; a page is sent the last ``SHOWN``,
    oldest first, and so after a restart."""
    url = f"sqlite:///{tmp_path / 'hall.db'}"
    with TestClient(create_app(url, caps=GENEROUS)) as client:
        table, tokens = knights(client)
        for n in range(KEPT + 5):
            assert say(client, table, tokens[n % 2], words=f"line {n}").status_code == 200
        store = client.app.state.hall.store  # type: ignore[attr-defined]
        kept = store.chat(table, 10 * KEPT)
        assert len(kept) == KEPT and kept[0].words == "line 5"
    with TestClient(create_app(url, caps=GENEROUS)) as client:
        shown = chat_pushed(client, table)
        assert [line["text"] for line in shown] == [
            f"line {n}" for n in range(KEPT + 5 - SHOWN, KEPT + 5)
        ]
        assert shown[-1]["who"] == "Anna"  # line 204: seat 0's
