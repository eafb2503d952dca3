# ruff: noqa: N802  (test names carry clause IDs such as GEN_WIN_2 in capitals)
"""The tables after resigning (issue 23, small fixes): 20 Strong's end line says why the game
was lost (the outcome's reason, not always "Health fell below 1"), in English and French, live,
on the replay and in the terminal; a Boss Quest knight or an Ancient Terrible Things
investigator who resigned is left no Undo nor any other button on the table the others play on.

The 20 Strong losses other than a resignation are real games: seeded tables whose seat the
heuristic bot plays to the end (the hall draws chance from the seed alone, docs/reliability.md),
each seed found by playing the same bot on a ``Match`` with that seed.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from gamehall.bots import make_bot
from gamehall.core.match import Match
from gamehall.core.registry import create
from tests.test_terminal_resign import play
from tests.waiting import wait_until
from tests.web.claims import CREDENTIAL, credentials
from tests.web.test_api import snapshot, wait_for_turn
from tests.web.test_resign import KNIGHTS, SOLO, open_knights, open_table, resign

HEALTH_LINES = ("Your Health fell below 1", "Votre Santé est tombée sous 1")
"""The end line of a loss on Health (GEN-WIN-2), once shown for every loss."""


def pushed(client: TestClient, table: str, token: str | None, lang: str) -> dict[str, Any]:
    """The table as a socket showing the credential's seat (None: a spectator) in ``lang`` is
    first sent it."""
    headers = {CREDENTIAL: token} if token else {}
    with client.websocket_connect(f"/ws/tables/{table}?lang={lang}", headers=headers) as socket:
        message: dict[str, Any] = socket.receive_json()
    return message


def end_line(page: str) -> str:
    """The result line of a finished table's HTML (its ``.result``), as a person reads it."""
    found = re.search(r'<p class="result">(.*?)</p>', page, flags=re.S)
    assert found is not None, "the table shows no result line"
    return html.unescape(found.group(1)).strip()


def buttons(page: str) -> list[str]:
    """What a table's HTML gives its seat to press: the undo and hint buttons and every element
    that posts an action (``data-action``)."""
    return re.findall(r'class="(?:undo|hint)"|data-action="[^"]*"', page)


# -- 20 Strong's end line ----------------------------------------------------------------------


def test_a_resigned_solo_table_says_it_was_resigned_in_english_and_french(
    client: TestClient,
) -> None:
    """core resign, solo 20 Strong: the game is lost as ``resigned``; the seat's and a
    spectator's table say "You resigned: you lose." (French: "Vous avez abandonné : vous
    perdez."), never the Health line of GEN-WIN-2, and so does the replay page's last step."""
    table = open_table(client, **SOLO, seed="resigned-end-line")
    token = credentials(client, table)[0]
    assert resign(client, table["id"], token, 0).status_code == 200
    assert snapshot(client, table["id"], token)["outcome"]["reason"] == "resigned"
    expected = {"en": "You resigned: you lose.", "fr": "Vous avez abandonné : vous perdez."}
    for lang, line in expected.items():
        for viewer in (token, None):
            message = pushed(client, table["id"], viewer, lang)
            assert message["over"], message
            assert end_line(message["html"]) == line
            assert not any(health in message["html"] for health in HEALTH_LINES)
        replay = client.get(f"/t/{table['id']}/replay?lang={lang}")
        assert replay.status_code == 200 and end_line(replay.text) == line


LOSSES = [
    pytest.param(
        {},
        "issue23-tmb-64",
        "health-below-1",
        "Your Health fell below 1: you lose.",
        "Votre Santé est tombée sous 1 : vous perdez.",
        id="health-below-1",
    ),
    pytest.param(
        {"deck": "victorum"},
        "issue23-victorum-73",
        "no-dice-left",
        "No die is left to fight with: you lose.",
        "Il ne vous reste aucun dé pour combattre : vous perdez.",
        id="no-dice-left",
    ),
    pytest.param(
        {"deck": "victorum"},
        "issue23-victorum-0",
        "cannot-win",
        "This fight can no longer be won (no roll of the dice left can defeat every enemy still"
        " standing, and no item or ability could change that): you lose.",
        "Ce combat ne peut plus être gagné (aucun lancer des dés restants ne peut vaincre tous"
        " les ennemis encore debout, et aucun objet ni aucune capacité n'y changerait rien) :"
        " vous perdez.",
        id="cannot-win",
    ),
]


@pytest.mark.parametrize(("options", "seed", "reason", "english", "french"), LOSSES)
def test_GEN_WIN_2_VIC_WIN_2_a_lost_table_says_why_it_was_lost(
    client: TestClient, options: dict[str, str], seed: str, reason: str, english: str, french: str
) -> None:
    """GEN-WIN-2 and VIC-WIN-2 (Health under 1), VIC-R12 (no die left to fight with) and
    VIC-R18 (a conflict no die left can win): a seeded table played to its loss by the bot
    ends with that game's reason, and the table's end line says that reason and no other, in
    English and in French; only the Health loss speaks of Health."""
    seats = [{"kind": "bot", "bot": "heuristic"}]
    table = open_table(
        client, game="20-strong", players=1, seats=seats, bot_delay=0, seed=seed, options=options
    )
    end = wait_until(
        lambda: (state := snapshot(client, table["id"]))["over"] and state, "the game's end"
    )
    assert end["outcome"]["reason"] == reason, f"seed {seed} no longer ends as {reason}"
    for lang, line in (("en", english), ("fr", french)):
        page = pushed(client, table["id"], None, lang)["html"]
        assert end_line(page) == line
        if reason != "health-below-1":
            assert not any(health in page for health in HEALTH_LINES)


def test_the_terminal_end_says_no_one_won_a_lost_solo_game(tmp_path: Path) -> None:
    """core resign in the terminal: a solo 20 Strong game resigned ends "Game over: resigned.
    No winner." (French: "Partie terminée : abandon. Aucun vainqueur."), not "Winner(s): ."
    with nobody after it; a Boss Quest game that has a winner (BQ-R25, the other knight left)
    still names it."""
    for lang, yes, line in (
        ("en", "y", "Game over: resigned. No winner."),
        ("fr", "o", "Partie terminée : abandon. Aucun vainqueur."),
    ):
        match = Match(create("20-strong", 1), 3, [None])
        out, _ = play(match, ["resign", yes], tmp_path / f"solo-{lang}.json", lang)
        assert line in out and "Winner(s)" not in out and "Vainqueur(s)" not in out
    game = create("boss-quest", 2)
    match = Match(game, 7, [None, make_bot("heuristic", game.name)])
    out, _ = play(match, ["resign", "y"], tmp_path / "knights.json")
    assert "Game over: every other seat resigned. The winner: Knight 2." in out


# -- no button left for a seat that resigned -------------------------------------------------


def test_BQ_R25_a_resigned_knight_has_no_undo_nor_any_button(client: TestClient) -> None:
    """BQ-R25 at the table: Anna resigns while Ben plays on; Anna's table, pushed in English
    and French, says she resigned and the others play on, with no Undo, Hint or action button
    (the hall would refuse them all); Ben, who did not resign, keeps his Undo."""
    table = open_knights(client, seed="resigned-buttons")
    anna, ben = credentials(client, table)[0], credentials(client, table)[1]
    assert resign(client, table["id"], anna, 0).status_code == 200
    state = snapshot(client, table["id"], anna)
    assert state["resigned"] == [0] and not state["over"], state
    notes = {
        "en": "You have resigned: the others play on without you.",
        "fr": "Vous avez abandonné : les autres continuent sans vous.",
    }
    for lang, note in notes.items():
        page = pushed(client, table["id"], anna, lang)["html"]
        assert buttons(page) == [], buttons(page)
        assert note in html.unescape(page)
    wait_for_turn(client, table["id"], ben)
    assert 'class="act"' in pushed(client, table["id"], ben, "en")["html"]  # Ben plays on


def test_ATT_R16_a_resigned_investigator_has_no_undo_nor_any_button(client: TestClient) -> None:
    """ATT-R16 at the table: the first investigator resigns while the others play on; her
    table, in English and French, says so and offers no Undo, Hint or action button, while the
    second investigator's keeps its Undo."""
    table = open_table(
        client,
        game="ancient-terrible-things",
        players=3,
        seats=KNIGHTS,
        bot_delay=0,
        seed="resigned-investigator",
    )
    first, second = credentials(client, table)[0], credentials(client, table)[1]
    assert resign(client, table["id"], first, 0).status_code == 200
    state = snapshot(client, table["id"], first)
    assert state["resigned"] == [0] and not state["over"], state
    for lang, note in (
        ("en", "You have resigned: the others play on without you."),
        ("fr", "Vous avez abandonné : les autres continuent sans vous."),
    ):
        page = pushed(client, table["id"], first, lang)["html"]
        assert buttons(page) == [], buttons(page)
        assert note in html.unescape(page)
    wait_for_turn(client, table["id"], second)
    assert 'class="act"' in pushed(client, table["id"], second, "en")["html"]  # plays on
