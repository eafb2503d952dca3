"""20 Strong decks as plug-ins: each deck is one :class:`DeckPlugin`, found through the
``gamehall.decks`` entry points; the general code names no deck (its code is scanned for
every installed deck's name, package and phase prefix); and an example deck (tests/example_deck)
installed from outside gamehall by its distribution's metadata alone is a value of the ``deck``
option and plays seeded games to the end."""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
from collections.abc import Iterator, Sequence
from importlib.metadata import entry_points
from pathlib import Path

import pytest

from gamehall.core.game import Action
from gamehall.games.twenty_strong import TwentyStrong
from gamehall.games.twenty_strong.deck_plugin import DeckPlugin, deck_plugins
from gamehall.games.twenty_strong.decks import BUILT_IN, DECKS, deck_names
from gamehall.games.twenty_strong.state import State
from tests.commands import python

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "src" / "gamehall"
TWENTY_STRONG = SOURCE / "games" / "twenty_strong"
GENERIC = [TWENTY_STRONG, *(SOURCE / part for part in ("bots", "lab", "cli", "rl", "web"))]
"""Where the general code lives (20 Strong's own outside ``decks/``, and the hall's parts)."""
JINJA_COMMENT = re.compile(r"\{#.*?#\}", re.DOTALL)


def generic_files() -> Iterator[Path]:
    """The general code's modules and templates."""
    for top in GENERIC:
        for path in sorted(top.rglob("*")):
            inside_decks = path.is_relative_to(TWENTY_STRONG / "decks")
            if path.suffix in (".py", ".html") and not inside_decks:
                yield path


def deck_words(plugin: DeckPlugin) -> tuple[set[str], set[str]]:
    """What names a deck: its name and package (in any spelling), and its phases' prefix."""
    package = plugin.rules.partition(":")[0].rsplit(".", 2)[-2]
    names = {plugin.name.lower(), package.lower(), plugin.name.replace("-", "").lower()}
    prefixes = {phase.split(".")[0] for phase in plugin.settings.get("search_phases", ())}
    return names, prefixes


def python_code(text: str) -> Iterator[str]:
    """The identifiers, imported modules and strings of a module, docstrings and comments
    left out."""
    tree = ast.parse(text)
    docstrings = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list):
            for statement in body:  # a module's, class's, function's docstrings, and the
                # strings written under a constant to document it
                if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
                    docstrings.add(id(statement.value))
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            yield node.id
        elif isinstance(node, ast.Attribute):
            yield node.attr
        elif isinstance(node, ast.alias):
            yield node.name
            yield node.asname or ""
        elif isinstance(node, ast.ImportFrom):
            yield node.module or ""
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in docstrings:
                yield node.value
        elif isinstance(node, ast.FunctionDef | ast.ClassDef | ast.AsyncFunctionDef):
            yield node.name


def template_code(text: str) -> Iterator[str]:
    """A template without its comments."""
    yield JINJA_COMMENT.sub("", text)


def naming(code: Iterator[str], names: set[str], prefixes: set[str]) -> list[str]:
    """The pieces of ``code`` that name a deck: one of ``names`` anywhere (any case), or one
    of ``prefixes`` as a word."""
    found = []
    for piece in code:
        lowered = piece.lower()
        words = set(re.split(r"[^a-z0-9]+", lowered))
        if any(name in lowered for name in names) or words & prefixes:
            found.append(piece)
    return found


def deck_names_in(path: Path, text: str, plugins: tuple[DeckPlugin, ...]) -> list[str]:
    """Every piece of the code of ``path`` (its text ``text``) that names one of ``plugins``."""
    code = python_code(text) if path.suffix == ".py" else template_code(text)
    pieces = list(code)
    found = []
    for plugin in plugins:
        names, prefixes = deck_words(plugin)
        found += naming(iter(pieces), names, prefixes)
    return found


def test_the_scan_finds_a_deck_named_in_code_and_not_in_comments() -> None:
    """The scan itself: yesterday's general code (a deck's module imported, its name
    compared, its phases listed, its template included) is caught; the same words in a
    docstring, a comment or a template comment are not."""
    caught = """
from gamehall.games.twenty_strong.decks.too_many_bones import cards as tmb
from gamehall.bots import victorum_heuristic as victorum

def choose(view):
    if view["deck"] == "victorum":
        return {"tmb.day": 1, "vic.move": 2}
"""
    found = deck_names_in(Path("caught.py"), caught, deck_plugins())
    assert {"tmb", "victorum_heuristic", "victorum", "tmb.day", "vic.move"} <= set(found)
    assert "gamehall.games.twenty_strong.decks.too_many_bones" in found
    template = """{% if view.deck == 'victorum' %}{% include "x/victorum.html" %}{% endif %}"""
    assert deck_names_in(Path("table.html"), template, deck_plugins())
    quiet = '''"""A deck such as Victorum or Too Many Bones (tmb.day) plugs in here."""
# victorum, too_many_bones
X = 1
"""A constant's note: Victorum's camps."""
'''
    assert deck_names_in(Path("quiet.py"), quiet, deck_plugins()) == []
    assert deck_names_in(Path("quiet.html"), "{# victorum #}<p></p>", deck_plugins()) == []


def test_no_general_code_names_a_deck() -> None:
    plugins = deck_plugins()
    assert len(plugins) >= 2
    files = list(generic_files())
    assert TWENTY_STRONG / "rules.py" in files and TWENTY_STRONG / "web" / "table.html" in files
    found = {
        str(path.relative_to(SOURCE)): names
        for path in files
        if (names := deck_names_in(path, path.read_text(encoding="utf-8"), plugins))
    }
    assert found == {}


def test_the_decks_are_plug_ins_found_through_entry_points() -> None:
    """gamehall's own decks are entry points of its distribution; each plug-in names its
    rules class's name, every part it names imports, and the ``deck`` option lists them."""
    named = {point.name: point.value for point in entry_points(group="gamehall.decks")}
    assert {name: named.get(name) for name in BUILT_IN} == BUILT_IN
    assert deck_names()[: len(BUILT_IN)] == tuple(BUILT_IN)
    for plugin in deck_plugins():
        assert plugin.deck().name == plugin.name == DECKS[plugin.name].name
        for part in plugin.parts:
            assert plugin.part(part) is not None, (plugin.name, part)
    spec = next(s for s in TwentyStrong.option_specs if s.name == "deck")
    assert spec.default == next(iter(BUILT_IN)) and spec.choices == deck_names()
    listed = [value for value, _title in TwentyStrong.option_choices(spec)]
    assert listed == list(deck_names())


# -- a deck installed from outside gamehall ----------------------------------------------------

ENTRY_POINTS = "[gamehall.decks]\nexample = tests.example_deck:PLUGIN\n"


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The environment of a Python where the example deck's distribution is installed: its
    metadata (with its entry point) on the path, as pip would leave it."""
    site = tmp_path_factory.mktemp("site")
    info = site / "example_deck-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: example-deck\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(ENTRY_POINTS)
    path = os.pathsep.join([str(site), str(ROOT), os.environ.get("PYTHONPATH", "")])
    return {**os.environ, "PYTHONPATH": path}


def run(env: dict[str, str], *arguments: str) -> subprocess.CompletedProcess[str]:
    return python(env, *arguments, cwd=ROOT)


def test_the_example_deck_is_a_value_of_the_deck_option(installed: dict[str, str]) -> None:
    script = """
from gamehall.core.registry import find_game
game = find_game("20-strong")
spec = next(s for s in game.option_specs if s.name == "deck")
print(list(spec.choices), [value for value, _ in game.option_choices(spec)])
"""
    choices, listed = run(installed, "-c", script).stdout.strip().split("] [")
    assert "'example'" in choices and "'example'" in listed and "'victorum'" in listed


def test_the_example_deck_plays_seeded_games_to_the_end(
    installed: dict[str, str], tmp_path: Path
) -> None:
    arguments = [*("-m", "gamehall", "simulate", "20-strong", "--deck", "example")]
    arguments += ("--bots", "random", "--games", "12", "--json", "--out")
    first = run(installed, *arguments, str(tmp_path / "first"))
    again = run(installed, *arguments, str(tmp_path / "again"))
    (config,) = json.loads(first.stdout)["configs"]
    assert config["config"]["options"] == {"deck": "example"}
    assert config["games"] == 12 and config["stalled"] == 0
    assert sum(config["end_reasons"].values()) == 12
    assert json.loads(again.stdout)["configs"][0]["game"] == config["game"]  # seeded: the same


def test_the_example_deck_is_played_in_the_terminal_in_both_languages(
    installed: dict[str, str],
) -> None:
    play = ("-m", "gamehall", "play", "20-strong", "--deck", "example", "--bots", "1")
    english = run(installed, *play, "--bot", "random", "--delay", "0")
    assert "the road" in english.stdout and "Boar" in english.stdout
    french = run(installed, *play, "--bot", "random", "--delay", "0", "--lang", "fr")
    assert "la route" in french.stdout and "Sanglier" in french.stdout


def test_the_example_deck_brings_its_own_rules_page_in_both_languages(
    installed: dict[str, str],
) -> None:
    """The deck's "How to play" page comes from its own package (``web/howto.<lang>.md``),
    found through its plug-in, in the terminal and in the hall."""
    rules = ("-m", "gamehall", "rules", "20-strong", "--deck", "example")
    assert "Walk the road and defeat the boss" in run(installed, *rules).stdout
    french = run(installed, *rules, "--lang", "fr").stdout
    assert "Parcourir la route et vaincre le boss" in french
    script = """
from fastapi.testclient import TestClient
from gamehall.web.app import create_app
import tempfile
with tempfile.TemporaryDirectory() as home:
    client = TestClient(create_app(f"sqlite:///{home}/hall.db"))
    page = client.get("/games/20-strong/rules/example")
    assert page.status_code == 200 and "Walk the road" in page.text, page.status_code
    print("served")
"""
    assert run(installed, "-c", script).stdout.strip() == "served"


# -- the one door, the events, the phases ------------------------------------------------------

DECK_CODE = [TWENTY_STRONG / "decks", ROOT / "tests" / "example_deck"]
"""Where decks live: the built-in ones and the example deck."""
INNER = ("flow", "effects", "effect_kinds")
"""The engine's inner modules: a deck reaches them through ``general`` only."""
PUBLIC_RULES = frozenset({"next_round", "activate_from", "damage", "anytime", "effect_text"})
"""The methods of the rules class (``game.…``) a deck may call."""
ENGINE = "gamehall.games.twenty_strong"


def deck_modules() -> Iterator[Path]:
    for top in DECK_CODE:
        yield from sorted(top.rglob("*.py"))


def inner(module: str) -> bool:
    """Whether ``module`` is one of the engine's inner modules (or inside one)."""
    return any(
        module == f"{ENGINE}.{name}" or module.startswith(f"{ENGINE}.{name}.") for name in INNER
    )


def through_other_doors(text: str) -> list[str]:
    """What a deck's module ``text`` reaches the engine by besides ``general`` and the rules
    class's public methods: an inner module imported, a rules class's name other than
    ``TwentyStrong``, another method called on ``game``."""
    found = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.ImportFrom) and node.module:
            if inner(node.module):
                found.append(node.module)
            elif node.module == ENGINE:
                found += [a.name for a in node.names if a.name in INNER]
            elif node.module == f"{ENGINE}.rules":
                found += [a.name for a in node.names if a.name != "TwentyStrong"]
        elif isinstance(node, ast.Import):
            found += [a.name for a in node.names if inner(a.name) or a.name == f"{ENGINE}.rules"]
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute | ast.Name):
            owner = node.value.attr if isinstance(node.value, ast.Attribute) else node.value.id
            if owner == "game" and node.attr not in PUBLIC_RULES:
                found.append(f"game.{node.attr}")
    return found


def test_the_door_scan_finds_the_inner_modules_and_rules_internals() -> None:
    """The scan itself, on yesterday's deck code (an inner module imported, a hook of the
    flow called on the game) and on today's (the door, the public methods)."""
    yesterday = f"""
from {ENGINE}.effects import DONE, effective
from {ENGINE}.flow import activate
from {ENGINE}.effect_kinds.stats import change_stat
from {ENGINE} import flow
import {ENGINE}.effects

def step(self, s):
    flow.advance(self.game, s)
    self.game.deck.cards
    return self.game._apply_decision(s, None)
"""
    found = through_other_doors(yesterday)
    assert {f"{ENGINE}.effects", f"{ENGINE}.flow", f"{ENGINE}.effect_kinds.stats"} <= set(found)
    assert {"flow", "game.deck", "game._apply_decision"} <= set(found)
    today = f"""
from {ENGINE}.general import DONE, activate, effective
from {ENGINE}.effects_schema import Model
from {ENGINE}.rules import TwentyStrong

def step(self, s):
    self.game.next_round(s)
    self.game.activate_from(s, 0)
"""
    assert through_other_doors(today) == []


def test_decks_reach_the_engine_through_the_one_door() -> None:
    """Every module of every deck imports the engine's inner modules only through
    ``general`` and calls only the rules class's public methods."""
    files = list(deck_modules())
    assert TWENTY_STRONG / "decks" / "victorum" / "deck.py" in files
    assert ROOT / "tests" / "example_deck" / "deck.py" in files
    found = {
        str(path.relative_to(ROOT)): names
        for path in files
        if (names := through_other_doors(path.read_text(encoding="utf-8")))
    }
    assert found == {}


DECK_METHODS = 40
"""The methods of ``DeckRules`` (hooks and the helpers a deck calls): a new one is a choice,
made here and in the list of ``deck.py``'s docstring."""


def test_the_deck_interface_is_counted_and_listed() -> None:
    """``DeckRules``'s methods are the ones its module's docstring lists by group, and the
    events are those of ``events.EVENTS``, one listener keyword each: the interface cannot
    grow silently."""
    from gamehall.games.twenty_strong import deck as deck_module
    from gamehall.games.twenty_strong.deck import DeckRules
    from gamehall.games.twenty_strong.events import EVENTS, Listeners

    methods = {
        name
        for name, value in vars(DeckRules).items()
        if not name.startswith("_") and callable(getattr(DeckRules, name))
    }
    assert len(methods) == DECK_METHODS
    doc = deck_module.__doc__ or ""
    groups, _, events = doc.partition("\nThe events")
    groups = groups[groups.index("\n* setup:") :]
    assert set(re.findall(r"``([a-z_]+)``", groups)) == methods
    assert re.findall(r"``([A-Z_]+)``", events) == [event.name.upper() for event in EVENTS]
    assert len(EVENTS) == 5
    listens = {name for name in dir(Listeners()) if not name.startswith("_")}  # compiled too
    assert listens == {event.name for event in EVENTS}


RESOLVE_STEPS = ("suffer", "after", "exhaust", "recover", "prepare_rewards", "rewards", "cleanup")
"""The Resolve phase's steps in the order of GEN-RESOLVE-1 (Gain Item Rewards begins, then
offers its rewards)."""
CLAUSE = re.compile(r"\| ((?:GEN|TMB|VIC)-[A-Z]+-\d+) \|")


@pytest.mark.parametrize("deck", BUILT_IN)
def test_the_phases_are_one_table_in_rulebook_order(deck: str) -> None:
    """The game's table holds the general phases in the rulebook's order, then the deck's;
    each names clauses of the rulebooks (docs/rules); every phase a seeded random game stops
    in is in it."""
    from gamehall.sim.playout import random_playouts

    game = TwentyStrong(1, {"deck": deck})
    names = list(game.phases)
    assert names[:3] == ["engage", "commit", "apply"]
    assert tuple(names[3:10]) == RESOLVE_STEPS
    assert all(name.startswith(names[10].split(".")[0] + ".") for name in names[10:])
    rules = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "docs" / "rules").glob("*.md"))
    known = set(CLAUSE.findall(rules))
    for phase in game.phases.values():
        assert phase.clauses and set(phase.clauses) <= known, phase.name
        assert phase.step is not None or phase.waits, phase.name
    seen: set[str] = set()
    original = game.legal_actions

    def legal(state: State) -> Sequence[Action]:
        seen.add(state.phase)
        return original(state)

    game.legal_actions = legal  # type: ignore[method-assign]
    random_playouts(game, 30, seed=5)
    assert seen - {"over"} <= set(game.phases), seen - set(game.phases)
    assert len(seen) > 8
