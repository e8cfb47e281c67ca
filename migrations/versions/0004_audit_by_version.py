"""Audit entries found by table and version

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-23 08:00:00

A process that kept a night in memory catches up with the changes other
processes made by reading the audit entries after its version: this index
makes that one short range scan.
"""
from alembic import op

# revision identifiers, used by Alembic.
revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade():
    op.create_index('ix_audit_entry_table_version', 'audit_entry', ['table_id', 'version'])


def downgrade():
    op.drop_index('ix_audit_entry_table_version', table_name='audit_entry')
