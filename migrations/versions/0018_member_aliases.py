"""A group remembers the other spellings of its members' names

Revision ID: 0018
Revises: 0017
Create Date: 2026-11-28 12:05:00

A name the organiser matched to a member when a sheet came in ("Jacob
Buysse" is Jake) is kept as ``member_alias``, with the import that taught
it, so the next sheet is matched by itself.  Every group kept has none; a
downgrade drops the table and the remembered spellings with it.
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0018'
down_revision = '0017'
branch_labels = None
depends_on = None


def upgrade():
    tables = sa.inspect(op.get_bind()).get_table_names()
    if 'member' not in tables or 'member_alias' in tables:
        return  # made as the models have it once the upgrade is done
    op.create_table(
        'member_alias',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('group_id', sa.Integer(), nullable=False),
        sa.Column('member_id', sa.Integer(), nullable=False),
        sa.Column('alias', sa.String(length=40), nullable=False),
        sa.Column('import_id', sa.Integer(), nullable=True),
        sa.Column('at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['group_id'], ['player_group.id'],
                                name='fk_member_alias_group_id'),
        sa.ForeignKeyConstraint(['member_id'], ['member.id'], name='fk_member_alias_member_id'),
        sa.ForeignKeyConstraint(['import_id'], ['sheet_import.id'],
                                name='fk_member_alias_import_id'),
        sa.PrimaryKeyConstraint('id'),
    )
    with op.batch_alter_table('member_alias', schema=None) as batch_op:
        batch_op.create_index('ix_member_alias_group_id', ['group_id'], unique=False)
        batch_op.create_index('ix_member_alias_member_id', ['member_id'], unique=False)


def downgrade():
    with op.batch_alter_table('member_alias', schema=None) as batch_op:
        batch_op.drop_index('ix_member_alias_member_id')
        batch_op.drop_index('ix_member_alias_group_id')
    op.drop_table('member_alias')
