"""Boss Quest's own plots in a run's report (its plug-in's ``plots``): each spell's casts per
game and its casters' win rate over a fair share."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from gamehall.core.game import Game
from gamehall.games.boss_quest.rules import BossQuest
from gamehall.lab import charts
from gamehall.lab.charts import GamePlots, Played, Plot, Section
from gamehall.lab.grid import Config


def spell_names(game: Game[Any]) -> Iterable[tuple[str, str]]:
    """The English name of each spell of a Boss Quest game, by code."""
    if isinstance(game, BossQuest):
        yield from ((spell.code, spell.name.en) for spell in game.cards.spells)


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
    codes = charts.distinct(code for _, own, _ in rows for code in own["spells"])
    found = {
        code: [(own["spells"][code], s["games"]) for _, own, s in rows if code in own["spells"]]
        for code in codes
    }
    casts = {
        code: charts.weighted((f["cast_per_game"], n) for f, n in found[code]) or 0.0
        for code in codes
    }
    effect = {
        code: charts.weighted((f["effect"], f["games_with"]) for f, _ in found[code])
        for code in codes
    }
    order = sorted(codes, key=lambda code: (-casts[code], code))
    names = charts.names_of((config for config, _, _ in rows), spell_names)
    games = sum(summary["games"] for _, _, summary in rows)
    figure = charts.blank(8.0, 1.6 + 0.32 * len(order))
    left, right = figure.subplots(1, 2, sharey=True)
    places = range(len(order))
    left.barh(places, [casts[code] for code in order], color=charts.PALETTE[0])
    charts.top_down(left, [f"{names.get(code, code)} ({code})" for code in order])
    left.set_xlabel("casts per game")
    left.set_title("Usage")
    values = [effect[code] for code in order]
    right.barh(
        places,
        [v or 0.0 for v in values],
        color=[charts.PALETTE[2] if (v or 0) >= 0 else charts.PALETTE[3] for v in values],
    )
    for y, value in zip(places, values, strict=True):
        if value is None:
            right.text(0, y, " never cast", va="center", color=charts.FAIR, fontsize=8)
    reach = max([abs(v) for v in values if v is not None] + [0.1])
    right.set_xlim(-reach * 1.1, reach * 1.1)
    right.axvline(0, color=charts.FAIR, linewidth=1)
    charts.percent_axis(right, "x")
    right.set_xlabel("caster's win rate − fair share")
    right.set_title("Effect")
    figure.suptitle(f"Spells, {players} players ({games} games)", fontweight="bold")
    return charts.save(figure, played, f"spells-{players}p.png", f"{players} players")


PLOTS = GamePlots(then=(spells,))
"""Boss Quest's plots, after the common ones."""
