"""Benchmark figures are saved without overwriting one another."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from bench import saving


def test_two_runs_saved_in_the_same_second_keep_both_figures(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two soaks (SQLite and PostgreSQL side by side) ending in the same second once wrote one
    file, the second run's figures replacing the first's."""
    (tmp_path / "bench").mkdir()
    monkeypatch.setattr(saving, "RESULTS", tmp_path / "bench" / "results")
    monkeypatch.setattr(time, "gmtime", lambda: (2026, 12, 1, 4, 57, 45, 1, 335, 0))
    paths = [saving.save("soak", {"database": name}) for name in ("sqlite", "postgresql", "x")]
    assert [p.name for p in paths] == [
        "soak-20261201-045745.json",
        "soak-20261201-045745-2.json",
        "soak-20261201-045745-3.json",
    ]
    read = [json.loads((tmp_path / p).read_text())["database"] for p in paths]
    assert read == ["sqlite", "postgresql", "x"]
