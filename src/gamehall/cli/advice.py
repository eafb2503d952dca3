"""The advisor in the terminal: the ``hint`` table, and ``gamehall advise RECORD``."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.table import Table

from gamehall.core.i18n import Catalog, Text
from gamehall.search.advisor import Advice, Annotation

TOP_MOVES = 10


def hint_table(advice: Advice, players: int, texts: Catalog) -> Table:
    """The legal actions ranked by the advisor, with their estimated value and precision."""
    title = Text(
        "search.hint.title",
        {
            "seat": advice.seat + 1,
            "iterations": advice.iterations,
            "seconds": texts.number(advice.seconds, ".2f"),
        },
    )
    value = "search.hint.solo_value" if players == 1 else "search.hint.multi_value"
    table = Table(
        "#",
        texts.render(Text("search.hint.action")),
        texts.render(Text(value)),
        texts.render(Text("search.hint.tries")),
        title=texts.render(title),
        caption=texts.render(advice.summary()),
    )
    for rank, estimate in enumerate(advice.estimates, 1):
        row = Text(
            "search.hint.row",
            {
                "value": texts.number(100 * estimate.value, ".1f"),
                "error": texts.number(100 * estimate.error, ".1f"),
            },
        )
        label = texts.render(estimate.label)
        if estimate.close and len(advice.estimates) > 1:
            tag = "web.hint.best" if advice.stands_out else "web.hint.close"
            label = f"{label} ({texts.render(Text(tag))})"
        table.add_row(str(rank), label, texts.render(row), str(estimate.tries))
    return table


def print_annotations(
    annotations: list[Annotation], labels: list[str], console: Console, texts: Catalog
) -> None:
    """The moves where the played action gave up most against the advisor's choice."""
    worst = sorted(
        (pair for pair in zip(annotations, labels, strict=True) if pair[0].loss > 0),
        key=lambda pair: -pair[0].loss,
    )[:TOP_MOVES]
    if not worst:
        console.print(texts.render(Text("search.advise.none")))
        return
    title = Text("search.advise.title", {"decisions": len(annotations)})
    table = Table(
        texts.render(Text("search.advise.move")),
        texts.render(Text("search.advise.seat")),
        texts.render(Text("search.advise.played")),
        texts.render(Text("search.advise.advised")),
        texts.render(Text("search.advise.loss")),
        title=texts.render(title),
    )
    for annotation, played in worst:
        points = Text(
            "search.advise.points",
            {"points": f"{100 * annotation.loss:.1f}", "error": f"{100 * annotation.error:.1f}"},
        )
        table.add_row(
            str(annotation.index),
            str(annotation.seat + 1),
            played,
            texts.render(annotation.advice.best.label),
            texts.render(points),
        )
    console.print(table)


def advise_record(
    file: Path, seats: list[int] | None, iterations: int, console: Console, texts: Catalog
) -> list[Annotation]:
    """Replay a record and annotate its decisions (``seats`` from 0; None: every seat)."""
    from gamehall.core.record import Record, replay
    from gamehall.search.advisor import annotate

    match = replay(Record.load(file))
    annotations = list(annotate(match, seats, iterations))
    game = match.game
    labels = [
        texts.render(game.label(game.view(match.states[a.index], a.seat), a.played))
        for a in annotations
    ]
    print_annotations(annotations, labels, console, texts)
    return annotations
