"""Every rule clause of every implemented game is named by at least one test.

A clause counts as covered only when its ID is in the name of a test function (``BQ_COMBAT_5``)
or in a test function's docstring (``BQ-COMBAT-5``). Comments, helpers, module docstrings and
this file do not count: a clause is covered by a test, not by a mention.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

CLAUSES = Path(__file__).resolve().parents[2] / "shared" / "rules" / "clauses"
TESTS = Path(__file__).resolve().parent
IMPLEMENTED = {
    "boss-quest.md": "BQ",
    "20-strong-general.md": "GEN",
    "20-strong-too-many-bones.md": "TMB",
    "20-strong-victorum.md": "VIC",
    "ancient-terrible-things.md": "ATT",
}
CLAUSE_ID = re.compile(r"(?<![A-Za-z0-9])([A-Z]{2,4})[-_]([A-Z]+)[-_](\d+)(?![0-9])")
"""A clause ID, written with dashes (docstrings) or underscores (function names)."""

FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef


def clause_ids(file: Path, prefix: str) -> list[str]:
    """The clause IDs defined in a clause file's table."""
    return re.findall(rf"^\| ({prefix}-[A-Z]+-\d+) \|", file.read_text(), flags=re.M)


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
