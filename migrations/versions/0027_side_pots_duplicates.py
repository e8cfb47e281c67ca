"""A player opts in to side pots; a registration may be a duplicate

Revision ID: 0027
Revises: 0026
Create Date: 2026-12-07 02:10:00

A prize plan's side pots each take their own entry from the players who
opt in; each player keeps the side pots he is in.  A registration found
after the draw to be another player's second one is kept, marked as the
duplicate of that player: it leaves the tables, the pot and the prizes.
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0027'
down_revision = '0026'
branch_labels = None
depends_on = None


def upgrade():
    op.add_column('event_player', sa.Column('side_pots', sa.JSON(), nullable=True))
    op.add_column('event_player', sa.Column('duplicate_of', sa.Integer(), nullable=True))


def downgrade():
    with op.batch_alter_table('event_player') as batch:
        batch.drop_column('duplicate_of')
        batch.drop_column('side_pots')
