"""Packaging (issue 26, item 4): ``pip install gamehall`` is the engine, the games, the bots,
the search and the terminal, with few dependencies; the web hall, PostgreSQL, the lab, the
learning environments, Ray and the compilers are extras. A plain install is played here with
every extra's packages made unimportable; the wheel holds ``py.typed`` and no tests nor
builds made in place; the version has one source, which records carry."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

import gamehall
from gamehall.core.record import Record

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
BASE = {"typer", "rich", "pydantic", "babel", "markdown-it-py", "mypy_extensions"}
"""The distributions a plain install brings (each says why in pyproject.toml)."""
EXTRAS = {"hall", "postgres", "lab", "rl", "ray", "fast", "dev"}
IMPORTED_AS = {
    "fastapi": "fastapi",
    "uvicorn": "uvicorn",
    "jinja2": "jinja2",
    "python-multipart": "python_multipart",
    "limits": "limits",
    "sqlalchemy": "sqlalchemy",
    "alembic": "alembic",
    "psycopg": "psycopg",
    "matplotlib": "matplotlib",
    "gymnasium": "gymnasium",
    "pettingzoo": "pettingzoo",
    "open-spiel": "pyspiel",
    "numpy": "numpy",
    "ray": "ray",
    "cython": "cython",
    "mypy": "mypy",
    "setuptools": "setuptools",
    "hatchling": "hatchling",
    "editables": "editables",
}
"""The module each extra's distribution is imported as (the plain install must not need it)."""
FACETS = ("gamehall.web", "gamehall.store", "gamehall.lab", "gamehall.rl")
"""Packages of the extras: the hall, its store, the lab, the learning environments."""
LEARNING = ("features", ".rl")
"""Modules of the games that are learning facets (the rl extra: NumPy)."""


def distribution(requirement: str) -> str:
    """The distribution a requirement names (``uvicorn[standard]>=0.30`` -> ``uvicorn``)."""
    name = requirement.split(";", maxsplit=1)[0]
    for mark in "[<>=!~ ":
        name = name.split(mark, maxsplit=1)[0]
    return name.strip().lower()


def test_a_plain_install_needs_few_dependencies_and_the_rest_are_extras() -> None:
    base = {distribution(r) for r in PROJECT["dependencies"]}
    assert base == BASE
    extras = PROJECT["optional-dependencies"]
    assert set(extras) == EXTRAS
    named = {distribution(r) for name, rs in extras.items() if name != "dev" for r in rs}
    assert named - {"gamehall"} <= set(IMPORTED_AS), "a new extra dependency: say its module"
    assert "version" in PROJECT["dynamic"] and "version" not in PROJECT


BLOCKER = """
import importlib, importlib.abc, pkgutil, runpy, sys
BLOCKED = set(sys.argv[1].split(","))
class Blocked(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name.split(".")[0] in BLOCKED:
            raise ModuleNotFoundError(f"No module named {name!r} (not installed)", name=name)
        return None
sys.meta_path.insert(0, Blocked())
if sys.argv[2] == "import":
    import gamehall
    facets, learning = tuple(sys.argv[3].split(",")), tuple(sys.argv[4].split(","))
    for found in pkgutil.walk_packages(gamehall.__path__, "gamehall."):
        name = found.name
        if name.startswith(facets) or name.endswith(learning) or "conftest" in name:
            continue
        if name != "gamehall.__main__":
            importlib.import_module(name)
    print("imported")
else:
    sys.argv = ["gamehall", *sys.argv[3:]]
    runpy.run_module("gamehall", run_name="__main__")
"""


def plain(*arguments: str) -> subprocess.CompletedProcess[str]:
    """Run ``python -c BLOCKER`` with every extra's modules unimportable."""
    blocked = ",".join(sorted({*IMPORTED_AS.values(), "Cython", "starlette", "multipart"}))
    return subprocess.run(
        [sys.executable, "-c", BLOCKER, blocked, *arguments],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


def test_the_engine_bots_search_and_terminal_import_without_any_extra() -> None:
    done = plain("import", ",".join(FACETS), ",".join(LEARNING))
    assert done.returncode == 0 and "imported" in done.stdout, done.stderr[-2000:]


@pytest.mark.parametrize(
    "arguments",
    [
        ("games",),
        ("rules", "boss-quest"),
        ("play", "boss-quest", "--players", "3", "--bots", "3", "--seed", "4", "--delay", "0"),
        ("play", "twenty-strong", "--bots", "1", "--seed", "5", "--delay", "0"),
        ("play", "ancient-terrible-things", "--players", "2", "--bots", "2", "--seed", "6"),
        ("play", "twenty-strong", "--deck", "victorum", "--bots", "1", "--bot", "mcts:20"),
    ],
    ids=" ".join,
)
def test_a_plain_install_plays_in_the_terminal(arguments: tuple[str, ...], tmp_path: Path) -> None:
    """The games, the heuristic and search bots, the record: nothing of the extras."""
    record = tmp_path / "game.json"
    wanted = [*arguments, "--record", str(record)] if arguments[0] == "play" else arguments
    done = plain("run", *wanted)
    assert done.returncode == 0, done.stderr[-2000:]
    if arguments[0] == "play":
        assert "Game over" in done.stdout or "game is over" in done.stdout.lower(), done.stdout
        assert json.loads(record.read_text())["gamehall"] == gamehall.__version__


def test_the_wheel_holds_the_typed_sources_and_no_tests_nor_in_place_builds(
    tmp_path: Path,
) -> None:
    pip_wheel = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation"]
    built = subprocess.run(
        [*pip_wheel, "-q", "-w", str(tmp_path), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert built.returncode == 0, built.stderr[-2000:]
    (wheel,) = tmp_path.glob("gamehall-*.whl")
    assert wheel.name.startswith(f"gamehall-{gamehall.__version__}-py3-none-any")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        metadata = archive.read(f"gamehall-{gamehall.__version__}.dist-info/METADATA").decode()
    assert "gamehall/py.typed" in names
    assert "gamehall/games/boss_quest/rules.py" in names
    assert not [n for n in names if n.endswith(("conftest.py", ".so", ".c")) or "/tests/" in n]
    assert not [n for n in names if "__pycache__" in n]
    assert f"Version: {gamehall.__version__}" in metadata
    assert "Provides-Extra: hall" in metadata and "Provides-Extra: fast" in metadata


def test_a_record_carries_the_one_version() -> None:
    from gamehall.core.match import Match
    from gamehall.core.registry import create

    record = Record.of(Match(create("boss-quest", 2), 7))
    assert record.gamehall == gamehall.__version__
