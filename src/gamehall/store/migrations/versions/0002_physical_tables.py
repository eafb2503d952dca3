"""Physical tables: a table where people enter the dice and cards (companion mode).

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-06
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``tables.physical``; every table before it drew its own chance."""
    with op.batch_alter_table("tables") as batch:
        batch.add_column(
            sa.Column("physical", sa.Boolean, nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    """Drop ``tables.physical``."""
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("physical")
