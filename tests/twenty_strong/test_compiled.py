"""The compiled hot path (mypyc, Cython) plays exactly the games the plain-Python sources play,
and counts exactly the same odds."""

from __future__ import annotations

import ast
import doctest
import importlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gamehall.core.builds import builds
from gamehall.games.twenty_strong import compiled

SRC = Path(compiled.__file__).parents[3]

# Random games and bot games, each step's action and view hashed: any difference in the rules
# between the two builds changes the digest.
DIGEST = """
import hashlib, json
from gamehall.core.chance import make_rng, sample
from gamehall.core.game import CHANCE
from gamehall.bots.twenty_strong_heuristic import TwentyStrongHeuristicBot
from gamehall.games.twenty_strong import TwentyStrong, compiled, rules

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


def run_digest(src: Path) -> tuple[str, str]:
    env = {**os.environ, "PYTHONPATH": str(src)}
    result = subprocess.run(
        [sys.executable, "-c", DIGEST], capture_output=True, text=True, env=env, check=False
    )
    assert result.returncode == 0, result.stderr
    build, digest = result.stdout.split()
    return build, digest


@pytest.mark.skipif(not compiled.is_compiled(), reason="the hot path is not compiled here")
def test_compiled_and_pure_builds_play_the_same_games(tmp_path: Path) -> None:
    pure_src = tmp_path / "src"
    shutil.copytree(
        SRC / "gamehall", pure_src / "gamehall", ignore=shutil.ignore_patterns("*.so", "*.pyc")
    )
    assert run_digest(SRC) == ("True", run_digest(pure_src)[1])
    assert run_digest(pure_src)[0] == "False"


def test_a_compiled_module_older_than_its_source_is_refused(tmp_path: Path) -> None:
    source = tmp_path / "flow.py"
    build = tmp_path / "flow.cpython-311-x86_64-linux-gnu.so"
    source.write_text("")
    build.write_bytes(b"")
    os.utime(build, (1_000_000, 1_000_000))
    os.utime(source, (2_000_000, 2_000_000))
    with pytest.raises(ImportError, match=r"older than flow\.py: run `make compiled`"):
        compiled.check_builds(tmp_path)
    os.utime(build, (3_000_000, 3_000_000))
    compiled.check_builds(tmp_path)  # a build newer than its source is used


def docstrings(source: Path) -> list[str]:
    """The docstrings of a module's source (mypyc keeps none in the build)."""
    nodes = ast.walk(ast.parse(source.read_text()))
    documented = (ast.Module, ast.FunctionDef, ast.ClassDef)
    return [ast.get_docstring(n) or "" for n in nodes if isinstance(n, documented)]


def test_doctests_of_the_compiled_modules_pass() -> None:
    """The examples in the sources' docstrings, run against the modules Python imports."""
    every_build = builds(SRC / "gamehall")  # the 20 Strong rules, the RL arrays, features
    sources = [source for _build, source in every_build] or [compiled.PACKAGE / "dice.py"]
    runner = doctest.DocTestRunner()
    for source in sources:
        module = importlib.import_module(".".join(source.relative_to(SRC).with_suffix("").parts))
        for doc in docstrings(source):
            test = doctest.DocTestParser().get_doctest(
                doc, dict(vars(module)), source.stem, None, 0
            )
            runner.run(test)
    assert runner.failures == 0
    assert runner.tries > 0  # the dice's examples at least
