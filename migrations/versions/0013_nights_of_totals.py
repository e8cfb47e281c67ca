"""Nights of totals, and a group's history brought in from a spreadsheet

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-28 09:00:00

A group's past nights often live in a spreadsheet as one total a player a
night, with no hands.  Such a night is kept as that: ``game_table.totals``
holds each player's points for the night (they sum to zero), standing
instead of hands; a night of hands has none (NULL), as every night made
before.

A spreadsheet brought in is one change of its group, kept in
``sheet_import``: the nights it made and the members it added (so it can
be undone whole), the group's version it made, and when it was undone.

A downgrade drops both: a night of totals is left as a closed night
without hands (its players kept, their totals gone).
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0013'
down_revision = '0012'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('game_table', schema=None) as batch_op:
        batch_op.add_column(sa.Column('totals', sa.JSON(), nullable=True))
    op.create_table(
        'sheet_import',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('group_id', sa.Integer(), nullable=False),
        sa.Column('filename', sa.String(length=120), nullable=False),
        sa.Column('at', sa.DateTime(), nullable=False),
        sa.Column('by', sa.String(length=80), nullable=True),
        sa.Column('version', sa.Integer(), nullable=False),
        sa.Column('nights', sa.JSON(), nullable=False),
        sa.Column('members', sa.JSON(), nullable=False),
        sa.Column('summary', sa.String(length=300), nullable=False),
        sa.Column('undone_at', sa.DateTime(), nullable=True),
        sa.Column('undone_version', sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(['group_id'], ['player_group.id']),
        sa.PrimaryKeyConstraint('id'),
    )
    with op.batch_alter_table('sheet_import', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_sheet_import_group_id'), ['group_id'],
                              unique=False)


def downgrade():
    with op.batch_alter_table('sheet_import', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_sheet_import_group_id'))
    op.drop_table('sheet_import')
    with op.batch_alter_table('game_table', schema=None) as batch_op:
        batch_op.drop_column('totals')
