"""People at the table: invite links the host can show again, who moves next, clocks kept
while a table is not in memory, and the table's chat.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-04
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``seats.link_generation``, ``tables.to_move`` and ``tables.deadline``, and the
    ``chat`` table."""
    with op.batch_alter_table("seats") as batch:
        batch.add_column(
            sa.Column("link_generation", sa.Integer(), nullable=False, server_default="0")
        )
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("to_move", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("deadline", sa.DateTime(timezone=True), nullable=True))
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("preset", sa.String(32), nullable=True),
        sa.Column("words", sa.String(512), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_chat_table_id", "chat", ["table_id"])


def downgrade() -> None:
    """Drop what :func:`upgrade` added."""
    op.drop_index("ix_chat_table_id", "chat")
    op.drop_table("chat")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("deadline")
        batch.drop_column("to_move")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("link_generation")
