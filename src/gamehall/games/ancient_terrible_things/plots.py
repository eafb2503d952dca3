"""Ancient Terrible Things' own plots in a run's report (its plug-in's ``plots``): how often
encounters of each combination kind fall."""

from __future__ import annotations

from gamehall.lab import charts
from gamehall.lab.charts import GamePlots, Played, Section


def combos(played: Played) -> Section | None:
    """Ancient Terrible Things: how often encounters of each combination kind fall."""
    rows = played.special("combos")
    if not rows:
        return None
    kinds = charts.distinct(kind for _, own, _ in rows for kind in own["combos"])
    tallies = {
        kind: [own["combos"][kind] for _, own, _ in rows if kind in own["combos"]] for kind in kinds
    }
    tallies["every encounter"] = [own["encounters"] for _, own, _ in rows if "encounters" in own]
    names = list(tallies)
    tried = [sum(t["tried"] for t in tallies[name]) for name in names]
    met = [sum(t["met"] for t in tallies[name]) for name in names]
    rates = [m / t if t else 0.0 for m, t in zip(met, tried, strict=True)]
    figure, ax = charts.figure(6.5, 1.4 + 0.45 * len(names))
    places = range(len(names))
    colours = [charts.PALETTE[0]] * len(kinds) + [charts.FAIR]
    ax.barh(places, rates, color=colours[: len(names)], height=0.6)
    for y, (rate, m, t) in enumerate(zip(rates, met, tried, strict=True)):
        ax.text(rate + 0.01, y, f"{rate:.0%} ({m:,}/{t:,})", va="center", fontsize=9)
    charts.top_down(ax, names)
    ax.set_xlim(0, 1.15)
    ax.set_xticks([0, 0.25, 0.5, 0.75, 1])
    charts.percent_axis(ax, "x")
    ax.set_xlabel("encounters defeated / attempted")
    ax.set_title("Encounters defeated, by combination kind")
    return Section(
        "Combinations",
        "Every configuration added up. For each combination kind printed on encounter cards, "
        "the share of attempts at such an encounter that defeated it (defeated / attempted in "
        "brackets); an encounter printing several kinds counts for each. The grey bar is every "
        "encounter attempted, whatever it prints.",
        (charts.save(figure, played, "combos.png", "combination kinds"),),
    )


PLOTS = GamePlots(then=(combos,))
"""Ancient Terrible Things' plots, after the common ones."""
