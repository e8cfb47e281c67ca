"""A request carried out names the owner row of what it made or changed

Revision ID: 0020
Revises: 0019
Create Date: 2026-12-02 20:20:00

``submission`` kept a nullable column per kind of owner (``table_id``,
``group_id``, ``event_id``); it keeps ``owner_id`` instead, the ``owner``
row of the night, group or event, so a new kind of owner needs no column of
its own.  The upgrade fills it from whichever of the three was set; a
downgrade puts each back from the owner row's kind.
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0020'
down_revision = '0019'
branch_labels = None
depends_on = None

#: Each old column, the table it named and the owner kind it was.
COLUMNS = (('table_id', 'game_table', 'table'), ('group_id', 'player_group', 'group'),
           ('event_id', 'event', 'event'))


def _columns():
    return {c['name'] for c in sa.inspect(op.get_bind()).get_columns('submission')}


def upgrade():
    if 'submission' not in sa.inspect(op.get_bind()).get_table_names():
        return  # made as the models have it once the upgrade is done
    if 'owner_id' in _columns():
        return
    with op.batch_alter_table('submission', schema=None) as batch_op:
        batch_op.add_column(sa.Column('owner_id', sa.Integer(), nullable=True))
    owners = ", ".join(f"(SELECT owner_id FROM {table} WHERE {table}.id = submission.{column})"
                       for column, table, _ in COLUMNS)
    op.execute(f"UPDATE submission SET owner_id = COALESCE({owners})")
    with op.batch_alter_table('submission', schema=None) as batch_op:
        batch_op.drop_index('ix_submission_table_id')
        batch_op.drop_constraint('fk_submission_group_id', type_='foreignkey')
        batch_op.drop_constraint('fk_submission_event_id', type_='foreignkey')
        for column, _, _ in COLUMNS:
            batch_op.drop_column(column)
        batch_op.create_index('ix_submission_owner_id', ['owner_id'], unique=False)
        batch_op.create_foreign_key('fk_submission_owner_id', 'owner', ['owner_id'], ['id'])


def downgrade():
    with op.batch_alter_table('submission', schema=None) as batch_op:
        for column, _, _ in COLUMNS:
            batch_op.add_column(sa.Column(column, sa.Integer(), nullable=True))
    for column, table, kind in COLUMNS:
        op.execute(f"UPDATE submission SET {column} = (SELECT {table}.id FROM {table} "
                   f"JOIN owner ON owner.id = {table}.owner_id "
                   f"WHERE owner.id = submission.owner_id AND owner.kind = '{kind}')")
    with op.batch_alter_table('submission', schema=None) as batch_op:
        batch_op.drop_constraint('fk_submission_owner_id', type_='foreignkey')
        batch_op.drop_index('ix_submission_owner_id')
        batch_op.drop_column('owner_id')
        batch_op.create_index('ix_submission_table_id', ['table_id'], unique=False)
        batch_op.create_foreign_key('fk_submission_table_id', 'game_table', ['table_id'],
                                    ['id'])
        batch_op.create_foreign_key('fk_submission_group_id', 'player_group', ['group_id'],
                                    ['id'])
        batch_op.create_foreign_key('fk_submission_event_id', 'event', ['event_id'], ['id'])
