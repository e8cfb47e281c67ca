"""A group may turn its skill rating off

Revision ID: 0019
Revises: 0018
Create Date: 2026-11-28 15:10:00

``player_group.rating`` says whether the group's pages and API show a skill
rating beside the money.  Every group kept keeps its rating on; a downgrade
drops the column (every group rated again, as before).
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0019'
down_revision = '0018'
branch_labels = None
depends_on = None


def upgrade():
    tables = sa.inspect(op.get_bind()).get_table_names()
    if 'player_group' not in tables:
        return  # made as the models have it once the upgrade is done
    columns = {c['name'] for c in sa.inspect(op.get_bind()).get_columns('player_group')}
    if 'rating' in columns:
        return
    with op.batch_alter_table('player_group', schema=None) as batch_op:
        batch_op.add_column(sa.Column('rating', sa.Boolean(), nullable=False,
                                      server_default=sa.true()))
    with op.batch_alter_table('player_group', schema=None) as batch_op:
        batch_op.alter_column('rating', existing_type=sa.Boolean(), server_default=None)


def downgrade():
    with op.batch_alter_table('player_group', schema=None) as batch_op:
        batch_op.drop_column('rating')
