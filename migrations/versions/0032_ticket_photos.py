"""A session's ticket photos, read, and jobs an event asks for

Revision ID: 0032
Revises: 0031
Create Date: 2026-12-07 23:30:00

A director photographs a session's paper tickets; each photo is read off
the request as a job (``job`` now belongs to a group or an event), and what
was read waits in ``ticket_photo`` until the director confirms it as the
table's ticket or sets it aside.  A downgrade drops the photos (the
tickets they became stay) and an event's jobs.
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0032'
down_revision = '0031'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('job', schema=None,
                              table_kwargs={'sqlite_autoincrement': True}) as batch_op:
        batch_op.alter_column('group_id', existing_type=sa.Integer(), nullable=True)
        batch_op.add_column(sa.Column('event_id', sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f('ix_job_event_id'), ['event_id'], unique=False)
        batch_op.create_foreign_key('fk_job_event_id_event', 'event', ['event_id'], ['id'])
    op.create_table(
        'ticket_photo',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('event_id', sa.Integer(), nullable=False),
        sa.Column('session', sa.Integer(), nullable=False),
        sa.Column('table', sa.Integer(), nullable=True),
        sa.Column('state', sa.String(length=10), nullable=False),
        sa.Column('reason', sa.String(length=300), nullable=True),
        sa.Column('reading', sa.JSON(), nullable=True),
        sa.Column('filename', sa.String(length=120), nullable=False),
        sa.Column('original', sa.LargeBinary(), nullable=True),
        sa.Column('photo', sa.LargeBinary(), nullable=True),
        sa.Column('rectified', sa.LargeBinary(), nullable=True),
        sa.Column('job_id', sa.Integer(), nullable=True),
        sa.Column('ticket_id', sa.Integer(), nullable=True),
        sa.Column('by', sa.String(length=80), nullable=True),
        sa.Column('at', sa.DateTime(), nullable=False),
        sa.Column('version', sa.Integer(), server_default='1', nullable=False),
        sa.ForeignKeyConstraint(['event_id'], ['event.id']),
        sa.ForeignKeyConstraint(['job_id'], ['job.id']),
        sa.ForeignKeyConstraint(['ticket_id'], ['event_ticket.id']),
        sa.PrimaryKeyConstraint('id'),
        sqlite_autoincrement=True,
    )
    with op.batch_alter_table('ticket_photo', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_ticket_photo_event_id'), ['event_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_ticket_photo_job_id'), ['job_id'], unique=False)


def downgrade():
    with op.batch_alter_table('ticket_photo', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_ticket_photo_job_id'))
        batch_op.drop_index(batch_op.f('ix_ticket_photo_event_id'))
    op.drop_table('ticket_photo')
    op.execute("DELETE FROM job WHERE event_id IS NOT NULL")
    with op.batch_alter_table('job', schema=None,
                              table_kwargs={'sqlite_autoincrement': True}) as batch_op:
        batch_op.drop_index(batch_op.f('ix_job_event_id'))
        batch_op.drop_column('event_id')
        batch_op.alter_column('group_id', existing_type=sa.Integer(), nullable=False)
