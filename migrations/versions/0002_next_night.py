"""A night links to the next night started from it

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23 02:04:50.253122

The first change after the first schema: GameTable.next_table_id, set by
"new night with the same players and rules".
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


FK_NAME = 'fk_game_table_next_table_id'


def upgrade():
    with op.batch_alter_table('game_table', schema=None) as batch_op:
        batch_op.add_column(sa.Column('next_table_id', sa.Integer(), nullable=True))
        batch_op.create_foreign_key(FK_NAME, 'game_table', ['next_table_id'], ['id'])


def downgrade():
    with op.batch_alter_table('game_table', schema=None) as batch_op:
        batch_op.drop_constraint(FK_NAME, type_='foreignkey')
        batch_op.drop_column('next_table_id')
