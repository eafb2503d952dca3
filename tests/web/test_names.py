"""One name per player (issue 25, item 1): the name a person chose, else the game's own
("Knight 2"), in every log line, button, heading and notice, on the web and in the terminal,
in both languages; each seat shows a person or a bot (with its strength) and whether its
person is connected."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from gamehall.core.i18n import Text, catalog
from gamehall.core.match import Match, chosen_name
from gamehall.core.registry import create
from tests.web.claims import CREDENTIAL, credentials
from tests.web.test_api import snapshot
from tests.web.test_resign import open_knights


def players_strip(html: str) -> list[str]:
    """The players' entries of a pushed table, as plain text (tags and runs of space gone)."""
    strip = re.search(r'<ul class="players".*?</ul>', html, re.S)
    assert strip is not None, "the table shows no players"
    items = re.findall(r"<li.*?</li>", strip.group(0), re.S)
    return [" ".join(re.sub(r"<[^>]+>", " ", item).split()) for item in items]


def test_a_message_names_the_player_of_a_seat_by_the_tables_names() -> None:
    """A seat parameter renders as the player's name; unnamed, as the game names a seat
    (Boss Quest: Knight / Chevalier), and several seats as a list of names."""
    ask = Text("bq.log.ask", {"seat": 2, "count": 3})
    assert catalog("en").render(ask) == "Knight 2 asks the armorer for 3 weapons."
    assert catalog("fr").render(ask).startswith("Chevalier 2 demande 3 cartes Arme")
    named = catalog("en").with_names(["Ann", "Ben", Text("bq.player", {"number": 3})])
    assert named.render(ask) == "Ben asks the armorer for 3 weapons."
    assert named.render(Text("bq.log.target", {"spell": "Rust", "knight": 3})) == (
        "Rust is placed on Knight 3."
    )
    over = Text("bq.log.game_over", {"winners": [1, 2], "count": 2})
    assert named.render(over) == "The game is over. The winners: Ann, Ben."
    assert catalog("en").render(over) == "The game is over. The winners: Knight 1, Knight 2."


def test_stand_ins_stored_by_earlier_versions_read_as_no_name() -> None:
    """ "Player 1" and "heuristic bot" were stored when nobody chose a name: the game names
    those seats now, in the reader's language; a chosen name is kept as it is."""
    assert [chosen_name(n) for n in ("Player 1", "heuristic bot", "human", "Ann")] == [
        "",
        "",
        "",
        "Ann",
    ]
    match = Match(create("boss-quest", 3), 1, seat_names=["Player 1", "Ann", "mcts:8 bot"])
    assert [match.catalog("fr").player(n) for n in (1, 2, 3)] == [
        "Chevalier 1",
        "Ann",
        "Chevalier 3",
    ]


def test_the_web_table_names_each_player_once_and_shows_people_bots_and_presence(
    client: TestClient,
) -> None:
    """Anna and Ben (people) and a heuristic bot: the log, the buttons and the players'
    strip use the names; Ben's presence follows his page; French names the bot's seat
    "Chevalier 3"."""
    table = open_knights(client)
    held = credentials(client, table)
    anna, ben = held[0], held[1]
    state = snapshot(client, table["id"], anna)
    log = " ".join(state["log"])
    assert "Knight 1" not in log and "Knight 2" not in log, log  # Anna and Ben by name
    assert re.search(r"\b(Anna|Ben|Knight 3) is the first armorer\.", log), log
    path = f"/ws/tables/{table['id']}"
    with client.websocket_connect(path, headers={CREDENTIAL: anna}) as mine:
        first = mine.receive_json()["html"]
        strip = players_strip(first)
        assert 'class="undo"' not in first  # Anna has not moved: nothing to take back
        assert strip[0].startswith("Person Anna (you) connected"), strip
        assert strip[1].startswith("Person Ben not connected"), strip
        assert strip[2].startswith("Bot · heuristic (normal) Knight 3"), strip
        with client.websocket_connect(path, headers={CREDENTIAL: ben}):
            strip = players_strip(mine.receive_json()["html"])
            assert strip[1].startswith("Person Ben connected"), strip
        strip = players_strip(mine.receive_json()["html"])
        assert strip[1].startswith("Person Ben not connected"), strip
    french = client.get(f"/api/tables/{table['id']}?lang=fr", headers={CREDENTIAL: anna}).json()
    assert "Chevalier 1" not in " ".join(french["log"])
    assert [p["bot"] for p in french["players"]] == [None, None, "heuristic"]
    later = snapshot(client, table["id"], anna)
    assert all("Knight 1" not in row["label"] for row in later["legal"])
