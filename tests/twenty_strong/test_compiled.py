"""The compiled hot path (mypyc, Cython) plays exactly the games the plain-Python sources play,
and counts exactly the same odds; the build backend builds it into the wheel, and a build
whose sources changed since gives way to them."""

from __future__ import annotations

import ast
import doctest
import importlib
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from gamehall.core.speedups import in_use
from gamehall.games.twenty_strong import compiled

ROOT = Path(compiled.__file__).parents[4]
PACKAGE = Path(compiled.__file__).parent

# Random games and bot games, each step's action and view hashed: any difference in the rules
# between the two builds changes the digest.
DIGEST = """
import hashlib, json
from gamehall.core.chance import make_rng, sample
from gamehall.core.game import CHANCE
from gamehall.core.plugin import facet_of
from gamehall.games.twenty_strong import TwentyStrong, compiled

TwentyStrongHeuristicBot = facet_of("20-strong", "heuristic")

HEROES = ("duster", "mossmender", "brasshammer", "flickerpip", "ironbristle")
digest = hashlib.sha256()
for seed in range(12):
    game = TwentyStrong(1, {"rank": 1 + seed % 5, "hero": HEROES[seed % 5]})
    bot = TwentyStrongHeuristicBot() if seed % 2 else None
    rng = make_rng(seed, "parity")
    state = game.initial_state()
    while (mover := game.to_move(state)) is not None:
        view = game.view(state, 0)
        if mover == CHANCE:
            action = sample(game.chance_weights(state), rng)
        elif bot is not None:
            action = bot.choose(game, view, game.legal_actions(state), rng)
        else:
            legal = game.legal_actions(state)
            action = legal[int(rng.random() * len(legal))]
        digest.update(f"{action}|{json.dumps(view, sort_keys=True)}".encode())
        state = game.apply(state, action)
    digest.update(repr(game.outcome(state)).encode())
# The exact odds of cards immune to different colours (the counting kernel, defeat_count).
from gamehall.games.twenty_strong.odds import ALL_COLOURS, Card, p_defeat_all
for health in (3, 5):
    cards = [Card(health, ALL_COLOURS - {c}, 1 + c % 3) for c in range(5)]
    for dice in ((4, 4, 4, 4, 1), (2, 3, 4, 1, 1), (4, 0, 2, 3, 0)):
        digest.update(repr(p_defeat_all(dice, cards[: 3 + health % 3])).encode())
print(compiled.is_compiled(), digest.hexdigest())
"""


def run_digest(path: Path | None = None, pure: bool = False) -> tuple[str, str]:
    """(whether the rules ran compiled, the digest) in a fresh Python importing gamehall from
    ``path`` (else as installed), with the speedups turned off when ``pure``."""
    env = {**os.environ, "GAMEHALL_PURE": "1" if pure else "0"}
    if path is not None:
        env["PYTHONPATH"] = str(path)
    result = subprocess.run(
        [sys.executable, "-c", DIGEST], capture_output=True, text=True, env=env, check=False
    )
    assert result.returncode == 0, result.stderr
    build, digest = result.stdout.split()
    return build, digest


@pytest.mark.skipif(not compiled.is_compiled(), reason="the hot path is not compiled here")
def test_compiled_and_pure_builds_play_the_same_games() -> None:
    assert run_digest() == ("True", run_digest(pure=True)[1])
    assert run_digest(pure=True)[0] == "False"


def test_the_build_backend_compiles_the_wheel_and_a_changed_source_gives_way(
    tmp_path: Path,
) -> None:
    """``GAMEHALL_SPEEDUPS=1`` builds a platform wheel whose builds sit apart from the sources
    (``gamehall_speedups/``) and play the sources' games; once a source of a group changes, the
    group's builds are left alone and the sources run, with the same games."""
    env = {**os.environ, "GAMEHALL_SPEEDUPS": "1"}
    command = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps"]
    command += ["--no-build-isolation", "--wheel-dir", str(tmp_path), str(ROOT)]
    result = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    assert result.returncode == 0, result.stderr[-3000:]
    (wheel,) = tmp_path.glob("gamehall-*.whl")
    assert "linux_x86_64" in wheel.name or "manylinux" in wheel.name  # not a pure wheel
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        archive.extractall(tmp_path / "site")
    assert "gamehall_speedups/manifest.json" in names
    assert not [n for n in names if n.startswith("gamehall/") and n.endswith(".so")]
    site = tmp_path / "site"
    assert run_digest(site) == ("True", run_digest(site, pure=True)[1])
    assert run_digest(site, pure=True)[0] == "False"
    rules = site / "gamehall" / "games" / "twenty_strong" / "rules.py"
    rules.write_text(rules.read_text() + "\n# a pulled change\n")
    assert run_digest(site) == ("False", run_digest(site, pure=True)[1])


def docstrings(source: Path) -> list[str]:
    """The docstrings of a module's source (mypyc keeps none in the build)."""
    nodes = ast.walk(ast.parse(source.read_text()))
    documented = (ast.Module, ast.FunctionDef, ast.ClassDef)
    return [ast.get_docstring(n) or "" for n in nodes if isinstance(n, documented)]


def test_doctests_of_the_compiled_modules_pass() -> None:
    """The examples in the sources' docstrings, run against the modules Python imports."""
    sources = in_use() or {"gamehall.games.twenty_strong.dice": PACKAGE / "dice.py"}
    runner = doctest.DocTestRunner()
    for name, source in sources.items():
        module = importlib.import_module(name)
        for doc in docstrings(source):
            test = doctest.DocTestParser().get_doctest(
                doc, dict(vars(module)), source.stem, None, 0
            )
            runner.run(test)
    assert runner.failures == 0
    assert runner.tries > 0  # the dice's examples at least
