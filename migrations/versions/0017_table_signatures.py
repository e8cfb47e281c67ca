"""A tournament table signs its result

Revision ID: 0017
Revises: 0016
Create Date: 2026-11-28 11:30:00

An event may ask each table's players to agree to the table's session
totals on its phone (``event.signatures``); each tap is a row of
``table_signature`` (a player agreeing or disputing, with the totals as
they stood).  Every event kept is as it was: its tables don't sign.  A
downgrade drops the table and the column, and the signatures with them.
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0017'
down_revision = '0016'
branch_labels = None
depends_on = None


def upgrade():
    tables = sa.inspect(op.get_bind()).get_table_names()
    if 'event' not in tables:
        return  # made as the models have it once the upgrade is done
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.add_column(sa.Column('signatures', sa.Boolean(), nullable=False,
                                      server_default=sa.false()))
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.alter_column('signatures', existing_type=sa.Boolean(), server_default=None)
    if 'table_signature' in tables:
        return
    op.create_table(
        'table_signature',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('event_table_id', sa.Integer(), nullable=False),
        sa.Column('seat', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=40), nullable=False),
        sa.Column('agrees', sa.Boolean(), nullable=False),
        sa.Column('totals', sa.JSON(), nullable=False),
        sa.Column('note', sa.String(length=200), nullable=True),
        sa.Column('by', sa.String(length=80), nullable=True),
        sa.Column('at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['event_table_id'], ['event_table.id'],
                                name='fk_table_signature_event_table_id'),
        sa.PrimaryKeyConstraint('id'),
    )
    with op.batch_alter_table('table_signature', schema=None) as batch_op:
        batch_op.create_index('ix_table_signature_event_table_id', ['event_table_id'],
                              unique=False)


def downgrade():
    with op.batch_alter_table('table_signature', schema=None) as batch_op:
        batch_op.drop_index('ix_table_signature_event_table_id')
    op.drop_table('table_signature')
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.drop_column('signatures')
