"""The plots of a run's report (``gamehall report``): PNG files drawn with matplotlib.

Each kind of plot is one function of a :class:`~gamehall.lab.charts.Played` run; it draws
nothing (returns None) when it does not apply to the run's game or grid. Every game has the
win rate of every seat (multiplayer games) and the game lengths; a game's own kinds are its
plug-in's ``plots`` (a :class:`~gamehall.lab.charts.GamePlots`, in its package). Figures are
drawn without pyplot (nothing global to close), in a fixed style, so the same run always
gives the same files.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import matplotlib

matplotlib.use("Agg")

from matplotlib.artist import Artist
from matplotlib.axes import Axes
from matplotlib.lines import Line2D
from matplotlib.patches import Patch

from gamehall.core.plugin import FacetMap
from gamehall.lab import charts
from gamehall.lab.charts import GamePlots, Kind, Played, Plot, Section
from gamehall.lab.grid import Config

if TYPE_CHECKING:
    from matplotlib.typing import RcKeyType

STYLE: dict[RcKeyType, Any] = {
    "font.size": 10,
    "axes.titlesize": 11,
    "axes.titleweight": "bold",
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "grid.color": "#dddddd",
    "grid.linewidth": 0.6,
    "axes.axisbelow": True,
    "legend.frameon": False,
    "legend.fontsize": 9,
    "savefig.dpi": 100,
}
"""The look of every plot."""
OVERLAY = 4
"""At most this many configurations share one game-length histogram."""
HISTOGRAMS = 12
"""More configurations than this: their lengths as boxes, :data:`BOXES` to a chart."""
BOXES = 40
BINS = 30
"""At most this many bars in a game-length histogram."""

GAME_PLOTS: Mapping[str, GamePlots] = FacetMap("plots")
"""Each game's own kinds of plot (its plug-in's ``plots``), by game name."""


def draw(played: Played) -> list[Section]:
    """Every plot that applies to the run, by kind."""
    with matplotlib.rc_context(STYLE):
        sections = [kind(played) for kind in kinds(played)]
    return [section for section in sections if section is not None]


def kinds(played: Played) -> list[Kind]:
    """The kinds of plot of the run, in the report's order: its games' own first kinds, the
    common ones, then its games' other kinds."""
    names = charts.distinct(config.game for config in played.configs)
    own = [GAME_PLOTS[name] for name in names if name in GAME_PLOTS]
    return [*(k for p in own for k in p.first), *COMMON, *(k for p in own for k in p.then)]


# -- every game: seats and lengths ------------------------------------------------------------


def seats(played: Played) -> Section | None:
    """Multiplayer configurations: each seat's win rate with its 95 % interval."""
    rows = [(i, c, s) for i, c, s in played.rows() if c.players > 1]
    if not rows:
        return None
    bots = charts.distinct(bot for _, c, _ in rows for bot in c.bots)
    colours = {bot: charts.PALETTE[n % len(charts.PALETTE)] for n, bot in enumerate(bots)}
    plots = tuple(_seat_bars(played, i, c, s, colours) for i, c, s in rows)
    return Section(
        "Win rate by seat",
        "One chart per configuration: a bar per seat (seat 1 plays first), coloured by its "
        "bot, with the 95 % interval of its win rate as an error bar. The dashed line is a fair "
        "share (1 / players): a seat whose interval lies wholly above or below it wins more or "
        "less often than chance would explain. With seat orders, compare the same bot across "
        "the rotations to separate the bot's strength from the seat's.",
        plots,
        gallery=True,
    )


def _seat_bars(
    played: Played, index: int, config: Config, summary: dict[str, Any], colours: dict[str, str]
) -> Plot:
    """One configuration's win rate per seat, with the fair share."""
    figure, ax = charts.figure(5.0, 3.6)
    rows = summary["seats"]
    rates = [seat["win_rate"] for seat in rows]
    errors = [  # clamped: the interval's ends may miss the rate by a rounding error
        [max(0.0, rate - seat["interval"][0]) for rate, seat in zip(rates, rows, strict=True)],
        [max(0.0, seat["interval"][1] - rate) for rate, seat in zip(rates, rows, strict=True)],
    ]
    places = range(len(rows))
    colour = [colours[seat["bot"]] for seat in rows]
    ax.bar(places, rates, yerr=errors, color=colour, capsize=5, width=0.6, ecolor="#333333")
    for x, seat in zip(places, rows, strict=True):
        ax.text(x, seat["interval"][1] + 0.02, f"{seat['win_rate']:.0%}", ha="center", va="bottom")
    ax.axhline(1 / config.players, color=charts.FAIR, linestyle="--", linewidth=1)
    ax.set_xticks(places, [f"seat {seat['seat']}\n{seat['bot']}" for seat in rows])
    ax.set_ylim(0, 1.1)
    ax.set_yticks([0, 0.25, 0.5, 0.75, 1])
    charts.percent_axis(ax)
    ax.set_ylabel("win rate")
    charts.small_title(ax, f"{config.label()} ({summary['games']}\u00a0games)")
    handles: list[Artist] = [
        Patch(color=colours[bot], label=bot) for bot in charts.distinct(config.bots)
    ]
    handles.append(
        Line2D([], [], color=charts.FAIR, linestyle="--", linewidth=1, label="fair share")
    )
    figure.legend(handles=handles, loc="outside lower center", ncols=len(handles))
    return charts.save(figure, played, f"seats-{charts.number(index)}.png", config.label())


def lengths(played: Played) -> Section | None:
    """Every run: histograms of the game length in steps (a few configurations overlaid)."""
    rows = [(i, c, [g["steps"] for g in played.games[i]]) for i, c, _ in played.rows()]
    if not rows:
        return None
    if len(rows) <= OVERLAY:
        plots: tuple[Plot, ...] = (_overlaid_lengths(played, rows),)
        how = "one colour per configuration, on the same bins"
    elif len(rows) <= HISTOGRAMS:
        plots = tuple(_length_histogram(played, i, c, v) for i, c, v in rows)
        how = "one chart per configuration, each on its own scale (the table compares the means)"
    else:
        labelled = list(zip(charts.short_labels([c for _, c, _ in rows]), rows, strict=True))
        size = math.ceil(len(rows) / math.ceil(len(rows) / BOXES))  # charts of even sizes
        plots = tuple(
            _length_boxes(played, n, part)
            for n, part in enumerate(charts.chunks(labelled, size), 1)
        )
        how = (
            "a box per configuration: the box holds the middle half of the games, the line "
            "in it is the median, the whiskers reach the rest but for outliers (dots)"
        )
    return Section(
        "Game length",
        f"How many steps (actions, the bots' and chance's) the games took: {how}. The dashed "
        "line is the mean. A long right tail means some games drag on; games cut off as "
        "stalled sit at the far right.",
        plots,
        gallery=len(plots) > 1,
    )


def _edges(values: Sequence[int]) -> list[int]:
    """Histogram bins of whole steps covering ``values``, at most :data:`BINS` of them."""
    width = max(1, math.ceil((max(values) - min(values) + 1) / BINS))
    return list(range(min(values), max(values) + width + 1, width))


def _overlaid_lengths(played: Played, rows: list[tuple[int, Config, list[int]]]) -> Plot:
    """The lengths of a few configurations in one histogram."""
    figure, ax = charts.figure(7.0, 3.8)
    edges = _edges([steps for _, _, values in rows for steps in values])
    labels = charts.short_labels([c for _, c, _ in rows])
    for n, ((_, _, values), label) in enumerate(zip(rows, labels, strict=True)):
        colour = charts.PALETTE[n % len(charts.PALETTE)]
        ax.hist(values, bins=edges, histtype="stepfilled", alpha=0.35, color=colour, label=label)
        ax.hist(values, bins=edges, histtype="step", linewidth=1.5, color=colour)
        ax.axvline(sum(values) / len(values), color=colour, linestyle="--", linewidth=1)
    _length_axes(ax)
    ax.set_title("Game length")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1))
    return charts.save(figure, played, "lengths.png", "every configuration")


def _length_boxes(
    played: Played, number: int, rows: Sequence[tuple[str, tuple[int, Config, list[int]]]]
) -> Plot:
    """The lengths of many configurations (label, row), a box each, top to bottom in the
    table's order."""
    figure, ax = charts.figure(7.0, 1.0 + 0.28 * len(rows))
    ax.boxplot(
        [values for _, (_, _, values) in rows],
        positions=range(len(rows)),
        vert=False,
        widths=0.6,
    )
    charts.top_down(ax, [label for label, _ in rows])
    ax.set_xlabel("steps per game")
    ax.set_title("Game length")
    return charts.save(figure, played, f"lengths-{number}.png", f"configurations, part {number}")


def _length_histogram(played: Played, index: int, config: Config, values: list[int]) -> Plot:
    """The lengths of one configuration's games."""
    figure, ax = charts.figure(5.0, 3.2)
    ax.hist(values, bins=_edges(values), color=charts.PALETTE[0])
    ax.axvline(sum(values) / len(values), color=charts.FAIR, linestyle="--", linewidth=1)
    _length_axes(ax)
    charts.small_title(ax, f"{config.label()} ({len(values)}\u00a0games)")
    return charts.save(figure, played, f"length-{charts.number(index)}.png", config.label())


def _length_axes(ax: Axes) -> None:
    """The labels of a game-length histogram."""
    ax.set_xlabel("steps per game")
    ax.set_ylabel("games")
    charts.whole_numbers(ax.yaxis)


COMMON: tuple[Kind, ...] = (seats, lengths)
"""The kinds of plot of every game, in the report's order."""
