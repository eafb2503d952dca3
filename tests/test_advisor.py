"""The advisor (:mod:`gamehall.search.advisor`): hints ranked by the search, records annotated."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from rich.console import Console

from gamehall.bots import make_bot
from gamehall.cli.advice import advise_record, hint_table
from gamehall.core.game import CHANCE
from gamehall.core.i18n import catalog
from gamehall.core.match import Match, Sampler
from gamehall.core.record import Record
from gamehall.core.registry import create
from gamehall.search.advisor import Advice, advise, annotate
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
        assert catalog(language).render(advice.summary())[:30] in text  # the caption


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
    assert "Hint for Knight 1" in done.stdout and "expected share of the win" in done.stdout
    assert Record.load(record).actions, "the game went on after the hint"


def test_search_bots_play_a_terminal_game_to_the_end(tmp_path: Path) -> None:
    from tests.commands import gamehall

    record = tmp_path / "bots.json"
    done = gamehall(f"play boss-quest --players 2 --bots 2 --bot mcts:8 --seed 2 --record {record}")
    assert done.returncode == 0, done.stderr
    loaded = Record.load(record)
    assert loaded.outcome is not None and loaded.seats == ["", ""]
    assert gamehall(f"replay {record} --verify").returncode == 0


def _advice(name: str, iterations: int = 300) -> tuple[Advice, int]:
    position = WINS[name]()
    view = position.game.view(position.state, position.seat)
    sampler = Sampler(position.game, position.state, position.seat)
    legal = position.legal()
    return advise(position.game, sampler, view, legal, random.Random(3), Budget(iterations)), len(
        legal
    )


def test_a_clear_best_action_stands_out_and_is_named() -> None:
    """Only "activate 1" wins at once: it is the one action marked best, and the summary
    names it in both languages."""
    advice, _ = _advice("boss-quest")
    assert advice.stands_out and [e.close for e in advice.estimates] == [True, False, False, False]
    english, french = (catalog(lang).render(advice.summary()) for lang in ("en", "fr"))
    label = catalog("en").render(advice.best.label)
    assert english.startswith(f"Best: “{label}”") and french.startswith("Le meilleur choix : « ")


def test_the_advisor_says_plainly_that_no_option_stands_out() -> None:
    """Four actions all win (the heuristic finishes the blow after any of them): no option
    stands out, the summary says how many are alike, and the losing one is not among them."""
    advice, legal = _advice("tmb")
    assert not advice.stands_out
    close = [str(e.action) for e in advice.estimates if e.close]
    assert len(close) == 4 == legal - 1 and "resolve" not in close
    assert advice.estimates[0].action == WINS["tmb"]().legal()[1]  # the sooner win first
    assert catalog("en").render(advice.summary()).startswith("No option stands out: the top 4")
    assert catalog("fr").render(advice.summary()).startswith("Aucune option ne se détache")


def test_every_action_has_the_same_tries_on_common_random_numbers() -> None:
    """Rounds are complete: each action is tried as often as every other one."""
    advice, legal = _advice("att", 100)
    assert {e.tries for e in advice.estimates} == {100 // legal}
    assert advice.iterations == legal * (100 // legal)


def test_alone_the_advisor_plays_to_the_end_so_a_lost_position_reads_as_lost() -> None:
    """Victorum alone: near the end of a game the heuristic lost, the advisor (playing every
    try to the end, not to the horizon) gives every action 0 % with a small error, never a
    horizon's middling guess."""
    game = create("20-strong", 1, {"deck": "victorum"})
    match = Match(game, 1, [make_bot("heuristic", game.name)])
    match.play_out()
    assert match.outcome() is not None and not match.outcome().winners  # type: ignore[union-attr]
    index = max(
        i
        for i, mover in enumerate(match.movers)
        if mover == 0 and len(game.legal_actions(match.states[i])) > 2
    )
    state = match.states[index]
    legal = game.legal_actions(state)
    advice = advise(
        game, Sampler(game, state, 0), game.view(state, 0), legal, random.Random(5), Budget(120)
    )
    assert all(e.value == 0 and e.error < 0.1 for e in advice.estimates)
    assert not advice.stands_out


def test_an_advisor_out_of_time_says_it_has_no_ranking() -> None:
    """With no time to finish a single round, the advice ranks nothing and says so."""
    game = create("20-strong", 1, {"deck": "victorum"})
    match = Match(game, 2, [make_bot("heuristic", game.name)])
    while match.to_move() == CHANCE or len(game.legal_actions(match.state)) < 2:
        match.step_chance() if match.to_move() == CHANCE else match.step_bot()
    state = match.state
    legal = game.legal_actions(state)
    sampler = Sampler(game, state, 0)
    advice = advise(game, sampler, game.view(state, 0), legal, random.Random(1), Budget(100, 1e-6))
    assert advice.iterations == 0 and not advice.stands_out
    assert catalog("en").render(advice.summary()).startswith("The advisor could not play")
    assert catalog("fr").render(advice.summary()).startswith("Le conseiller n'a pu")
