"""Games as plug-ins (issue 26, item 1): a game is one :class:`GamePlugin`, found through the
``gamehall.games`` entry points. A toy game (tests/toy_game, Nim) is installed from outside
gamehall by its distribution's metadata alone, and appears in ``gamehall games``, the terminal,
``simulate``, ``fuzz``, the learning environments and the conformance suite, with no edit to
gamehall; gamehall's own games are found the same way, and a game registered by hand hides
none of them."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from gamehall.core.plugin import BUILT_IN, FacetMap, GamePlugin, plugins
from gamehall.core.registry import find_game, games, register

ROOT = Path(__file__).resolve().parent.parent
ENTRY_POINTS = "[gamehall.games]\ntoy-nim = tests.toy_game:PLUGIN\n"
PLAY = ("-m", "gamehall", "play", "toy-nim", "--bots", "2", "--bot", "random")
"""A whole game of the toy, two random bots, in the terminal."""


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The environment of a Python where the toy game's distribution is installed: its
    metadata (with its entry point) on the path, as pip would leave it."""
    site = tmp_path_factory.mktemp("site")
    info = site / "toy_nim-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toy-nim\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(ENTRY_POINTS)
    path = os.pathsep.join([str(site), str(ROOT), os.environ.get("PYTHONPATH", "")])
    return {**os.environ, "PYTHONPATH": path}


def run(env: dict[str, str], *arguments: str) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [sys.executable, *arguments],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=900,
        check=False,
    )
    assert done.returncode == 0, (done.stdout[-2000:], done.stderr[-3000:])
    return done


def test_the_toy_game_is_listed_and_played_in_the_terminal(installed: dict[str, str]) -> None:
    listed = run(installed, "-m", "gamehall", "games")
    assert "toy-nim" in listed.stdout and "boss-quest" in listed.stdout
    played = run(installed, *PLAY, "--delay", "0")
    assert "The pile has" in played.stdout and "the last stone was taken" in played.stdout
    french = run(installed, *PLAY, "--lang", "fr")
    assert "Le tas compte" in french.stdout


def test_the_toy_game_is_simulated_and_fuzzed(installed: dict[str, str], tmp_path: Path) -> None:
    simulated = run(installed, "-m", "gamehall", "simulate", "toy-nim", "--games", "30", "--json")
    figures = json.loads(simulated.stdout)
    assert "toy-nim" in json.dumps(figures) and "30" in json.dumps(figures)
    fuzzed = run(
        installed,
        "-m",
        "gamehall",
        "fuzz",
        "--game",
        "toy-nim",
        "--seconds",
        "2",
        "--out",
        str(tmp_path),
    )
    assert "toy-nim" in fuzzed.stdout


def test_the_toy_game_is_a_learning_environment(installed: dict[str, str]) -> None:
    script = """
import gymnasium, gamehall.rl
from gamehall.rl.aec_env import GamehallAEC
env = gymnasium.make("toy/Nim-v0")
observation, info = env.reset(seed=1)
done, steps = False, 0
while not done:
    mask = info["action_mask"] if "action_mask" in info else observation["action_mask"]
    action = int(mask.nonzero()[0][0])
    observation, reward, terminated, truncated, info = env.step(action)
    done, steps = terminated or truncated, steps + 1
aec = GamehallAEC("toy-nim")
aec.reset(seed=2)
turns = 0
for agent in aec.agent_iter():
    observation, reward, terminated, truncated, _ = aec.last()
    legal = None if terminated or truncated else int(observation["action_mask"].nonzero()[0][0])
    aec.step(legal)
    turns += 1
print("played", steps, turns)
"""
    done = run(installed, "-c", script)
    assert done.stdout.startswith("played"), done.stdout


def test_the_toy_game_is_in_the_lobby_and_played_in_the_web_hall(
    installed: dict[str, str], tmp_path: Path
) -> None:
    """A game with no web view of its own: the lobby offers it, its table is the generic
    one, its actions and its log in words, in each reader's language, and its own how-to
    page (in its package) is the hall's "How to play"."""
    script = f"""
from fastapi.testclient import TestClient
from gamehall.web.app import create_app
with TestClient(create_app("sqlite:///{tmp_path / "hall.db"}")) as client:
    lobby = client.get("/").text
    assert 'value="toy-nim"' in lobby and "Toy Nim" in lobby, "not in the lobby"
    body = {{"game": "toy-nim", "players": 2, "bot_delay": 0, "replacement": "random",
            "seats": [{{"kind": "me"}}, {{"kind": "bot", "bot": "random"}}]}}
    table = client.post("/api/tables", json=body).json()
    token = table["seats"][0]["token"]
    seat = client.post(f"/api/tables/{{table['id']}}/claim", json={{"token": token}}).json()
    headers = {{"x-seat-credential": seat["credential"]}}
    with client.websocket_connect(f"/ws/tables/{{table['id']}}", headers=headers) as socket:
        html = socket.receive_json()["html"]
    assert "The pile has" in html and "Take 1 stone" in html, html
    with client.websocket_connect(f"/ws/tables/{{table['id']}}?lang=fr") as socket:
        assert "Le tas compte" in socket.receive_json()["html"]
    assert client.get(f"/t/{{table['id']}}/me").status_code == 200
    rules = client.get("/games/toy-nim/rules")
    assert rules.status_code == 200 and "Take the last stone" in rules.text
    assert "Prendre la dernière pierre" in client.get("/games/toy-nim/rules?lang=fr").text
print("served")
"""
    assert run(installed, "-c", script).stdout.strip().endswith("served")


def test_the_toy_game_keeps_the_contract_of_every_game(installed: dict[str, str]) -> None:
    """The conformance suite collects the toy game as any other and passes on it."""
    checked = run(
        installed,
        "-m",
        "pytest",
        "-v",
        "-p",
        "no:cacheprovider",
        "-p",
        "no:xdist",
        "tests/test_conformance.py",
        "-k",
        "toy-nim",
    )
    selected = re.search(r"(\d+) selected", checked.stdout)
    passed = re.search(r"(\d+) passed", checked.stdout)
    assert selected and passed and passed.group(1) == selected.group(1), checked.stdout[-2000:]
    assert int(passed.group(1)) >= 1 and "failed" not in checked.stdout


def test_gamehalls_own_games_are_plug_ins_named_as_their_rules() -> None:
    """Every built-in game is an entry point of gamehall's own distribution, its plug-in
    names its rules class's name, and every facet it names imports."""
    from importlib.metadata import entry_points

    named = {point.name: point.value for point in entry_points(group="gamehall.games")}
    assert {name: named.get(name) for name in BUILT_IN} == BUILT_IN
    for plugin in plugins():
        assert plugin.game().name == plugin.name
        for facet in plugin.facets:
            assert plugin.facet(facet) is not None, (plugin.name, facet)


def test_a_game_registered_by_hand_hides_no_installed_one() -> None:
    class Solo(find_game("boss-quest")):  # type: ignore[misc]
        name = "hand-registered"

    register(Solo)
    try:
        assert [g.name for g in games()][:3] == list(BUILT_IN)
        assert find_game("hand-registered") is Solo
    finally:
        from gamehall.core import registry

        registry._REGISTERED.pop("hand-registered")


def test_a_registry_of_the_parts_is_a_lookup_of_the_plug_ins() -> None:
    heuristics = FacetMap("heuristic")
    assert sorted(heuristics) == sorted(BUILT_IN) and "toy-nim" not in heuristics
    with pytest.raises(KeyError):
        heuristics["toy-nim"]
    assert FacetMap(setting="bench_players").get("boss-quest") == 3
    assert isinstance(plugins()[0], GamePlugin)
