"""The table store: create tables, append to and read their action logs, list them."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import Engine, delete, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, selectinload

from gamehall.core.errors import GamehallError
from gamehall.store.models import ActionRow, SeatRow, TableRow, utcnow


class SequenceConflict(GamehallError):
    """An action submitted for a sequence number that is already taken."""


def new_token() -> str:
    """A fresh secret seat token (192 random bits, URL-safe)."""
    return secrets.token_urlsafe(24)


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

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token opens, compared in constant time; None if it opens none."""
        if not token:
            return None
        digest = hash_token(token)
        found = None
        for seat in self.seats:
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest):
                found = seat.seat
        return found


def _info(row: TableRow) -> TableInfo:
    return TableInfo(
        id=row.id,
        game=row.game,
        players=row.players,
        seed=row.seed,
        rules_version=row.rules_version,
        options=dict(row.options),
        status=row.status,
        outcome=row.outcome,
        bot_delay=row.bot_delay,
        clock=row.clock,
        created_at=row.created_at,
        physical=bool(row.physical),
        replacement=row.replacement,
        seats=[
            SeatInfo(s.seat, s.name, s.bot, s.token_hash, s.replaced, s.claim_hash)
            for s in row.seats
        ],
        secret=row.secret,
        broken=row.broken,
    )


class TableStore:
    """Tables and their action logs in one database."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

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
                    physical=info.physical,
                    replacement=info.replacement,
                    secret=info.secret,
                    broken=info.broken,
                    created_at=utcnow(),
                    seats=[
                        SeatRow(
                            seat=s.seat,
                            name=s.name,
                            bot=s.bot,
                            token_hash=s.token_hash,
                            replaced=s.replaced,
                            claim_hash=s.claim_hash,
                        )
                        for s in info.seats
                    ],
                )
            )

    def get(self, table_id: str) -> TableInfo | None:
        """The table with this id, or None."""
        with Session(self.engine) as session:
            row = session.get(TableRow, table_id, options=[selectinload(TableRow.seats)])
            return _info(row) if row else None

    def list_tables(self, status: str | None = None, limit: int = 50) -> list[TableInfo]:
        """The newest tables, optionally of one status."""
        query = select(TableRow).options(selectinload(TableRow.seats))
        if status is not None:
            query = query.where(TableRow.status == status)
        query = query.order_by(TableRow.created_at.desc()).limit(limit)
        with Session(self.engine) as session:
            return [_info(row) for row in session.scalars(query)]

    def actions(self, table_id: str) -> list[tuple[int, str, int]]:
        """The table's log: ``(seq, action, mover)`` in order."""
        query = (
            select(ActionRow.seq, ActionRow.action, ActionRow.mover)
            .where(ActionRow.table_id == table_id)
            .order_by(ActionRow.seq)
        )
        with Session(self.engine) as session:
            return [(seq, action, mover) for seq, action, mover in session.execute(query)]

    def append(self, table_id: str, seq: int, action: str, mover: int) -> None:
        """Add one action at ``seq``; raises SequenceConflict if that number is taken."""
        self.append_many(table_id, seq, [(action, mover)])

    def append_many(
        self,
        table_id: str,
        first: int,
        steps: list[tuple[str, int]],
        outcome: dict[str, Any] | None = None,
    ) -> None:
        """Add consecutive actions from ``first`` in one transaction, all or none; with the
        ``outcome`` of the game they end, the table is marked finished in that transaction (a
        crash between two writes would leave a game that is over listed as playing)."""
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
                if outcome is not None:
                    connection.execute(
                        update(TableRow)
                        .where(TableRow.id == table_id)
                        .values(status="finished", outcome=outcome)
                    )
        except IntegrityError:
            raise SequenceConflict(f"action {first} of table {table_id} is already taken") from None

    def remove_last(self, table_id: str, seq: int) -> None:
        """Delete the action at ``seq`` (an undo); it must be the last one."""
        with Session(self.engine) as session, session.begin():
            session.execute(
                delete(ActionRow).where(ActionRow.table_id == table_id, ActionRow.seq == seq)
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
