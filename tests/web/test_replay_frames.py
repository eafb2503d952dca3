"""The replay changes step without loading a page: one step as data (the table then, the log
before it, its round or turn), the same as the page shows; jumps by round or turn; bad steps
and unfinished games refused with one line."""

from __future__ import annotations

from fastapi.testclient import TestClient

from gamehall.core.i18n import catalog
from gamehall.web.replay import LOG_SHOWN, script_of
from tests.web.test_api import open_table
from tests.web.test_replay_and_lobby import finished_bot_game


def test_a_frame_is_the_step_the_page_shows(client: TestClient) -> None:
    live = finished_bot_game(client)
    match, last = live.match, len(live.match.actions)
    step = last // 2
    frame = client.get(f"/t/{live.info.id}/replay/frames/{step}").json()
    assert frame["step"] == step and frame["last"] == last
    page = client.get(f"/t/{live.info.id}/replay?step={step}").text
    assert frame["html"] in page  # the same table
    texts = catalog("en")
    heading = texts.render(match.chapter_of(step) or "")
    assert f"selected>{heading}</option>" in page
    assert len(frame["log"]) <= LOG_SHOWN and all(index < step for index, _ in frame["log"])
    assert frame["log"][-1][0] == max(i for i, _ in frame["log"])
    french = client.get(f"/t/{live.info.id}/replay/frames/{step}?lang=fr").json()
    assert french["log"] != frame["log"] and french["step"] == step
    end = client.get(f"/t/{live.info.id}/replay/frames/{last + 50}").json()
    assert end["step"] == last  # past the end: the end


def test_the_round_jumps_lead_to_the_starts_of_rounds(client: TestClient) -> None:
    """From the middle of a round, back leads to its start and on to the next one's; from a
    round's start, back leads to the round before."""
    live = finished_bot_game(client)
    match = live.match
    script = script_of(match, "en")
    starts = [start for start, _ in script.chapters]
    assert len(starts) >= 3 and starts[0] <= 1
    last = len(match.actions)
    middle = (starts[1] + starts[2]) // 2
    assert script.part_jumps(middle, last) == (starts[1], starts[2])
    assert script.part_jumps(starts[2], last)[0] == starts[1]
    assert script.part_jumps(last, last)[1] == last
    headings = [heading for _, heading in script.chapters]
    assert headings[:2] == ["Round 1", "Round 2"]


def test_a_bad_step_or_a_game_still_played_is_refused(client: TestClient) -> None:
    live = finished_bot_game(client)
    refused = client.get(f"/t/{live.info.id}/replay/frames/-1")
    assert refused.status_code == 422 and "step" in refused.text
    playing = open_table(client, [{"kind": "me"}, {"kind": "bot"}])
    early = client.get(f"/t/{playing['id']}/replay/frames/0")
    assert early.status_code == 409 and "once the game is over" in early.json()["error"]
