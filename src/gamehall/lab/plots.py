"""The plots of a run's report (``gamehall report``): PNG files drawn with matplotlib.

Each kind of plot is one function of a :class:`Played` run; it draws nothing (returns None)
when it does not apply to the run's game or grid. The kinds: 20 Strong's win rates by hero and
boss (one heatmap per rank), its mean Health by round and its cards' impact; the win rate of
every seat of multiplayer games; the game lengths; Boss Quest's spells; Ancient Terrible
Things' combinations. Figures are drawn without pyplot (nothing global to close), in a fixed
style, so the same run always gives the same files.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import matplotlib

matplotlib.use("Agg")

from matplotlib.artist import Artist
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch
from matplotlib.ticker import MaxNLocator, PercentFormatter

from gamehall.games.boss_quest import BossQuest
from gamehall.games.twenty_strong.rules import TwentyStrong
from gamehall.lab.grid import Config
from gamehall.lab.play import configured

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
PALETTE = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#17becf")
FAIR = "#555555"
"""The colour of reference lines (a fair share, the run's win rate)."""
OVERLAY = 4
"""At most this many configurations share one game-length histogram."""
HISTOGRAMS = 12
"""More configurations than this: their lengths as boxes, :data:`BOXES` to a chart."""
BOXES = 40
LINES = 8
"""At most this many Health curves per chart."""
CARDS = 20
"""The most activated cards shown in the card impact chart."""
REACHED = 0.1
"""A round's mean Health is drawn when at least this share of the games reached it."""
BINS = 30
"""At most this many bars in a game-length histogram."""

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


def draw(played: Played) -> list[Section]:
    """Every plot that applies to the run, by kind."""
    with matplotlib.rc_context(STYLE):
        sections = [kind(played) for kind in KINDS]
    return [section for section in sections if section is not None]


# -- helpers ---------------------------------------------------------------------------------


def _figure(width: float, height: float) -> tuple[Figure, Axes]:
    """A new figure (not known to pyplot) with one plot."""
    figure = Figure(figsize=(width, height), layout="constrained")
    return figure, figure.add_subplot()


def _save(figure: Figure, played: Played, name: str, title: str) -> Plot:
    """Write ``figure`` as ``name`` in the report directory (no time-dependent metadata)."""
    figure.savefig(played.out / name, format="png", metadata={"Software": None})
    figure.clear()
    return Plot(name, title)


def _distinct(values: Iterable[str]) -> list[str]:
    """Each value once, in first-seen order."""
    return list(dict.fromkeys(values))


def _chunks(items: Sequence[T], size: int) -> list[Sequence[T]]:
    """``items`` in runs of at most ``size``."""
    return [items[i : i + size] for i in range(0, len(items), size)]


def _number(index: int) -> str:
    """A configuration's number in file names (1-based, zero-padded)."""
    return f"{index + 1:03d}"


def _safe(text: str) -> str:
    """``text`` fit for a file name."""
    return "".join(c if c.isalnum() or c in "-_" else "_" for c in text) or "none"


def short_labels(configs: Sequence[Config]) -> list[str]:
    """Labels telling ``configs`` apart: only the options, players and bots that vary."""
    options = [c.option_map for c in configs]
    keys = _distinct(k for o in options for k in o)
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


def card_names(configs: Iterable[Config]) -> dict[str, str]:
    """The English names of the 20 Strong cards and Boss Quest spells of ``configs``, by code
    (none from a configuration that cannot be built again, such as a moved deck file)."""
    names: dict[str, str] = {}
    for config in dict.fromkeys(configs):
        try:
            game = configured(config)
        except (ValueError, OSError):  # GamehallError is a ValueError
            continue
        if isinstance(game, TwentyStrong):
            names.update((card.code, card.name.en) for card in game.deck.cards)
        elif isinstance(game, BossQuest):
            names.update((spell.code, spell.name.en) for spell in game.cards.spells)
    return names


def _weighted(pairs: Iterable[tuple[float | None, float]]) -> float | None:
    """The mean of the values weighted by the weights (None values left out; none: None)."""
    kept = [(value, weight) for value, weight in pairs if value is not None and weight > 0]
    total = sum(weight for _, weight in kept)
    return sum(value * weight for value, weight in kept) / total if total else None


def _top_down(ax: Axes, labels: Sequence[str]) -> None:
    """Label horizontal bars 0, 1, ... from the top, without margins."""
    ax.set_yticks(range(len(labels)), labels)
    ax.set_ylim(len(labels) - 0.5, -0.5)


def _small_title(ax: Axes, text: str) -> None:
    """A long title (a configuration's label) over a small plot, wrapped to fit."""
    ax.set_title(textwrap.fill(text, 56), fontsize=9)


def _percent_axis(ax: Axes, axis: str = "y") -> None:
    """Show ``axis`` (a proportion from 0 to 1) in percent."""
    target = ax.yaxis if axis == "y" else ax.xaxis
    target.set_major_formatter(PercentFormatter(xmax=1, decimals=0))


# -- 20 Strong: win rates by hero and boss ----------------------------------------------------


def heatmaps(played: Played) -> Section | None:
    """20 Strong grids of several heroes or bosses: one heatmap of win rates per rank."""
    rows = [(c, s) for _, c, s in played.rows() if c.game == "20-strong"]
    heroes = _distinct(c.option_map.get("hero", "–") for c, _ in rows)
    bosses = _distinct(c.option_map.get("boss", "–") for c, _ in rows)
    if len(heroes) < 2 and len(bosses) < 2:
        return None
    ranks = _distinct(c.option_map.get("rank", "–") for c, _ in rows)
    plots = tuple(
        _heatmap(
            played,
            rank,
            heroes,
            bosses,
            [(c, s) for c, s in rows if c.option_map.get("rank", "–") == rank],
        )
        for rank in ranks
    )
    return Section(
        "Win rate by hero and boss",
        "One map per rank: a row per hero, a column per boss. Each cell is the share of games "
        "the bot won with that pairing, from red (never) through yellow (half) to green "
        "(always). With few games per cell, neighbouring cells differing by a few points are "
        "not really different: see the 95 % intervals in the table above.",
        plots,
    )


def _heatmap(
    played: Played,
    rank: str,
    heroes: list[str],
    bosses: list[str],
    rows: list[tuple[Config, dict[str, Any]]],
) -> Plot:
    """The win rates of one rank, a cell per hero and boss."""
    wins = {(h, b): [0.0, 0] for h in heroes for b in bosses}
    for config, summary in rows:
        cell = wins[config.option_map.get("hero", "–"), config.option_map.get("boss", "–")]
        cell[0] += summary["seats"][0]["wins"]
        cell[1] += summary["games"]
    rates = [
        [wins[h, b][0] / wins[h, b][1] if wins[h, b][1] else math.nan for b in bosses]
        for h in heroes
    ]
    figure, ax = _figure(max(5.5, 1.8 + 1.0 * len(bosses)), max(3.2, 1.4 + 0.55 * len(heroes)))
    image = ax.imshow(rates, cmap="RdYlGn", vmin=0, vmax=1, aspect="auto")
    ax.grid(False)
    ax.set_xticks(range(len(bosses)), bosses, rotation=30, ha="right")
    ax.set_yticks(range(len(heroes)), heroes)
    ax.set_xlabel("boss")
    ax.set_ylabel("hero")
    for y, line in enumerate(rates):
        for x, rate in enumerate(line):
            text = "–" if math.isnan(rate) else f"{rate:.0%}"
            dark = not math.isnan(rate) and (rate < 0.2 or rate > 0.8)
            ax.text(x, y, text, ha="center", va="center", color="white" if dark else "black")
    games = sorted({n for _, n in wins.values() if n})
    each = f"{games[0]} games per pairing" if len(games) == 1 else "games per pairing vary"
    ax.set_title(f"Win rate, rank {rank} ({each})")
    bar = figure.colorbar(image, ax=ax, label="win rate")
    bar.ax.yaxis.set_major_formatter(PercentFormatter(xmax=1, decimals=0))
    return _save(figure, played, f"heatmap-rank-{_safe(rank)}.png", f"rank {rank}")


# -- every game: seats and lengths ------------------------------------------------------------


def seats(played: Played) -> Section | None:
    """Multiplayer configurations: each seat's win rate with its 95 % interval."""
    rows = [(i, c, s) for i, c, s in played.rows() if c.players > 1]
    if not rows:
        return None
    bots = _distinct(bot for _, c, _ in rows for bot in c.bots)
    colours = {bot: PALETTE[n % len(PALETTE)] for n, bot in enumerate(bots)}
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
    figure, ax = _figure(5.0, 3.6)
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
    ax.axhline(1 / config.players, color=FAIR, linestyle="--", linewidth=1)
    ax.set_xticks(places, [f"seat {seat['seat']}\n{seat['bot']}" for seat in rows])
    ax.set_ylim(0, 1.1)
    ax.set_yticks([0, 0.25, 0.5, 0.75, 1])
    _percent_axis(ax)
    ax.set_ylabel("win rate")
    _small_title(ax, f"{config.label()} ({summary['games']}\u00a0games)")
    handles: list[Artist] = [Patch(color=colours[bot], label=bot) for bot in _distinct(config.bots)]
    handles.append(Line2D([], [], color=FAIR, linestyle="--", linewidth=1, label="fair share"))
    figure.legend(handles=handles, loc="outside lower center", ncols=len(handles))
    return _save(figure, played, f"seats-{_number(index)}.png", config.label())


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
        labelled = list(zip(short_labels([c for _, c, _ in rows]), rows, strict=True))
        size = math.ceil(len(rows) / math.ceil(len(rows) / BOXES))  # charts of even sizes
        plots = tuple(
            _length_boxes(played, n, part) for n, part in enumerate(_chunks(labelled, size), 1)
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
    figure, ax = _figure(7.0, 3.8)
    edges = _edges([steps for _, _, values in rows for steps in values])
    labels = short_labels([c for _, c, _ in rows])
    for n, ((_, _, values), label) in enumerate(zip(rows, labels, strict=True)):
        colour = PALETTE[n % len(PALETTE)]
        ax.hist(values, bins=edges, histtype="stepfilled", alpha=0.35, color=colour, label=label)
        ax.hist(values, bins=edges, histtype="step", linewidth=1.5, color=colour)
        ax.axvline(sum(values) / len(values), color=colour, linestyle="--", linewidth=1)
    _length_axes(ax)
    ax.set_title("Game length")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1))
    return _save(figure, played, "lengths.png", "every configuration")


def _length_boxes(
    played: Played, number: int, rows: Sequence[tuple[str, tuple[int, Config, list[int]]]]
) -> Plot:
    """The lengths of many configurations (label, row), a box each, top to bottom in the
    table's order."""
    figure, ax = _figure(7.0, 1.0 + 0.28 * len(rows))
    ax.boxplot(
        [values for _, (_, _, values) in rows],
        positions=range(len(rows)),
        vert=False,
        widths=0.6,
    )
    _top_down(ax, [label for label, _ in rows])
    ax.set_xlabel("steps per game")
    ax.set_title("Game length")
    return _save(figure, played, f"lengths-{number}.png", f"configurations, part {number}")


def _length_histogram(played: Played, index: int, config: Config, values: list[int]) -> Plot:
    """The lengths of one configuration's games."""
    figure, ax = _figure(5.0, 3.2)
    ax.hist(values, bins=_edges(values), color=PALETTE[0])
    ax.axvline(sum(values) / len(values), color=FAIR, linestyle="--", linewidth=1)
    _length_axes(ax)
    _small_title(ax, f"{config.label()} ({len(values)}\u00a0games)")
    return _save(figure, played, f"length-{_number(index)}.png", config.label())


def _length_axes(ax: Axes) -> None:
    """The labels of a game-length histogram."""
    ax.set_xlabel("steps per game")
    ax.set_ylabel("games")
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))


# -- 20 Strong: Health and cards --------------------------------------------------------------


def health(played: Played) -> Section | None:
    """20 Strong: the mean Health at the end of each round, a line per configuration."""
    rows = played.special("health_curve")
    if not rows:
        return None
    ranks = _distinct(c.option_map.get("rank", "–") for c, _, _ in rows)
    plots: list[Plot] = []
    for rank in ranks:
        group = [row for row in rows if row[0].option_map.get("rank", "–") == rank]
        parts = _chunks(group, LINES)
        for n, part in enumerate(parts):
            suffix = f" ({n + 1} of {len(parts)})" if len(parts) > 1 else ""
            plots.append(
                _health_chart(played, f"rank {rank}{suffix}", f"{_safe(rank)}-{n + 1}", part)
            )
    return Section(
        "Health by round",
        "The hero's mean Health at the end of each round, a line per configuration (at most "
        f"{LINES} per chart). A steep line is a punishing pairing; where a line stops, fewer "
        f"than {REACHED:.0%} of its games lasted that long (later means rest on too few games).",
        tuple(plots),
    )


def _health_chart(
    played: Played,
    title: str,
    name: str,
    rows: Sequence[tuple[Config, dict[str, Any], dict[str, Any]]],
) -> Plot:
    """Health curves of a few configurations."""
    figure, ax = _figure(7.0, 3.8)
    labels = short_labels([c for c, _, _ in rows])
    for n, ((_, own, summary), label) in enumerate(zip(rows, labels, strict=True)):
        least = max(1.0, REACHED * summary["games"])
        points = [
            (r + 1, value)
            for r, (value, reached) in enumerate(
                zip(own["health_curve"], own["reached"], strict=False)
            )
            if reached >= least
        ]
        ax.plot(
            [r for r, _ in points],
            [v for _, v in points],
            marker="o",
            markersize=3,
            color=PALETTE[n % len(PALETTE)],
            label=label,
        )
    ax.set_xlabel("round")
    ax.set_ylabel("mean Health at the end of the round")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_ylim(bottom=0)
    ax.set_title(f"Health by round, {title}")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1))
    return _save(figure, played, f"health-rank-{name}.png", title)


def cards(played: Played) -> Section | None:
    """20 Strong: the most activated cards' defeat rate and the win rate of games with them."""
    rows = played.special("cards")
    if not rows:
        return None
    codes = _distinct(code for _, own, _ in rows for code in own["cards"])
    impact = {code: _card_impact(code, rows) for code in codes}
    top = sorted(codes, key=lambda code: (-impact[code][0], code))[:CARDS]
    won = sum(summary["seats"][0]["wins"] for _, _, summary in rows)
    overall = won / sum(summary["games"] for _, _, summary in rows)
    names = card_names(config for config, _, _ in rows)
    labels = [f"{names.get(code, code)} ({impact[code][0]:,.0f})" for code in top]
    plot = _card_chart(played, labels, [impact[code] for code in top], overall)
    return Section(
        "Card impact",
        f"The {len(top)} cards activated most often over the whole run (activations in "
        "brackets), most activated at the top. Red: the share of its activations that ended "
        "with the card defeated. Green: the win rate of the games in which it was activated; "
        "well left of the dashed line (the run's win rate), the card tends to come in games "
        "the hero loses.",
        (plot,),
    )


def _card_chart(
    played: Played,
    labels: list[str],
    impact: list[tuple[float, float | None, float | None]],
    overall: float,
) -> Plot:
    """Two bars per card: its defeat rate and the win rate when it is activated."""
    figure, ax = _figure(7.5, 1.8 + 0.42 * len(labels))
    places = range(len(labels))
    bars = (("defeat rate", 1, -0.2, PALETTE[3]), ("win rate when activated", 2, 0.2, PALETTE[2]))
    for label, field, shift, colour in bars:
        values = [row[field] or 0.0 for row in impact]
        ax.barh([y + shift for y in places], values, height=0.4, color=colour, label=label)
    ax.axvline(overall, color=FAIR, linestyle="--", linewidth=1, label="the run's win rate")
    _top_down(ax, labels)
    ax.set_xlim(0, 1)
    _percent_axis(ax, "x")
    figure.suptitle(f"The {len(labels)} most activated cards", fontweight="bold")
    figure.legend(loc="outside lower center", ncols=3)
    return _save(figure, played, "cards.png", "most activated cards")


def _card_impact(
    code: str, rows: Sequence[tuple[Config, dict[str, Any], dict[str, Any]]]
) -> tuple[float, float | None, float | None]:
    """One card over the run: its activations, defeat rate and win rate when activated."""
    found = [
        (own["cards"][code], summary["games"]) for _, own, summary in rows if code in own["cards"]
    ]
    activations = [(card, card["activated"] * games) for card, games in found]
    return (
        sum(count for _, count in activations),
        _weighted((card["defeat_rate"], count) for card, count in activations),
        _weighted((card["win_rate_with"], card["games_with"]) for card, _ in found),
    )


# -- Boss Quest and Ancient Terrible Things ---------------------------------------------------


def spells(played: Played) -> Section | None:
    """Boss Quest: each spell's casts per game and its casters' win rate over a fair share."""
    rows = played.special("spells")
    if not rows:
        return None
    counts = sorted({config.players for config, _, _ in rows})
    plots = tuple(_spell_chart(played, n, [r for r in rows if r[0].players == n]) for n in counts)
    return Section(
        "Spells",
        "One chart per number of players, every configuration of it added up; spells most "
        "cast at the top. Left: how often the spell is cast per game. Right: its effect, the "
        "win rate of the knights who cast it minus a fair share (1 / players): green when "
        "casters win more often than their share, red when less. A spell rarely cast has a "
        "noisy effect.",
        plots,
    )


def _spell_chart(
    played: Played, players: int, rows: Sequence[tuple[Config, dict[str, Any], dict[str, Any]]]
) -> Plot:
    """The spells of the games of ``players`` players."""
    codes = _distinct(code for _, own, _ in rows for code in own["spells"])
    found = {
        code: [(own["spells"][code], s["games"]) for _, own, s in rows if code in own["spells"]]
        for code in codes
    }
    casts = {
        code: _weighted((f["cast_per_game"], n) for f, n in found[code]) or 0.0 for code in codes
    }
    effect = {
        code: _weighted((f["effect"], f["games_with"]) for f, _ in found[code]) for code in codes
    }
    order = sorted(codes, key=lambda code: (-casts[code], code))
    names = card_names(config for config, _, _ in rows)
    games = sum(summary["games"] for _, _, summary in rows)
    figure = Figure(figsize=(8.0, 1.6 + 0.32 * len(order)), layout="constrained")
    left, right = figure.subplots(1, 2, sharey=True)
    places = range(len(order))
    left.barh(places, [casts[code] for code in order], color=PALETTE[0])
    _top_down(left, [f"{names.get(code, code)} ({code})" for code in order])
    left.set_xlabel("casts per game")
    left.set_title("Usage")
    values = [effect[code] for code in order]
    right.barh(
        places,
        [v or 0.0 for v in values],
        color=[PALETTE[2] if (v or 0) >= 0 else PALETTE[3] for v in values],
    )
    for y, value in zip(places, values, strict=True):
        if value is None:
            right.text(0, y, " never cast", va="center", color=FAIR, fontsize=8)
    reach = max([abs(v) for v in values if v is not None] + [0.1])
    right.set_xlim(-reach * 1.1, reach * 1.1)
    right.axvline(0, color=FAIR, linewidth=1)
    _percent_axis(right, "x")
    right.set_xlabel("caster's win rate − fair share")
    right.set_title("Effect")
    figure.suptitle(f"Spells, {players} players ({games} games)", fontweight="bold")
    return _save(figure, played, f"spells-{players}p.png", f"{players} players")


def combos(played: Played) -> Section | None:
    """Ancient Terrible Things: how often encounters of each combination kind fall."""
    rows = played.special("combos")
    if not rows:
        return None
    kinds = _distinct(kind for _, own, _ in rows for kind in own["combos"])
    tallies = {
        kind: [own["combos"][kind] for _, own, _ in rows if kind in own["combos"]] for kind in kinds
    }
    tallies["every encounter"] = [own["encounters"] for _, own, _ in rows if "encounters" in own]
    names = list(tallies)
    tried = [sum(t["tried"] for t in tallies[name]) for name in names]
    met = [sum(t["met"] for t in tallies[name]) for name in names]
    rates = [m / t if t else 0.0 for m, t in zip(met, tried, strict=True)]
    figure, ax = _figure(6.5, 1.4 + 0.45 * len(names))
    places = range(len(names))
    colours = [PALETTE[0]] * len(kinds) + [FAIR]
    ax.barh(places, rates, color=colours[: len(names)], height=0.6)
    for y, (rate, m, t) in enumerate(zip(rates, met, tried, strict=True)):
        ax.text(rate + 0.01, y, f"{rate:.0%} ({m:,}/{t:,})", va="center", fontsize=9)
    _top_down(ax, names)
    ax.set_xlim(0, 1.15)
    ax.set_xticks([0, 0.25, 0.5, 0.75, 1])
    _percent_axis(ax, "x")
    ax.set_xlabel("encounters defeated / attempted")
    ax.set_title("Encounters defeated, by combination kind")
    return Section(
        "Combinations",
        "Every configuration added up. For each combination kind printed on encounter cards, "
        "the share of attempts at such an encounter that defeated it (defeated / attempted in "
        "brackets); an encounter printing several kinds counts for each. The grey bar is every "
        "encounter attempted, whatever it prints.",
        (_save(figure, played, "combos.png", "combination kinds"),),
    )


KINDS: tuple[Callable[[Played], Section | None], ...] = (
    heatmaps,
    seats,
    lengths,
    health,
    cards,
    spells,
    combos,
)
"""Every kind of plot, in the report's order."""
