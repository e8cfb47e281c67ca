"""A role on every grant

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-28 06:00:00

A grant (``editor``) says what it is for, whatever it is a grant of:
``keeper`` (a night's scorekeeper, or whoever runs a group), ``phone`` (a
tournament table's phone) or ``director`` (an event's).  The credential a
grant proves is its role on the kind of owner it is kept for, read from one
table (``policy.CREDENTIAL_OF``); before, it was worked out from whose the
night was.  Every grant kept gets the role it proved then: a group's
grants keep score, an event's direct it, and a night's are a phone when
the night is a tournament's table, else its scorekeeper's.

A downgrade drops the column: the roles are worked out again as before.
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0014'
down_revision = '0013'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('editor', schema=None) as batch_op:
        batch_op.add_column(sa.Column('role', sa.String(length=10), nullable=True))
    op.execute("UPDATE editor SET role = 'director' WHERE owner = 'event'")
    op.execute("UPDATE editor SET role = 'keeper' WHERE owner = 'group'")
    op.execute("UPDATE editor SET role = CASE WHEN (SELECT event_id FROM game_table "
               "WHERE game_table.id = editor.owner_id) IS NULL THEN 'keeper' ELSE 'phone' END "
               "WHERE owner = 'table'")
    with op.batch_alter_table('editor', schema=None) as batch_op:
        batch_op.alter_column('role', existing_type=sa.String(length=10), nullable=False)


def downgrade():
    with op.batch_alter_table('editor', schema=None) as batch_op:
        batch_op.drop_column('role')
