"""Long work of a group is a job, followed by id

Revision ID: 0030
Revises: 0029
Create Date: 2026-12-07 09:00:00

Bringing in or taking back a big sheet is done off the request that asked
for it: the request answers at once with the job (the page shows its
progress; the API answers 202 with the job's address), and ``job`` keeps
how far it is and, once done, the answer the request would have had.
A downgrade drops the jobs: a page following one asks for the file again.
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0030'
down_revision = '0029'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'job',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('group_id', sa.Integer(), nullable=False),
        sa.Column('kind', sa.String(length=20), nullable=False),
        sa.Column('state', sa.String(length=10), nullable=False),
        sa.Column('stage', sa.String(length=80), nullable=False),
        sa.Column('done', sa.Integer(), nullable=False),
        sa.Column('total', sa.Integer(), nullable=False),
        sa.Column('once', sa.String(length=64), nullable=True),
        sa.Column('asked', sa.JSON(), nullable=True),
        sa.Column('status', sa.Integer(), nullable=True),
        sa.Column('answer', sa.JSON(), nullable=True),
        sa.Column('at', sa.DateTime(), nullable=False),
        sa.Column('finished_at', sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(['group_id'], ['player_group.id']),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('once'),
        sqlite_autoincrement=True,
    )
    with op.batch_alter_table('job', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_job_group_id'), ['group_id'], unique=False)


def downgrade():
    with op.batch_alter_table('job', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_job_group_id'))
    op.drop_table('job')
