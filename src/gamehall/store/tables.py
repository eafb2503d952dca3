"""The table store: create tables, append to and read their action logs, list them."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import logging
import secrets
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Engine, Select, cast, delete, insert, select, update
from sqlalchemy import Text as SQLText
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, defer, selectinload

from gamehall.core.errors import GamehallError
from gamehall.core.fairness import commitment_of
from gamehall.core.i18n import Text, catalog
from gamehall.store.database import close_engine
from gamehall.store.lock import WriterLock
from gamehall.store.models import ActionRow, ChatRow, SeatRow, TableRow, utcnow

logger = logging.getLogger(__name__)


class SequenceConflict(GamehallError):
    """An action submitted for a sequence number that is already taken."""


class LogMismatch(SequenceConflict):
    """The log does not end with the action an undo takes back (nothing was deleted)."""


def new_token() -> str:
    """A fresh secret seat token (192 random bits, URL-safe)."""
    return secrets.token_urlsafe(24)


def invite_token(host: str, table_id: str, seat: int, generation: int) -> str:
    """A person's seat link token derived from the host's credential (192 bits, URL-safe):
    the host's browser can show its invitations again, while the store keeps only hashes.
    A new link for the seat takes the next ``generation``."""
    message = f"invite:{table_id}:{seat}:{generation}".encode()
    digest = hmac.new(host.encode(), message, hashlib.sha256).digest()[:24]
    return base64.urlsafe_b64encode(digest).decode()


def hash_token(token: str) -> str:
    """The stored form of a seat token."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_table_id() -> str:
    """A short random table id."""
    return secrets.token_urlsafe(8)


@dataclass
class SeatInfo:
    """A seat of a table: a person's (token hash) or a bot's."""

    seat: int
    name: str
    bot: str | None = None
    token_hash: str | None = None
    replaced: bool = False
    claim_hash: str | None = None
    """The hash of the browser credential that claimed this seat's link (None: unclaimed)."""
    generation: int = 0
    """How many times the host gave the seat a new link (``invite_token``)."""

    @property
    def waiting(self) -> bool:
        """A person's seat whose link no one has claimed yet."""
        return self.bot is None and self.token_hash is not None and self.claim_hash is None


@dataclass(frozen=True)
class ChatLine:
    """A line of a table's chat: a seat's preset message (its key) or own words."""

    seat: int
    preset: str | None
    words: str | None
    at: datetime


@dataclass
class TableInfo:
    """A table's settings and seats (its log is read separately)."""

    id: str
    game: str
    players: int
    seed: str
    rules_version: str
    options: dict[str, Any] = field(default_factory=dict)
    status: str = "playing"
    outcome: dict[str, Any] | None = None
    bot_delay: float = 0.6
    clock: float | None = None
    """Seconds a person may think over one decision before a bot makes that move (None: no
    clock)."""
    bank: float | None = None
    """Seconds each person may think in all beyond the per-move clock, chess-style (None:
    no bank)."""
    created_at: datetime | None = None
    physical: bool = False
    """A physical copy: people enter every chance outcome (docs/companion.md)."""
    replacement: str = "heuristic"
    """The bot kind (strength) that takes over from a person who leaves or runs out of time."""
    seats: list[SeatInfo] = field(default_factory=list)
    secret: str | None = None
    """The server's secret behind the chance stream, hidden until the game ends (None: the
    seed alone fixes it, allowed only where at most one person sits)."""
    broken: str | None = None
    """Why the table's log cannot be replayed (None: it replays)."""
    to_move: int | None = None
    """Who moves next as of the log's last write (None: over, or not written yet)."""

    @property
    def commitment(self) -> str | None:
        """The public commitment to the table's secret, shown from the first view (None:
        seeded); see :mod:`gamehall.core.fairness`."""
        return commitment_of(self.secret) if self.secret is not None else None

    host_hash: str | None = None
    """The hash of the host's credential (the browser that opened the table), which may
    re-issue a seat's link (None: no host)."""

    def broken_reason(self) -> Text | None:
        """Why the table cannot be replayed, to render in any language (None: it replays)."""
        return broken_text(self.broken) if self.broken is not None else None

    def seat_of(self, token: str | None) -> int | None:
        """The seat a link token opens, compared in constant time; None if it opens none."""
        return _matching(token, [(seat.seat, seat.token_hash) for seat in self.seats])

    def seat_claimed_by(self, credential: str | None) -> int | None:
        """The seat a browser credential holds (it claimed the seat's link); None if none."""
        return _matching(credential, [(seat.seat, seat.claim_hash) for seat in self.seats])

    def is_host(self, credential: str | None) -> bool:
        """Whether ``credential`` is the host's."""
        return _matching(credential, [(0, self.host_hash)]) is not None


def _matching(secret: str | None, hashes: list[tuple[int, str | None]]) -> int | None:
    """The key whose stored hash is ``secret``'s, every hash compared in constant time."""
    if not secret:
        return None
    digest = hash_token(secret)
    found = None
    for key, stored in hashes:
        if stored is not None and hmac.compare_digest(stored, digest):
            found = key
    return found


def text_of(data: Any) -> Text:
    """The Text that ``Text.to_json`` gave ``data``, its Text parameters included."""
    params = {
        key: text_of(value)
        if isinstance(value, dict) and value.keys() == {"key", "params"}
        else value
        for key, value in data["params"].items()
    }
    return Text(str(data["key"]), params)


def broken_text(stored: str) -> Text:
    """A stored broken reason as a Text (one set by hand is shown as it is)."""
    try:
        return text_of(json.loads(stored))
    except (ValueError, TypeError, KeyError, AttributeError):
        return Text("store.broken.other", {"reason": stored})


def _json_object(raw: str | None, column: str) -> tuple[dict[str, Any] | None, Text | None]:
    """A JSON column read as text: its object (None for null), or why it is damaged."""
    if raw is None:
        return None, None
    try:
        value = json.loads(raw)
    except ValueError as error:
        return None, Text("store.broken.column", {"column": column, "reason": str(error)})
    if not isinstance(value, dict):
        reason = f"{type(value).__name__}, not an object"
        return None, Text("store.broken.column", {"column": column, "reason": reason})
    return value, None


TABLE_QUERY = select(
    TableRow, cast(TableRow.options, SQLText), cast(TableRow.outcome, SQLText)
).options(defer(TableRow.options), defer(TableRow.outcome), selectinload(TableRow.seats))
"""Tables with their JSON columns as text, decoded apart: one damaged row breaks only itself."""


def aware(at: datetime) -> datetime:
    """A stored time in UTC (SQLite gives it back without its zone)."""
    return at if at.tzinfo is not None else at.replace(tzinfo=UTC)


def _info(row: TableRow) -> TableInfo:
    """The table of a row loaded by ``TABLE_QUERY`` (its JSON columns still to decode)."""
    return TableInfo(
        id=row.id,
        game=row.game,
        players=row.players,
        seed=row.seed,
        rules_version=row.rules_version,
        status=row.status,
        bot_delay=row.bot_delay,
        clock=row.clock,
        bank=row.bank,
        created_at=row.created_at,
        physical=bool(row.physical),
        replacement=row.replacement,
        seats=[
            SeatInfo(
                s.seat, s.name, s.bot, s.token_hash, s.replaced, s.claim_hash, s.link_generation
            )
            for s in row.seats
        ],
        secret=row.secret,
        broken=row.broken,
        host_hash=row.host_hash,
        to_move=row.to_move,
    )


class TableStore:
    """Tables and their action logs in one database."""

    def __init__(self, engine: Engine, lock: WriterLock | None = None) -> None:
        self.engine = engine
        self.lock = lock or WriterLock()
        """The lock that makes this store its database's only writer (a hall's)."""

    def hold(self) -> None:
        """Hold the database again after :meth:`close` (a hall started anew)."""
        self.lock.acquire()

    def close(self) -> None:
        """At a clean stop: checkpoint and close the database, then let it go."""
        try:
            close_engine(self.engine)
        finally:
            self.lock.release()

    def create(self, info: TableInfo) -> None:
        """Save a new table and its seats."""
        with Session(self.engine) as session, session.begin():
            session.add(
                TableRow(
                    id=info.id,
                    game=info.game,
                    players=info.players,
                    options=info.options,
                    seed=info.seed,
                    rules_version=info.rules_version,
                    status=info.status,
                    bot_delay=info.bot_delay,
                    clock=info.clock,
                    bank=info.bank,
                    physical=info.physical,
                    replacement=info.replacement,
                    secret=info.secret,
                    broken=info.broken,
                    host_hash=info.host_hash,
                    created_at=utcnow(),
                    seats=[
                        SeatRow(
                            seat=s.seat,
                            name=s.name,
                            bot=s.bot,
                            token_hash=s.token_hash,
                            replaced=s.replaced,
                            claim_hash=s.claim_hash,
                            link_generation=s.generation,
                        )
                        for s in info.seats
                    ],
                )
            )

    def get(self, table_id: str) -> TableInfo | None:
        """The table with this id, or None."""
        found = self._load(TABLE_QUERY.where(TableRow.id == table_id))
        return found[0] if found else None

    def list_tables(self, status: str | None = None, limit: int = 50) -> list[TableInfo]:
        """The newest tables, optionally of one status."""
        query = TABLE_QUERY
        if status is not None:
            query = query.where(TableRow.status == status)
        return self._load(query.order_by(TableRow.created_at.desc()).limit(limit))

    def _load(self, query: Select[TableRow, str, str]) -> list[TableInfo]:
        """The tables ``query`` finds; one whose JSON is damaged is marked broken."""
        damaged: list[tuple[TableInfo, Text]] = []
        infos = []
        with Session(self.engine) as session:
            for row, raw_options, raw_outcome in session.execute(query):
                info = _info(row)
                options, bad_options = _json_object(raw_options, "options")
                info.outcome, bad_outcome = _json_object(raw_outcome, "outcome")
                info.options = options or {}
                reason = bad_options or bad_outcome
                if reason is not None and info.broken is None:
                    damaged.append((info, reason))
                infos.append(info)
        for info, reason in damaged:
            info.broken = self.mark_broken(info.id, reason)
        return infos

    def mark_broken(self, table_id: str, reason: Text) -> str:
        """Record why the table's log cannot be replayed (once: a reason already recorded
        stays) and log it; the reason as stored. The log itself is never touched."""
        stored = json.dumps(reason.to_json(), default=str)
        with self.engine.begin() as connection:
            marked = connection.execute(
                update(TableRow)
                .where(TableRow.id == table_id, TableRow.broken.is_(None))
                .values(broken=stored)
            ).rowcount
        if marked:
            logger.error("table %s is broken: %s", table_id, catalog("en").render(reason))
        return stored

    def actions(self, table_id: str) -> list[tuple[int, str, int]]:
        """The table's log: ``(seq, action, mover)`` in order."""
        query = (
            select(ActionRow.seq, ActionRow.action, ActionRow.mover)
            .where(ActionRow.table_id == table_id)
            .order_by(ActionRow.seq)
        )
        with Session(self.engine) as session:
            return [(seq, action, mover) for seq, action, mover in session.execute(query)]

    def step_times(self, table_id: str) -> list[tuple[int, datetime]]:
        """When each step of the table's log was written: ``(mover, created_at)`` in order
        (the clocks and time banks of a table loaded again are counted from them)."""
        query = (
            select(ActionRow.mover, ActionRow.created_at)
            .where(ActionRow.table_id == table_id)
            .order_by(ActionRow.seq)
        )
        with Session(self.engine) as session:
            return [(mover, aware(at)) for mover, at in session.execute(query)]

    def append(self, table_id: str, seq: int, action: str, mover: int) -> None:
        """Add one action at ``seq``; raises SequenceConflict if that number is taken."""
        self.append_many(table_id, seq, [(action, mover)])

    def append_many(
        self,
        table_id: str,
        first: int,
        steps: list[tuple[str, int]],
        outcome: dict[str, Any] | None = None,
        to_move: int | None = None,
    ) -> None:
        """Add consecutive actions from ``first`` in one transaction, all or none, and who
        moves after them (``to_move``); with the ``outcome`` of the game they end, the table
        is marked finished in that transaction (a crash between two writes would leave a game
        that is over listed as playing)."""
        now = utcnow()
        rows = [
            {
                "table_id": table_id,
                "seq": first + i,
                "action": action,
                "mover": mover,
                "created_at": now,
            }
            for i, (action, mover) in enumerate(steps)
        ]
        try:
            with self.engine.begin() as connection:  # Core insert: no ORM unit of work
                connection.execute(insert(ActionRow), rows)
                ended = {"status": "finished", "outcome": outcome} if outcome is not None else {}
                connection.execute(
                    update(TableRow)
                    .where(TableRow.id == table_id)
                    .values(to_move=None if outcome is not None else to_move, **ended)
                )
        except IntegrityError:
            raise SequenceConflict(f"action {first} of table {table_id} is already taken") from None

    def remove_last(self, table_id: str, seq: int, action: str, to_move: int | None = None) -> None:
        """Delete the action at ``seq`` (an undo), after which ``to_move`` moves: it must be
        the log's last and be ``action``, else LogMismatch and nothing is deleted."""
        last = (
            select(ActionRow.seq, ActionRow.action)
            .where(ActionRow.table_id == table_id)
            .order_by(ActionRow.seq.desc())
            .limit(1)
        )
        with self.engine.begin() as connection:
            found = connection.execute(last).first()
            if found is None or tuple(found) != (seq, action):
                raise LogMismatch.of(
                    Text("store.log_mismatch", {"table": table_id, "seq": seq, "action": action})
                )
            connection.execute(
                delete(ActionRow).where(
                    ActionRow.table_id == table_id,
                    ActionRow.seq == seq,
                    ActionRow.action == action,
                )
            )
            connection.execute(
                update(TableRow).where(TableRow.id == table_id).values(to_move=to_move)
            )

    def finish(self, table_id: str, outcome: dict[str, Any]) -> None:
        """Mark the table finished with its outcome."""
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(TableRow)
                .where(TableRow.id == table_id)
                .values(status="finished", outcome=outcome)
            )

    def replace_with_bot(self, table_id: str, seat: int, bot: str) -> None:
        """A bot takes over a seat whose person left or ran out of time."""
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                .values(bot=bot, replaced=True)
            )

    def claim(self, table_id: str, seat: int, token_hash: str, claim_hash: str) -> bool:
        """Bind a seat to the browser credential of ``claim_hash`` if its link (``token_hash``)
        was not claimed yet; False if it was (the first claim wins, even in a race)."""
        with self.engine.begin() as connection:
            result = connection.execute(
                update(SeatRow)
                .where(
                    SeatRow.table_id == table_id,
                    SeatRow.seat == seat,
                    SeatRow.token_hash == token_hash,
                    SeatRow.claim_hash.is_(None),
                )
                .values(claim_hash=claim_hash)
            )
            return result.rowcount == 1

    def reissue(self, table_id: str, seat: int, token_hash: str, generation: int) -> None:
        """A new link (of ``generation``) for a seat: the old link and any claim of it are
        revoked."""
        with self.engine.begin() as connection:
            connection.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                .values(token_hash=token_hash, claim_hash=None, link_generation=generation)
            )

    def return_seat(self, table_id: str, seat: int) -> None:
        """The person of a seat a bot took over is back: the bot leaves it."""
        with self.engine.begin() as connection:
            connection.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                .values(bot=None, replaced=False)
            )

    def cancel(self, table_id: str) -> bool:
        """Close a table in play at its host's asking (status ``cancelled``: it leaves the
        lobby and is not resumed); False if it was not in play any more."""
        with self.engine.begin() as connection:
            closed = connection.execute(
                update(TableRow)
                .where(TableRow.id == table_id, TableRow.status == "playing")
                .values(status="cancelled")
            )
            return closed.rowcount == 1

    def keep_deadline(self, table_id: str, deadline: datetime | None) -> None:
        """Keep when the running clock of a table leaving memory runs out (None: none runs)."""
        with self.engine.begin() as connection:
            connection.execute(
                update(TableRow).where(TableRow.id == table_id).values(deadline=deadline)
            )

    def due(self, before: datetime, limit: int = 100) -> list[str]:
        """The tables in play whose kept clock runs out before ``before``, soonest first."""
        query = (
            select(TableRow.id)
            .where(TableRow.status == "playing", TableRow.deadline < before)
            .order_by(TableRow.deadline)
            .limit(limit)
        )
        with Session(self.engine) as session:
            return [str(table_id) for table_id in session.execute(query).scalars()]

    def tables_by_id(self, table_ids: list[str]) -> list[TableInfo]:
        """The tables of these ids that exist (in no particular order)."""
        return self._load(TABLE_QUERY.where(TableRow.id.in_(table_ids))) if table_ids else []

    def say(self, table_id: str, line: ChatLine, keep: int = 200) -> None:
        """Add a line to a table's chat; beyond ``keep`` lines, the oldest are dropped."""
        with self.engine.begin() as connection:
            connection.execute(
                insert(ChatRow).values(
                    table_id=table_id,
                    seat=line.seat,
                    preset=line.preset,
                    words=line.words,
                    created_at=line.at,
                )
            )
            kept = (
                select(ChatRow.id)
                .where(ChatRow.table_id == table_id)
                .order_by(ChatRow.id.desc())
                .limit(keep)
            )
            connection.execute(
                delete(ChatRow).where(ChatRow.table_id == table_id, ChatRow.id.not_in(kept))
            )

    def chat(self, table_id: str, limit: int = 200) -> list[ChatLine]:
        """A table's chat, the last ``limit`` lines, oldest first."""
        query = (
            select(ChatRow.seat, ChatRow.preset, ChatRow.words, ChatRow.created_at)
            .where(ChatRow.table_id == table_id)
            .order_by(ChatRow.id.desc())
            .limit(limit)
        )
        with Session(self.engine) as session:
            rows = list(session.execute(query))
        return [ChatLine(seat, preset, words, aware(at)) for seat, preset, words, at in rows[::-1]]

    def expire_waiting(self, before: datetime) -> list[str]:
        """Close the tables in play that wait for people: a person's seat whose link was never
        claimed, and nothing done since ``before`` (no action, nor the opening); their ids.

        A closed table has the status ``expired``: it leaves the lobby and is not resumed.
        """
        unclaimed = select(SeatRow.table_id).where(
            SeatRow.token_hash.is_not(None), SeatRow.bot.is_(None), SeatRow.claim_hash.is_(None)
        )
        recent = select(ActionRow.table_id).where(ActionRow.created_at >= before)
        waiting = (
            update(TableRow)
            .where(
                TableRow.status == "playing",
                TableRow.created_at < before,
                TableRow.id.in_(unclaimed),
                TableRow.id.not_in(recent),
            )
            .values(status="expired")
            .returning(TableRow.id)
        )
        with self.engine.begin() as connection:
            return [str(table_id) for table_id in connection.execute(waiting).scalars()]
