"""A big group's export, and a big sheet's preview, are kept in the database

Revision ID: 0031
Revises: 0030
Create Date: 2026-12-07 12:00:00

A league's file is seconds of work; it was kept per version in each server
process's memory, so each process worked it out again.  ``kept_export``
keeps a big group's newest file, given by any process while the group's
version stands, and worked out as a job with a progress bar on the page.
A big sheet's preview is worked out as a job too, and kept beside the
staged sheet (``staged_sheet.preview``) so its pages show without reading
the sheet again.  A downgrade drops what is kept: the next export or
preview works it out again.
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0031'
down_revision = '0030'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'kept_export',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('group_id', sa.Integer(), nullable=False),
        sa.Column('version', sa.Integer(), nullable=False),
        sa.Column('at', sa.DateTime(), nullable=False),
        sa.Column('body', sa.String(), nullable=False),
        sa.ForeignKeyConstraint(['group_id'], ['player_group.id']),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('group_id'),
        sqlite_autoincrement=True,
    )
    with op.batch_alter_table('staged_sheet', schema=None) as batch_op:
        batch_op.add_column(sa.Column('preview', sa.LargeBinary(), nullable=True))
        batch_op.add_column(sa.Column('preview_key', sa.String(length=64), nullable=True))


def downgrade():
    with op.batch_alter_table('staged_sheet', schema=None) as batch_op:
        batch_op.drop_column('preview_key')
        batch_op.drop_column('preview')
    op.drop_table('kept_export')
