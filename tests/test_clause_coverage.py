"""Every rule clause of every implemented game is named by at least one test."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

CLAUSES = Path(__file__).resolve().parents[2] / "shared" / "rules" / "clauses"
TESTS = Path(__file__).resolve().parent
IMPLEMENTED = {
    "boss-quest.md": "BQ",
    "20-strong-general.md": "GEN",
    "20-strong-too-many-bones.md": "TMB",
    "20-strong-victorum.md": "VIC",
}


def clause_ids(file: Path, prefix: str) -> list[str]:
    """The clause IDs defined in a clause file's table."""
    return re.findall(rf"^\| ({prefix}-[A-Z]+-\d+) \|", file.read_text(), flags=re.M)


def named_in_tests() -> set[str]:
    """Clause IDs named in test names (BQ_COMBAT_5) or docstrings (BQ-COMBAT-5)."""
    text = "\n".join(p.read_text() for p in TESTS.rglob("test_*.py"))
    return {m.replace("_", "-") for m in re.findall(r"\b[A-Z]{2,4}[-_][A-Z]+[-_]\d+\b", text)}


@pytest.mark.parametrize(("file", "prefix"), sorted(IMPLEMENTED.items()))
def test_every_clause_has_a_test(file: str, prefix: str) -> None:
    ids = clause_ids(CLAUSES / file, prefix)
    assert len(ids) > 10, f"no clauses read from {CLAUSES / file}"
    missing = [clause for clause in ids if clause not in named_in_tests()]
    assert missing == [], f"clauses with no test: {', '.join(missing)}"
