"""Groups of regulars and their nights

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-23 19:00:00

A group keeps its members, the rules and stake of its next night, its own
edit grants and share token, and one-time codes that add a phone.  A night may belong to a group, with the
date it was played and how it was settled (at the table, or carried until
the group settles).  A repeated request that started a group remembers it.
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'player_group',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=80), nullable=False),
        sa.Column('preset', sa.String(length=40), nullable=False),
        sa.Column('options', sa.JSON(), nullable=False),
        sa.Column('stake_cents', sa.Integer(), nullable=False),
        sa.Column('view_token', sa.String(length=64), nullable=False),
        sa.Column('version', sa.Integer(), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint('id'),
    )
    with op.batch_alter_table('player_group', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_player_group_view_token'), ['view_token'],
                              unique=True)
    op.create_table(
        'member',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('group_id', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=40), nullable=False),
        sa.Column('joined_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['group_id'], ['player_group.id']),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('group_id', 'name'),
    )
    with op.batch_alter_table('member', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_member_group_id'), ['group_id'], unique=False)
    op.create_table(
        'group_editor',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('group_id', sa.Integer(), nullable=False),
        sa.Column('token_hash', sa.String(length=64), nullable=False),
        sa.Column('label', sa.String(length=80), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.Column('revoked_at', sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(['group_id'], ['player_group.id']),
        sa.PrimaryKeyConstraint('id'),
    )
    with op.batch_alter_table('group_editor', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_group_editor_group_id'), ['group_id'],
                              unique=False)
        batch_op.create_index(batch_op.f('ix_group_editor_token_hash'), ['token_hash'],
                              unique=True)
    op.create_table(
        'group_handover',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('group_id', sa.Integer(), nullable=False),
        sa.Column('token_hash', sa.String(length=64), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.Column('expires_at', sa.DateTime(), nullable=False),
        sa.Column('used_at', sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(['group_id'], ['player_group.id']),
        sa.PrimaryKeyConstraint('id'),
    )
    with op.batch_alter_table('group_handover', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_group_handover_group_id'), ['group_id'],
                              unique=False)
        batch_op.create_index(batch_op.f('ix_group_handover_token_hash'), ['token_hash'],
                              unique=True)
    with op.batch_alter_table('game_table', schema=None) as batch_op:
        batch_op.add_column(sa.Column('group_id', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('played_on', sa.Date(), nullable=True))
        batch_op.add_column(sa.Column('settled', sa.String(length=10), nullable=True))
        batch_op.add_column(sa.Column('settled_at', sa.DateTime(), nullable=True))
        batch_op.create_foreign_key('fk_game_table_group_id', 'player_group', ['group_id'],
                                    ['id'])
        batch_op.create_index(batch_op.f('ix_game_table_group_id'), ['group_id'], unique=False)
    with op.batch_alter_table('submission', schema=None) as batch_op:
        batch_op.alter_column('table_id', existing_type=sa.Integer(), nullable=True)
        batch_op.add_column(sa.Column('group_id', sa.Integer(), nullable=True))
        batch_op.create_foreign_key('fk_submission_group_id', 'player_group', ['group_id'],
                                    ['id'])


def downgrade():
    with op.batch_alter_table('submission', schema=None) as batch_op:
        batch_op.drop_constraint('fk_submission_group_id', type_='foreignkey')
        batch_op.drop_column('group_id')
        batch_op.alter_column('table_id', existing_type=sa.Integer(), nullable=False)
    with op.batch_alter_table('game_table', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_game_table_group_id'))
        batch_op.drop_constraint('fk_game_table_group_id', type_='foreignkey')
        batch_op.drop_column('settled_at')
        batch_op.drop_column('settled')
        batch_op.drop_column('played_on')
        batch_op.drop_column('group_id')
    op.drop_table('group_handover')
    op.drop_table('group_editor')
    op.drop_table('member')
    op.drop_table('player_group')
