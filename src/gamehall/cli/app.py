"""The ``gamehall`` command: list, play, replay, simulate and benchmark the games."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Annotated, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from typer.exceptions import TyperException

from gamehall.cli.fuzz import fuzz
from gamehall.core.errors import GamehallError, OptionError
from gamehall.core.i18n import LANGUAGES, Catalog, Text, catalog
from gamehall.core.registry import create, find_game, games
from gamehall.search.limits import BOT_SECONDS, MAX_WEB_ITERATIONS, WAITING, WORKERS, SearchLimits

app = typer.Typer(
    help="gamehall: tabletop games in the terminal, with bots, exact replays and simulation.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
console = Console()
errors = Console(stderr=True, soft_wrap=True)  # an error stays on one line
SHUTDOWN_GRACE = 2
"""Seconds a stopping web hall waits for the requests in flight before it cancels them (its
searches stop at once): a SIGTERM stops it within a few seconds."""

OptionList = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="A game option as NAME=VALUE (repeatable)."),
]
Lang = Annotated[str, typer.Option("--lang", help="Language: en or fr.")]
Database = Annotated[
    str | None,
    typer.Option(help="Database URL (default: GAMEHALL_DATABASE_URL, else sqlite:///gamehall.db)."),
]
Deck = Annotated[
    str | None, typer.Option(help="20 Strong: the deck (gamehall games lists the decks).")
]
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
    if deck_file is not None and deck is None and "deck" not in options:
        from gamehall.cli.lab import deck_of

        deck = deck_of(deck_file)  # the file's header names its deck
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


@app.command("rules")
def rules(game: str, deck: Deck = None, lang: Lang = "en") -> None:
    """How to play a game (and a 20 Strong deck), in your terminal."""
    from gamehall.cli.rules import show_rules
    from gamehall.core.howto import parts

    texts = catalog(check_language(lang))
    found = find_game(game)
    if deck is not None and deck not in parts(found):
        known = ", ".join(parts(found)) or "-"
        raise OptionError.of(
            Text("cli.rules.no_part", {"game": found.title, "part": deck, "known": known})
        )
    if not show_rules(console, found, texts.language, deck):
        raise OptionError.of(Text("cli.rules.none", {"game": found.title}))


@app.command("catalogue")
def action_catalogue(
    game: Annotated[str, typer.Argument(help="The game (name or alias).")],
    players: Annotated[int | None, typer.Option(help="Number of players.")] = None,
    option: OptionList = None,
    deck: Deck = None,
    hero: Hero = None,
    boss: Boss = None,
    rank: Rank = None,
    deck_file: DeckFile = None,
    chance: Annotated[bool, typer.Option(help="List chance outcomes, not decisions.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """The action catalogue of a game: the fixed number of every action (docs/rl.md)."""
    from gamehall.core.catalogue import catalogue

    configured = create(
        game,
        default_players(game, players),
        game_options(option, deck, hero, boss, rank, deck_file),
    )
    book = catalogue(configured)
    index = book.chance if chance else book.decisions
    if as_json:
        print(json.dumps(list(index.notations)))
        return
    for number, notation in enumerate(index.notations):
        print(f"{number}\t{notation}")


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="The game, e.g. boss-quest or 20-strong.")],
    players: Annotated[int | None, typer.Option(help="Number of players.")] = None,
    bots: Annotated[
        int | None, typer.Option(help="How many seats bots play (the last ones).")
    ] = None,
    bot: Annotated[
        str | None,
        typer.Option(
            help="Bot strength, as the game offers: random, heuristic or mcts (search; mcts:N)."
            " Default: heuristic, else random."
        ),
    ] = None,
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
    from gamehall.bots.registry import default_bot
    from gamehall.cli.terminal import Quit, TerminalSession
    from gamehall.core.fairness import Deal, may_be_seeded
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
    strength = bot or default_bot(configured.name)
    agents = [None] * (players - bots) + [make_bot(strength, configured.name) for _ in range(bots)]
    if seed is None:
        import secrets

        seed = secrets.randbelow(2**31)
    if record is not None and not record.resolve().parent.is_dir():
        raise OptionError.of(Text("cli.record_directory", {"path": str(record.resolve().parent)}))
    seeded = may_be_seeded(players - bots)  # where people share the terminal: a hall secret
    deal = Deal(seed, physical=physical) if seeded else Deal.sealed(seed, physical)
    match = Match(configured, deal, agents)
    started = Text("cli.started", {"game": configured.title, "seed": seed})
    console.print(f"[dim]{escape(texts.render(started))}[/]")
    if deal.commitment is not None:
        committed = Text("cli.commitment", {"commitment": deal.commitment})
        console.print(f"[dim]{escape(texts.render(committed))}[/]")
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
    verify: Annotated[
        bool,
        typer.Option(
            help="Only check that it replays exactly and that its deal is the committed one."
        ),
    ] = False,
    seat: Annotated[int | None, typer.Option(help="Read the log as this seat (from 1).")] = None,
    step: Annotated[bool, typer.Option(help="Wait for Enter after each action.")] = False,
    lang: Lang = "en",
) -> None:
    """Step through a game record, or verify that it replays exactly and its deal is fair:
    the revealed secret is the committed one and every chance outcome is the stream's."""
    from gamehall.cli.tables import render_view
    from gamehall.core.record import Record, verify_deal
    from gamehall.core.record import replay as replay_record

    texts = catalog(check_language(lang))
    record = Record.load(file)
    match = replay_record(record)
    if verify:
        verdict = (
            verify_deal(match)
            if record.format >= 3
            else Text("core.deal.before_commitments", {"format": record.format})
        )
        outcome = match.outcome()
        summary = json.dumps(outcome.to_json()) if outcome else texts.render(Text("cli.unfinished"))
        console.print(
            texts.render(
                Text("core.replay_ok", {"actions": len(record.actions), "outcome": summary})
            )
        )
        console.print(texts.render(verdict), highlight=False)
        return
    viewer = None if seat is None else seat - 1
    if viewer is not None and not 0 <= viewer < match.game.players:
        raise OptionError.of(Text("cli.seat_range", {"players": match.game.players}))
    for index in range(len(match.actions)):
        lines = match.game.narrate(
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
    players: Annotated[
        str | None, typer.Option(help="Player counts, comma-separated (a grid axis).")
    ] = None,
    games_: Annotated[int, typer.Option("--games", help="Games per configuration.")] = 100,
    bots: Annotated[
        str | None, typer.Option(help="Bot kinds by seat, comma-separated (default: all random).")
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the first game.")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    option: OptionList = None,
    deck: Deck = None,
    hero: Annotated[
        str | None, typer.Option(help="20 Strong: heroes, comma-separated, or all.")
    ] = None,
    boss: Annotated[
        str | None,
        typer.Option("--boss", "--tyrant", "--scion", help="20 Strong: bosses, or all."),
    ] = None,
    rank: Annotated[str | None, typer.Option(help="20 Strong: ranks, e.g. 1,3,5, or all.")] = None,
    deck_file: DeckFile = None,
    seat_orders: Annotated[
        bool, typer.Option("--seat-orders", help="Also every rotation of the bots' seats.")
    ] = False,
    workers: Annotated[int, typer.Option(help="Worker processes (0: every core).", min=0)] = 0,
    ray: Annotated[
        str | None,
        typer.Option(help="Play on a Ray cluster: its address, or local (--ray alone)."),
    ] = None,
    out: Annotated[
        Path | None, typer.Option(help="The run's directory (default: runs/<time>).")
    ] = None,
    resume: Annotated[Path | None, typer.Option(help="Continue the run in this directory.")] = None,
) -> None:
    """Play a grid of seeded bot games and report each configuration's figures."""
    from gamehall.cli.lab import counts, new_run_path, play_with_progress, split, summary_table
    from gamehall.lab.grid import grid
    from gamehall.lab.run import Plan, Run

    if resume is not None:
        run = Run.open(resume)
    else:
        if games_ < 1:
            raise OptionError.of(Text("cli.games_minimum"))
        kinds = split(bots) or ["random"]
        for kind in set(kinds):
            make_bot_checked(kind, game)
        options = game_options(option, deck, None, None, None, deck_file)
        axes = {k: split(v) for k, v in (("hero", hero), ("boss", boss), ("rank", rank)) if v}
        default = default_players(game, None) if len(kinds) == 1 else len(kinds)
        default = max(default, find_game(game).min_players)
        configs = grid(game, counts(players, default), kinds, options, axes, seat_orders)
        run = Run.create(out or new_run_path(), Plan(tuple(configs), games_, seed))
    try:
        seconds = play_with_progress(run, workers or os.cpu_count() or 1, ray, errors, as_json)
    except KeyboardInterrupt:
        kept = len(run.plan.units()) - len(run.pending())
        message = Text("lab.interrupted", {"games": kept, "run": str(run.path)})
        errors.print(catalog("en").render(message), markup=False, highlight=False)
        raise typer.Exit(130) from None
    summaries = run.summaries()
    if as_json:
        played = sum(s["games"] for s in summaries)
        steps = sum(g["steps"] for games in run.by_config() for g in games)
        print(
            json.dumps(
                {
                    "run": str(run.path),
                    "games": played,
                    "seconds": round(seconds, 3),
                    "games_per_s": played / seconds if seconds else 0.0,
                    "steps_per_s": steps / seconds if seconds else 0.0,
                    "configs": summaries,
                }
            )
        )
        return
    console.print(summary_table(summaries))
    console.print(f"run: {run.path} (gamehall report {run.path})")


def make_bot_checked(kind: str, game: str) -> None:
    """Refuse an unknown bot kind before any game is played."""
    from gamehall.bots import make_bot

    make_bot(kind, find_game(game).name)


@app.command()
def report(
    run: Annotated[Path, typer.Argument(help="A run directory of gamehall simulate.")],
    out: Annotated[
        Path | None, typer.Option(help="Where to write it (default: RUN/report).")
    ] = None,
) -> None:
    """Write a run's HTML report, with its plots (PNG) and data (CSV, JSON)."""
    from gamehall.lab.report import write_report
    from gamehall.lab.run import Run

    Run.open(run)  # a clear error for a directory that holds no run
    console.print(f"report: {write_report(run, out)}")


deck_app = typer.Typer(help="The deck workshop: check and measure a 20 Strong card file.")
app.add_typer(deck_app, name="deck")


@deck_app.command("validate")
def deck_validate(
    file: Annotated[Path, typer.Argument(help="A 20 Strong card file (TOML).")],
    lang: Lang = "en",
) -> None:
    """Every problem of a card file, one a line: errors on standard error (any fails the file:
    exit 1); warnings, cards that can make a game that never ends, as "warning: ..." on
    standard output, with the verdict (they fail nothing)."""
    from gamehall.games.twenty_strong.workshop import validate_deck_file

    texts = catalog(check_language(lang))
    problems = validate_deck_file(file)
    for problem in problems:
        line = problem.render(texts)
        if problem.severity == "error":
            errors.print(line, markup=False, highlight=False, soft_wrap=True)
        else:
            line = texts.render(Text("20s.workshop.warning")) + line
            console.print(line, markup=False, highlight=False, soft_wrap=True)
    if any(problem.severity == "error" for problem in problems):
        raise typer.Exit(1)
    key = "20s.workshop.valid_with_warnings" if problems else "20s.workshop.valid"
    valid = Text(key, {"file": str(file), "count": len(problems)})
    console.print(texts.render(valid), markup=False, highlight=False, soft_wrap=True)


@deck_app.command("report")
def deck_report(
    file: Annotated[Path, typer.Argument(help="A 20 Strong card file (TOML).")],
    games_: Annotated[int, typer.Option("--games", help="Games per hero and boss.", min=1)] = 50,
    rank: Annotated[str, typer.Option(help="Ranks, e.g. 1,3, or all.")] = "1",
    bots: Annotated[str, typer.Option(help="The bot that plays the hero.")] = "heuristic",
    seed: Annotated[int, typer.Option(help="Seed of the first game.")] = 0,
    workers: Annotated[int, typer.Option(help="Worker processes (default: every core).")] = 0,
    out: Annotated[Path | None, typer.Option(help="The run's directory.")] = None,
) -> None:
    """The balance report of a deck file: every hero against every boss (a file the rules
    cannot load is refused; other problems are shown as warnings)."""
    from gamehall.cli.lab import deck_of, new_run_path, play_with_progress, split
    from gamehall.games.twenty_strong.decks import default_deck
    from gamehall.games.twenty_strong.workshop import validate_deck_file
    from gamehall.lab.grid import grid
    from gamehall.lab.report import write_report
    from gamehall.lab.run import Plan, Run

    for problem in validate_deck_file(file):  # the deck may still play: warn, and go on
        errors.print(f"warning: {problem}", markup=False, highlight=False)
    options = {"deck": deck_of(file) or default_deck(), "deck_file": str(file)}
    axes = {"hero": ["all"], "boss": ["all"], "rank": split(rank)}
    configs = grid("20-strong", [1], [bots], options, axes)
    run = Run.create(out or new_run_path(), Plan(tuple(configs), games_, seed))
    play_with_progress(run, workers or os.cpu_count() or 1, None, errors, False)
    console.print(f"report: {write_report(run.path)}")


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


app.command()(fuzz)


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    database: Database = None,
    leave_grace: Annotated[
        float, typer.Option(help="Seconds before a bot takes the seat of a person who left.")
    ] = 60.0,
    max_iterations: Annotated[
        int, typer.Option(min=1, help="The most search iterations a bot may ask for (mcts:N).")
    ] = MAX_WEB_ITERATIONS,
    bot_seconds: Annotated[
        float, typer.Option(min=0.1, help="Seconds one search bot decision may take at most.")
    ] = BOT_SECONDS,
    hint_seconds: Annotated[
        float | None,
        typer.Option(min=0.1, help="Seconds one hint may search at most (default: under 1)."),
    ] = None,
    search_workers: Annotated[
        int, typer.Option(min=1, help="Searches (bots, hints) that run at once.")
    ] = WORKERS,
    search_queue: Annotated[
        int, typer.Option(min=0, help="Searches that may wait; a hint beyond them is refused.")
    ] = WAITING,
    limit: Annotated[
        list[str] | None,
        typer.Option(
            help="A cap or rate per client, NAME=VALUE (repeatable): tables=10/minute, "
            "actions=20/second, hints=10/minute, socket_messages=10/second, "
            "sockets_per_table=200, sockets_per_address=50, connections_per_address=100, "
            "header_timeout=10 (seconds to send a request head)."
        ),
    ] = None,
    allowed_host: Annotated[
        list[str] | None,
        typer.Option(
            help="A host name the hall answers to (repeatable; default: the --host address, "
            "and localhost names on loopback; any name when listening on 0.0.0.0 or ::)."
        ),
    ] = None,
) -> None:
    """Start the web hall."""
    import uvicorn

    from gamehall.web.app import create_app
    from gamehall.web.limits import Caps, guarded_http
    from gamehall.web.security import hosts_served

    limits = SearchLimits(max_iterations, bot_seconds, hint_seconds, search_workers, search_queue)
    caps = Caps().with_settings(limit or [])
    hosts = allowed_host or hosts_served(host)
    hall = create_app(database, leave_grace, limits, caps, hosts)  # refused if another holds it
    shown = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host  # every address: this one
    console.print(f"gamehall web hall: open http://{shown}:{port}/ in a browser")
    if shown != host:
        console.print("(it listens on every address: friends open this machine's address)")
    uvicorn.run(
        hall,
        host=host,
        port=port,
        log_level="warning",
        ws_max_size=64 * 1024,
        ws_per_message_deflate=False,  # compressing every push costs more CPU than it saves
        timeout_keep_alive=75,
        timeout_graceful_shutdown=SHUTDOWN_GRACE,
        http=guarded_http(caps),  # a deadline on request heads, connections per address capped
    )


@app.command("backup")
def backup_database(
    file: Annotated[Path, typer.Argument(help="The copy to write (a new file).")],
    database: Database = None,
    lang: Lang = "en",
) -> None:
    """Copy the hall's SQLite database, consistently, even while the hall serves."""
    from gamehall.store.backup import backup

    done = backup(file, database)
    message = Text(
        "store.backup_done",
        {
            "database": str(done.database),
            "path": str(done.path),
            "tables": done.tables,
            "actions": done.actions,
        },
    )
    texts = catalog(check_language(lang))
    console.print(texts.render(message), markup=False, highlight=False, soft_wrap=True)


@app.command("migrate")
def migrate_database(
    database: Database = None,
    lang: Lang = "en",
) -> None:
    """Bring the hall's database schema up to date (the hall also does when it starts; on
    PostgreSQL, processes started together take turns)."""
    from gamehall.store.database import connect, engine_url, migrate

    engine = connect(database)
    try:
        before, after = migrate(engine)
    finally:
        engine.dispose()
    shown = engine_url(engine)
    key = "store.up_to_date" if before == after else "store.migrated"
    key = "store.migrated_new" if before is None else key
    message = Text(key, {"database": shown, "before": before, "after": after})
    texts = catalog(check_language(lang))
    console.print(texts.render(message), markup=False, highlight=False, soft_wrap=True)


def main(argv: list[str] | None = None) -> None:
    """Run the command; a bad input ends with a one-line error and exit status 2."""
    args = optional_value(sys.argv[1:] if argv is None else argv, "--ray", "local")
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


def optional_value(args: list[str], name: str, value: str) -> list[str]:
    """The arguments with ``name`` given no value (last, or before another option) given
    ``value``: ``--ray`` alone means ``--ray local``.

    >>> optional_value(["simulate", "bq", "--ray", "--games", "9"], "--ray", "local")
    ['simulate', 'bq', '--ray=local', '--games', '9']
    """
    return [
        f"{arg}={value}"
        if arg == name and (i + 1 == len(args) or args[i + 1].startswith("-"))
        else arg
        for i, arg in enumerate(args)
    ]


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
