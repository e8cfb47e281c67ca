"""A group's own history

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-30 09:00:00

Every change to a group raises its version and writes one entry here (as a
night's audit log does for the night): an edit grant, a night started or
paid, a change to one of its nights.
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'group_audit_entry',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('group_id', sa.Integer(), nullable=False),
        sa.Column('at', sa.DateTime(), nullable=False),
        sa.Column('action', sa.String(length=20), nullable=False),
        sa.Column('version', sa.Integer(), nullable=False),
        sa.Column('by', sa.String(length=80), nullable=True),
        sa.Column('summary', sa.String(length=300), nullable=False),
        sa.ForeignKeyConstraint(['group_id'], ['player_group.id']),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index('ix_group_audit_entry_group_version', 'group_audit_entry',
                    ['group_id', 'version'])


def downgrade():
    op.drop_index('ix_group_audit_entry_group_version', table_name='group_audit_entry')
    op.drop_table('group_audit_entry')
