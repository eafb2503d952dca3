"""Rules code never touches a hidden source of randomness or time.

A game's rules are a pure function of the state and the action: randomness only enters as
chance actions that the match runner samples from its seeded generator, and the clock never
enters at all. So no module under ``src/gamehall/games`` may import ``random``, ``secrets``,
``time``, ``datetime`` or ``uuid`` (in any form: ``import x``, ``import x.y as z``,
``from x import y``, ``__import__("x")``, ``importlib.import_module("x")``), nor use
``os.urandom``, nor import the match runner's sampler ``gamehall.core.chance``.
"""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

import pytest

import gamehall.games

GAMES = Path(gamehall.games.__file__).resolve().parent
FORBIDDEN_MODULES = frozenset({"random", "secrets", "time", "datetime", "uuid"})
RUNNER_ONLY = "gamehall.core.chance"
"""Seeded generators and sampling: for the match runner and bots, never for rules."""
FORBIDDEN_OS = frozenset({"urandom"})
DYNAMIC_IMPORTS = frozenset({"__import__", "import_module"})


def _forbidden(module: str) -> bool:
    return module.split(".", 1)[0] in FORBIDDEN_MODULES or (
        module == RUNNER_ONLY or module.startswith(RUNNER_ONLY + ".")
    )


def impurities_in(source: str, filename: str) -> list[str]:
    """Each forbidden import or use in one module's ``source``, as ``file:line: what``."""
    tree = ast.parse(source, filename)
    found: list[tuple[int, str]] = []
    os_names = {"os"}  # names bound to the os module (``import os as system``)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if _forbidden(alias.name):
                    found.append((node.lineno, f"imports {alias.name}"))
                elif alias.name == "os":
                    os_names.add(alias.asname or "os")
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if _forbidden(node.module):
                found.append((node.lineno, f"imports from {node.module}"))
                continue
            for alias in node.names:
                if node.module == "os" and alias.name in FORBIDDEN_OS:
                    found.append((node.lineno, f"imports os.{alias.name}"))
                elif _forbidden(f"{node.module}.{alias.name}"):
                    found.append((node.lineno, f"imports {node.module}.{alias.name}"))
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and node.attr in FORBIDDEN_OS
            and isinstance(node.value, ast.Name)
            and node.value.id in os_names
        ):
            found.append((node.lineno, f"uses os.{node.attr}"))
        elif isinstance(node, ast.Call) and node.args:
            function = node.func
            name = function.attr if isinstance(function, ast.Attribute) else None
            if isinstance(function, ast.Name):
                name = function.id
            module = node.args[0]
            if (
                name in DYNAMIC_IMPORTS
                and isinstance(module, ast.Constant)
                and isinstance(module.value, str)
                and _forbidden(module.value)
            ):
                found.append((node.lineno, f"imports {module.value} dynamically"))
    return [f"{filename}:{line}: {what}" for line, what in sorted(found)]


def impurities(root: Path) -> list[str]:
    """Each forbidden import or use in the Python modules under ``root``."""
    problems: list[str] = []
    for path in sorted(root.rglob("*.py")):
        problems += impurities_in(path.read_text(encoding="utf-8"), str(path))
    return problems


def test_rules_use_no_hidden_randomness_or_time() -> None:
    modules = list(GAMES.rglob("*.py"))
    assert len(modules) > 20, f"no rules modules found under {GAMES}"
    problems = impurities(GAMES)
    assert problems == [], "rules code must not use randomness or time:\n" + "\n".join(problems)


def test_every_compiled_rules_module_has_its_source_checked() -> None:
    """A compiled module is checked through its source: every rules module the build backend
    compiles (pyproject.toml) is a source under the games, among those checked above."""
    config = tomllib.loads((GAMES.parents[2] / "pyproject.toml").read_text())
    listed = config["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["custom"]["modules"]
    games = [module for module in listed if module.startswith("gamehall/games/")]
    sources = {module: sorted(GAMES.parents[1].glob(module)) for module in games}
    assert [module for module, found in sources.items() if not found] == []  # none missing
    assert len(sources) > 5
    checked = set(GAMES.rglob("*.py"))
    assert [s for found in sources.values() for s in found if s not in checked] == []


@pytest.mark.parametrize(
    ("source", "line", "what"),
    [
        ("import random\n", 1, "imports random"),
        ("x = 1\nimport os, secrets as s\n", 2, "imports secrets"),
        ("import time\n", 1, "imports time"),
        ("from datetime import datetime\n", 1, "imports from datetime"),
        ("import uuid\n", 1, "imports uuid"),
        ("import random as r\n", 1, "imports random"),
        ("def roll():\n    from random import randint\n", 2, "imports from random"),
        ("from os import urandom\n", 1, "imports os.urandom"),
        ("import os\n\nseed = os.urandom(8)\n", 3, "uses os.urandom"),
        ("import os as system\nbits = system.urandom(4)\n", 2, "uses os.urandom"),
        ("rng = __import__('random')\n", 1, "imports random dynamically"),
        ("import importlib\nt = importlib.import_module('time')\n", 2, "imports time dynamically"),
        ("from gamehall.core.chance import sample\n", 1, "imports from gamehall.core.chance"),
        ("from gamehall.core import chance\n", 1, "imports gamehall.core.chance"),
    ],
)
def test_the_checker_finds_each_impurity(tmp_path: Path, source: str, line: int, what: str) -> None:
    package = tmp_path / "games" / "some_game"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text('"""A pure module."""\nimport os\n')
    rules = package / "rules.py"
    rules.write_text(source)
    assert impurities(tmp_path / "games") == [f"{rules}:{line}: {what}"]


def test_the_checker_allows_pure_code(tmp_path: Path) -> None:
    (tmp_path / "rules.py").write_text(
        "from __future__ import annotations\n"
        "import os\n"
        "from os import path\n"
        "from . import random\n"
        "from .dice import time\n"
        "from gamehall.core.game import CHANCE, ChanceWeights\n"
        "from gamehall.core import game\n"
        "random_number = os.path.join('a', 'b')  # the word random in a name is fine\n"
    )
    assert impurities(tmp_path) == []
