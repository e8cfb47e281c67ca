"""A tournament table opened again by the director

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-28 10:00:00

A table that played its hands was done for its session whatever the
director said: ``{"done": false}`` answered and left it done.  Now the
director may open it again (``opened``): it is not done, and its phone may
correct its hands, until he says it is.  Every table kept is as it was
(not opened).  A downgrade drops the column: opened tables are done again
once their hands are in.
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0016'
down_revision = '0015'
branch_labels = None
depends_on = None


def upgrade():
    if 'event_table' not in sa.inspect(op.get_bind()).get_table_names():
        return  # made as the models have it once the upgrade is done
    with op.batch_alter_table('event_table', schema=None) as batch_op:
        batch_op.add_column(sa.Column('opened', sa.Boolean(), nullable=False,
                                      server_default=sa.false()))
    with op.batch_alter_table('event_table', schema=None) as batch_op:
        batch_op.alter_column('opened', existing_type=sa.Boolean(), server_default=None)


def downgrade():
    with op.batch_alter_table('event_table', schema=None) as batch_op:
        batch_op.drop_column('opened')
