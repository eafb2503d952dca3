"""A real ending: the seat reads "You win!" or "You lose.", the game's breakdown, and "Play
again with the same seats", which opens a new table with the same game, options and seats
(the asker's own seat taken at once, the same bots, a new invite link for every other person).
Only a player or the host of the finished table may open it."""

from __future__ import annotations

from fastapi.testclient import TestClient

from bench.claims import CSRF_TOKEN
from gamehall.bots import make_bot
from gamehall.core.game import CHANCE
from gamehall.core.match import Match
from gamehall.core.registry import create
from tests.web.rendering import table_html
from tests.web.test_resign import KNIGHTS, SOLO, open_table, page_line, resign, seated_browser


def test_the_ending_says_you_lose_and_offers_a_rematch_that_keeps_the_seats(
    client: TestClient,
) -> None:
    table = open_table(client, **SOLO, options={"deck": "victorum"}, seed="again-solo")
    table_id = table["id"]
    with seated_browser(client, table["seats"][0]["link"]) as browser:
        early = browser.get(f"/t/{table_id}/again")
        assert early.status_code == 409 and page_line(early) == "the game is not over yet"
        assert resign(browser, table_id, None, 0).status_code == 200  # its cookie names the seat
        ask = browser.get(f"/t/{table_id}/again")
        assert ask.status_code == 200 and "Seat 1 · you" in ask.text
        found = CSRF_TOKEN.search(ask.text)
        assert found is not None
        opened = browser.post(
            f"/t/{table_id}/again/open", data={"csrf_token": found.group(1)}, follow_redirects=False
        )
        assert opened.status_code == 303, opened.text
        new_id = opened.headers["location"].split("/")[2]
        assert new_id != table_id and opened.headers["location"] == f"/t/{new_id}/me"
        info = client.get(f"/api/tables/{new_id}").json()
        assert not info["over"] and info["view"]["deck"] == "victorum"
        mine = browser.get(f"/t/{new_id}/me").text
        assert 'class="resign"' in mine  # the browser holds the new table's seat at once
    stranger = client.get(f"/t/{table_id}/again")
    assert stranger.status_code == 403 and "only the players and the host" in page_line(stranger)


def test_a_rematch_gives_every_other_person_a_new_invite_link_and_keeps_the_bots(
    client: TestClient,
) -> None:
    table = open_table(client, game="boss-quest", players=3, seats=KNIGHTS, bot_delay=0, seed="k")
    anna, ben = table["seats"][0], table["seats"][1]
    with seated_browser(client, anna["link"]) as browser, seated_browser(client, ben["link"]) as b:
        assert resign(b, table["id"], None, 1).status_code == 200
        assert resign(browser, table["id"], None, 0).status_code == 200
        ask = browser.get(f"/t/{table['id']}/again")
        assert "Seat 2 · an invite link for Ben" in ask.text and "Seat 3 · heuristic" in ask.text
        found = CSRF_TOKEN.search(ask.text)
        assert found is not None
        created = browser.post(f"/t/{table['id']}/again/open", data={"csrf_token": found.group(1)})
        assert created.status_code == 200 and "/seat/" in created.text  # Ben's new link


def test_the_ending_reads_you_win_or_you_lose_with_the_breakdown() -> None:
    """Boss Quest: the last knight left wins; that seat's table says "You win!" with keys and
    hearts per knight, a knight who left reads "You lose.", a spectator "Game over"; in
    French, French."""
    game = create("boss-quest", 3)
    match = Match(game, 3, [None, None, make_bot("heuristic", game.name)])
    while match.to_move() == CHANCE:
        match.step_chance()
    match.resign(1)
    match.resign(2)
    assert match.outcome() is not None and match.outcome().winners == (0,)  # type: ignore[union-attr]
    winner, loser, watcher = (table_html(match, s) for s in (0, 1, None))
    assert "You win!" in winner and "Keys and hearts at the end" in winner
    assert "You lose." in loser and "You win!" not in loser
    assert "Game over" in watcher and "You lose." not in watcher
    assert "Vous avez gagné !" in table_html(match, 0, "fr")
