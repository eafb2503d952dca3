"""A table's time bank: the thinking time each person has beyond the per-move clock.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-03
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``tables.bank`` (seconds per person; none on earlier tables)."""
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("bank", sa.Float(), nullable=True))


def downgrade() -> None:
    """Drop ``tables.bank``."""
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("bank")
