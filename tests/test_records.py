"""Records under damage and tampering (issue 10): a record changed, cut short or written under
other rules is refused with the reason, before anything is replayed; an older record without a
digest (format 1) is still read and checked action by action."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gamehall.bots import make_bot
from gamehall.core.errors import InvalidRecordError
from gamehall.core.match import Match
from gamehall.core.record import FORMAT, Record, digest_of, gamehall_version, replay
from gamehall.core.registry import create
from tests.commands import gamehall

GAMES: list[tuple[str, int, dict[str, Any]]] = [
    ("boss-quest", 3, {}),
    ("ancient-terrible-things", 2, {}),
    ("20-strong", 1, {}),
]


def finished(name: str, players: int, options: dict[str, Any]) -> dict[str, Any]:
    """The JSON record of a game of bots played to the end."""
    game = create(name, players, options)
    match = Match(game, 5, [make_bot("random", game.name) for _ in range(players)])
    match.play_out()
    return Record.of(match).to_json()


@pytest.fixture(params=GAMES, ids=[g[0] for g in GAMES])
def record(request: pytest.FixtureRequest) -> dict[str, Any]:
    return finished(*request.param)


def tampered(data: dict[str, Any], how: str) -> dict[str, Any]:
    """``data`` changed one way, its digest left as written."""
    changed: dict[str, Any] = json.loads(json.dumps(data))
    if how == "action edited":
        changed["actions"][1], changed["actions"][2] = changed["actions"][2], changed["actions"][1]
    elif how == "actions cut":
        changed["actions"] = changed["actions"][: len(changed["actions"]) // 2]
    elif how == "seed":
        changed["seed"] = f"{changed['seed']}0"
    elif how == "outcome":
        changed["outcome"]["winners"] = [] if changed["outcome"]["winners"] else [0]
    elif how == "seat names":
        changed["seats"] = ["mallory"] * len(changed["seats"])
    elif how == "digest":
        changed["digest"] = "0" * 64
    elif how == "no digest":
        del changed["digest"]
    return changed


@pytest.mark.parametrize(
    "how", ["action edited", "actions cut", "seed", "outcome", "seat names", "digest", "no digest"]
)
def test_a_record_changed_after_it_was_written_is_refused_by_its_digest(
    record: dict[str, Any], how: str
) -> None:
    """Any change to a record's content, even one that would still replay (seat names, a
    shorter game), is refused before replay, saying why."""
    assert replay(Record.from_json(record)).is_over()
    with pytest.raises(InvalidRecordError, match="changed or damaged after it was written"):
        Record.from_json(tampered(record, how))


def test_a_record_file_cut_short_is_refused_as_cut(tmp_path: Path) -> None:
    """A record file whose end is missing (a copy interrupted) says it is cut short; a file
    damaged in the middle says where its JSON breaks."""
    data = finished("boss-quest", 3, {})
    text = json.dumps(data, indent=1)
    path = tmp_path / "game.json"
    for cut in (len(text) // 3, len(text) - 2):
        path.write_text(text[:cut])
        with pytest.raises(InvalidRecordError, match=r"is cut short: its JSON ends at character"):
            Record.load(path)
    path.write_text(text[:100] + "}}}" + text[100:])
    with pytest.raises(InvalidRecordError, match="is not JSON"):
        Record.load(path)


def test_a_record_of_other_rules_is_refused_naming_the_gamehall_that_replays_it() -> None:
    """A record written under another rules version is refused, not replayed by rules it was
    not played with; the message names both versions and the gamehall release to use."""
    data = finished("ancient-terrible-things", 2, {})
    data["rules_version"], data["gamehall"] = "0", "0.0.9"
    data["digest"] = digest_of(data)
    with pytest.raises(InvalidRecordError) as refused:
        replay(Record.from_json(data))
    message = str(refused.value)
    assert "version 0 of the Ancient Terrible Things rules" in message
    assert "written by gamehall 0.0.9" in message and "replay it with gamehall 0.0.9" in message
    now = create("ancient-terrible-things", 2, {}).rules_version
    assert f"({gamehall_version()}) plays version {now}" in message and "\n" not in message


def test_an_older_record_without_a_digest_is_read_and_checked_action_by_action() -> None:
    """Format 1 records (before digests) still replay; a bad action in one is still found,
    with its index and the reason."""
    data = finished("boss-quest", 3, {})
    old = {k: v for k, v in data.items() if k not in ("digest", "gamehall")} | {"format": 1}
    assert replay(Record.from_json(old)).is_over()
    index = next(i for i, a in enumerate(old["actions"]) if a.startswith("ask"))
    old["actions"][index] = "ask 9"
    with pytest.raises(InvalidRecordError, match=rf"action {index} \('ask 9'\).*1 to 4 weapons"):
        replay(Record.from_json(old))


def test_records_are_written_with_the_current_format_version_and_digest(
    record: dict[str, Any],
) -> None:
    """Every record carries the format, the gamehall that wrote it and a digest of the rest."""
    assert record["format"] == FORMAT == 3 and record["gamehall"] == gamehall_version()
    assert record["digest"] == digest_of(record) and len(record["digest"]) == 64


def test_the_replay_command_refuses_a_damaged_record_in_one_line(tmp_path: Path) -> None:
    """``gamehall replay`` on a tampered record: one line naming the reason, exit status 2."""
    path = tmp_path / "game.json"
    path.write_text(json.dumps(tampered(finished("boss-quest", 3, {}), "actions cut")))
    result = gamehall(f"replay {path} --verify")
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "changed or damaged" in result.stderr
