"""Every rule clause of every implemented game is named by at least one test, and by the code
that carries it out (so ``git grep -w GEN-RESOLVE-2 -- src`` finds where a rule lives).

A clause counts as covered only when its ID is in the name of a test function (``BQ_COMBAT_5``)
or in a test function's docstring (``BQ-COMBAT-5``). Comments, helpers, module docstrings and
this file do not count: a clause is covered by a test, not by a mention.

The clauses are read from the project's own index, docs/rules/ (docs/rules/README.md), so the
suite needs nothing outside the repository.
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Final

import pytest

CLAUSES = Path(__file__).resolve().parents[1] / "docs" / "rules"
TESTS = Path(__file__).resolve().parent
IMPLEMENTED = {
    "boss-quest.md": "BQ",
    "20-strong-general.md": "GEN",
    "20-strong-too-many-bones.md": "TMB",
    "20-strong-victorum.md": "VIC",
    "ancient-terrible-things.md": "ATT",
}
CODE = Path(__file__).resolve().parents[1] / "src" / "gamehall" / "games"
WHERE: Final = {
    "BQ": CODE / "boss_quest",
    "GEN": CODE / "twenty_strong",
    "TMB": CODE / "twenty_strong",  # a deck's rule may live in the general code it plugs into
    "VIC": CODE / "twenty_strong",
    "ATT": CODE / "ancient_terrible_things",
}
"""The package whose code (and card data) carries out each prefix's clauses (a deck's clause
may be carried out by the general rules it plugs into: the reserve's effect kinds, VIC-DICE-*)."""
CLAUSE_ID = re.compile(r"(?<![A-Za-z0-9])([A-Z]{2,4})[-_]([A-Z]+)[-_](\d+)(?![0-9])")
"""A clause ID, written with dashes (docstrings) or underscores (function names)."""

TABLE_ROW = re.compile(r"^\|(.*)\|$", flags=re.M)
SEPARATOR_ROW = re.compile(r"^\|(?:\s*:?-+:?\s*\|)+$")
RULEBOOK_REFERENCE = re.compile(r"\brules L\d+|\bresearch §")
"""A rulebook line (``rules L50``) or a section of the research notes (``research §B.3``)."""
FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef


def clause_ids(file: Path, prefix: str) -> list[str]:
    """The clause IDs defined in a clause file's table."""
    return re.findall(rf"^\| ({prefix}-[A-Z]+-\d+) \|", file.read_text(), flags=re.M)


def index_rows(file: Path) -> list[list[str]]:
    """The cells of every clause row of an index file's table (header and rule lines skipped)."""
    rows = []
    for match in TABLE_ROW.finditer(file.read_text()):
        cells = [cell.strip() for cell in match.group(1).split("|")]
        if cells[0] != "id" and not SEPARATOR_ROW.match(match.group(0)):
            rows.append(cells)
    return rows


def statements(file: Path) -> dict[str, str]:
    """Each clause ID of a clause file with the statement beside it."""
    return {cells[0]: cells[1] for cells in index_rows(file) if len(cells) >= 2}


def malformed_rows(file: Path, prefix: str) -> list[str]:
    """The rows of an index file lacking a ``prefix`` ID, a statement or a rulebook reference."""
    return [
        " | ".join(cells)
        for cells in index_rows(file)
        if len(cells) != 3
        or not re.fullmatch(rf"{prefix}-[A-Z]+-\d+", cells[0])
        or not cells[1]
        or not RULEBOOK_REFERENCE.search(cells[2])
    ]


def find_test_functions(body: list[ast.stmt]) -> Iterator[FunctionNode]:
    """The test functions pytest collects from a module or class body: ``test*`` functions,
    and ``test*`` methods of ``Test*`` classes (nested ``Test*`` classes included)."""
    for node in body:
        if isinstance(node, FunctionNode) and node.name.startswith("test"):
            yield node
        elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            yield from find_test_functions(node.body)


def ids_in(text: str) -> set[str]:
    """The clause IDs written in ``text``, normalised to the dashed form."""
    return {"-".join(match) for match in CLAUSE_ID.findall(text)}


def named_in(source: str, filename: str = "<test>") -> set[str]:
    """Clause IDs named by the test functions of one module's ``source``."""
    named: set[str] = set()
    for function in find_test_functions(ast.parse(source, filename).body):
        named |= ids_in(function.name)
        named |= ids_in(ast.get_docstring(function) or "")
    return named


@cache
def named_in_tests() -> frozenset[str]:
    """Clause IDs named by test functions anywhere under tests/ (this file excepted)."""
    named: set[str] = set()
    for path in sorted(TESTS.rglob("*.py")):
        # Only modules pytest collects hold tests (a test_* helper in scenario.py never runs).
        is_test_module = path.name.startswith("test_") or path.name.endswith("_test.py")
        if not is_test_module or path.resolve() == Path(__file__).resolve():
            continue
        named |= named_in(path.read_text(), str(path))
    return frozenset(named)


def test_only_test_names_and_docstrings_count() -> None:
    source = '''
"""Module docstring naming XQ-DEMO-1."""
# A comment naming XQ-DEMO-2.
def helper():
    """Helper naming XQ-DEMO-3."""
def test_XQ_DEMO_4_and_more():
    """Checks XQ-DEMO-5; XYZ-DEMO-12 too."""
    # XQ-DEMO-6 in a comment
    x = "XQ-DEMO-7"
class TestThings:
    def test_one(self):
        """XQ-DEMO-8"""
    def helper(self):
        """XQ-DEMO-9"""
class Helpers:
    def test_two(self):
        """XQ-DEMO-10"""
'''
    assert named_in(source) == {"XQ-DEMO-4", "XQ-DEMO-5", "XYZ-DEMO-12", "XQ-DEMO-8"}


def test_this_file_does_not_count() -> None:
    assert not any(clause.startswith(("XQ-", "XYZ-")) for clause in named_in_tests())


@pytest.mark.parametrize(("file", "prefix"), sorted(IMPLEMENTED.items()))
def test_every_clause_has_a_test(file: str, prefix: str) -> None:
    ids = clause_ids(CLAUSES / file, prefix)
    assert len(ids) > 10, f"no clauses read from {CLAUSES / file}"
    named = named_in_tests()
    missing = [clause for clause in ids if clause not in named]
    assert missing == [], f"clauses with no test: {', '.join(missing)}"


def named_in_code(package: Path) -> set[str]:
    """Clause IDs written anywhere in the package's code and card data."""
    named: set[str] = set()
    for path in sorted(package.rglob("*")):
        if path.suffix in (".py", ".toml", ".html") and "locale" not in path.parts:
            named |= ids_in(path.read_text(encoding="utf-8"))
    return named


@pytest.mark.parametrize(("file", "prefix"), sorted(IMPLEMENTED.items()))
def test_every_clause_is_named_where_the_code_carries_it_out(file: str, prefix: str) -> None:
    ids = clause_ids(CLAUSES / file, prefix)
    named = named_in_code(WHERE[prefix])
    missing = [clause for clause in ids if clause not in named]
    assert missing == [], f"clauses no code in {WHERE[prefix].name} names: {', '.join(missing)}"


def test_malformed_index_rows_are_found(tmp_path: Path) -> None:
    index = tmp_path / "demo.md"
    index.write_text(
        "# Demo\n\n| id | rule (in our words) | rulebook |\n|---|---|---|\n"
        "| XQ-DEMO-1 | A fine rule. | rules L3 |\n"
        "| XQ-DEMO-2 |  | rules L4 |\n"
        "| XQ-DEMO-3 | No source given. |  |\n"
        "| XQ-DEMO-4 | A source that is no line. | somewhere |\n"
        "| XZ-DEMO-5 | Another game's prefix. | research §B.3 |\n"
        "| XQ-DEMO-6 | A missing column. |\n"
    )
    assert [row.split(" | ")[0] for row in malformed_rows(index, "XQ")] == [
        "XQ-DEMO-2",
        "XQ-DEMO-3",
        "XQ-DEMO-4",
        "XZ-DEMO-5",
        "XQ-DEMO-6",
    ]
    assert statements(index)["XQ-DEMO-1"] == "A fine rule."


@pytest.mark.parametrize(("file", "prefix"), sorted(IMPLEMENTED.items()))
def test_every_index_row_states_a_rule_and_its_source(file: str, prefix: str) -> None:
    assert index_rows(CLAUSES / file), f"no clause rows in {CLAUSES / file}"
    bad = malformed_rows(CLAUSES / file, prefix)
    assert bad == [], f"rows without an ID, a statement or a rulebook reference: {bad}"


def test_clause_ids_are_unique() -> None:
    ids = Counter(cells[0] for file in IMPLEMENTED for cells in index_rows(CLAUSES / file))
    repeated = sorted(clause for clause, count in ids.items() if count > 1)
    assert repeated == [], f"clause IDs listed more than once: {', '.join(repeated)}"
