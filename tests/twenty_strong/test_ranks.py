"""TMB-RANK-2 across games: a win moves the player up one rank, a loss down one (1..5),
kept in a rank book between games; ``gamehall play --ranked`` plays at the recorded rank."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from gamehall.cli.ranks import RankBook
from gamehall.core.errors import OptionError
from tests.commands import gamehall


def test_TMB_RANK_2_wins_move_up_losses_move_down_within_one_to_five(tmp_path: Path) -> None:  # noqa: N802
    book = RankBook(tmp_path / "ranks.json")
    assert book.rank("too-many-bones") == 1
    assert book.record("too-many-bones", won=False) == 1  # a loss at rank 1 stays at 1
    assert [book.record("too-many-bones", won=True) for _ in range(6)] == [2, 3, 4, 5, 5, 5]
    assert book.record("too-many-bones", won=False) == 4
    assert RankBook(tmp_path / "ranks.json").rank("too-many-bones") == 4  # kept on disk
    assert json.loads((tmp_path / "ranks.json").read_text()) == {"too-many-bones": 4}


def test_a_damaged_rank_file_is_one_clear_error(tmp_path: Path) -> None:
    (tmp_path / "ranks.json").write_text("not json")
    with pytest.raises(OptionError, match="not a rank file"):
        RankBook(tmp_path / "ranks.json")


def play(command: str, home: Path) -> subprocess.CompletedProcess[str]:
    """``gamehall COMMAND`` with ``home`` as GAMEHALL_HOME, quitting at the first prompt."""
    return gamehall(command, "quit\n", timeout=120, home=home)


def test_ranked_play_uses_the_recorded_rank(tmp_path: Path) -> None:
    (tmp_path / "ranks.json").write_text(json.dumps({"too-many-bones": 3}))
    result = play("play 20-strong --ranked --seed 4", tmp_path)
    assert result.returncode == 0, result.stderr
    assert "rank 3" in result.stdout
    assert "penalty" in result.stdout  # rank 3: two setup penalties to choose
    refused = play("play 20-strong --ranked --rank 2", tmp_path)
    assert refused.returncode == 2 and "give no --rank" in refused.stderr
