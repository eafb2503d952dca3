"""What the report's plots are drawn with: a run's games (:class:`Played`), the plots and
sections drawn of them, and the helpers every kind of plot shares, a game's own kinds (its
plug-in's ``plots``, a :class:`GamePlots`) as the common ones (:mod:`gamehall.lab.plots`).

matplotlib is imported only when a figure is drawn, so a game's own kinds import here
without it.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from gamehall.core.game import Game
from gamehall.lab.grid import Config
from gamehall.lab.play import configured

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.axis import Axis
    from matplotlib.figure import Figure

PALETTE = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#17becf")
FAIR = "#555555"
"""The colour of reference lines (a fair share, the run's win rate)."""

T = TypeVar("T")


@dataclass(frozen=True)
class Plot:
    """One PNG file of the report and what it shows."""

    file: str
    title: str


@dataclass(frozen=True)
class Section:
    """Plots of one kind and how to read them."""

    title: str
    caption: str
    plots: tuple[Plot, ...]
    gallery: bool = False
    """Small plots side by side (else one under the other, at full size)."""


@dataclass(frozen=True)
class Played:
    """What the plots are drawn from: each configuration, its summary and its games."""

    configs: Sequence[Config]
    summaries: Sequence[dict[str, Any]]
    games: Sequence[Sequence[dict[str, Any]]]
    out: Path

    def rows(self) -> Iterator[tuple[int, Config, dict[str, Any]]]:
        """Each configuration with games: its index, itself and its summary."""
        for index, (config, summary) in enumerate(zip(self.configs, self.summaries, strict=True)):
            if summary["games"]:
                yield index, config, summary

    def special(self, key: str) -> list[tuple[Config, dict[str, Any], dict[str, Any]]]:
        """The configurations whose game's own summary has ``key``: each with that summary
        and its whole summary."""
        return [
            (config, summary["game"], summary)
            for _, config, summary in self.rows()
            if key in summary.get("game", {})
        ]


Kind = Callable[[Played], Section | None]
"""A kind of plot: its section of a run, or None when it does not apply to the run."""


@dataclass(frozen=True)
class GamePlots:
    """A game's own kinds of plot (its plug-in's ``plots``)."""

    first: tuple[Kind, ...] = ()
    """Drawn before the common kinds (the seats, the lengths)."""
    then: tuple[Kind, ...] = ()
    """Drawn after them."""


def blank(width: float, height: float) -> Figure:
    """A new figure (not known to pyplot), with no plot yet."""
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), layout="constrained")


def figure(width: float, height: float) -> tuple[Figure, Axes]:
    """A new figure (not known to pyplot) with one plot."""
    drawn = blank(width, height)
    return drawn, drawn.add_subplot()


def save(drawn: Figure, played: Played, name: str, title: str) -> Plot:
    """Write ``drawn`` as ``name`` in the report directory (no time-dependent metadata)."""
    drawn.savefig(played.out / name, format="png", metadata={"Software": None})
    drawn.clear()
    return Plot(name, title)


def distinct(values: Iterable[str]) -> list[str]:
    """Each value once, in first-seen order."""
    return list(dict.fromkeys(values))


def chunks(items: Sequence[T], size: int) -> list[Sequence[T]]:
    """``items`` in runs of at most ``size``."""
    return [items[i : i + size] for i in range(0, len(items), size)]


def number(index: int) -> str:
    """A configuration's number in file names (1-based, zero-padded)."""
    return f"{index + 1:03d}"


def safe(text: str) -> str:
    """``text`` fit for a file name."""
    return "".join(c if c.isalnum() or c in "-_" else "_" for c in text) or "none"


def short_labels(configs: Sequence[Config]) -> list[str]:
    """Labels telling ``configs`` apart: only the options, players and bots that vary."""
    options = [c.option_map for c in configs]
    keys = distinct(k for o in options for k in o)
    varying = [k for k in keys if len({o.get(k) for o in options}) > 1]
    labels = []
    for config, chosen in zip(configs, options, strict=True):
        parts = [f"{k}={chosen.get(k, '–')}" for k in varying]
        if len({c.players for c in configs}) > 1:
            parts.append(f"{config.players}p")
        if len({c.bots for c in configs}) > 1:
            parts.append("/".join(config.bots))
        labels.append(" ".join(parts) or config.label())
    return labels


def names_of(
    configs: Iterable[Config], names: Callable[[Game[Any]], Iterable[tuple[str, str]]]
) -> dict[str, str]:
    """The ``names`` (code, English name) of the games of ``configs``, by code (none from a
    configuration that cannot be built again, such as a moved deck file)."""
    found: dict[str, str] = {}
    for config in dict.fromkeys(configs):
        try:
            game = configured(config)
        except (ValueError, OSError):  # GamehallError is a ValueError
            continue
        found.update(names(game))
    return found


def weighted(pairs: Iterable[tuple[float | None, float]]) -> float | None:
    """The mean of the values weighted by the weights (None values left out; none: None)."""
    kept = [(value, weight) for value, weight in pairs if value is not None and weight > 0]
    total = sum(weight for _, weight in kept)
    return sum(value * weight for value, weight in kept) / total if total else None


def top_down(ax: Axes, labels: Sequence[str]) -> None:
    """Label horizontal bars 0, 1, ... from the top, without margins."""
    ax.set_yticks(range(len(labels)), labels)
    ax.set_ylim(len(labels) - 0.5, -0.5)


def small_title(ax: Axes, text: str) -> None:
    """A long title (a configuration's label) over a small plot, wrapped to fit."""
    ax.set_title(textwrap.fill(text, 56), fontsize=9)


def percent_axis(ax: Axes, axis: str = "y") -> None:
    """Show ``axis`` (a proportion from 0 to 1) in percent."""
    from matplotlib.ticker import PercentFormatter

    target = ax.yaxis if axis == "y" else ax.xaxis
    target.set_major_formatter(PercentFormatter(xmax=1, decimals=0))


def whole_numbers(axis: Axis) -> None:
    """Ticks at whole numbers only on ``axis`` (rounds, games)."""
    from matplotlib.ticker import MaxNLocator

    axis.set_major_locator(MaxNLocator(integer=True))
