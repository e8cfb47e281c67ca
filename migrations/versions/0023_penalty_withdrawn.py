"""A withdrawn penalty is kept, saying who withdrew it, when and why

Revision ID: 0023
Revises: 0022
Create Date: 2026-12-03 00:40:00

A withdrawn penalty was deleted: it vanished from every page, the API and
the event's file.  It is now kept with its withdrawal; the standings count
only those standing.  Penalties withdrawn before this have no row to keep.
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0023'
down_revision = '0022'
branch_labels = None
depends_on = None

COLUMNS = (('withdrawn_at', sa.DateTime()), ('withdrawn_by', sa.String(80)),
           ('withdrawn_why', sa.String(200)))


def upgrade():
    for name, kind in COLUMNS:
        op.add_column('event_penalty', sa.Column(name, kind, nullable=True))


def downgrade():
    op.execute("DELETE FROM event_penalty WHERE withdrawn_at IS NOT NULL")
    with op.batch_alter_table('event_penalty',
                              table_kwargs={'sqlite_autoincrement': True}) as batch:
        for name, _ in COLUMNS:
            batch.drop_column(name)
