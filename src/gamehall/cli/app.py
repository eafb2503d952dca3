"""The ``gamehall`` command: list, play, replay, simulate and benchmark the games."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from typer.exceptions import TyperException

from gamehall.core.errors import GamehallError, OptionError
from gamehall.core.i18n import LANGUAGES, Catalog, Text, catalog
from gamehall.core.registry import create, find_game, games

app = typer.Typer(
    help="gamehall: tabletop games in the terminal, with bots, exact replays and simulation.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
console = Console()
errors = Console(stderr=True, soft_wrap=True)  # an error stays on one line

OptionList = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="A game option as NAME=VALUE (repeatable)."),
]
Lang = Annotated[str, typer.Option("--lang", help="Language: en or fr.")]
Deck = Annotated[str | None, typer.Option(help="20 Strong: the deck (too-many-bones or victorum).")]
Hero = Annotated[str | None, typer.Option(help="20 Strong: the hero (code or name).")]
Boss = Annotated[
    str | None,
    typer.Option("--tyrant", "--scion", "--boss", help="20 Strong: the boss (Tyrant, scion)."),
]
Rank = Annotated[int | None, typer.Option(help="20 Strong: the difficulty rank.")]
DeckFile = Annotated[
    Path | None, typer.Option("--deck-file", help="20 Strong: your own card file for the deck.")
]


def game_options(
    pairs: list[str] | None,
    deck: str | None = None,
    hero: str | None = None,
    boss: str | None = None,
    rank: int | None = None,
    deck_file: Path | None = None,
) -> dict[str, str]:
    """The ``--option`` pairs merged with the named shortcuts that were given."""
    options = parse_options(pairs)
    named = {"deck": deck, "hero": hero, "boss": boss, "rank": rank, "deck_file": deck_file}
    for name, value in named.items():
        if value is not None:
            options[name] = str(value)
    return options


def default_players(game: str, players: int | None) -> int:
    """The player count asked for, or the game's usual one (3 where allowed)."""
    if players is not None:
        return players
    found = find_game(game)
    return max(found.min_players, min(3, found.max_players))


def parse_options(pairs: list[str] | None) -> dict[str, str]:
    """``["a=1", "b=x"]`` as ``{"a": "1", "b": "x"}``; raises OptionError on a bad pair."""
    options: dict[str, str] = {}
    for pair in pairs or []:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise OptionError.of(Text("cli.option_form", {"pair": pair}))
        options[name.strip()] = value.strip()
    return options


def check_language(lang: str) -> str:
    """The language code, or an OptionError listing the languages."""
    if lang not in LANGUAGES:
        raise OptionError(f"unknown language {lang!r} (languages: {', '.join(LANGUAGES)})")
    return lang


@app.command("games")
def list_games(lang: Lang = "en") -> None:
    """List the games of the hall."""
    texts = catalog(check_language(lang))
    columns = ("game", "aliases", "players", "about")
    table = Table(*(texts.render(Text(f"cli.column.{column}")) for column in columns))
    for game in games():
        players = f"{game.min_players}–{game.max_players}"
        about = texts.render(Text(f"{game.name}.summary"))
        table.add_row(game.name, ", ".join(game.aliases), players, about)
    console.print(table)


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="The game, e.g. boss-quest or 20-strong.")],
    players: Annotated[int | None, typer.Option(help="Number of players.")] = None,
    bots: Annotated[
        int | None, typer.Option(help="How many seats bots play (the last ones).")
    ] = None,
    bot: Annotated[
        str, typer.Option(help="Bot strength: random, heuristic or mcts (search; mcts:N).")
    ] = "heuristic",
    seed: Annotated[int | None, typer.Option(help="Seed of the deal (random if omitted).")] = None,
    record: Annotated[Path | None, typer.Option(help="Write the game record here.")] = None,
    lang: Lang = "en",
    option: OptionList = None,
    delay: Annotated[float, typer.Option(help="Seconds to pause after each bot move.")] = 0.0,
    deck: Deck = None,
    hero: Hero = None,
    boss: Boss = None,
    rank: Rank = None,
    deck_file: DeckFile = None,
    ranked: Annotated[
        bool, typer.Option(help="20 Strong: play at your rank for the deck; a win moves it up.")
    ] = False,
    physical: Annotated[
        bool,
        typer.Option(
            "--physical",
            help="Companion mode for a physical copy: you roll and draw, then type each outcome.",
        ),
    ] = False,
) -> None:
    """Play a game in the terminal against bots (``--bots 1`` lets a solo game play itself).

    With ``--physical`` gamehall rolls and draws nothing: it asks for each die face and each
    card revealed on your table, keeps the state, enforces the rules and announces the bots'
    moves; ``back`` takes back the entries made since the last decision.
    """
    from gamehall.bots import make_bot
    from gamehall.cli.terminal import Quit, TerminalSession
    from gamehall.core.match import Match

    texts = catalog(check_language(lang))
    players = default_players(game, players)
    bots = players - 1 if bots is None else bots
    book = None
    if ranked:
        from gamehall.cli.ranks import RankBook

        if rank is not None:
            raise OptionError.of(Text("cli.ranked_and_rank"))
        book = RankBook()
    options = game_options(option, deck, hero, boss, rank, deck_file)
    configured = create(game, players, options)
    deck_name = str(configured.options.get("deck", configured.name))
    if book is not None:
        options["rank"] = str(book.rank(deck_name))
        configured = create(game, players, options)
    if not 0 <= bots <= players:
        raise OptionError.of(Text("cli.bots_range", {"players": players, "bots": bots}))
    agents = [None] * (players - bots) + [make_bot(bot, configured.name) for _ in range(bots)]
    if seed is None:
        import secrets

        seed = secrets.randbelow(2**31)
    if record is not None and not record.resolve().parent.is_dir():
        raise OptionError.of(Text("cli.record_directory", {"path": str(record.resolve().parent)}))
    match = Match(configured, seed, agents)
    started = Text("cli.started", {"game": configured.title, "seed": seed})
    console.print(f"[dim]{escape(texts.render(started))}[/]")
    session = TerminalSession(match, console, texts, console.input, record, delay, physical)
    try:
        session.run()
    except Quit:
        console.print(f"[dim]{escape(texts.render(Text('cli.bye')))}[/]")
        return
    outcome = match.outcome()
    if book is not None and outcome is not None and agents[0] is None:
        new_rank = book.record(deck_name, 0 in outcome.winners)
        console.print(texts.render(Text("core.rank", {"rank": new_rank})))


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A game record (JSON).")],
    verify: Annotated[bool, typer.Option(help="Only check that it replays exactly.")] = False,
    seat: Annotated[int | None, typer.Option(help="Read the log as this seat (from 1).")] = None,
    step: Annotated[bool, typer.Option(help="Wait for Enter after each action.")] = False,
    lang: Lang = "en",
) -> None:
    """Step through a game record, or verify that it replays exactly."""
    from gamehall.cli.tables import render_view
    from gamehall.core.record import Record
    from gamehall.core.record import replay as replay_record

    texts = catalog(check_language(lang))
    record = Record.load(file)
    match = replay_record(record)
    if verify:
        outcome = match.outcome()
        summary = json.dumps(outcome.to_json()) if outcome else texts.render(Text("cli.unfinished"))
        console.print(
            texts.render(
                Text("core.replay_ok", {"actions": len(record.actions), "outcome": summary})
            )
        )
        return
    viewer = None if seat is None else seat - 1
    if viewer is not None and not 0 <= viewer < match.game.players:
        raise OptionError.of(Text("cli.seat_range", {"players": match.game.players}))
    for index in range(len(match.actions)):
        lines = match.game.describe(
            match.states[index], match.actions[index], match.states[index + 1], viewer
        )
        for line in lines:
            console.print(f"[dim]{index:4d}[/] {texts.render(line)}", highlight=False)
        if step and lines:
            try:
                console.input("")
            except EOFError:  # the input ended: show where the game stands
                break
    console.print(render_view(match.game, match.table_view(viewer), texts))


@app.command()
def advise(
    file: Annotated[Path, typer.Argument(help="A game record (JSON).")],
    seat: Annotated[
        list[int] | None, typer.Option(help="Only this seat's moves (from 1; repeatable).")
    ] = None,
    iterations: Annotated[
        int, typer.Option(min=10, help="Search iterations per decision (more: surer, slower).")
    ] = 400,
    lang: Lang = "en",
) -> None:
    """Annotate a game: the moves where the advisor's choice differed most from the one played."""
    from gamehall.cli.advice import advise_record
    from gamehall.core.record import Record

    texts = catalog(check_language(lang))
    players = Record.load(file).players
    if seat and not all(1 <= s <= players for s in seat):
        raise OptionError.of(Text("cli.seat_range", {"players": players}))
    advise_record(file, [s - 1 for s in seat] if seat else None, iterations, console, texts)


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="The game to simulate.")],
    players: Annotated[int | None, typer.Option(help="Number of players.")] = None,
    games_: Annotated[int, typer.Option("--games", help="How many games.")] = 100,
    bots: Annotated[
        str | None, typer.Option(help="Bot kinds by seat, comma-separated (default: all random).")
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the first game.")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    option: OptionList = None,
    deck: Deck = None,
    hero: Hero = None,
    boss: Boss = None,
    rank: Rank = None,
    deck_file: DeckFile = None,
) -> None:
    """Play many seeded games between bots and report the results."""
    from gamehall.sim.simulate import simulate as run

    players = default_players(game, players)
    kinds = [b.strip() for b in bots.split(",")] if bots else ["random"] * players
    if bots and len(kinds) == 1 and players > 1:
        kinds = kinds * players
    if len(kinds) != players:
        raise OptionError.of(Text("cli.bots_count", {"bots": len(kinds), "players": players}))
    if games_ < 1:
        raise OptionError.of(Text("cli.games_minimum"))
    options = game_options(option, deck, hero, boss, rank, deck_file)
    result = run(find_game(game).name, players, kinds, games_, seed, options)
    data = result.to_json()
    if as_json:
        print(json.dumps(data))
        return
    table = Table("seat", "bot", "wins", "win rate")
    for i, kind in enumerate(kinds):
        table.add_row(str(i + 1), kind, f"{data['wins'][i]:.1f}", f"{data['win_rates'][i]:.1%}")
    console.print(table)
    console.print(
        f"{data['games']} games, {data['games_per_s']:.0f} games/s, "
        f"{data['steps_per_s']:.0f} steps/s"
    )


@app.command()
def bench(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    games_: Annotated[int, typer.Option("--games", help="Playouts per game.")] = 2000,
    repeats: Annotated[int, typer.Option(help="Runs per game; the best is kept.")] = 3,
) -> None:
    """Random-playout throughput of every game on one core."""
    from gamehall.sim.bench import bench_all

    results = bench_all(games_, repeats)
    if as_json:
        print(json.dumps(results))
        return
    table = Table("game", "players", "build", "games/s", "steps/s", "decisions/s", "steps/game")
    for row in results["games"]:
        variant = " ".join(f"{k}={v}" for k, v in row["options"].items())
        table.add_row(
            f"{row['game']} {variant}".strip(),
            str(row["players"]),
            row["build"],
            f"{row['games_per_s']:,.0f}",
            f"{row['steps_per_s']:,.0f}",
            f"{row['decisions_per_s']:,.0f}",
            f"{row['steps_per_game']:.1f}",
        )
    console.print(table)


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    database: Annotated[
        str | None,
        typer.Option(
            help="Database URL (default: GAMEHALL_DATABASE_URL, else sqlite:///gamehall.db)."
        ),
    ] = None,
    leave_grace: Annotated[
        float, typer.Option(help="Seconds before a bot takes the seat of a person who left.")
    ] = 60.0,
) -> None:
    """Start the web hall."""
    import uvicorn

    from gamehall.web.app import create_app

    console.print(f"gamehall web hall on http://{host}:{port}")
    uvicorn.run(
        create_app(database, leave_grace),
        host=host,
        port=port,
        log_level="warning",
        ws_max_size=64 * 1024,
        ws_per_message_deflate=False,  # compressing every push costs more CPU than it saves
        timeout_keep_alive=75,
    )


def main(argv: list[str] | None = None) -> None:
    """Run the command; a bad input ends with a one-line error and exit status 2."""
    args = sys.argv[1:] if argv is None else argv
    texts = catalog(requested_language(args))
    try:
        status = app(args, standalone_mode=False)
    except GamehallError as error:
        fail(texts, error.render(texts.language))
    except TyperException as error:  # a usage error: a bad value, option or command
        message = getattr(error, "format_message", error.__str__)()
        fail(texts, " ".join(message.split()))
    except (KeyboardInterrupt, typer.Abort):
        errors.print("interrupted")
        sys.exit(130)
    if isinstance(status, int) and status:
        sys.exit(status)


def requested_language(args: list[str]) -> str:
    """The language a command line asks for with ``--lang`` (English if none or unknown)."""
    for index, arg in enumerate(args):
        value = args[index + 1] if arg == "--lang" and index + 1 < len(args) else None
        if arg.startswith("--lang="):
            value = arg.partition("=")[2]
        if value in LANGUAGES:
            return value
    return "en"


def fail(texts: Catalog, message: str) -> NoReturn:
    """Print ``message`` as a one-line error in the catalog's language; exit status 2."""
    errors.print(
        texts.render(Text("core.error", {"message": message})), markup=False, highlight=False
    )
    sys.exit(2)
