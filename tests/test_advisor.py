"""The advisor (:mod:`gamehall.search.advisor`): hints ranked by the search, records annotated."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from rich.console import Console

from gamehall.bots import make_bot
from gamehall.cli.advice import advise_record, hint_table
from gamehall.core.i18n import catalog
from gamehall.core.match import Match, Sampler
from gamehall.core.record import Record
from gamehall.core.registry import create
from gamehall.search.advisor import advise, annotate
from gamehall.search.mcts import Budget
from tests.test_mcts import WINS


@pytest.mark.parametrize("name", list(WINS))
def test_the_hint_ranks_the_winning_action_first_with_every_legal_action(name: str) -> None:
    """Every legal action appears once, with a value in [0, 1]; the win comes first."""
    position = WINS[name]()
    legal = position.legal()
    view = position.game.view(position.state, position.seat)
    sampler = Sampler(position.game, position.state, position.seat)
    advice = advise(position.game, sampler, view, legal, random.Random(3), Budget(300))
    assert sorted(map(str, (e.action for e in advice.estimates))) == sorted(map(str, legal))
    assert all(0 <= e.value <= 1 and e.error >= 0 for e in advice.estimates)
    assert str(advice.best.action) == position.winning
    assert advice.iterations <= 300


def test_a_hint_reads_in_the_players_language() -> None:
    position = WINS["boss-quest"]()
    view = position.game.view(position.state, position.seat)
    sampler = Sampler(position.game, position.state, position.seat)
    legal = position.legal()
    advice = advise(position.game, sampler, view, legal, random.Random(1), Budget(60))
    for language, word in (("en", "expected share of the win"), ("fr", "part de victoire")):
        console = Console(width=140, record=True)
        console.print(hint_table(advice, position.game.players, catalog(language)))
        text = console.export_text()
        assert word in text
        assert all(str(e.tries) in text for e in advice.estimates)


def test_a_solo_hint_speaks_of_a_win_chance() -> None:
    position = WINS["tmb"]()
    view = position.game.view(position.state, position.seat)
    sampler = Sampler(position.game, position.state, position.seat)
    advice = advise(position.game, sampler, view, position.legal(), random.Random(1), Budget(40))
    console = Console(width=140, record=True)
    console.print(hint_table(advice, 1, catalog("en")))
    assert "win chance" in console.export_text()


def _record_with_a_blunder(tmp_path: Path) -> tuple[Path, int]:
    """A Boss Quest game whose seat 1 plays randomly (blunders) against two heuristic bots."""
    game = create("boss-quest", 3)
    match = Match(game, 4, [make_bot("random", game.name)] + [make_bot("heuristic", game.name)] * 2)
    match.play_out()
    path = tmp_path / "game.json"
    Record.of(match).save(path)
    return path, sum(1 for m in match.movers if m == 0)


def test_advise_finds_moves_that_gave_up_the_most_and_is_repeatable(tmp_path: Path) -> None:
    """Annotating a record twice gives the same figures; some random moves of seat 1 lose."""
    path, _ = _record_with_a_blunder(tmp_path)
    console = Console(width=160, record=True)
    first = advise_record(path, [0], 60, console, catalog("en"))
    second = advise_record(path, [0], 60, Console(width=160), catalog("en"))
    assert [(a.index, a.loss) for a in first] == [(a.index, a.loss) for a in second]
    assert first and all(a.seat == 0 for a in first)
    assert max(a.loss for a in first) > 0
    text = console.export_text()
    assert "differed most" in text and "points" in text


def test_annotate_skips_forced_moves_and_other_seats(tmp_path: Path) -> None:
    path, _ = _record_with_a_blunder(tmp_path)
    from gamehall.core.record import replay

    match = replay(Record.load(path))
    annotations = list(annotate(match, [1], iterations=20))
    for annotation in annotations:
        assert annotation.seat == 1
        state = match.states[annotation.index]
        assert len(match.game.legal_actions(state)) > 1
        assert match.actions[annotation.index] == annotation.played


def test_the_advise_command_annotates_a_record_and_refuses_bad_seats(tmp_path: Path) -> None:
    from tests.commands import gamehall

    path, _ = _record_with_a_blunder(tmp_path)
    done = gamehall(f"advise {path} --seat 1 --iterations 20")
    assert done.returncode == 0, done.stderr
    assert "differed most" in done.stdout
    french = gamehall(f"advise {path} --seat 1 --iterations 20 --lang fr")
    assert "diffère le plus" in french.stdout
    refused = gamehall(f"advise {path} --seat 4")
    assert refused.returncode != 0
    assert refused.stderr.strip().count("\n") == 0 and "seat" in refused.stderr


def test_hint_at_the_terminal_prompt_ranks_the_moves_then_play_goes_on(tmp_path: Path) -> None:
    from tests.commands import gamehall

    record = tmp_path / "hinted.json"
    done = gamehall(
        f"play boss-quest --players 2 --seed 3 --record {record}", stdin="hint\n1\nquit\n"
    )
    assert "Hint for seat 1" in done.stdout and "expected share of the win" in done.stdout
    assert Record.load(record).actions, "the game went on after the hint"


def test_search_bots_play_a_terminal_game_to_the_end(tmp_path: Path) -> None:
    from tests.commands import gamehall

    record = tmp_path / "bots.json"
    done = gamehall(f"play boss-quest --players 2 --bots 2 --bot mcts:8 --seed 2 --record {record}")
    assert done.returncode == 0, done.stderr
    loaded = Record.load(record)
    assert loaded.outcome is not None and loaded.seats == ["mcts:8 bot", "mcts:8 bot"]
    assert gamehall(f"replay {record} --verify").returncode == 0
