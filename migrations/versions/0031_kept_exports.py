"""A big group's export is kept in the database, one a group

Revision ID: 0031
Revises: 0030
Create Date: 2026-12-07 12:00:00

A league's file is seconds of work; it was kept per version in each server
process's memory, so each process worked it out again.  ``kept_export``
keeps a big group's newest file, given by any process while the group's
version stands, and worked out as a job with a progress bar on the page.
A downgrade drops what is kept: the next export works it out again.
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


def downgrade():
    op.drop_table('kept_export')
