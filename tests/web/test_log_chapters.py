"""The log is grouped by round or turn (each game's chapter: a Boss Quest round, an Ancient
Terrible Things turn, a 20 Strong round within its day), every line keeps its number in the
whole game as the window slides, and the terminal prints the same headings; each other seat's
latest move is marked on its panel, as that seat's log tells it."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from gamehall.bots import make_bot
from gamehall.cli.terminal import Quit, TerminalSession
from gamehall.core.game import CHANCE
from gamehall.core.i18n import Text, catalog
from gamehall.core.match import Match
from gamehall.core.registry import create
from gamehall.web.views import GAME_VIEWS, LogCache, environment, seat_snapshot, translator

GAMES: list[tuple[str, int, dict[str, Any], str]] = [
    ("boss-quest", 3, {}, r"Round (\d+)"),
    ("ancient-terrible-things", 2, {}, r"Turn (\d+)"),
    ("20-strong", 1, {"deck": "too-many-bones"}, r"Day (\d+) · round (\d+)"),
    ("20-strong", 1, {"deck": "victorum"}, r"Round (\d+)"),
]


def bots_match(name: str, players: int, options: dict[str, Any], seed: int = 7) -> Match:
    game = create(name, players, options)
    return Match(game, seed, [make_bot("heuristic", game.name) for _ in range(players)])


def step(match: Match) -> None:
    match.step_chance() if match.to_move() == CHANCE else match.step_bot()


def render(match: Match, seat: int | None, logs: LogCache, language: str = "en") -> str:
    snapshot = seat_snapshot(match, seat, language, logs)
    template = environment().get_template(GAME_VIEWS[match.game.name].table)
    return template.render(
        t=translator(language), lang=language, game=match.game, info=None, **snapshot
    )


@pytest.mark.parametrize(("name", "players", "options", "heading"), GAMES)
def test_the_log_is_grouped_by_chapter_with_stable_numbers(
    name: str, players: int, options: dict[str, Any], heading: str
) -> None:
    match = bots_match(name, players, options)
    logs = LogCache()
    earlier: list[str] = []
    snapshots = 0
    while not match.is_over() and len(match.actions) < 3000:
        step(match)
        if len(match.actions) % 40:
            continue
        snapshot = seat_snapshot(match, 0, "en", logs)
        whole = logs.get(match, 0, "en")
        assert whole[: len(earlier)] == earlier  # a line keeps its number for good
        earlier = list(whole)
        groups = snapshot["log_groups"]
        assert groups[0]["start"] == snapshot["log_start"]
        at = snapshot["log_start"]
        for group in groups:
            assert group["start"] == at and group["lines"] == whole[at : at + len(group["lines"])]
            at += len(group["lines"])
        assert at == len(whole)
        chapters = [
            tuple(map(int, _matched(heading, g["chapter"]).groups()))
            for g in groups
            if g["chapter"]
        ]
        assert chapters == sorted(chapters) and len(set(chapters)) == len(chapters)
        page = render(match, 0, logs)
        for group in groups:
            assert f'<ol class="log" start="{group["start"] + 1}">' in page
            if group["chapter"]:
                assert f'<h4 class="chapter">{group["chapter"]}</h4>' in page
        snapshots += 1
    assert snapshots >= 2 and len(set(logs.rendered(match, 0, "en").chapters)) >= 3


def test_french_chapters_and_a_hall_notice_under_the_chapter_it_happened_in() -> None:
    match = bots_match("boss-quest", 3, {})
    logs = LogCache()
    while match.state.round < 2:
        step(match)
    logs.notice(len(match.actions), Text("web.notice.left", {"seat": 1}))
    rendered = logs.rendered(match, 0, "fr")
    assert rendered.lines[-1] == "Chevalier 1 est parti·e — un bot joue en attendant"
    assert rendered.chapters[-1] == "Tour 2" and "Tour 1" in rendered.chapters


def test_the_terminal_prints_a_heading_as_each_round_begins(tmp_path: Path) -> None:
    match = bots_match("boss-quest", 3, {})
    out = io.StringIO()
    session = TerminalSession(
        match,
        Console(file=out, width=120),
        catalog("fr"),
        lambda prompt: "",
        tmp_path / "game.json",
    )
    with contextlib.suppress(Quit):
        session.run()
    text = out.getvalue()
    rounds = match.state.round
    headings = [int(n) for n in re.findall(r"Tour (\d+) ─", text)]
    assert headings == list(range(1, rounds + 1))


@pytest.mark.parametrize(("name", "players"), [("boss-quest", 3), ("ancient-terrible-things", 3)])
def test_each_other_seats_latest_move_is_marked_on_its_panel(name: str, players: int) -> None:
    match = bots_match(name, players, {})
    logs = LogCache()
    marked = 0
    while not match.is_over() and marked < 20:
        step(match)
        if match.to_move() != 0:
            continue
        snapshot = seat_snapshot(match, 0, "en", logs)
        moves = snapshot["last_moves"]
        mine = len(match.movers) - match.movers[::-1].index(0) if 0 in match.movers else 0
        movers = {m for m in match.movers[mine:] if m not in (CHANCE, 0)}
        assert set(moves) <= movers and 0 not in moves
        seen = set(logs.get(match, 0, "en"))
        page = render(match, 0, logs)
        for seat, line in moves.items():
            assert line in seen
            panel = re.search(rf'class="[^"]*just-moved[^"]*"\s+data-seat="{seat}"', page)
            assert panel, f"seat {seat + 1}'s panel is not marked"
            marked += 1
        assert page.count("just-moved") == len(moves)
    assert marked >= 20


def _matched(pattern: str, text: str) -> re.Match[str]:
    """The match of ``pattern`` on the whole of ``text``, which must match."""
    found = re.fullmatch(pattern, text)
    assert found is not None, f"{text!r} is not a chapter heading"
    return found
