"""A physical copy in words, in the web hall (issue 25): at a physical table of every game and
deck, in English and French, the entry panel each seat and a spectator are pushed — its
heading, its buttons, the waiting line, the correction — holds no code of the game's
notation and no internal key; the notation stays in the attributes the page posts."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from gamehall.core.companion import ChanceEntry
from gamehall.core.game import CHANCE
from gamehall.core.match import Match
from tests.test_companion_words import in_notation
from tests.test_plain_words import visible
from tests.web.claims import CREDENTIAL, credentials
from tests.web.test_api import act, open_table, snapshot
from tests.web.test_companion_api import a_possible_outcome, enter

TABLES = [
    pytest.param("boss-quest", 3, {}, id="boss-quest-3"),
    pytest.param("ancient-terrible-things", 2, {}, id="att-2"),
    pytest.param("20-strong", 1, {"deck": "too-many-bones"}, id="20-strong-too-many-bones"),
    pytest.param("20-strong", 1, {"deck": "victorum"}, id="20-strong-victorum"),
]
STEPS = 45
"""Steps of each table looked at: its setup and first turns, every kind of entry."""


def panel(client: TestClient, table: str, token: str | None, language: str) -> list[str]:
    """The texts a person reads in the entry panel pushed to the seat of ``token`` (None: a
    spectator) in ``language``."""
    headers = {CREDENTIAL: token} if token else {}
    url = f"/ws/tables/{table}?lang={language}"
    with client.websocket_connect(url, headers=headers) as socket:
        html: str = socket.receive_json()["html"]
    start = html.find('<section class="companion"')
    if start < 0:
        return []
    return visible(html[start : html.index("</section>", start)])


def live_match(client: TestClient, table: str) -> Match:
    match: Match = client.app.state.hall.live(table).match  # type: ignore[attr-defined]
    return match


def step(client: TestClient, table: str, tokens: dict[int, str]) -> bool:
    """One step of the table by its people: the outcome due entered by a seat offered it,
    else the seat to move's last legal action. False once no person can act."""
    views = {seat: snapshot(client, table, token) for seat, token in tokens.items()}
    any_view = next(iter(views.values()))
    if any_view["over"]:
        return False
    seq = any_view["seq"]
    if any_view["to_move"] == "chance":
        seat = next(s for s, view in views.items() if "entry" in view["companion"])
        response = enter(client, table, tokens[seat], seq, a_possible_outcome(client, table))
    else:
        mover = any_view["to_move"]
        if mover not in tokens:
            return True  # a bot is thinking
        response = act(client, table, tokens[mover], seq, views[mover]["legal"][-1]["action"])
    assert response.status_code in (200, 409), response.text
    return True


@pytest.mark.parametrize(("name", "players", "options"), TABLES)
def test_the_entry_panel_is_words_for_every_seat_in_both_languages(
    client: TestClient, name: str, players: int, options: dict[str, Any]
) -> None:
    """People at every seat but the last of several (a bot); at each step of the setup and
    first turns, the panel every person's seat and a spectator read, in English and French,
    passes the check of tests/test_companion_words.py against the outcomes due then."""
    kinds = [{"kind": "me"}] + [{"kind": "invite"}] * (players - 2) + [{"kind": "bot"}]
    seats = kinds if players > 1 else [{"kind": "me"}]
    table = open_table(
        client, seats, game=name, players=players, options=options, physical=True, seed="w2"
    )
    tokens = dict(credentials(client, table))
    bad: dict[str, str] = {}
    blind = 0
    for _ in range(STEPS):
        match = live_match(client, table["id"])
        if match.to_move() == CHANCE:
            entry: ChanceEntry = match.chance_entry(match.entrants()[0], widen=True)
            blind += entry.wording.blind
            for seat, token in [*tokens.items(), (None, None)]:
                for language in ("en", "fr"):
                    for text in panel(client, table["id"], token, language):
                        found = in_notation(text, entry)
                        if found:
                            bad.setdefault(f"{found[0]} in {text!r}", f"seat {seat}, {language}")
        if not step(client, table["id"], tokens):
            break
    assert not bad, "\n".join(f"{problem} ({where})" for problem, where in list(bad.items())[:20])
    if name != "20-strong" or options["deck"] == "too-many-bones":
        assert blind, "a card no player may see was dealt"


def test_a_face_down_card_says_dont_look_and_others_read_who_enters_what(
    client: TestClient,
) -> None:
    """Two knights and a bot at a physical Boss Quest: the mystery spell's panel says to deal
    it face down without looking, in both languages; a hidden weapon is "your hidden weapon"
    to its knight and "their hidden weapon" to the other knight and a spectator."""
    table = open_table(
        client,
        [{"kind": "me"}, {"kind": "invite"}, {"kind": "bot"}],
        players=3,
        physical=True,
        seed="w5",
    )
    tokens = dict(credentials(client, table))
    said: dict[str, set[str]] = {"blind": set(), "yours": set(), "theirs": set()}
    for _ in range(STEPS):
        match = live_match(client, table["id"])
        if match.to_move() == CHANCE:
            entrants = match.entrants()
            texts = {s: panel(client, table["id"], tokens[s], "en") for s in tokens}
            if match.chance_entry(entrants[0], widen=True).wording.blind:
                said["blind"].update(texts[entrants[0]])
                said["blind"].update(panel(client, table["id"], tokens[entrants[0]], "fr"))
            elif len(entrants) == 1 and match.chance_seers() == entrants:
                other = 1 - entrants[0]
                said["yours"].update(texts[entrants[0]])
                said["theirs"].update(texts[other] + panel(client, table["id"], None, "en"))
        if not step(client, table["id"], tokens):
            break
    assert "Deal the mystery spell face down (don't look)" in said["blind"]
    assert "Posez le Sort Mystère face cachée (sans regarder)" in said["blind"]
    assert any("someone who does not play enters it" in text for text in said["blind"])
    assert "Enter your hidden weapon" in said["yours"]
    assert {"Knight 1 enters their hidden weapon…", "Knight 2 enters their hidden weapon…"} & (
        said["theirs"]
    )
    assert not any("weapon" in text and ":" in text for text in said["theirs"])
