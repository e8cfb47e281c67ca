"""History names hands by id and device; submissions remember API answers

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-23 06:20:00

AuditEntry gains the hand's stable id, the table version the change made and
the device that made it (so a refused stale write can say what changed);
Submission gains what an API retry needs (a digest of the body, the status
and the answer) and room for an API client's own key.
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('audit_entry', schema=None) as batch_op:
        batch_op.add_column(sa.Column('hand_id', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('version', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('by', sa.String(length=80), nullable=True))
    with op.batch_alter_table('submission', schema=None) as batch_op:
        batch_op.alter_column('token', existing_type=sa.String(length=64),
                              type_=sa.String(length=200), existing_nullable=False)
        batch_op.add_column(sa.Column('fingerprint', sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column('status', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('response', sa.JSON(), nullable=True))


def downgrade():
    with op.batch_alter_table('submission', schema=None) as batch_op:
        batch_op.drop_column('response')
        batch_op.drop_column('status')
        batch_op.drop_column('fingerprint')
        batch_op.alter_column('token', existing_type=sa.String(length=200),
                              type_=sa.String(length=64), existing_nullable=False)
    with op.batch_alter_table('audit_entry', schema=None) as batch_op:
        batch_op.drop_column('by')
        batch_op.drop_column('version')
        batch_op.drop_column('hand_id')
