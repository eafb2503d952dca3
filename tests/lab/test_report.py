"""The report of a run (``gamehall report``): its page, plots and data files, for Boss Quest seat
orders, a 20 Strong hero x boss grid and Ancient Terrible Things, played for real."""

from __future__ import annotations

import csv
import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import matplotlib.image
import pytest

from gamehall.lab.charts import Played, short_labels
from gamehall.lab.grid import Config, grid
from gamehall.lab.plots import draw
from gamehall.lab.report import CONFIG_COLUMNS, GAME_COLUMNS, write_report
from gamehall.lab.run import Plan, Run, play

PNG = b"\x89PNG\r\n\x1a\n"


def played_run(path: Path, configs: list[Config], games: int) -> Run:
    """A run of ``configs``, ``games`` each, played in this process."""
    run = Run.create(path, Plan(tuple(configs), games, 7))
    play(run, workers=1)
    return run


@pytest.fixture(scope="module")
def boss_quest(tmp_path_factory: pytest.TempPathFactory) -> Run:
    """Boss Quest, 2 and 3 knights, a heuristic knight in every seat in turn: 6 games each."""
    configs = grid("boss-quest", [2, 3], ["heuristic", "random"], {}, seat_orders=True)
    return played_run(tmp_path_factory.mktemp("bq") / "run", configs, 6)


@pytest.fixture(scope="module")
def twenty_strong(tmp_path_factory: pytest.TempPathFactory) -> Run:
    """20 Strong, the heuristic bot, 2 heroes x 2 bosses at rank 1: 3 games each."""
    every = grid("20-strong", [1], ["heuristic"], {}, {"hero": ["all"], "boss": ["all"]})
    heroes = list(dict.fromkeys(c.option_map["hero"] for c in every))[:2]
    bosses = list(dict.fromkeys(c.option_map["boss"] for c in every))[:2]
    axes = {"hero": heroes, "boss": bosses, "rank": ["1"]}
    configs = grid("20-strong", [1], ["heuristic"], {}, axes)
    return played_run(tmp_path_factory.mktemp("ts") / "run", configs, 3)


def images(index: Path) -> list[str]:
    """The ``src`` of every image of the page."""
    return re.findall(r'<img src="([^"]+)"', index.read_text())


def links(index: Path) -> list[str]:
    """The ``href`` of every link of the page."""
    return re.findall(r'<a href="([^"]+)"', index.read_text())


def has_game_figures(run: Run) -> bool:
    """Whether the game's own figures were summed up (their modules are written apart)."""
    return all("game" in summary for summary in run.summaries())


def check_page(run: Run, index: Path) -> list[str]:
    """The page names every configuration, its images are PNG files matplotlib reads, its
    links lead to files; the names of its images."""
    html = index.read_text()
    assert index.name == "index.html"
    for config in run.plan.configs:
        assert config.label() in html
    shown = images(index)
    assert shown, "the page has plots"
    assert len(shown) == len(set(shown))
    for name in shown:
        path = index.parent / name
        assert path.read_bytes()[:8] == PNG
        pixels = matplotlib.image.imread(path)
        assert pixels.ndim == 3 and pixels.shape[0] > 100 and pixels.shape[1] > 100
    for target in links(index):
        assert (index.parent / target).is_file(), target
    assert "<script" not in html and "http" not in html
    return shown


def read_csv(path: Path) -> list[dict[str, str]]:
    """The rows of a CSV file."""
    with path.open(newline="") as data:
        return list(csv.DictReader(data))


def check_data(run: Run, out: Path) -> None:
    """``summary.json``, ``configs.csv`` and ``games.csv`` hold the run's figures."""
    summary = json.loads((out / "summary.json").read_text())
    assert Plan.from_json(summary["plan"]) == run.plan
    assert summary["configs"] == json.loads(json.dumps(run.summaries()))
    configs = read_csv(out / "configs.csv")
    assert list(configs[0]) == list(CONFIG_COLUMNS)
    expected = [
        (c.label(), str(s + 1), bot) for c in run.plan.configs for s, bot in enumerate(c.bots)
    ]
    assert [(row["label"], row["seat"], row["bot"]) for row in configs] == expected
    for row in configs:
        assert row["games"] == str(run.plan.games)
        assert float(row["interval_low"]) <= float(row["win_rate"]) <= float(row["interval_high"])
    games = read_csv(out / "games.csv")
    assert list(games[0]) == list(GAME_COLUMNS)
    assert len(games) == len(run.plan.units())
    by_label = {c.label(): c for c in run.plan.configs}
    for row in games:
        config = by_label[row["label"]]
        assert int(row["seed"]) == run.plan.seed + int(row["index"])
        assert all(1 <= int(seat) <= config.players for seat in row["winners"].split())
        assert int(row["steps"]) >= int(row["decisions"]) > 0


def test_a_boss_quest_report_shows_every_seat_and_the_spells(boss_quest: Run) -> None:
    index = write_report(boss_quest.path)
    assert index == boss_quest.path / "report" / "index.html"
    shown = check_page(boss_quest, index)
    check_data(boss_quest, index.parent)
    count = len(boss_quest.plan.configs)
    assert [f"seats-{n:03d}.png" for n in range(1, count + 1)] == [
        name for name in shown if name.startswith("seats-")
    ]
    assert sum(name.startswith("length-") for name in shown) == count
    assert not any(name.startswith(("heatmap-", "health-", "cards")) for name in shown)
    if has_game_figures(boss_quest):
        assert {"spells-2p.png", "spells-3p.png"} <= set(shown)
    assert "Advantage" in index.read_text()


def test_a_20_strong_grid_has_heatmaps_health_curves_and_cards(twenty_strong: Run) -> None:
    out = twenty_strong.path.parent / "elsewhere"
    index = write_report(twenty_strong.path, out)
    assert index == out / "index.html"
    shown = check_page(twenty_strong, index)
    check_data(twenty_strong, out)
    assert "heatmap-rank-1.png" in shown
    assert "lengths.png" in shown  # 4 configurations: one overlaid histogram
    assert not any(name.startswith(("seats-", "spells-", "combos")) for name in shown)
    if has_game_figures(twenty_strong):
        assert {"health-rank-1-1.png", "cards.png"} <= set(shown)
    assert "20 Strong" in index.read_text()


def test_the_same_run_gives_the_same_report(twenty_strong: Run, tmp_path: Path) -> None:
    first = write_report(twenty_strong.path, tmp_path / "report").parent
    before = {path.name: path.read_bytes() for path in first.iterdir()}
    write_report(twenty_strong.path, first)
    assert {path.name: path.read_bytes() for path in first.iterdir()} == before


def test_the_plots_need_not_the_games_own_figures(boss_quest: Run, tmp_path: Path) -> None:
    """Without a game's own summary (its module missing), only the common plots are drawn."""
    summaries: list[dict[str, Any]] = [
        {key: value for key, value in summary.items() if key != "game"}
        for summary in boss_quest.summaries()[:2]
    ]
    configs, games = boss_quest.plan.configs[:2], boss_quest.by_config()[:2]
    played = Played(configs, summaries, games, tmp_path)
    titles = [section.title for section in draw(played)]
    assert titles == ["Win rate by seat", "Game length"]


def test_an_unplayed_run_still_has_a_report(tmp_path: Path) -> None:
    configs = grid("boss-quest", [2], ["random"], {})
    run = Run.create(tmp_path / "run", Plan(tuple(configs), 4, 1))
    index = write_report(run.path)
    html = index.read_text()
    assert "0 of 4 finished" in html and images(index) == []
    assert len(read_csv(index.parent / "games.csv")) == 0
    assert read_csv(index.parent / "configs.csv")[0]["games"] == "0"


def test_an_ancient_terrible_things_report_has_the_combinations(tmp_path: Path) -> None:
    run = played_run(tmp_path / "run", grid("ancient-terrible-things", [2], ["random"], {}), 2)
    shown = check_page(run, write_report(run.path))
    assert "lengths.png" in shown and "seats-001.png" in shown
    if has_game_figures(run):
        assert "combos.png" in shown


def test_short_labels_keep_what_varies() -> None:
    configs = grid("boss-quest", [2, 3], ["heuristic", "random"], {}, seat_orders=True)
    assert short_labels(configs[:2]) == ["heuristic/random", "random/heuristic"]
    assert short_labels([configs[0], configs[2]]) == [
        "2p heuristic/random",
        "3p heuristic/random/random",
    ]
    one = replace(configs[0], options=(("rank", "1"),))
    assert short_labels([one]) == [one.label()]
