"""The training example of docs/rl.md runs, and even a short training beats random play."""

from __future__ import annotations

import re
import runpy
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).parents[2] / "docs" / "examples" / "train_boss_quest.py"


def test_a_short_training_already_beats_random_play(capsys: pytest.CaptureFixture[str]) -> None:
    example = runpy.run_path(str(EXAMPLE))
    example["main"](3000, 600)
    printed = capsys.readouterr().out
    rates = [float(x) for x in re.findall(r"vs random bot\s+([\d.]+)%", printed)]
    lows = [float(x) for x in re.findall(r"interval ([\d.]+)%", printed)]
    highs = [float(x) for x in re.findall(r"–([\d.]+)%\)", printed)]
    assert len(rates) == 2 and "trained on 3,000 games" in printed
    random_play, trained = rates
    assert lows[1] > highs[0], printed  # the intervals do not even overlap
    assert trained > random_play
