"""Running tables: each table's match replayed from its log, driven by people, bots and chance.

The action log in the database is the truth; a table's :class:`Match` is its replay, kept in
memory while it is wanted: the newest finished tables, and the tables in play that someone
watches or that have something running (bots, chance, a clock); one left idle is unloaded and
replayed from its log when next asked for, so abandoned tables do not fill the memory.

An action is checked against the seat's legal actions and the expected sequence number,
written to the log, and only then applied in memory and announced to listeners.

At a physical table (companion mode, docs/companion.md) nothing is drawn: each chance outcome
is entered by the person seat that sees it, and may be corrected until the next decision.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import secrets
import sys
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from functools import partial
from typing import Any

from sqlalchemy.exc import DBAPIError

from gamehall.bots import make_bot
from gamehall.bots.registry import check_bot
from gamehall.core.chance import make_rng
from gamehall.core.companion import ChanceEntry
from gamehall.core.errors import (
    GamehallError,
    IllegalActionError,
    InvalidRecordError,
    NotYourTurnError,
    OptionError,
    UndoError,
)
from gamehall.core.fairness import Deal, may_be_seeded, new_secret
from gamehall.core.game import CHANCE, Action
from gamehall.core.i18n import Text, catalog
from gamehall.core.match import Agent, Match, Sampler, searches
from gamehall.core.memo import memo_fill
from gamehall.core.record import Record, verify_deal
from gamehall.core.registry import create, find_game
from gamehall.core.resign import Resign
from gamehall.search.advisor import Advice, advise, hint_budget
from gamehall.search.limits import SearchLimits
from gamehall.store.database import database_problem
from gamehall.store.tables import (
    ChatLine,
    SeatInfo,
    SequenceConflict,
    TableInfo,
    TableStore,
    hash_token,
    invite_token,
    new_table_id,
    new_token,
)
from gamehall.web import chat
from gamehall.web.replay import ReplayScript
from gamehall.web.resume import BrokenTable, broken_reason, check_rules_version, replay_log
from gamehall.web.thinking import Thinking
from gamehall.web.views import LogCache

REPLACEMENT_BOT = "heuristic"
AUTO_BATCH = 200
"""Automatic steps (chance, bots without pause) applied, logged and announced in one run."""
STALL_STEPS = 20_000
"""Automatic steps in a row after which bots left alone are taken to be in a stalemate."""
FINISHED_KEPT = 64
"""Finished tables kept in memory for late readers (the replay, the record); older ones no one
watches are dropped, and replayed from their log if asked for again."""
IDLE_UNLOAD = 600.0
"""Seconds a table in play may sit idle in memory (no one watching, nothing running) before it
is unloaded."""
SWEEP_EVERY = 60.0
"""Seconds between two looks for idle tables."""
CLOCK_HORIZON = 600.0
"""An idle table whose clock runs out further away than this (seconds) may leave memory:
a table played over days is not held for days; the sweeper loads it again in time."""
WAITING_EXPIRY = 24 * 3600.0
"""Seconds a table may wait for people (a seat link never claimed, nothing done) before it is
closed and leaves the lobby."""
TABLES_IN_MEMORY = 1000
"""The most tables held in memory: beyond, the idlest unwatched ones are unloaded first."""
WRITE_RETRY = (0.25, 8.0)
"""When the database refuses a driver's write (disk full, server gone): the first pause
before trying again, doubled at each failure up to the second; it tries until writes work."""
CLOSED = {"cancelled": "web.closed.cancelled", "expired": "web.closed.expired"}
"""The statuses of a table closed before its end, and the line saying why."""
LAST_MOMENTS = 30.0
"""Seconds a person has for each move once a time bank without a per-move clock is spent."""

logger = logging.getLogger(__name__)


class TableNotFound(GamehallError):
    """No table has this id."""


class StaleSequence(SequenceConflict):
    """An action was submitted for a sequence number other than the next one."""


class SeatRefused(GamehallError):
    """A seat link or credential that opens nothing (claimed, revoked, never valid)."""


class TableClosed(GamehallError):
    """A table closed before its end: cancelled by its host, or expired waiting for people."""


class NotOverYet(GamehallError):
    """A rematch asked for before the game is over."""


class AlreadyGone(GamehallError):
    """A resignation that comes too late: the game is over, or the seat has already left."""


@dataclass(frozen=True)
class SeatRequest:
    """How a seat is filled when a table is created: ``me``, ``invite`` or ``bot``."""

    kind: str
    bot: str = "heuristic"
    name: str = ""


@dataclass
class LiveTable:
    """A table in memory: its settings, its replayed match and who is watching."""

    info: TableInfo
    match: Match
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    listeners: dict[asyncio.Queue[int], int | None] = field(default_factory=dict)
    driver: asyncio.Task[None] | None = None
    logs: LogCache = field(default_factory=LogCache)
    clocks: dict[int, tuple[int, asyncio.Task[None]]] = field(default_factory=dict)
    """Per seat: the sequence number its clock runs for, and the countdown."""
    deadlines: dict[int, float] = field(default_factory=dict)
    decided_at: float = field(default_factory=time.time)
    """When the decision at hand began: the last step's time (``time.time()``)."""
    spent: dict[int, float] = field(default_factory=dict)
    """Per seat: the seconds of its time bank spent (thinking beyond the per-move clock)."""
    standing: dict[int, Agent] = field(default_factory=dict)
    """Per seat whose clock just ran out: the bot choosing that one move (the person's own
    move, if it comes first, still counts)."""
    stood_in: dict[int, int] = field(default_factory=dict)
    """Per seat whose clock ran out: the step a bot played for its person (one move; the
    seat stays the person's)."""
    """Per seat whose clock runs: when it runs out (``time.time()``, shown as a countdown)."""
    graces: dict[int, asyncio.Task[None]] = field(default_factory=dict)
    """Per seat whose person left: the countdown before a bot steps in."""
    entries: dict[int, tuple[Any, ChanceEntry]] = field(default_factory=dict)
    """At a physical table: per seat, the chance entry offered to it and the state it is for."""
    touched: float = field(default_factory=time.monotonic)
    """When the table was last asked for or changed (``time.monotonic``)."""
    returning: set[int] = field(default_factory=set)
    """Seats whose person is back while the bot still plays the decision it holds."""
    changes: int = 0
    """How many times the table announced a change: a render is valid until the next one."""
    renders: dict[tuple[int | None, str], tuple[tuple[int, int], str]] = field(default_factory=dict)
    """Per (seat, language): the push every socket showing it is sent, and the step (changes,
    seq) it shows."""
    replays: dict[str, ReplayScript] = field(default_factory=dict)
    """Per language, the finished game narrated for its replay (``replay.script_of``)."""
    chat: deque[ChatLine] = field(default_factory=lambda: deque(maxlen=chat.SHOWN))
    """The latest lines of the table's chat (the store keeps more)."""
    rendered: int = 0
    """How many pushes were rendered (one per seat and language per step, however many
    sockets watch)."""

    def push_for(self, seat: int | None, language: str, render: Callable[[], str]) -> str:
        """The push of ``seat`` in ``language`` at this step: rendered by the first socket
        that asks, then shared by every other one."""
        step = (self.changes, self.seq)
        cached = self.renders.get((seat, language))
        if cached is not None and cached[0] == step:
            return cached[1]
        push = render()
        self.renders[(seat, language)] = (step, push)
        self.rendered += 1
        return push

    def tasks(self) -> list[asyncio.Task[None]]:
        """What runs for the table: its clocks, grace countdowns and driver."""
        clocks = [task for _, task in self.clocks.values()]
        return [*clocks, *self.graces.values(), *([self.driver] if self.driver else [])]

    def idle_since(self, since: float, horizon: float | None = None) -> bool:
        """Untouched since ``since``, unwatched, and nothing running or waiting to run, but
        for a clock that runs out more than ``horizon`` seconds from now (the hall keeps its
        deadline in the store, and loads the table again in time)."""
        far = horizon is not None and all(
            deadline > time.time() + horizon for deadline in self.deadlines.values()
        )
        clocks = {task for _, task in self.clocks.values()} if far else set()
        return (
            self.touched <= since
            and not self.listeners
            and not self.lock.locked()
            and all(task.done() or task in clocks for task in self.tasks())
        )

    def running_deadline(self) -> float | None:
        """When the clock running now runs out (``time.time()``); None if none runs."""
        running = [s for s, (_, task) in self.clocks.items() if not task.done()]
        return min((self.deadlines[s] for s in running if s in self.deadlines), default=None)

    @property
    def seq(self) -> int:
        """The sequence number the next action will take."""
        return len(self.match.actions)


class Hall:
    """Every table of the hall, loaded on demand from the store."""

    def __init__(
        self,
        store: TableStore,
        leave_grace: float = 60.0,
        idle_unload: float = IDLE_UNLOAD,
        limits: SearchLimits | None = None,
        waiting_expiry: float = WAITING_EXPIRY,
        max_tables: int = TABLES_IN_MEMORY,
        sweep_every: float = SWEEP_EVERY,
    ) -> None:
        self.store = store
        self.leave_grace = leave_grace
        self.idle_unload = idle_unload
        self.waiting_expiry = waiting_expiry
        self.max_tables = max_tables
        self.sweep_every = sweep_every
        self.limits = limits or SearchLimits()
        """What one search may cost here: bots' iterations and time, hints' time, workers."""
        self.thinking = Thinking(self.limits)
        """The workers every search of the hall runs on, and their stop event."""
        self.tables: dict[str, LiveTable] = {}
        self.unloaded = 0
        """Tables in play unloaded for being idle, since the hall started."""
        self.sweeper: asyncio.Task[None] | None = None
        self.finished: dict[str, None] = {}
        """The finished tables in memory, oldest first (a dict keeps its insertion order)."""
        self.waiting_to_write: set[str] = set()
        """The tables whose driver waits for the database to take its writes again."""

    def health(self) -> dict[str, int]:
        """What the hall holds in memory: tables live and finished, sockets watching, bots
        and clocks running, the Python objects' memory blocks (``sys.getallocatedblocks``: a
        leak in Python code shows there even when the process's resident memory hides it), and
        how full the bounded memos are (they grow the blocks until they are full)."""
        live = self.tables.values()
        entries, capacity = memo_fill()
        return {
            "tables_in_memory": len(self.tables),
            "tables_finished_in_memory": len(self.finished),
            "tables_unloaded_idle": self.unloaded,
            "sockets": sum(len(table.listeners) for table in live),
            "drivers": sum(table.driver is not None and not table.driver.done() for table in live),
            "timers": sum(len(table.clocks) + len(table.graces) for table in live),
            "python_blocks": sys.getallocatedblocks(),
            "memo_entries": entries,
            "memo_capacity": capacity,
            "searches_running": self.thinking.running,
            "searches_waiting": self.thinking.waiting,
            "drivers_waiting_to_write": len(self.waiting_to_write),
        }

    # -- creating and loading ---------------------------------------------------------

    def create_table(
        self,
        game_name: str,
        players: int,
        options: dict[str, Any],
        seats: Sequence[SeatRequest],
        bot_delay: float = 0.6,
        clock: float | None = None,
        seed: str | None = None,
        physical: bool = False,
        replacement: str = REPLACEMENT_BOT,
        host: str | None = None,
        bank: float | None = None,
    ) -> tuple[TableInfo, dict[int, str]]:
        """Open a table; returns it and the secret link token of each person's seat. ``host``
        is the credential of the browser opening it (it may re-issue a seat's link).

        The deal is behind a fresh hall secret, combined with ``seed`` when one is given; a
        seed alone fixes it only where at most one person sits (practice, tests).
        """
        local = {spec.name for spec in find_game(game_name).option_specs if not spec.remote}
        refused = sorted(local & set(options))
        if refused:
            raise OptionError(f"option {refused[0]!r} can only be set on the command line")
        game = create(game_name, players, options)
        check_bot(replacement, game.name, self.limits)  # the replacement bot kind must exist
        if len(seats) != players:
            raise GamehallError(f"{len(seats)} seats given for {players} players")
        table_id = new_table_id()
        tokens: dict[int, str] = {}
        infos = []
        for index, request in enumerate(seats):
            if request.kind == "bot":
                check_bot(request.bot, game.name, self.limits)  # the bot kind must exist
                infos.append(SeatInfo(index, request.name, request.bot))
            elif request.kind in ("me", "invite"):
                tokens[index] = invite_token(host, table_id, index, 0) if host else new_token()
                infos.append(SeatInfo(index, request.name, None, hash_token(tokens[index])))
            else:
                raise GamehallError(f"seat {index + 1}: unknown kind {request.kind!r}")
        info = TableInfo(
            id=table_id,
            game=game.name,
            players=players,
            seed=seed if seed is not None else str(secrets.randbelow(2**62)),
            secret=None if seed is not None and may_be_seeded(len(tokens)) else new_secret(),
            rules_version=game.rules_version,
            options=dict(game.options),
            bot_delay=bot_delay,
            clock=clock,
            bank=bank,
            seats=infos,
            physical=physical,
            replacement=replacement,
            host_hash=hash_token(host) if host else None,
        )
        self.store.create(info)
        return info, tokens

    def _bot(self, kind: str, game: str) -> Agent:
        """A bot of ``kind`` as the hall plays it: a search within the hall's limits, on its
        stop event."""
        return make_bot(kind, game, self.limits, self.thinking.stop)

    def live(self, table_id: str) -> LiveTable:
        """The table in memory, replayed from its log on first use."""
        live = self.tables.get(table_id)
        if live is not None:
            live.touched = time.monotonic()
            return live
        info = self.store.get(table_id)
        if info is None:
            raise TableNotFound(f"no table {table_id!r}")
        if info.status in CLOSED:
            raise TableClosed.of(Text(CLOSED[info.status]))
        match = self._replay(info)
        outcome = match.outcome()
        if outcome is not None and info.status != "finished":  # a crash between two writes
            self.store.finish(table_id, outcome.to_json())
            info.status, info.outcome = "finished", outcome.to_json()
        live = LiveTable(info, match)
        live.chat.extend(self.store.chat(table_id, chat.SHOWN))
        if info.clock or info.bank:
            self._count_time(live)
        self.tables[table_id] = live
        self.bound_memory(keep=table_id)
        if outcome is not None:
            self._keep_finished(live)
        with contextlib.suppress(RuntimeError):  # outside the event loop: started on first use
            self.start_driver(live)
        return live

    def _replay(self, info: TableInfo) -> Match:
        """The table's match replayed from its log, every row checked (``web.resume``); a
        table that does not replay is marked broken and refused (BrokenTable)."""
        if info.broken is not None:
            raise BrokenTable.of_table(info)
        log = self.store.actions(info.id)  # a database error is no broken table: it propagates
        try:
            game = create(info.game, info.players, info.options)
            check_rules_version(info, game)
            agents = [self._bot(s.bot, game.name) if s.bot else None for s in info.seats]
            deal = Deal.of(info.seed, info.secret, info.physical)
            match = Match(game, deal, agents, [s.name for s in info.seats])
            replay_log(match, log)
        except Exception as error:
            info.broken = self.store.mark_broken(info.id, broken_reason(error))
            raise BrokenTable.of_table(info) from error
        return match

    def _count_time(self, live: LiveTable) -> None:
        """The time banks spent and when the decision at hand began, from the times the
        log's steps were written (a restart gives no one time back)."""
        info = live.info
        start = info.created_at.timestamp() if info.created_at else time.time()
        for mover, at in self.store.step_times(info.id):
            written = at.timestamp()
            if mover >= 0:
                thought = written - start - (info.clock or 0)
                live.spent[mover] = live.spent.get(mover, 0.0) + max(0.0, thought)
            start = written
        live.decided_at = start

    def _reload(self, live: LiveTable) -> None:
        """Replay the table's log into it again, after memory and log may have parted (a
        write failed halfway); its driver, on the old match, is stopped."""
        live.logs.clear()
        if live.driver is not None and live.driver is not asyncio.current_task():
            live.driver.cancel()
        live.driver = None
        try:
            live.match = self._replay(live.info)
        except BrokenTable:
            self.tables.pop(live.info.id, None)
            raise
        finally:
            self._announce(live)

    def resume_all(self, limit: int = 10_000) -> int:
        """Load every table still in play, so their bots and chance carry on after a restart;
        a broken table is skipped (it is marked and logged). Returns how many were resumed."""
        resumed = 0
        for info in self.store.list_tables("playing", limit):
            with contextlib.suppress(BrokenTable):
                self.live(info.id)
                resumed += 1
        return resumed

    def unload_idle(self, now: float | None = None) -> list[str]:
        """Unload the tables in play idle for ``idle_unload`` seconds before ``now``; their ids.

        Such a table waits for a person who is not there (never came, or left a table without
        a clock or a replacement); its log holds all of it, and :meth:`live` replays it again.
        """
        since = (time.monotonic() if now is None else now) - self.idle_unload
        idle = [
            table_id
            for table_id, live in self.tables.items()
            if table_id not in self.finished and live.idle_since(since, CLOCK_HORIZON)
        ]
        for table_id in idle:
            self._unload(table_id)
        return idle

    def _unload(self, table_id: str) -> None:
        """Drop a table from memory; a clock running at it is kept in the store (and
        stopped), for :meth:`wake_due` to load it again before it runs out."""
        live = self.tables.pop(table_id)
        self.finished.pop(table_id, None)
        self.unloaded += 1
        if live.info.clock or live.info.bank:
            deadline = live.running_deadline()
            kept = None if deadline is None else datetime.fromtimestamp(deadline, UTC)
            self.store.keep_deadline(table_id, kept)
        for task in live.tasks():
            task.cancel()

    def wake_due(self, now: datetime | None = None) -> list[str]:
        """Load again the tables out of memory whose kept clock runs out before the next
        sweep (their clocks start again, on the log's times); their ids."""
        soon = (now or datetime.now(UTC)) + timedelta(seconds=2 * self.sweep_every)
        woken = []
        for table_id in self.store.due(soon):
            if table_id in self.tables:
                continue
            try:
                self.live(table_id)
            except GamehallError as error:  # broken or closed: the log says why
                logger.warning("table %s not woken: %s", table_id, error)
                self.store.keep_deadline(table_id, None)
                continue
            woken.append(table_id)
        return woken

    def bound_memory(self, keep: str | None = None) -> list[str]:
        """Unload the idlest tables no one watches and nothing runs at (``keep`` aside) while
        the hall holds more than ``max_tables``; their ids. A table still busy stays."""
        excess = len(self.tables) - self.max_tables
        if excess <= 0:
            return []
        now = time.monotonic()
        idlest = sorted(
            (live.touched, table_id)
            for table_id, live in self.tables.items()
            if table_id != keep and live.idle_since(now, CLOCK_HORIZON)
        )
        dropped = [table_id for _, table_id in idlest[:excess]]
        for table_id in dropped:
            self._unload(table_id)
        return dropped

    def expire_waiting(self, now: datetime | None = None) -> list[str]:
        """Close the tables that waited ``waiting_expiry`` seconds for people before ``now``
        (``TableStore.expire_waiting``); those in memory are stopped and unloaded."""
        before = (now or datetime.now(UTC)) - timedelta(seconds=self.waiting_expiry)
        expired = self.store.expire_waiting(before)
        for table_id in expired:
            live = self.tables.get(table_id)
            if live is not None:
                self._close(live, "expired")
        return expired

    def sweep(self) -> None:
        """One look after the tables: idle ones unloaded, waiting ones closed, memory bounded."""
        self.unload_idle()
        self.expire_waiting()
        self.bound_memory()
        self.wake_due()

    def start_sweeper(self, every: float | None = None) -> None:
        """Sweep every ``every`` seconds (``sweep_every`` by default), until :meth:`close`."""

        async def sweep() -> None:
            while True:
                await asyncio.sleep(every or self.sweep_every)
                try:
                    self.sweep()
                except DBAPIError as error:  # the database is away: the next sweep tries again
                    logger.warning("sweep skipped: %s", database_problem(error))

        self.sweeper = asyncio.get_running_loop().create_task(sweep())

    # -- claimed seats ----------------------------------------------------------------

    def claimable(self, live: LiveTable, token: str, held: str | None = None) -> int:
        """The seat a browser holding ``held`` (its credential, if any) may claim with the
        link ``token``, claiming nothing; :class:`SeatRefused` saying why not.

        The first claim wins; after it the link opens nothing. A browser already holding
        another seat of the table keeps it, and the link stays unclaimed for someone else.
        """
        info = live.info
        seat = info.seat_of(token)
        if seat is None:
            raise SeatRefused.of(Text("web.seat.invalid_link"))
        mine = info.seat_claimed_by(held)
        if mine == seat and held is not None:
            return seat
        if info.seats[seat].claim_hash is not None:
            raise SeatRefused.of(Text("web.seat.claimed"))
        if mine is not None:
            raise SeatRefused.of(Text("web.seat.holds_another", {"seat": mine + 1}))
        return seat

    def claim(self, live: LiveTable, token: str, held: str | None = None) -> tuple[int, str]:
        """Exchange a seat's link ``token`` for a fresh browser credential: the seat and the
        credential (``held``, if the browser already holds that seat); see :meth:`claimable`."""
        info = live.info
        seat = self.claimable(live, token, held)
        if held is not None and info.seat_claimed_by(held) == seat:
            return seat, held
        credential = new_token()
        if not self.store.claim(info.id, seat, hash_token(token), hash_token(credential)):
            raise SeatRefused.of(Text("web.seat.claimed"))  # claimed meanwhile elsewhere
        info.seats[seat].claim_hash = hash_token(credential)
        return seat, credential

    def reissue(self, live: LiveTable, seat: int, host: str | None = None) -> str:
        """A new link for a person's seat (lost, or to be passed on), derived from the
        ``host``'s credential; the old link and any claim of it are revoked, and sockets
        opened with that claim close. Returns the token."""
        held = live.info.seats[seat] if 0 <= seat < len(live.info.seats) else None
        if held is None or (held.bot is not None and not held.replaced):
            raise SeatRefused.of(Text("web.seat.not_a_person", {"seat": seat + 1}))
        generation = held.generation + 1
        token = invite_token(host, live.info.id, seat, generation) if host else new_token()
        self.store.reissue(live.info.id, seat, hash_token(token), generation)
        held.token_hash, held.claim_hash = hash_token(token), None
        held.generation = generation
        self._announce(live)  # each socket checks its credential again
        return token

    @staticmethod
    def invitations(live: LiveTable, host: str) -> dict[int, str]:
        """Per person's seat still waiting for its person, its link token, as the ``host``'s
        credential derives it (a seat whose link it did not make is left out)."""
        table_id = live.info.id
        links = {
            seat.seat: invite_token(host, table_id, seat.seat, seat.generation)
            for seat in live.info.seats
            if seat.waiting
        }
        return {
            seat: token
            for seat, token in links.items()
            if hmac.compare_digest(hash_token(token), live.info.seats[seat].token_hash or "")
        }

    @staticmethod
    def waiting(live: LiveTable) -> bool:
        """Whether the table still waits for someone: a person's seat no one has claimed."""
        return live.match.to_move() is not None and any(s.waiting for s in live.info.seats)

    def say(self, live: LiveTable, seat: int, preset: str | None, words: str | None) -> None:
        """``seat`` says a line in the table's chat (a preset or its own words, checked);
        every page at the table shows it."""
        line = chat.chat_line(seat, preset, words)
        self.store.say(live.info.id, line, chat.KEPT)
        live.chat.append(line)
        self._announce(live)

    def cancel(self, live: LiveTable) -> None:
        """Close a table still waiting for people, at its host's asking: it leaves the
        lobby, what runs at it stops, and every page at it says so."""
        if not self.waiting(live):
            raise AlreadyGone.of(Text("web.cancel.too_late"))
        self.store.cancel(live.info.id)
        self._close(live, "cancelled")

    def _close(self, live: LiveTable, status: str) -> None:
        """The table closed before its end (``status``): stopped, unloaded, its pages told."""
        live.info.status = status
        self.tables.pop(live.info.id, None)
        for task in live.tasks():
            task.cancel()
        self._announce(live)  # each socket finds the table closed

    async def come_back(self, live: LiveTable, seat: int) -> None:
        """The person of a seat a bot took over is back: the bot leaves, the person plays on.

        A bot holding the decision at hand plays it first (the person whose clock ran out
        cannot win the time back by reconnecting); the seat returns right after.
        """
        async with live.lock:
            if not live.info.seats[seat].replaced or live.match.is_over():
                return
            if seat in self.resigned(live):
                return
            if live.match.to_move() == seat:
                live.returning.add(seat)
                return
            self._give_back(live, seat)
        self._announce(live)
        self.start_driver(live)

    def _give_back(self, live: LiveTable, seat: int) -> None:
        """The bot leaves ``seat`` to its person (the caller holds the table's lock)."""
        held = live.info.seats[seat]
        live.returning.discard(seat)
        live.match.agents[seat] = None
        held.bot, held.replaced = None, False
        self.store.return_seat(live.info.id, seat)
        self._notice(live, "web.notice.back", seat)

    def _notice(self, live: LiveTable, key: str, seat: int) -> None:
        """A hall notice about ``seat``'s person in every seat's log, at the current step."""
        live.logs.notice(live.seq, Text(key, {"seat": seat + 1}))

    # -- acting -----------------------------------------------------------------------

    async def act(self, table_id: str, seat: int | None, seq: int, text: str) -> int:
        """Apply a person's action for ``seat`` at sequence ``seq``; returns the new seq."""
        live = self.live(table_id)
        async with live.lock:
            match = live.match
            if seat is None:
                raise NotYourTurnError.of(
                    Text(
                        "core.illegal_action",
                        {"action": text, "reason": Text("web.spectator_cannot_act")},
                    )
                )
            if seq != live.seq:
                raise StaleSequence(
                    f"expected action {live.seq}, not {seq}: the table has moved on"
                )
            held = match.agents[seat]
            if held is not None and live.standing.get(seat) is not held:
                reason = Text("web.illegal.held_by_bot", {"seat": seat + 1})
                raise NotYourTurnError.of(
                    Text("core.illegal_action", {"action": text, "reason": reason})
                )
            action = match.game.parse_action(text)
            if match.to_move() != seat:
                raise NotYourTurnError.of(
                    Text(
                        "core.illegal_action",
                        {
                            "action": text,
                            "reason": Text("core.illegal.not_your_turn", {"seat": seat + 1}),
                        },
                    )
                )
            if held is not None:  # the person beat the stand-in of a clock run out
                match.agents[seat] = None
            self._commit(live, action, seat)
        self.start_driver(live)
        return live.seq

    async def undo(self, table_id: str, seat: int, seq: int) -> int:
        """Take back the seat's last action, if the undo policy allows; returns the new seq."""
        live = self.live(table_id)
        async with live.lock:
            if seq != live.seq:
                raise StaleSequence(f"expected action {live.seq}, not {seq}")
            if live.match.is_over():  # the outcome is logged as final: it stands
                reason = Text("core.illegal.game_over")
                raise UndoError.of(Text("core.undo.refused", {"reason": reason}))
            public = live.match.log(None, live.seq - 1, live.seq)  # as everyone may read it
            self._taken_back(live, live.match.undo(seat))
            what = public[0] if public else Text("web.notice.a_move")
            live.logs.notice(
                live.seq, Text("web.notice.took_back", {"seat": seat + 1, "move": what})
            )
        return live.seq

    # -- resigning (core.resign) --------------------------------------------------------

    @staticmethod
    def resigned(live: LiveTable) -> frozenset[int]:
        """The seats that resigned at the table (its log says so: a restart keeps them)."""
        return frozenset(a.seat for a in live.match.actions if type(a) is Resign)

    def resign_refusal(
        self, live: LiveTable, seat: int | None, named: int | None = None
    ) -> GamehallError | None:
        """Why ``seat`` (None: a spectator) may not resign now, as the error refusing it, or
        None if it may (as far as the hall can tell: the game itself may still refuse, one
        that cannot be resigned). ``named``: the seat the request says it resigns."""
        info, match = live.info, live.match
        if seat is None:
            return NotYourTurnError.of(Text("web.resign.spectator"))
        if named is not None and named != seat:
            return SeatRefused.of(
                Text("web.resign.not_yours", {"seat": named + 1, "held": seat + 1})
            )
        held = info.seats[seat]
        if held.bot is not None and not held.replaced:
            return SeatRefused.of(Text("web.seat.not_a_person", {"seat": seat + 1}))
        if match.is_over():
            return AlreadyGone.of(Text("core.illegal.game_over"))
        if seat in self.resigned(live):
            return AlreadyGone.of(Text("core.resign.gone", {"seat": seat + 1}))
        return None

    def resign_offer(self, live: LiveTable, seat: int | None) -> Text | None:
        """What resigning now would do for ``seat``, as its confirmation says it: a solo game
        is lost; of several, the seat leaves and the others play on (the one left wins, if
        one is); None where the seat may not resign (:meth:`resign_refusal`)."""
        if seat is None or self.resign_refusal(live, seat) is not None:
            return None
        players, gone = live.match.game.players, self.resigned(live)
        if players == 1:
            return Text("web.resign.solo")
        others = [s for s in range(players) if s != seat and s not in gone]
        if len(others) == 1:
            return Text("web.resign.last", {"seat": others[0] + 1})
        return Text("web.resign.several")

    async def resign(self, table_id: str, seat: int | None, named: int) -> int:
        """Seat ``seat`` (the one the request's credential holds; None: a spectator) resigns,
        at any moment; ``named``, the seat the request says it resigns, must be it. Logged
        like an action (the log is the truth: a restart replays it), announced to every seat
        with a hall notice; then nothing runs for the seat any more (:meth:`_seat_resigned`).
        Returns the new seq. Refused with one line (:meth:`resign_refusal`): a spectator or
        another seat (403), the game over or the seat gone already (409); a game that cannot
        be resigned (422)."""
        live = self.live(table_id)
        async with live.lock:
            refusal = self.resign_refusal(live, seat, named)
            if refusal is not None:
                raise refusal
            assert seat is not None
            first = live.seq
            live.match.resign(seat)  # the game may refuse (IllegalActionError): nothing changed
            returning = seat in live.returning
            live.returning.discard(seat)  # its bot held a decision: the seat is not given back
            try:
                self._persist(live, first)
            except BaseException:
                if returning:
                    live.returning.add(seat)
                raise
            self._seat_resigned(live, seat)
        self.start_driver(live)
        return live.seq

    def _seat_resigned(self, live: LiveTable, seat: int) -> None:
        """After ``seat`` resigned (the caller holds the lock): its clock and grace countdown
        stop, a bot standing in for its person leaves (it would only think for a seat that no
        longer plays; a search under way is dropped, the table having moved on), and every
        seat's log gets the hall's notice."""
        grace = live.graces.pop(seat, None)
        clock = live.clocks.pop(seat, None)
        for task in (grace, clock[1] if clock else None):
            if task is not None:
                task.cancel()
        held = live.info.seats[seat]
        if held.replaced:
            live.match.agents[seat] = None
            held.bot, held.replaced = None, False
            try:
                self.store.return_seat(live.info.id, seat)
            except DBAPIError as error:  # the log has the resignation: the seat never plays
                logger.warning("table %s: %s", live.info.id, database_problem(error))
        self._notice(live, "web.notice.resigned", seat)

    async def hint(self, table_id: str, seat: int, seq: int) -> Advice:
        """The advisor's ranking of ``seat``'s legal actions, searched on the hall's workers
        within its time cap; refused at once (:class:`HallBusy`) if too many searches wait."""
        live = self.live(table_id)
        async with live.lock:
            if seq != live.seq:
                raise StaleSequence(f"expected action {live.seq}, not {seq}")
            match = live.match
            if match.to_move() != seat:
                raise IllegalActionError.of(Text("search.hint.not_your_turn"))
            game, state = match.game, match.state
        legal = game.legal_actions(state)
        rng = make_rng(live.match.seed, f"hint/{seq}")  # the stream seed, not the client's
        sampler = Sampler(game, state, seat)  # states are values: safe to search unlocked
        budget = hint_budget(self.limits.hint_seconds, self.thinking.stop)
        view = game.view(state, seat)
        return await self.thinking.think_now(
            partial(advise, game, sampler, view, legal, rng, budget)
        )

    # -- a physical table: chance entered by people ----------------------------------

    def entry_for(self, live: LiveTable, seat: int) -> ChanceEntry:
        """The chance entry ``seat`` is offered now, its choices widened so they tell the
        seat nothing its view does not (``Match.chance_entry``); cached per step."""
        state = live.match.state
        cached = live.entries.get(seat)
        if cached is not None and cached[0] is state:  # the same step, not only the same seq
            return cached[1]
        entry = live.match.chance_entry(seat, widen=True)
        live.entries[seat] = (state, entry)
        return entry

    def companion(self, live: LiveTable, seat: int | None, language: str) -> dict[str, Any]:
        """What a physical table's page shows ``seat`` about chance entries.

        ``entry``: what is asked (in words, and the notation its outcomes share) and the
        choices, for a seat that may enter the outcome due; ``waiting``: who enters it, for
        the others (spectators included); ``correct``: the last entry, when this seat may take
        it back (named only to a seat that sees it).
        """
        match = live.match
        data: dict[str, Any] = {"physical": live.info.physical}
        if not live.info.physical or match.is_over():
            return data
        texts = match.catalog(language)
        if match.to_move() == CHANCE:
            entrants = match.entrants()
            if seat is not None and seat in entrants:
                entry = self.entry_for(live, seat)
                data["entry"] = {
                    "asked": entry.asked,
                    "question": texts.render(entry.wording.question),
                    "hidden": entry.seers == (seat,) and match.game.players > 1,
                    "unseen": not any(s in match.people() for s in entry.seers),
                    "blind": entry.wording.blind,
                    "choices": [
                        {
                            "key": choice.key,
                            "action": choice.notation,
                            "suffix": choice.suffix,
                            "label": texts.render(choice.label),
                        }
                        for choice in entry.choices
                    ],
                }
            else:
                due = self.entry_for(live, entrants[0]) if entrants else None
                data["waiting"] = {
                    "asked": due.asked if due else "",
                    "awaited": texts.render(due.wording.awaited) if due else None,
                    "seat": entrants[0] + 1 if len(entrants) == 1 else None,
                }
        if seat is not None and match.entry_blocker(seat) is None:
            seen = seat in match.chance_seers(match.states[-2])  # an unseen card stays unnamed
            data["correct"] = {"last": str(match.actions[-1]) if seen else None}
        return data

    async def enter_chance(self, table_id: str, seat: int | None, seq: int, text: str) -> int:
        """Apply chance outcomes a person entered at a physical table; returns the new seq."""
        live = self.live(table_id)
        async with live.lock:
            if seat is None:
                raise NotYourTurnError.of(
                    Text(
                        "core.illegal_action",
                        {"action": text, "reason": Text("web.spectator_cannot_act")},
                    )
                )
            if not live.info.physical:
                raise IllegalActionError.of(Text("web.companion.not_physical"))
            if seq != live.seq:
                raise StaleSequence(
                    f"expected action {live.seq}, not {seq}: the table has moved on"
                )
            first = live.seq
            live.match.enter(text, seat=seat, widen=True)
            self._persist(live, first)
        self.start_driver(live)
        return live.seq

    async def correct(self, table_id: str, seat: int, seq: int) -> int:
        """Take back the last chance outcome entered at a physical table; returns the new seq."""
        live = self.live(table_id)
        async with live.lock:
            if not live.info.physical:
                raise IllegalActionError.of(Text("web.companion.not_physical"))
            if seq != live.seq:
                raise StaleSequence(f"expected action {live.seq}, not {seq}")
            self._taken_back(live, live.match.undo_entry(seat))
        return live.seq

    def _taken_back(self, live: LiveTable, removed: Action) -> None:
        """After the last step, ``removed``, was taken back in memory: delete it from the log
        (only if the log ends with it) and tell everyone. If that fails, the table is replayed
        from its log again, which is the truth."""
        live.logs.clear()
        try:
            self.store.remove_last(live.info.id, live.seq, str(removed), live.match.to_move())
        except BaseException:
            self._reload(live)
            raise
        self._announce(live)

    def _commit(self, live: LiveTable, action: Action, mover: int) -> None:
        """Check, log, then apply one action (the caller holds the table's lock)."""
        match = live.match
        match.push(match.game.apply(match.state, action), action, mover)
        self._persist(live, live.seq - 1)

    def _persist(self, live: LiveTable, first: int) -> None:
        """Write the steps applied in memory since ``first`` to the log, then announce them.

        On a database error the steps are taken back from memory, so memory never holds what
        the log does not. Nothing awaits in between, so no one sees the steps before.
        """
        match = live.match
        steps = [
            (str(a), m) for a, m in zip(match.actions[first:], match.movers[first:], strict=True)
        ]
        outcome = match.outcome()
        finished = outcome.to_json() if outcome is not None else None
        try:
            self.store.append_many(live.info.id, first, steps, finished, match.to_move())
        except BaseException:
            match.truncate(first)
            live.logs.clear()
            raise
        live.touched = time.monotonic()
        now = time.time()
        mover = match.movers[first]
        if mover >= 0:  # a seat's move: its thinking beyond the clock comes from its bank
            thought = now - live.decided_at - (live.info.clock or 0)
            live.spent[mover] = live.spent.get(mover, 0.0) + max(0.0, thought)
        live.decided_at = now
        if finished is not None:
            live.info.status, live.info.outcome = "finished", finished
            self._keep_finished(live)
        for seat in sorted(live.returning):  # the bot played the decision it held
            if match.to_move() != seat and finished is None:
                self._give_back(live, seat)
        self._announce(live)

    def _keep_finished(self, live: LiveTable) -> None:
        """Count a table among the finished ones in memory, newest; beyond ``FINISHED_KEPT``,
        drop the oldest (one still watched is dropped when its last listener leaves)."""
        self.finished.pop(live.info.id, None)
        self.finished[live.info.id] = None
        while len(self.finished) > FINISHED_KEPT:
            oldest = next(iter(self.finished))
            del self.finished[oldest]
            old = self.tables.get(oldest)
            if old is not None and not old.listeners:
                del self.tables[oldest]

    def _announce(self, live: LiveTable) -> None:
        live.changes += 1
        live.renders.clear()
        for queue in live.listeners:
            queue.put_nowait(live.seq)

    # -- chance, bots, clocks ---------------------------------------------------------

    def start_driver(self, live: LiveTable) -> None:
        """Make sure chance and bots are being played at this table."""
        if live.driver is None or live.driver.done():
            live.driver = asyncio.get_running_loop().create_task(self._drive_until_written(live))

    async def _drive_until_written(self, live: LiveTable) -> None:
        """Drive the table; while the database refuses its writes, try again with a growing
        pause (``WRITE_RETRY``). The steps it could not write were taken back from memory, and
        what follows is drawn as after a restart, so the log stays the truth."""
        pause = WRITE_RETRY[0]
        while True:
            try:
                await self._drive(live)
            except DBAPIError as error:
                if live.info.id not in self.waiting_to_write:
                    logger.warning(
                        "table %s: %s; trying again", live.info.id, database_problem(error)
                    )
                self.waiting_to_write.add(live.info.id)
                live.match.resume([])  # the bots draw on from the log's length, as on restart
                await asyncio.sleep(pause)
                pause = min(2 * pause, WRITE_RETRY[1])
                continue
            if live.info.id in self.waiting_to_write:
                self.waiting_to_write.discard(live.info.id)
                logger.warning("table %s: the database takes writes again", live.info.id)
            return

    async def _drive(self, live: LiveTable) -> None:
        """Play chance at once and bots after the table's pause, until a person must act.

        Chance outcomes (and bots, when the pause is zero) are applied in runs of at most
        ``AUTO_BATCH`` steps, each written to the log in one transaction and announced once;
        the loop yields between runs, so one table never holds up the others. Bots left alone
        in a stalemate (``STALL_STEPS`` automatic steps with no person acting) are stopped.
        """
        match = live.match
        automatic = 0
        while True:
            async with live.lock:
                first = live.seq
                mover = match.to_move()
                drawn = not live.info.physical  # at a physical table, people enter chance
                while (
                    mover is not None
                    and live.seq - first < AUTO_BATCH
                    and (
                        (mover == CHANCE and drawn)
                        or (
                            mover != CHANCE
                            and match.agents[mover] is not None
                            and live.info.bot_delay == 0
                            and not searches(match.agents[mover])
                        )
                    )
                ):
                    action = match.sample_chance() if mover == CHANCE else match.choose_for_bot()
                    match.push(match.game.apply_legal(match.state, action), action, mover)
                    mover = match.to_move()
                if live.seq > first:
                    self._persist(live, first)
                automatic += live.seq - first
                if mover is None or automatic >= STALL_STEPS or (mover == CHANCE and not drawn):
                    return
                waiting = mover == CHANCE or match.agents[mover] is not None
                if not waiting:
                    self._start_clock(live, mover)
                    return
                seq = live.seq
            if live.seq - first >= AUTO_BATCH or mover == CHANCE:
                await asyncio.sleep(0)  # let other tables and requests run
                continue
            await asyncio.sleep(live.info.bot_delay)
            if await self._play_bot(live, seq, mover):
                automatic += 1

    async def _play_bot(self, live: LiveTable, seq: int, mover: int) -> bool:
        """The bot of ``mover`` plays at ``seq`` if it is still due there; True if it did.

        A search thinks on the hall's workers without the table's lock: the position is
        taken under the lock, and the choice committed under it again only if the table has
        not moved on meanwhile (the same match at the same sequence, the same mover, the
        seat still this bot's); otherwise it is dropped.
        """
        match = live.match
        agent = match.agents[mover]

        def due() -> bool:
            same = live.match is match and live.seq == seq and match.to_move() == mover
            return same and match.agents[mover] is agent

        async with live.lock:
            if agent is None or not due():
                return False
            if not searches(agent):
                self._commit(live, match.choose_for_bot(), mover)
                return True
            decision = match.bot_decision()
        action = await self.thinking.think(decision)
        async with live.lock:
            if not due():
                return False
            self._commit(live, action, mover)
            return True

    def _start_clock(self, live: LiveTable, seat: int) -> None:
        """A person to move on a table with a clock has that long before a bot steps in.

        The clock runs once per decision: reconnecting or reloading never restarts it.
        """
        if not (live.info.clock or live.info.bank):
            return
        running = live.clocks.get(seat)
        if running is not None and running[0] == live.seq and not running[1].done():
            return
        if running is not None:
            running[1].cancel()
        countdown = self._clock_runs_out(live, seat, live.seq)
        live.deadlines = {seat: live.decided_at + self.time_for_move(live, seat)}
        live.clocks[seat] = (live.seq, asyncio.get_running_loop().create_task(countdown))
        self._announce(live)  # every page shows the countdown

    async def _clock_runs_out(self, live: LiveTable, seat: int, seq: int) -> None:
        """The clock of ``seat``'s decision at ``seq`` ran out: a bot of the table's kind plays
        that one move for the person, who keeps the seat and is told so."""
        await asyncio.sleep(max(0.0, live.deadlines[seat] - time.time()))
        match = live.match
        async with live.lock:
            if live.seq != seq or match.to_move() != seat or match.agents[seat] is not None:
                return  # the person moved, or a bot already holds the seat
            stand_in = match.agents[seat] = self._bot(live.info.replacement, live.info.game)
            live.standing[seat] = stand_in
        try:
            played = await self._play_bot(live, seq, seat)
        except DBAPIError as error:  # nothing was written: the person may still move
            logger.warning("table %s: %s", live.info.id, database_problem(error))
            played = False
        finally:
            async with live.lock:
                live.standing.pop(seat, None)
                if match.agents[seat] is stand_in:
                    match.agents[seat] = None
        if played:
            live.stood_in[seat] = seq
            self._notice(live, "web.notice.timed_out", seat)
            self._announce(live)
            self.start_driver(live)

    @staticmethod
    def bank_left(live: LiveTable, seat: int) -> float | None:
        """The seconds left in ``seat``'s time bank (None: the table has no bank)."""
        bank = live.info.bank
        return None if bank is None else max(0.0, bank - live.spent.get(seat, 0.0))

    def time_for_move(self, live: LiveTable, seat: int) -> float:
        """How long ``seat`` may think over the decision at hand: the per-move clock, then
        what is left of its bank; once a bank without a clock is spent, ``LAST_MOMENTS``."""
        total = (live.info.clock or 0.0) + (self.bank_left(live, seat) or 0.0)
        return total if total > 0 else LAST_MOMENTS

    async def _grace_runs_out(self, live: LiveTable, seat: int) -> None:
        await asyncio.sleep(self.leave_grace)
        if seat not in live.listeners.values():
            self.replace_with_bot(live, seat)

    def replace_with_bot(self, live: LiveTable, seat: int) -> None:
        """A bot takes over a person's seat so the others can finish, until the person is
        back (:meth:`come_back`)."""
        if live.match.agents[seat] is not None or live.match.is_over():
            return
        if seat in self.resigned(live):  # nothing is left to play for a seat that resigned
            return
        kind = live.info.replacement
        live.match.agents[seat] = self._bot(kind, live.info.game)
        live.info.seats[seat].bot, live.info.seats[seat].replaced = kind, True
        self.store.replace_with_bot(live.info.id, seat, kind)
        self._notice(live, "web.notice.left", seat)
        self._announce(live)
        self.start_driver(live)

    # -- watching ---------------------------------------------------------------------

    def players(self, live: LiveTable, seat: int | None) -> list[dict[str, Any]]:
        """Who sits at the table, as every page shows it: each seat's bot kind (None: a
        person's), whether a bot stands in for its person, whether the person has a page
        open or has yet to open their invite link, whether it is to move, and which seat is
        the viewer's (``seat``)."""
        watching = set(live.listeners.values())
        mover = live.match.to_move()
        return [
            {
                "seat": held.seat,
                "bot": held.bot,
                "replaced": held.replaced,
                "connected": held.seat in watching,
                "invited": held.waiting,
                "to_move": mover == held.seat,
                "you": held.seat == seat,
                "deadline": self.deadline(live, held.seat),
                "bank": None if held.bot and not held.replaced else self.bank_left(live, held.seat),
                "stood_in": self.stood_in(live, held.seat),
            }
            for held in live.info.seats
        ]

    @staticmethod
    def stood_in(live: LiveTable, seat: int) -> bool:
        """Whether a bot made ``seat``'s latest move because its clock ran out."""
        step = live.stood_in.get(seat)
        movers = live.match.movers
        return step is not None and step < len(movers) and seat not in movers[step + 1 :]

    @staticmethod
    def deadline(live: LiveTable, seat: int) -> float | None:
        """When the clock of ``seat``'s decision at hand runs out (``time.time()``), if one
        runs for it."""
        running = live.clocks.get(seat)
        if running is None or running[0] != live.seq or running[1].done():
            return None
        return live.deadlines.get(seat)

    async def subscribe(self, live: LiveTable, seat: int | None) -> asyncio.Queue[int]:
        """A queue that receives the new sequence number after every change; a person whose
        seat a bot took over is back."""
        queue: asyncio.Queue[int] = asyncio.Queue()
        if seat is not None and seat not in live.listeners.values():
            self._announce(live)  # the others see the person connected (when they next draw)
        live.listeners[queue] = seat
        grace = live.graces.pop(seat, None) if seat is not None else None
        if grace is not None:
            grace.cancel()
        if seat is not None:
            await self.come_back(live, seat)
        self.start_driver(live)
        return queue

    def unsubscribe(self, live: LiveTable, queue: asyncio.Queue[int]) -> None:
        """Stop listening; a person whose last connection closes has a grace period."""
        seat = live.listeners.pop(queue, None)
        live.touched = time.monotonic()
        if live.match.is_over() and not live.listeners and live.info.id not in self.finished:
            self._keep_finished(live)  # dropped from the finished ones while watched
        if seat is None or seat in live.listeners.values():
            return
        self._announce(live)  # the others see the person gone
        if seat in self.resigned(live):
            return
        if live.info.clock or live.info.bank:
            return  # the clock, not leaving, decides: a bot makes a move only when it runs out
        if live.match.agents[seat] is None and not live.match.is_over():
            old = live.graces.pop(seat, None)
            if old is not None:
                old.cancel()
            countdown = self._grace_runs_out(live, seat)
            live.graces[seat] = asyncio.get_running_loop().create_task(countdown)

    def record(self, live: LiveTable) -> Record:
        """The table's game record (its secret once the game is over)."""
        return Record.of(live.match)

    def deal_shown(self, live: LiveTable) -> dict[str, Any]:
        """What every seat sees of the table's deal from its first view: the commitment (None:
        seeded), whether people enter chance, and the secret once the game is over."""
        deal, over = live.match.deal, live.match.is_over()
        shown: dict[str, Any] = {
            "commitment": deal.commitment,
            "seeded": deal.seeded,
            "physical": deal.physical,
        }
        if over and deal.secret is not None:
            shown["secret"] = deal.secret
        return shown

    def deal_verdict(self, live: LiveTable, language: str) -> tuple[bool, str]:
        """Whether a finished table's committed deal verifies (``verify_deal``), and what the
        check proves (of a seeded or physical table too)."""
        try:
            proof = verify_deal(live.match)
        except InvalidRecordError as error:
            return False, error.render(language)
        deal = live.match.deal
        return not (deal.seeded or deal.physical), catalog(language).render(proof)

    async def close(self) -> None:
        """Cancel every background task (at shutdown); every search stops at once."""
        self.thinking.close()
        if self.sweeper is not None:
            self.sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.sweeper
        for live in self.tables.values():
            for task in live.tasks():
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task


__all__ = [
    "AlreadyGone",
    "Hall",
    "IllegalActionError",
    "SeatRefused",
    "SeatRequest",
    "StaleSequence",
    "TableNotFound",
]
