"""Provably fair deals, claimed seats and broken tables.

``tables.secret``: the server's secret that (with any client seed in ``tables.seed``) fixes the
table's chance stream; never shown before the game ends (null: a table whose seed alone fixes
it, allowed only where at most one person sits). ``tables.broken``: why the table's log could
not be replayed (null: it replays). ``seats.claim_hash``: the hash of the browser credential
that claimed the seat link (null: not yet claimed). ``tables.host_hash``: the hash of the
credential of the browser that opened the table, which may re-issue a lost seat's link.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``tables.secret``, ``tables.broken``, ``tables.host_hash``, ``seats.claim_hash``."""
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("secret", sa.String(64), nullable=True))
        batch.add_column(sa.Column("broken", sa.Text(), nullable=True))
        batch.add_column(sa.Column("host_hash", sa.String(64), nullable=True))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("claim_hash", sa.String(64), nullable=True))


def downgrade() -> None:
    """Drop the four columns."""
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("claim_hash")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("host_hash")
        batch.drop_column("broken")
        batch.drop_column("secret")
