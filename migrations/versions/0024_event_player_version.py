"""An event's player carries his version

Revision ID: 0024
Revises: 0023
Create Date: 2026-12-03 11:30:00

A check-in, a withdrawal or a rename sent from a page that showed the
player as he was before another director changed him overwrote that
change.  The player now counts his changes, and the page's forms name the
one they showed.  Players already kept start at 1.
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0024'
down_revision = '0023'
branch_labels = None
depends_on = None


def upgrade():
    op.add_column('event_player', sa.Column('version', sa.Integer(), nullable=False,
                                            server_default='1'))


def downgrade():
    with op.batch_alter_table('event_player', table_kwargs={'sqlite_autoincrement': True}) as batch:
        batch.drop_column('version')
