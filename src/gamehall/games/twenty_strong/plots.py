"""20 Strong's own plots in a run's report (its plug-in's ``plots``): the win rates by hero and
boss (one heatmap per rank), before the common plots; the mean Health by round and its cards'
impact, after them."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

from gamehall.core.game import Game
from gamehall.games.twenty_strong.rules import TwentyStrong
from gamehall.lab import charts
from gamehall.lab.charts import GamePlots, Played, Plot, Section
from gamehall.lab.grid import Config

LINES = 8
"""At most this many Health curves per chart."""
CARDS = 20
"""The most activated cards shown in the card impact chart."""
REACHED = 0.1
"""A round's mean Health is drawn when at least this share of the games reached it."""


def card_names(game: Game[Any]) -> Iterable[tuple[str, str]]:
    """The English name of each card of a 20 Strong game's deck, by code."""
    if isinstance(game, TwentyStrong):
        yield from ((card.code, card.name.en) for card in game.deck.cards)


# -- win rates by hero and boss ---------------------------------------------------------------


def heatmaps(played: Played) -> Section | None:
    """20 Strong grids of several heroes or bosses: one heatmap of win rates per rank."""
    rows = [(c, s) for _, c, s in played.rows() if c.game == "20-strong"]
    heroes = charts.distinct(c.option_map.get("hero", "–") for c, _ in rows)
    bosses = charts.distinct(c.option_map.get("boss", "–") for c, _ in rows)
    if len(heroes) < 2 and len(bosses) < 2:
        return None
    ranks = charts.distinct(c.option_map.get("rank", "–") for c, _ in rows)
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
    figure, ax = charts.figure(
        max(5.5, 1.8 + 1.0 * len(bosses)), max(3.2, 1.4 + 0.55 * len(heroes))
    )
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
    charts.percent_axis(bar.ax)
    return charts.save(figure, played, f"heatmap-rank-{charts.safe(rank)}.png", f"rank {rank}")


# -- Health and cards -------------------------------------------------------------------------


def health(played: Played) -> Section | None:
    """20 Strong: the mean Health at the end of each round, a line per configuration."""
    rows = played.special("health_curve")
    if not rows:
        return None
    ranks = charts.distinct(c.option_map.get("rank", "–") for c, _, _ in rows)
    plots: list[Plot] = []
    for rank in ranks:
        group = [row for row in rows if row[0].option_map.get("rank", "–") == rank]
        parts = charts.chunks(group, LINES)
        for n, part in enumerate(parts):
            suffix = f" ({n + 1} of {len(parts)})" if len(parts) > 1 else ""
            plots.append(
                _health_chart(played, f"rank {rank}{suffix}", f"{charts.safe(rank)}-{n + 1}", part)
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
    figure, ax = charts.figure(7.0, 3.8)
    labels = charts.short_labels([c for c, _, _ in rows])
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
            color=charts.PALETTE[n % len(charts.PALETTE)],
            label=label,
        )
    ax.set_xlabel("round")
    ax.set_ylabel("mean Health at the end of the round")
    charts.whole_numbers(ax.xaxis)
    ax.set_ylim(bottom=0)
    ax.set_title(f"Health by round, {title}")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1))
    return charts.save(figure, played, f"health-rank-{name}.png", title)


def cards(played: Played) -> Section | None:
    """20 Strong: the most activated cards' defeat rate and the win rate of games with them."""
    rows = played.special("cards")
    if not rows:
        return None
    codes = charts.distinct(code for _, own, _ in rows for code in own["cards"])
    impact = {code: _card_impact(code, rows) for code in codes}
    top = sorted(codes, key=lambda code: (-impact[code][0], code))[:CARDS]
    won = sum(summary["seats"][0]["wins"] for _, _, summary in rows)
    overall = won / sum(summary["games"] for _, _, summary in rows)
    names = charts.names_of((config for config, _, _ in rows), card_names)
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
    figure, ax = charts.figure(7.5, 1.8 + 0.42 * len(labels))
    places = range(len(labels))
    bars = (
        ("defeat rate", 1, -0.2, charts.PALETTE[3]),
        ("win rate when activated", 2, 0.2, charts.PALETTE[2]),
    )
    for label, field, shift, colour in bars:
        values = [row[field] or 0.0 for row in impact]
        ax.barh([y + shift for y in places], values, height=0.4, color=colour, label=label)
    ax.axvline(overall, color=charts.FAIR, linestyle="--", linewidth=1, label="the run's win rate")
    charts.top_down(ax, labels)
    ax.set_xlim(0, 1)
    charts.percent_axis(ax, "x")
    figure.suptitle(f"The {len(labels)} most activated cards", fontweight="bold")
    figure.legend(loc="outside lower center", ncols=3)
    return charts.save(figure, played, "cards.png", "most activated cards")


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
        charts.weighted((card["defeat_rate"], count) for card, count in activations),
        charts.weighted((card["win_rate_with"], card["games_with"]) for card, _ in found),
    )


PLOTS = GamePlots(first=(heatmaps,), then=(health, cards))
"""20 Strong's plots: the heatmaps before the common ones, Health and cards after them."""
