"""A paper ticket carries its version

Revision ID: 0022
Revises: 0021
Create Date: 2026-12-03 00:30:00

A correction made on a page that showed an older ticket than the one kept
(a co-director's, opened before the director's fix) overwrote it.  The
ticket now counts its corrections, and the page's Correct and Withdraw name
the one they showed.  Tickets already kept start at 1.
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0022'
down_revision = '0021'
branch_labels = None
depends_on = None


def upgrade():
    op.add_column('event_ticket', sa.Column('version', sa.Integer(), nullable=False,
                                            server_default='1'))


def downgrade():
    with op.batch_alter_table('event_ticket', table_kwargs={'sqlite_autoincrement': True}) as batch:
        batch.drop_column('version')
