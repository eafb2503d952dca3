"""Resigning in the terminal (issue 23, item 2): ``resign`` at a prompt asks y/n, saying what
follows; confirmed, a solo game is lost (core resign, reason ``resigned``) and in Boss Quest
the knight leaves while the others play on (BQ-R25); ``help`` lists it, a refusal is one
line, companion mode has it too, and the record written at the end keeps it and replays."""

# ruff: noqa: N802  (test names carry clause IDs such as BQ_R25 in capitals)

from __future__ import annotations

import contextlib
import io
import json
from collections.abc import Iterable
from pathlib import Path

from rich.console import Console

from gamehall.bots import make_bot
from gamehall.cli.terminal import Quit, TerminalSession
from gamehall.core.game import CHANCE
from gamehall.core.i18n import catalog
from gamehall.core.match import Match
from gamehall.core.record import Record, replay
from gamehall.core.registry import create
from tests.commands import gamehall


class Typist:
    """The person at the terminal: types ``answers`` in turn (EOF after the last), and
    remembers each prompt it was shown."""

    def __init__(self, answers: Iterable[str]) -> None:
        self.answers = iter(answers)
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        try:
            return next(self.answers)
        except StopIteration:
            raise EOFError from None


def play(
    match: Match, answers: Iterable[str], record: Path, lang: str = "en", physical: bool = False
) -> tuple[str, Typist]:
    """Run a terminal session at ``match``; what it printed, and the typist."""
    out = io.StringIO()
    typist = Typist(answers)
    session = TerminalSession(
        match, Console(file=out, width=160), catalog(lang), typist, record, physical=physical
    )
    with contextlib.suppress(Quit):  # the person quit: the record is written all the same
        session.run()
    return out.getvalue(), typist


def replays_the_same(record: Path, match: Match) -> bool:
    saved = Record.load(record)
    return saved.actions == [str(a) for a in match.actions] and (
        replay(saved).outcome() == match.outcome()
    )


def test_resign_asks_first_and_a_solo_game_is_lost(tmp_path: Path) -> None:
    """core resign, solo: ``help`` lists ``resign``; ``resign`` then ``n`` plays on, nothing
    done; ``resign`` then ``y`` loses the game (``resigned``); the record keeps ``resign 1``."""
    match = Match(create("20-strong", 1), 3, [None])
    path = tmp_path / "game.json"
    out, typist = play(match, ["help", "resign", "n", "resign", "y"], path)
    assert "'resign' gives up the game, after you confirm" in out
    assert typist.prompts.count("Resign? The game is lost. (y/n) ") == 2
    assert "You play on." in out
    outcome = match.outcome()
    assert outcome is not None and outcome.reason == "resigned" and outcome.winners == ()
    assert "You resign." in out and "Game over: resigned." in out
    assert [str(a) for a in match.actions].count("resign 1") == 1
    assert str(match.actions[-1]) == "resign 1" and match.movers[-1] == 0
    assert Record.load(path).actions[-1] == "resign 1" and replays_the_same(path, match)


def test_BQ_R25_resigning_leaves_a_game_of_several_to_the_others(tmp_path: Path) -> None:
    """BQ-R25: knight 1 resigns at their first turn (the prompt says the others play on);
    the two bots play the game out without them, and knight 1 is not among the winners."""
    game = create("boss-quest", 3)
    match = Match(game, 7, [None, make_bot("heuristic", game.name), make_bot("random", game.name)])
    path = tmp_path / "game.json"
    out, typist = play(match, ["resign", "y"], path)
    assert typist.prompts[-1] == (
        "Resign? You leave the game for good; the others play on without you. (y/n) "
    )
    assert "Knight 1 resigns and leaves the game." in out
    outcome = match.outcome()
    assert outcome is not None and 0 not in outcome.winners and "Game over" in out
    resigned_at = [str(a) for a in match.actions].index("resign 1")
    assert resigned_at < len(match.actions) - 1, "the others played on after"
    assert 0 not in match.movers[resigned_at + 1 :]
    assert replays_the_same(path, match)


def test_BQ_R25_the_last_one_left_wins_and_french_confirms_with_o(tmp_path: Path) -> None:
    """BQ-R25 in French, two knights: the prompt says seat 2 is the only one left and wins;
    ``o`` (oui) confirms; the game ends at once, won by seat 2 (``others-resigned``)."""
    game = create("boss-quest", 2)
    match = Match(game, 4, [None, make_bot("heuristic", game.name)])
    out, typist = play(match, ["resign", "o"], tmp_path / "game.json", lang="fr")
    assert typist.prompts[-1] == (
        "Abandonner ? Vous quittez la partie ; il ne reste que Chevalier 2, qui la gagne. (o/n) "
    )
    outcome = match.outcome()
    assert outcome is not None and outcome.winners == (1,) and outcome.reason == "others-resigned"
    assert (
        "Partie terminée : toutes les autres places ont abandonné. Vainqueur : Chevalier 2." in out
    )


def test_resign_in_companion_mode_at_a_chance_entry_and_its_refusal(tmp_path: Path) -> None:
    """Companion mode: at a chance entry the one person at the terminal may resign (the
    physical solo game is lost); where several people share it, ``resign`` there is refused
    in one line (resign at your own turn) and nothing is done."""
    solo = Match(create("20-strong", 1), 3, [None])
    path = tmp_path / "solo.json"
    out, typist = play(solo, ["help", "resign", "y"], path, physical=True)
    assert "'resign' gives up the game" in out
    assert typist.prompts[-1] == "Resign? The game is lost. (y/n) "
    outcome = solo.outcome()
    assert outcome is not None and outcome.reason == "resigned"
    assert Record.load(path).actions == ["resign 1"] and replays_the_same(path, solo)

    two = Match(create("boss-quest", 2), 5, [None, None])
    out, _ = play(two, ["resign", "quit"], tmp_path / "two.json", physical=True)
    assert two.to_move() == CHANCE and not two.actions
    refusal = "Not allowed: several people play at this terminal: resign at your own turn"
    assert [line for line in out.splitlines() if "resign at your own turn" in line] == [refusal]


def test_gamehall_play_takes_resign_and_replay_reads_it(tmp_path: Path) -> None:
    """The command as a person runs it: ``resign`` and ``y`` end a solo game as lost; the
    record says so and ``gamehall replay`` narrates the resignation."""
    record = tmp_path / "game.json"

    result = gamehall(f"play 20-strong --seed 3 --record {record}", "resign\ny\n")
    assert result.returncode == 0, result.stderr
    assert "Resign? The game is lost. (y/n)" in result.stdout
    assert "Game over: resigned." in result.stdout
    data = json.loads(record.read_text())
    assert data["actions"][-1] == "resign 1" and data["outcome"]["reason"] == "resigned"
    steps = gamehall(f"replay {record}")
    assert steps.returncode == 0 and "You resign." in steps.stdout
