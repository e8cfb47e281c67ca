"""A drawing's draw is kept with the event

Revision ID: 0028
Revises: 0027
Create Date: 2026-12-07 02:40:00

A side pot may be a drawing (a 50/50): the director's draw orders its
entrants, and its prizes go to them in that order.  The event keeps each
drawing's seed and order, so the draw is on the record and its file
brings it back.
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0028'
down_revision = '0027'
branch_labels = None
depends_on = None


def upgrade():
    op.add_column('event', sa.Column('side_draws', sa.JSON(), nullable=True))


def downgrade():
    with op.batch_alter_table('event', table_kwargs={'sqlite_autoincrement': True}) as batch:
        batch.drop_column('side_draws')
