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
import secrets
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from gamehall.bots import make_bot
from gamehall.core.chance import make_rng
from gamehall.core.companion import ChanceEntry
from gamehall.core.errors import (
    GamehallError,
    IllegalActionError,
    NotYourTurnError,
    OptionError,
    UndoError,
)
from gamehall.core.game import CHANCE, Action
from gamehall.core.i18n import Text, catalog
from gamehall.core.match import Match, Sampler, searches
from gamehall.core.memo import memo_fill
from gamehall.core.record import Record
from gamehall.core.registry import create, find_game
from gamehall.search.advisor import Advice, advise
from gamehall.store.tables import (
    SeatInfo,
    SequenceConflict,
    TableInfo,
    TableStore,
    hash_token,
    new_table_id,
    new_token,
)
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


class TableNotFound(GamehallError):
    """No table has this id."""


class StaleSequence(SequenceConflict):
    """An action was submitted for a sequence number other than the next one."""


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
    graces: dict[int, asyncio.Task[None]] = field(default_factory=dict)
    """Per seat whose person left: the countdown before a bot steps in."""
    entries: dict[int, tuple[Any, ChanceEntry]] = field(default_factory=dict)
    """At a physical table: per seat, the chance entry offered to it and the state it is for."""
    touched: float = field(default_factory=time.monotonic)
    """When the table was last asked for or changed (``time.monotonic``)."""

    def idle_since(self, since: float) -> bool:
        """Untouched since ``since``, unwatched, and nothing running or waiting to run."""
        timers = [task for _, task in self.clocks.values()] + list(self.graces.values())
        return (
            self.touched <= since
            and not self.listeners
            and not self.lock.locked()
            and (self.driver is None or self.driver.done())
            and all(task.done() for task in timers)
        )

    @property
    def seq(self) -> int:
        """The sequence number the next action will take."""
        return len(self.match.actions)


class Hall:
    """Every table of the hall, loaded on demand from the store."""

    def __init__(
        self, store: TableStore, leave_grace: float = 60.0, idle_unload: float = IDLE_UNLOAD
    ) -> None:
        self.store = store
        self.leave_grace = leave_grace
        self.idle_unload = idle_unload
        self.tables: dict[str, LiveTable] = {}
        self.unloaded = 0
        """Tables in play unloaded for being idle, since the hall started."""
        self.sweeper: asyncio.Task[None] | None = None
        self.finished: dict[str, None] = {}
        """The finished tables in memory, oldest first (a dict keeps its insertion order)."""

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
    ) -> tuple[TableInfo, dict[int, str]]:
        """Open a table; returns it and the secret token of each person's seat."""
        local = {spec.name for spec in find_game(game_name).option_specs if not spec.remote}
        refused = sorted(local & set(options))
        if refused:
            raise OptionError(f"option {refused[0]!r} can only be set on the command line")
        game = create(game_name, players, options)
        make_bot(replacement, game.name)  # the replacement bot kind must exist
        if len(seats) != players:
            raise GamehallError(f"{len(seats)} seats given for {players} players")
        tokens: dict[int, str] = {}
        infos = []
        for index, request in enumerate(seats):
            if request.kind == "bot":
                make_bot(request.bot, game.name)  # the bot kind must exist
                infos.append(SeatInfo(index, request.name or f"{request.bot} bot", request.bot))
            elif request.kind in ("me", "invite"):
                tokens[index] = new_token()
                name = request.name or f"Player {index + 1}"
                infos.append(SeatInfo(index, name, None, hash_token(tokens[index])))
            else:
                raise GamehallError(f"seat {index + 1}: unknown kind {request.kind!r}")
        info = TableInfo(
            id=new_table_id(),
            game=game.name,
            players=players,
            seed=seed if seed is not None else str(secrets.randbelow(2**62)),
            rules_version=game.rules_version,
            options=dict(game.options),
            bot_delay=bot_delay,
            clock=clock,
            seats=infos,
            physical=physical,
            replacement=replacement,
        )
        self.store.create(info)
        return info, tokens

    def live(self, table_id: str) -> LiveTable:
        """The table in memory, replayed from its log on first use."""
        live = self.tables.get(table_id)
        if live is not None:
            live.touched = time.monotonic()
            return live
        info = self.store.get(table_id)
        if info is None:
            raise TableNotFound(f"no table {table_id!r}")
        game = create(info.game, info.players, info.options)
        agents = [make_bot(s.bot, game.name) if s.bot else None for s in info.seats]
        match = Match(game, info.seed, agents, [s.name for s in info.seats])
        match.resume([action for _, action, _ in self.store.actions(table_id)])
        outcome = match.outcome()
        if outcome is not None and info.status != "finished":  # a crash between two writes
            self.store.finish(table_id, outcome.to_json())
            info.status, info.outcome = "finished", outcome.to_json()
        live = LiveTable(info, match)
        self.tables[table_id] = live
        if outcome is not None:
            self._keep_finished(live)
        with contextlib.suppress(RuntimeError):  # outside the event loop: started on first use
            self.start_driver(live)
        return live

    def resume_all(self, limit: int = 10_000) -> int:
        """Load every table still in play, so their bots and chance carry on after a restart."""
        tables = self.store.list_tables("playing", limit)
        for info in tables:
            self.live(info.id)
        return len(tables)

    def unload_idle(self, now: float | None = None) -> list[str]:
        """Unload the tables in play idle for ``idle_unload`` seconds before ``now``; their ids.

        Such a table waits for a person who is not there (never came, or left a table without
        a clock or a replacement); its log holds all of it, and :meth:`live` replays it again.
        """
        since = (time.monotonic() if now is None else now) - self.idle_unload
        idle = [
            table_id
            for table_id, live in self.tables.items()
            if table_id not in self.finished and live.idle_since(since)
        ]
        for table_id in idle:
            del self.tables[table_id]
        self.unloaded += len(idle)
        return idle

    def start_sweeper(self, every: float = SWEEP_EVERY) -> None:
        """Look for idle tables to unload every ``every`` seconds, until :meth:`close`."""

        async def sweep() -> None:
            while True:
                await asyncio.sleep(every)
                self.unload_idle()

        self.sweeper = asyncio.get_running_loop().create_task(sweep())

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
            if match.agents[seat] is not None:
                raise NotYourTurnError(f"{text}: seat {seat + 1} is played by a bot")
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
            live.match.undo(seat)
            self._taken_back(live)
        return live.seq

    async def hint(self, table_id: str, seat: int, seq: int) -> Advice:
        """The advisor's ranking of ``seat``'s legal actions, searched off the event loop."""
        live = self.live(table_id)
        async with live.lock:
            if seq != live.seq:
                raise StaleSequence(f"expected action {live.seq}, not {seq}")
            match = live.match
            if match.to_move() != seat:
                raise IllegalActionError.of(Text("search.hint.not_your_turn"))
            game, state = match.game, match.state
        legal = game.legal_actions(state)
        rng = make_rng(live.info.seed, f"hint/{seq}")
        sampler = Sampler(game, state, seat)  # states are values: safe to search unlocked
        return await asyncio.to_thread(advise, game, sampler, game.view(state, seat), legal, rng)

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

        ``entry``: the choices, for a seat that may enter the outcome due; ``waiting``: who
        enters it, for the others (spectators included); ``correct``: the last entry, when
        this seat may take it back (named only to a seat that sees it).
        """
        match = live.match
        data: dict[str, Any] = {"physical": live.info.physical}
        if not live.info.physical or match.is_over():
            return data
        texts = catalog(language)
        if match.to_move() == CHANCE:
            entrants = match.entrants()
            if seat is not None and seat in entrants:
                entry = self.entry_for(live, seat)
                data["entry"] = {
                    "asked": entry.asked,
                    "hidden": entry.seers == (seat,) and match.game.players > 1,
                    "unseen": not any(s in match.people() for s in entry.seers),
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
                asked = self.entry_for(live, entrants[0]).asked if entrants else ""
                data["waiting"] = {
                    "asked": asked,
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
            live.match.undo_entry(seat)
            self._taken_back(live)
        return live.seq

    def _taken_back(self, live: LiveTable) -> None:
        """After the last step was taken back: forget it in the log and tell everyone."""
        live.logs.clear()
        self.store.remove_last(live.info.id, live.seq)
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
            self.store.append_many(live.info.id, first, steps, finished)
        except BaseException:
            match.truncate(first)
            live.logs.clear()
            raise
        live.touched = time.monotonic()
        if finished is not None:
            live.info.status, live.info.outcome = "finished", finished
            self._keep_finished(live)
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
        for queue in live.listeners:
            queue.put_nowait(live.seq)

    # -- chance, bots, clocks ---------------------------------------------------------

    def start_driver(self, live: LiveTable) -> None:
        """Make sure chance and bots are being played at this table."""
        if live.driver is None or live.driver.done():
            live.driver = asyncio.get_running_loop().create_task(self._drive(live))

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
            async with live.lock:
                if live.seq == seq and match.to_move() == mover:
                    agent = match.agents[mover]
                    if searches(agent):  # a search takes a while: think off the event loop
                        action = await asyncio.to_thread(match.choose_for_bot)
                    else:
                        action = match.choose_for_bot()
                    self._commit(live, action, mover)
                    automatic += 1

    def _start_clock(self, live: LiveTable, seat: int) -> None:
        """A person to move on a table with a clock has that long before a bot steps in.

        The clock runs once per decision: reconnecting or reloading never restarts it.
        """
        if not live.info.clock:
            return
        running = live.clocks.get(seat)
        if running is not None and running[0] == live.seq and not running[1].done():
            return
        if running is not None:
            running[1].cancel()
        countdown = self._clock_runs_out(live, seat, live.seq)
        live.clocks[seat] = (live.seq, asyncio.get_running_loop().create_task(countdown))

    async def _clock_runs_out(self, live: LiveTable, seat: int, seq: int) -> None:
        await asyncio.sleep(live.info.clock or 0)
        if live.seq == seq:
            self.replace_with_bot(live, seat)

    async def _grace_runs_out(self, live: LiveTable, seat: int) -> None:
        await asyncio.sleep(self.leave_grace)
        if seat not in live.listeners.values():
            self.replace_with_bot(live, seat)

    def replace_with_bot(self, live: LiveTable, seat: int) -> None:
        """A bot takes over a person's seat so the others can finish."""
        if live.match.agents[seat] is not None or live.match.is_over():
            return
        kind = live.info.replacement
        live.match.agents[seat] = make_bot(kind, live.info.game)
        live.info.seats[seat].bot, live.info.seats[seat].replaced = kind, True
        self.store.replace_with_bot(live.info.id, seat, kind)
        self._announce(live)
        self.start_driver(live)

    # -- watching ---------------------------------------------------------------------

    def subscribe(self, live: LiveTable, seat: int | None) -> asyncio.Queue[int]:
        """A queue that receives the new sequence number after every change."""
        queue: asyncio.Queue[int] = asyncio.Queue()
        live.listeners[queue] = seat
        grace = live.graces.pop(seat, None) if seat is not None else None
        if grace is not None:
            grace.cancel()
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
        if live.match.agents[seat] is None and not live.match.is_over():
            old = live.graces.pop(seat, None)
            if old is not None:
                old.cancel()
            countdown = self._grace_runs_out(live, seat)
            live.graces[seat] = asyncio.get_running_loop().create_task(countdown)

    def record(self, live: LiveTable) -> Record:
        """The table's game record."""
        return Record.of(live.match)

    async def close(self) -> None:
        """Cancel every background task (at shutdown)."""
        if self.sweeper is not None:
            self.sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.sweeper
        for live in self.tables.values():
            clocks = [task for _, task in live.clocks.values()]
            tasks = [*clocks, *live.graces.values(), *([live.driver] if live.driver else [])]
            for task in tasks:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task


__all__ = ["Hall", "IllegalActionError", "SeatRequest", "StaleSequence", "TableNotFound"]
