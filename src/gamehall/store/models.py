"""The database schema: a table's truth is its action log (one row per action, by sequence)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, DateTime, ForeignKey, Integer, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


def utcnow() -> datetime:
    """The current time, timezone-aware."""
    return datetime.now(UTC)


class Base(DeclarativeBase):
    """Declarative base of gamehall's tables."""


class TableRow(Base):
    """A game table: what is played, by how many, with which options and seed."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    seed: Mapped[str] = mapped_column(String(64))
    rules_version: Mapped[str] = mapped_column(String(16))
    status: Mapped[str] = mapped_column(String(16), default="playing", index=True)
    outcome: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    bot_delay: Mapped[float] = mapped_column(default=0.6)
    clock: Mapped[float | None] = mapped_column(nullable=True)
    bank: Mapped[float | None] = mapped_column(nullable=True)
    physical: Mapped[bool] = mapped_column(default=False)
    """A physical copy (companion mode): people enter the dice and cards, nothing is drawn."""
    replacement: Mapped[str] = mapped_column(String(32), default="heuristic")
    """The bot kind (strength) that takes the seat of a person who leaves."""
    secret: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The server's secret behind the chance stream (hidden until the end; null: seeded)."""
    broken: Mapped[str | None] = mapped_column(Text, nullable=True)
    """Why the table's log cannot be replayed (null: it replays)."""
    host_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The hash of the credential of the browser that opened the table (it may re-issue a
    seat's link; null: no host, as for tables opened before seats were claimed)."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    to_move: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """Who moves next, as of the log's last step (a seat, -1 for chance; null: over, or not
    known for tables of earlier versions until their next step)."""
    deadline: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """When the clock of the person to move runs out, kept while the table is not in memory
    (the hall loads it again in time; null: no clock running)."""
    seats: Mapped[list[SeatRow]] = relationship(
        back_populates="table", order_by="SeatRow.seat", cascade="all, delete-orphan"
    )


class SeatRow(Base):
    """One seat: a person (reached by a secret link) or a bot."""

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    bot: Mapped[str | None] = mapped_column(String(32), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    replaced: Mapped[bool] = mapped_column(default=False)
    claim_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The hash of the browser credential that claimed the seat's link (null: unclaimed)."""
    link_generation: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    """How many times the host gave the seat a new link: its link is derived from the host's
    credential and this number (``invite_token``), so only the hash is ever stored."""
    table: Mapped[TableRow] = relationship(back_populates="seats")


class ActionRow(Base):
    """One action of a table's log; (table, seq) is unique, so an action applies once."""

    __tablename__ = "actions"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    action: Mapped[str] = mapped_column(Text)
    mover: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ChatRow(Base):
    """One line of a table's chat: a preset message (its key) or a person's own words."""

    __tablename__ = "chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    preset: Mapped[str | None] = mapped_column(String(32), nullable=True)
    words: Mapped[str | None] = mapped_column(String(512), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
