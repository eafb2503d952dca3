"""The replacement bot's strength: which bot kind takes over from a person who leaves.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-30
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``tables.replacement``; earlier tables were replaced by the heuristic bot."""
    with op.batch_alter_table("tables") as batch:
        batch.add_column(
            sa.Column("replacement", sa.String(32), nullable=False, server_default="heuristic")
        )


def downgrade() -> None:
    """Drop ``tables.replacement``."""
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("replacement")
