"""A group's night written by an import that hasn't made the group yet says so

Revision ID: 0025
Revises: 0024
Create Date: 2026-12-04 01:50:00

A group's file is written a few nights a commit, the group that holds them
last.  An import stopped on the way (too slow, or its process killed) left
the nights it had written where nobody could reach them.  Each such night
now names the import that wrote it until its group holds it, so the
nights of an import that never finished are found and taken back.  Nights
already kept are every one held (or a night on its own): none is marked.
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0025'
down_revision = '0024'
branch_labels = None
depends_on = None


def upgrade():
    op.add_column('game_table', sa.Column('unclaimed_by', sa.String(32), nullable=True))
    op.create_index('ix_game_table_unclaimed_by', 'game_table', ['unclaimed_by'])


def downgrade():
    op.drop_index('ix_game_table_unclaimed_by', 'game_table')
    with op.batch_alter_table('game_table', table_kwargs={'sqlite_autoincrement': True}) as batch:
        batch.drop_column('unclaimed_by')
