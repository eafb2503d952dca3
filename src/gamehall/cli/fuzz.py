"""``gamehall fuzz``: the fuzzer at the command line, with a live tally and a table of figures
per game; failures are saved as replayable JSON and end the command with status 1."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.live import Live
from rich.table import Table

from gamehall.core.registry import find_game
from gamehall.fuzz.driver import Fuzzer


def figures(fuzzer: Fuzzer, seconds: float) -> dict[str, object]:
    """The run's figures as JSON data."""
    return {
        "seed": fuzzer.seed,
        "seconds": seconds,
        "games": {
            name: {**vars(tally), "configurations": len(fuzzer.configurations[name])}
            for name, tally in fuzzer.tallies.items()
        },
        "failures": [str(failure) for failure in fuzzer.failures],
    }


def table(fuzzer: Fuzzer) -> Table:
    """The figures, a column per game and one for their total (narrow enough for any
    terminal)."""
    shown = Table(title="gamehall fuzz")
    shown.add_column("")
    tallies = [*fuzzer.tallies.values(), fuzzer.total()]
    for name in [*fuzzer.tallies, "total"]:
        shown.add_column(name, justify="right")
    configurations = [len(fuzzer.configurations[name]) for name in fuzzer.tallies]
    shown.add_row("configurations", *(f"{c:,}" for c in [*configurations, sum(configurations)]))
    for label, field in ROWS:
        shown.add_row(label, *(f"{getattr(tally, field):,}" for tally in tallies))
    return shown


ROWS = (
    ("games", "games"),
    ("actions", "actions"),
    ("illegal tried", "illegal"),
    ("checks", "checks"),
    ("stalled", "stalled"),
    ("failures", "failures"),
)


def fuzz(
    seconds: Annotated[float, typer.Option(min=0.1, help="How long to fuzz.")] = 60.0,
    game: Annotated[
        list[str] | None, typer.Option("--game", "-g", help="A game to fuzz (repeatable; all).")
    ] = None,
    seed: Annotated[str, typer.Option(help="The run's seed: the same seed, the same games.")] = "0",
    illegal: Annotated[int, typer.Option(min=0, help="Illegal actions tried per step.")] = 2,
    out: Annotated[Path, typer.Option(help="Where failures are saved.")] = Path("fuzz-failures"),
    as_json: Annotated[Path | None, typer.Option("--json", help="Also write figures here.")] = None,
) -> None:
    """Play random legal and illegal actions in every game, deck and option set, checking the
    games' invariants after every action; exit status 1 if any check fails."""
    names = [find_game(name).name for name in game or []]
    fuzzer = Fuzzer(seed, names or None, illegal)
    console = Console()
    with Live(table(fuzzer), console=console, refresh_per_second=2) as live:
        fuzzer.run(seconds, lambda running: live.update(table(running)))
    if as_json is not None:
        as_json.write_text(json.dumps(figures(fuzzer, seconds), indent=1))
    if fuzzer.failures:
        paths = fuzzer.save_failures(out)
        for failure in fuzzer.failures[:10]:
            console.print(f"[red]FAIL[/red] {failure}", markup=True, highlight=False)
        console.print(f"{len(paths)} failures saved in {out}/")
        raise typer.Exit(1)
