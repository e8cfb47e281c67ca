"""A tournament table's grants remember the director who made them

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-26 09:00:00

A table's edit grant and one-time code of a tournament remember the director
(``event_editor``) whose draw or printed cards issued them, so revoking that
director ends the table phones he brought in and the cards he printed.
Grants and codes made before this revision name nobody: they end when the
director issues the table a new code with its phones stopped.
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0009'
down_revision = '0008'
branch_labels = None
depends_on = None

TABLES = ('editor', 'handover')


def upgrade():
    # A database from before migrations may lack a table altogether: it is
    # created as the models have it once the upgrade is done.
    present = set(sa.inspect(op.get_bind()).get_table_names())
    for table in (t for t in TABLES if t in present):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(sa.Column('director_id', sa.Integer(), nullable=True))
            batch_op.create_index(batch_op.f(f'ix_{table}_director_id'), ['director_id'],
                                  unique=False)
            batch_op.create_foreign_key(f'fk_{table}_director_id', 'event_editor',
                                        ['director_id'], ['id'])


def downgrade():
    for table in TABLES:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_constraint(f'fk_{table}_director_id', type_='foreignkey')
            batch_op.drop_index(batch_op.f(f'ix_{table}_director_id'))
            batch_op.drop_column('director_id')
