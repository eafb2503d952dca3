"""The simulation lab at the command line: a grid of games played with a progress bar, and the
figures of each configuration as a table or JSON."""

from __future__ import annotations

import time
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text as RichText

from gamehall.core.errors import OptionError
from gamehall.core.i18n import Text
from gamehall.lab.run import Run, play, play_on_ray

RUNS = Path("runs")
"""Where runs go unless ``--out`` names a directory."""


class GamesPerSecond(ProgressColumn):
    """The games finished per second."""

    def render(self, task: Task) -> RichText:
        speed = task.finished_speed or task.speed
        return RichText(f"{speed:,.1f} games/s" if speed else "– games/s", style="cyan")


def split(text: str | None) -> list[str]:
    """``"a, b"`` as ``["a", "b"]`` (nothing given: no values)."""
    return [part.strip() for part in (text or "").split(",") if part.strip()]


def counts(text: str | None, default: int) -> list[int]:
    """Player counts such as ``"2,3,4"`` (nothing given: ``default``)."""
    values = split(text)
    if not all(v.isdigit() for v in values):
        raise OptionError.of(Text("lab.bad_players", {"players": text or ""}))
    return [int(v) for v in values] or [default]


def deck_of(file: Path) -> str | None:
    """The deck a card file's ``[deck] id`` names (None if it cannot be read: loading the
    file then says what is wrong)."""
    from gamehall.games.twenty_strong.workshop import deck_name

    try:
        with file.open("rb") as handle:
            return deck_name(tomllib.load(handle).get("deck", {}).get("id"))
    except (OSError, tomllib.TOMLDecodeError, AttributeError):
        return None


def new_run_path() -> Path:
    """A fresh directory under ``runs/`` named by the time."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path, n = RUNS / stamp, 1
    while path.exists():
        n += 1
        path = RUNS / f"{stamp}-{n}"
    return path


def play_with_progress(
    run: Run, workers: int, ray: str | None, console: Console, quiet: bool
) -> float:
    """Play the run's pending games (a Rich progress bar unless ``quiet``); the seconds."""
    pending = len(run.pending())
    start = time.perf_counter()
    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        GamesPerSecond(),
        TimeRemainingColumn(),
        console=console,
        disable=quiet or not pending,
        transient=False,
    ) as bar:
        task = bar.add_task("games", total=pending)
        advance: Callable[[int], None] = lambda n: bar.advance(task, n)  # noqa: E731
        if ray is not None:
            play_on_ray(run, None if ray == "local" else ray, advance)
        else:
            play(run, workers, advance)
    return time.perf_counter() - start


def summary_table(summaries: list[dict[str, Any]]) -> Table:
    """Each configuration's seats: wins, win rate with its 95 % interval, advantage over a
    fair share (multiplayer), and the mean game length."""
    table = Table(
        "configuration",
        "seat",
        "bot",
        "games",
        "wins",
        "win rate",
        "95 % interval",
        "advantage",
        "steps",
    )
    table.columns[0].no_wrap = True
    for summary in summaries:
        for seat in summary["seats"]:
            low, high = seat["interval"]
            advantage = seat["advantage"]
            first = seat["seat"] == 1
            table.add_row(
                summary["label"] if first else "",
                str(seat["seat"]),
                seat["bot"],
                str(summary["games"]) if first else "",
                f"{seat['wins']:g}",
                f"{seat['win_rate']:.1%}",
                f"{low:.1%}–{high:.1%}",
                "" if advantage is None else f"{advantage:+.1%}",
                f"{summary['length']['mean']:.0f}" if first else "",
                end_section=seat["seat"] == len(summary["seats"]),
            )
    return table
