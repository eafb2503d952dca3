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
from pathlib import Path

import pytest

from gamehall.core.plugin import BUILT_IN, FacetMap, GamePlugin, plugins
from gamehall.core.registry import find_game, games, register
from tests.commands import python

ROOT = Path(__file__).resolve().parent.parent
ENTRY_POINTS = "[gamehall.games]\ntoy-nim = tests.toy_game:PLUGIN\n"
PLAY = ("-m", "gamehall", "play", "toy-nim", "--bots", "2", "--bot", "random")
"""A whole game of the toy, two random bots, in the terminal."""


def toy_path(site: Path) -> str:
    """A ``PYTHONPATH`` where the toy game's distribution is installed: its metadata (with its
    entry point) in ``site``, as pip would leave it, and the checkout (its package)."""
    info = site / "toy_nim-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toy-nim\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(ENTRY_POINTS)
    return os.pathsep.join([str(site), str(ROOT), os.environ.get("PYTHONPATH", "")])


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The environment of a Python where the toy game's distribution is installed."""
    return {**os.environ, "PYTHONPATH": toy_path(tmp_path_factory.mktemp("site"))}


def run(env: dict[str, str], *arguments: str) -> subprocess.CompletedProcess[str]:
    return python(env, *arguments, cwd=ROOT)


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
    assert "2 players" in lobby and "2–2" not in lobby, "a game of two says so"
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
    # A bot's strength left out is the game's own default: random, for a game with no other.
    plain = {{"game": "toy-nim", "players": 2, "seats": [{{"kind": "me"}}, {{"kind": "bot"}}]}}
    opened = client.post("/api/tables", json=plain)
    assert opened.status_code == 201, opened.text
    seats = client.get(f"/api/tables/{{opened.json()['id']}}").json()["players"]
    assert seats[1]["bot"] == "random", seats
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


def refused(env: dict[str, str], *arguments: str) -> subprocess.CompletedProcess[str]:
    """A command the hall refuses: exit status 2 and its reason on one line."""
    return python(env, *arguments, status=2, cwd=ROOT)


def test_a_game_offers_only_the_bots_it_has() -> None:
    """A game with no heuristic of its own (registered by hand: no plug-in) offers random bots
    only, and refuses the others in one line naming them in words, in EN and FR."""
    from gamehall.bots.registry import BOT_KINDS, bot_kinds, default_bot, make_bot
    from gamehall.core.errors import OptionError

    class Plain(find_game("boss-quest")):  # type: ignore[misc]
        name, title = "plain-quest", "Plain Quest"

    register(Plain)
    try:
        assert bot_kinds("plain-quest") == ("random",) and default_bot("plain-quest") == "random"
        assert all(bot_kinds(name) == BOT_KINDS for name in BUILT_IN)
        assert default_bot("boss-quest") == "heuristic"
        for kind in ("heuristic", "mcts", "mcts:50"):
            with pytest.raises(OptionError) as error:
                make_bot(kind, "plain-quest")
            assert "Plain Quest has no " in str(error.value)
            assert str(error.value).endswith("bot; it offers random (easy)")
            assert error.value.render("fr").endswith("; il propose aléatoire (facile)")
        with pytest.raises(OptionError, match="unknown bot 'oracle'"):
            make_bot("oracle", "plain-quest")
    finally:
        from gamehall.core import registry

        registry._REGISTERED.pop("plain-quest")


def test_the_terminal_plays_the_toy_with_the_bots_it_has(installed: dict[str, str]) -> None:
    played = run(installed, "-m", "gamehall", "play", "toy-nim", "--bots", "2", "--delay", "0")
    assert "the last stone was taken" in played.stdout  # its bots: random, unless told
    done = refused(installed, "-m", "gamehall", "play", "toy-nim", "--bots", "1", "--bot", "mcts")
    assert "Toy Nim has no search (strong) bot; it offers random (easy)" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    french = refused(installed, *PLAY[:-1], "heuristic", "--lang", "fr")
    assert "Toy Nim n'a pas de robot heuristique (normal) ; il propose aléatoire" in french.stderr


def test_the_lobby_offers_the_toys_bots_and_options(
    installed: dict[str, str], tmp_path: Path
) -> None:
    """The lobby's menus offer the toy game only its random bots, and its own option (``most``,
    labelled from its package's catalogs, within its range); the form and the API refuse a
    strength it lacks and a value out of range, saying why; a table opened with the option
    plays with it."""
    script = f"""
import re
from fastapi.testclient import TestClient
from gamehall.web.app import create_app
from tests.web.forms import form_error, post_lobby_form
with TestClient(create_app("sqlite:///{tmp_path / "hall.db"}")) as client:
    hall = client.app.state.hall
    lobby = client.get("/").text
    toy = re.search(r'<option value="toy-nim"[^>]*>', lobby).group(0)
    assert 'data-bots="random"' in toy and 'data-default-bot="random"' in toy, toy
    quest = re.search(r'<option value="boss-quest"[^>]*>', lobby).group(0)
    assert 'data-bots="random heuristic mcts"' in quest, quest
    options = re.search(r'<fieldset class="game-options" data-game="toy-nim">.*?</fieldset>',
                        lobby, re.S).group(0)
    assert "The most stones one move takes" in options, options
    assert re.search(r'name="opt:most"[^>]*value="3"[^>]*min="1"[^>]*max="5"', options), options
    french = client.get("/?lang=fr").text
    assert "Le plus de pierres prises en un coup" in french
    form = {{"game": "toy-nim", "players": "2", "seat_kinds": ["me", "bot:random"],
             "replacement": "random", "bot_delay": "0"}}
    for changed in ({{"seat_kinds": ["me", "bot:heuristic"]}}, {{"replacement": "mcts"}}):
        answer = post_lobby_form(client, {{**form, **changed}})
        assert answer.status_code == 422, answer.text[:300]
        assert form_error(answer).startswith("The table was not opened: Toy Nim has no "), (
            form_error(answer))
        assert form_error(answer).endswith(" bot; it offers random (easy)"), form_error(answer)
    answer = post_lobby_form(client, {{**form, "seat_kinds": ["me", "bot:heuristic"]}},
                             params={{"lang": "fr"}})
    assert form_error(answer) == ("La table n'a pas été ouverte : Toy Nim n'a pas de robot "
                                  "heuristique (normal) ; il propose aléatoire (facile)")
    answer = post_lobby_form(client, {{**form, "opt:most": "9"}})
    assert answer.status_code == 422
    assert form_error(answer) == (  # the option by its label, never by its key
        "The table was not opened: The most stones one move takes must be at most 5")
    answer = post_lobby_form(client, {{**form, "opt:most": "9"}}, params={{"lang": "fr"}})
    assert form_error(answer) == ("La table n'a pas été ouverte : Le plus de pierres prises "
                                  "en un coup : doit valoir au plus 5")
    assert hall.store.list_tables() == []
    answer = post_lobby_form(client, {{**form, "opt:most": "2"}}, follow_redirects=False)
    assert answer.status_code == 303, answer.text[:300]
    table_id = answer.headers["location"].split("/")[2]
    assert hall.store.get(table_id).options == {{"most": 2}}
    assert hall.live(table_id).match.game.most == 2
    seats = [{{"kind": "me"}}, {{"kind": "bot", "bot": "random"}}]
    body = {{"game": "toy-nim", "players": 2, "bot_delay": 0, "replacement": "random",
            "options": {{"most": 1}}, "seats": seats}}
    refused = client.post("/api/tables", json={{**body, "replacement": "heuristic"}})
    assert refused.status_code == 422 and "has no heuristic (normal) bot" in refused.json()["error"]
    table = client.post("/api/tables", json=body).json()
    token = table["seats"][0]["token"]
    seat = client.post(f"/api/tables/{{table['id']}}/claim", json={{"token": token}}).json()
    headers = {{"x-seat-credential": seat["credential"]}}
    with client.websocket_connect(f"/ws/tables/{{table['id']}}", headers=headers) as socket:
        html = socket.receive_json()["html"]
    assert "Take 1 stone" in html and "Take 2 stones" not in html, html
print("served")
"""
    assert run(installed, "-c", script).stdout.strip().endswith("served")


CENTRAL = ("bots/registry.py", "cli/tables/__init__.py", "lab/games/__init__.py", "lab/plots.py")
"""The hall's central registries of the parts: lookups of the plug-ins, naming no game."""


def test_the_central_registries_name_no_game() -> None:
    """A game lives in its package: its heuristic, horizon, terminal table, figures and plots
    are its plug-in's facets, which the central registries look up by name."""
    for plugin in plugins():
        package = plugin.rules.partition(":")[0].split(".")
        names = {plugin.name, plugin.game().title, package[-1] if len(package) > 2 else ""}
        for module in CENTRAL:
            text = (ROOT / "src" / "gamehall" / module).read_text()
            assert not [name for name in names - {""} if name in text], (module, names)
