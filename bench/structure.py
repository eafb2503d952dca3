"""The shape of the 20 Strong package, measured: import circles, one action's path, the deck
interface, where one effect kind lives (issue 26; figures in docs/performance.md).

* **Import circles**: the strongly connected components of the package's import graph, counting
  the imports that run when a module loads, then also those inside functions, then also those
  only the type checker reads (under ``if TYPE_CHECKING:``).
* **One action's path**: every Python call and return of ``apply_legal`` followed by a profiler
  over seeded random games of each deck, in the pure sources; *files* is how many of gamehall's
  files one action runs code in, *returns* how often it comes back into a file it had left.
  Medians and the largest over every decision (chance steps apart).
* **Deck interface**: the public methods of the deck's rules class (``DeckRules``).
* **One effect kind**: the rules modules (the decks', locale and card data apart) whose code
  names ``reroll``.

Run it on the checkout and on an older tree side by side::

    git worktree add /tmp/base fc21f77
    .venv/bin/python bench/structure.py --base /tmp/base
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "gamehall.games.twenty_strong"


def imports_of(
    path: Path, module: str, modules: set[str], deferred: bool, typed: bool = False
) -> set[str]:
    """The package's modules that ``path`` (module ``module``) imports as it loads, with
    ``deferred`` also inside its functions, with ``typed`` also under ``if TYPE_CHECKING:``.
    ``from package import module`` imports that module, not the package."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                visit(node.body if typed else node.orelse)
            elif isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parent = package.rsplit(".", node.level - 1)[0]
                    base = f"{parent}.{base}" if base else parent
                subs = {f"{base}.{alias.name}" for alias in node.names}
                found.update(subs & modules if subs <= modules else subs & modules | {base})
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                if deferred or isinstance(node, ast.ClassDef):
                    visit(node.body)
            elif isinstance(node, ast.If | ast.Try | ast.With | ast.For | ast.While):
                for part in ("body", "orelse", "finalbody"):
                    visit(getattr(node, part, []))
                for handler in getattr(node, "handlers", []):
                    visit(handler.body)

    visit(tree.body)
    return found & modules - {module}


def import_graph(src: Path, deferred: bool = False, typed: bool = False) -> dict[str, set[str]]:
    """Each module of the package to the package's modules it imports (``imports_of``)."""
    top = src / PACKAGE.replace(".", "/")
    paths: dict[str, Path] = {}
    for path in sorted(top.rglob("*.py")):
        parts = path.relative_to(src).with_suffix("").parts
        paths[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    names = set(paths)
    return {name: imports_of(path, name, names, deferred, typed) for name, path in paths.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The graph's strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                connect(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    sys.setrecursionlimit(10_000)
    for node in sorted(graph):
        if node not in index:
            connect(node)
    return sorted(found, key=len, reverse=True)


PATHS = r"""
import json, statistics, sys
from gamehall.core.chance import make_rng, sample
from gamehall.core.game import CHANCE
from gamehall.core.registry import create

def path_of(game, state, action):
    files, seen, returns = [], set(), 0
    def profile(frame, event, arg):
        nonlocal returns
        if event not in ("call", "return"):
            return
        code = frame.f_code if event == "call" else frame.f_back.f_code if frame.f_back else None
        if code is None or "/gamehall/" not in code.co_filename:
            return
        name = code.co_filename.split("/gamehall/", 1)[1]
        if files and files[-1] == name:
            return
        if name in seen:
            returns += 1
        seen.add(name)
        files.append(name)
    sys.setprofile(profile)
    try:
        game.apply_legal(state, action)
    finally:
        sys.setprofile(None)
    return len(seen), returns

import gamehall.games.twenty_strong.flow as flow
if not flow.__file__.endswith(".py"):  # a build the profiler cannot follow into
    sys.exit(f"structure: {flow.__file__} is compiled; measure a tree of plain sources")

rows = {}
for deck in sys.argv[2:]:
    game = create("20-strong", 1, {"deck": deck})
    rng = make_rng(7, "structure")
    counts, returns = [], []
    for _ in range(int(sys.argv[1])):
        state = game.initial_state()
        for _ in range(3000):
            mover = game.to_move(state)
            if mover is None:
                break
            if mover == CHANCE:
                action = sample(game.chance_weights(state), rng)
            else:
                actions = game.legal_actions(state)
                action = actions[int(rng.random() * len(actions))]
                files, back = path_of(game, state, action)
                counts.append(files)
                returns.append(back)
            state = game.apply_legal(state, action)
    rows[deck] = {
        "decisions": len(counts),
        "files_median": statistics.median(counts), "files_max": max(counts),
        "returns_median": statistics.median(returns), "returns_max": max(returns),
    }
print(json.dumps(rows))
"""


def action_paths(tree: Path, games: int) -> dict[str, Any]:
    """One action's path over seeded games of each deck, in the pure sources of ``tree``."""
    env = dict(os.environ, PYTHONPATH=str(tree / "src"), GAMEHALL_PURE="1")
    done = subprocess.run(
        [sys.executable, "-c", PATHS, str(games), "too-many-bones", "victorum"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    if done.returncode:
        last = done.stderr.strip().splitlines()[-1:] or ["structure: the playouts failed"]
        raise SystemExit(last[0])
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def deck_methods(src: Path) -> int:
    """The public methods of the deck's rules class, ``DeckRules`` in ``deck.py``."""
    tree = ast.parse((src / PACKAGE.replace(".", "/") / "deck.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == "DeckRules":
            return sum(
                isinstance(item, ast.FunctionDef) and not item.name.startswith("_")
                for item in node.body
            )
    raise SystemExit("structure: no DeckRules class in deck.py")


def kind_places(src: Path, kind: str = "reroll") -> list[str]:
    """The general rules modules whose code (not docstrings nor comments) names ``kind``."""
    top = src / PACKAGE.replace(".", "/")
    places = []
    for path in sorted(top.rglob("*.py")):
        if "decks" in path.relative_to(top).parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
            and node.body
            and isinstance(node.body[0], ast.Expr)
        }
        if any(
            isinstance(node, ast.Constant)
            and id(node) not in docstrings
            and isinstance(node.value, str)
            and kind in node.value
            for node in ast.walk(tree)
        ):
            places.append(str(path.relative_to(top)))
    return places


def measure(tree: Path, games: int) -> dict[str, Any]:
    """Every figure of ``tree``."""
    src = tree / "src"
    found = circles(import_graph(src))
    later = circles(import_graph(src, deferred=True))
    typed = circles(import_graph(src, deferred=True, typed=True))
    return {
        "largest_circle": len(found[0]) if found else 0,
        "circle": [m.removeprefix(PACKAGE + ".") for m in found[0]] if found else [],
        "circles": len(found),
        "largest_deferred": len(later[0]) if later else 0,
        "deferred": [m.removeprefix(PACKAGE + ".") for m in later[0]] if later else [],
        "largest_typed": len(typed[0]) if typed else 0,
        "paths": action_paths(tree, games),
        "deck_methods": deck_methods(src),
        "reroll_in": kind_places(src),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", type=Path, help="an older tree to measure beside this one")
    parser.add_argument("--games", type=int, default=20, help="seeded games of each deck")
    args = parser.parse_args()
    trees = {"this": ROOT} | ({"base": args.base} if args.base else {})
    for label, tree in trees.items():
        figures = measure(tree, args.games)
        print(f"## {label} ({tree})")
        print(f"largest import circle: {figures['largest_circle']} modules")
        print(f"  {', '.join(figures['circle'])}")
        print(f"import circles of two or more modules: {figures['circles']}")
        print(f"largest, counting imports inside functions: {figures['largest_deferred']}")
        print(f"  {', '.join(figures['deferred'])}")
        print(f"largest, counting type-only imports too: {figures['largest_typed']}")
        for deck, row in figures["paths"].items():
            print(
                f"one action ({deck}, {row['decisions']} decisions): files median "
                f"{row['files_median']} max {row['files_max']}; returns median "
                f"{row['returns_median']} max {row['returns_max']}"
            )
        print(f"DeckRules public methods: {figures['deck_methods']}")
        print(f"general modules naming 'reroll': {len(figures['reroll_in'])}")
        print(f"  {', '.join(figures['reroll_in'])}")


if __name__ == "__main__":
    main()
