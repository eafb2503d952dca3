"""The report of a run (``gamehall report RUN``): a self-contained HTML page with its plots as
PNG files, and the figures as JSON and CSV for other tools.

Everything is read from the run directory (:class:`gamehall.lab.run.Run`) and nothing depends
on the time, so the same run always gives the same files. The plots are drawn by
:mod:`gamehall.lab.plots`; the page is the package template ``templates/report.html``.
"""

from __future__ import annotations

import csv
import json
import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined

from gamehall.core.registry import find_game
from gamehall.lab.charts import Played, Section
from gamehall.lab.grid import Config
from gamehall.lab.plots import draw
from gamehall.lab.run import GAMES, PLAN, Plan, Run

REPORT = "report"
"""The report's directory in the run's, unless told otherwise."""
SUMMARY, CONFIGS, GAME_ROWS = "summary.json", "configs.csv", "games.csv"
CONFIG_COLUMNS = (
    "label",
    "options",
    "players",
    "seat",
    "bot",
    "games",
    "wins",
    "win_rate",
    "interval_low",
    "interval_high",
    "advantage",
    "mean_length",
    "mean_decisions",
    "mean_branching",
)
GAME_COLUMNS = ("label", "index", "seed", "winners", "reason", "steps", "decisions", "branching")


def write_report(run_path: Path, out: Path | None = None) -> Path:
    """Write the report of the run at ``run_path`` in ``out`` (default: its ``report``
    directory): ``index.html``, its PNG plots, ``summary.json``, ``configs.csv`` and
    ``games.csv``. Returns the path of ``index.html``."""
    run = Run.open(run_path)
    target = run_path / REPORT if out is None else out
    target.mkdir(parents=True, exist_ok=True)
    summaries = run.summaries()
    games = run.by_config()
    write_summary(target / SUMMARY, run.plan, summaries)
    write_configs(target / CONFIGS, run.plan.configs, summaries)
    write_games(target / GAME_ROWS, run.plan.configs, games)
    sections = draw(Played(run.plan.configs, summaries, games, target))
    index = target / "index.html"
    index.write_text(render(page(run, summaries, sections, target)), encoding="utf-8")
    return index


# -- data files ------------------------------------------------------------------------------


def write_summary(path: Path, plan: Plan, summaries: Sequence[dict[str, Any]]) -> None:
    """The plan and every configuration's summary as JSON."""
    data = {"plan": plan.to_json(), "configs": list(summaries)}
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


def write_configs(
    path: Path, configs: Sequence[Config], summaries: Sequence[dict[str, Any]]
) -> None:
    """One CSV row per configuration and seat: its wins, win rate and interval, lengths."""
    rows = [
        (
            summary["label"],
            options_text(config),
            config.players,
            seat["seat"],
            seat["bot"],
            summary["games"],
            seat["wins"],
            seat["win_rate"],
            *seat["interval"],
            seat["advantage"],
            summary["length"]["mean"],
            summary["decisions"]["mean"],
            summary["branching"]["mean"],
        )
        for config, summary in zip(configs, summaries, strict=True)
        for seat in summary["seats"]
    ]
    write_csv(path, CONFIG_COLUMNS, rows)


def write_games(
    path: Path, configs: Sequence[Config], games: Sequence[Sequence[dict[str, Any]]]
) -> None:
    """One CSV row per finished game (winners as seat numbers from 1, space-separated)."""
    rows = [
        (
            config.label(),
            played["index"],
            played["seed"],
            " ".join(str(seat + 1) for seat in played["winners"]),
            played["reason"],
            played["steps"],
            played["decisions"],
            played["branching"],
        )
        for config, each in zip(configs, games, strict=True)
        for played in each
    ]
    write_csv(path, GAME_COLUMNS, rows)


def write_csv(path: Path, header: Sequence[str], rows: Iterable[Sequence[Any]]) -> None:
    """A CSV file; floats to 6 decimals and 6 significant digits, None as an empty cell."""
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(header)
        writer.writerows([cell(value) for value in row] for row in rows)


def cell(value: Any) -> Any:
    """A value as written in a CSV cell."""
    if value is None:
        return ""
    return f"{round(value, 6):.6g}" if isinstance(value, float) else value


def options_text(config: Config) -> str:
    """A configuration's options as ``key=value`` words."""
    return " ".join(f"{key}={value}" for key, value in config.options)


# -- the page ----------------------------------------------------------------------------------


def page(
    run: Run, summaries: Sequence[dict[str, Any]], sections: Sequence[Section], out: Path
) -> dict[str, Any]:
    """What the page shows."""
    plan = run.plan
    configs = plan.configs
    return {
        "game": ", ".join(dict.fromkeys(find_game(c.game).title for c in configs)) or "Run",
        "run": run.path.resolve().name,
        "played": played_facts(plan, summaries),
        "summaries": summaries,
        "multiplayer": any(c.players > 1 for c in configs),
        "lead_changes": any("lead_changes" in s for s in summaries),
        "sections": sections,
        "files": data_files(run, out),
    }


def played_facts(plan: Plan, summaries: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """What was played: configurations, games, seeds, players, bots, options and axes."""
    configs = plan.configs
    options = [c.option_map for c in configs]
    keys = list(dict.fromkeys(key for chosen in options for key in chosen))
    values = {key: list(dict.fromkeys(chosen.get(key, "–") for chosen in options)) for key in keys}
    last = plan.seed + plan.games - 1
    return {
        "configs": len(configs),
        "games": plan.games,
        "seeds": f"{plan.seed}" if last == plan.seed else f"{plan.seed}–{last}",
        "finished": sum(s["games"] for s in summaries),
        "planned": len(plan.units()),
        "players": sorted({c.players for c in configs}),
        "bots": list(dict.fromkeys(bot for c in configs for bot in c.bots)),
        "seatings": list(dict.fromkeys("/".join(c.bots) for c in configs)),
        "fixed": [(key, found[0]) for key, found in values.items() if len(found) == 1],
        "axes": [(key, found) for key, found in values.items() if len(found) > 1],
    }


def data_files(run: Run, out: Path) -> list[tuple[str, str]]:
    """Links to the data files, relative to the report, with what each holds."""
    return [
        (SUMMARY, "every configuration's figures and the plan, as JSON"),
        (CONFIGS, "one row per configuration and seat: wins, win rate, interval, lengths"),
        (GAME_ROWS, "one row per game: seed, winners (seats from 1), end reason, length"),
        (relative(run.path / PLAN, out), "the run's plan, as written by gamehall simulate"),
        (relative(run.path / GAMES, out), "the raw games, one JSON line each"),
    ]


def relative(path: Path, start: Path) -> str:
    """``path`` as a link from a page in ``start``."""
    return Path(os.path.relpath(path.resolve(), start.resolve())).as_posix()


def render(context: dict[str, Any]) -> str:
    """The page: the package template filled in."""
    env = Environment(
        loader=PackageLoader("gamehall.lab", "templates"),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters.update(pct=percent, signed=signed, num=number)
    env.tests["unfair"] = unfair
    return env.get_template("report.html").render(context)


def percent(value: float) -> str:
    """A proportion in percent: ``0.1234`` is ``12.3%``."""
    return f"{value:.1%}"


def signed(value: float | None) -> str:
    """A difference of proportions in percentage points, signed (None: a dash)."""
    return "–" if value is None else f"{value * 100:+.1f} pts"


def number(value: float, digits: int = 1) -> str:
    """A number with thousands separators and ``digits`` decimals."""
    return f"{value:,.{digits}f}"


def unfair(seat: dict[str, Any], players: int) -> bool:
    """Whether a seat's 95 % interval leaves out its fair share (1 / players)."""
    low, high = seat["interval"]
    return players > 1 and not low <= 1 / players <= high
