"""One owner row for every night, group and event

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-28 09:00:00

What every owner of nights has lived three times over: ``view_token``,
``version`` and ``created_at`` on ``game_table``, ``player_group`` and
``event``, and the grants, codes and history named their owner by a kind
word and a row id with no foreign key.  Now each of them has one row in
``owner`` (its kind, the owner it belongs to in the tree, its share token,
version and creation time), the night, group or event points at it
(``owner_id``), and ``editor``, ``handover`` and ``audit_entry`` point at
it with a real foreign key instead of the word and the id.

Every id a client or a page knows stays as it was.  The owner rows are
numbered so that the mapping needs no lookup: a night's owner has the
night's id, a group's the group's id after the highest night id, an
event's the event's id after both.  A night of a group or a tournament has
its group's or event's owner as its parent (a tournament's table that was
also made a group's is its event's, as the app has always treated it).

A grant, code or history row whose owner no longer exists could never be
read (nothing finds it); it is dropped, since a foreign key can't point at
nothing.  A downgrade puts the columns back from the owner rows.
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0015'
down_revision = '0014'
branch_labels = None
depends_on = None

#: The owners' own tables, by the word their owner rows carry.
OWNERS = (('table', 'game_table'), ('group', 'player_group'), ('event', 'event'))
#: The rows kept for an owner, with the index each has on it.
OWNED = (('editor', 'ix_editor_owner', []),
         ('handover', 'ix_handover_owner', []),
         ('audit_entry', 'ix_audit_entry_owner_version', ['version']))


def _present():
    """The tables the database has (one from before migrations may lack some:
    they are made as the models have them once the upgrade is done)."""
    return set(sa.inspect(op.get_bind()).get_table_names())


def _highest(table, present):
    if table not in present:
        return 0
    return op.get_bind().execute(sa.text(f"SELECT COALESCE(MAX(id), 0) FROM {table}")).scalar()


def _offsets(present):
    """Where each kind's owner ids start: after the ids of the kinds before it."""
    nights = _highest('game_table', present)
    return {'table': 0, 'group': nights, 'event': nights + _highest('player_group', present)}


def upgrade():
    present = _present()
    offsets = _offsets(present)
    op.create_table(
        'owner',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('kind', sa.String(length=10), nullable=False),
        sa.Column('parent_id', sa.Integer(), nullable=True),
        sa.Column('view_token', sa.String(length=64), nullable=False),
        sa.Column('version', sa.Integer(), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['parent_id'], ['owner.id'], name='fk_owner_parent_id'),
        sa.PrimaryKeyConstraint('id'),
    )
    with op.batch_alter_table('owner', schema=None) as batch_op:
        batch_op.create_index('ix_owner_parent_id', ['parent_id'], unique=False)
        batch_op.create_index('ix_owner_view_token', ['view_token'], unique=True)
    columns = 'id, kind, parent_id, view_token, version, created_at'
    # parents first: PostgreSQL checks the parent key row by row
    owners = [(word, table) for word, table in OWNERS if table in present]
    for word, table in reversed(owners):
        parent = 'NULL'
        if word == 'table':
            parent = (f"CASE WHEN event_id IS NOT NULL THEN event_id + {offsets['event']} "
                      f"WHEN group_id IS NOT NULL THEN group_id + {offsets['group']} END")
        op.execute(f"INSERT INTO owner ({columns}) SELECT id + {offsets[word]}, '{word}', "
                   f"{parent}, view_token, version, created_at FROM {table}")
    if op.get_bind().dialect.name == 'postgresql':  # the ids were given: go on after them
        op.execute("SELECT setval(pg_get_serial_sequence('owner', 'id'), "
                   "COALESCE(MAX(id), 1), MAX(id) IS NOT NULL) FROM owner")
    for word, table in owners:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(sa.Column('owner_id', sa.Integer(), nullable=True))
        op.execute(f"UPDATE {table} SET owner_id = id + {offsets[word]}")
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.alter_column('owner_id', existing_type=sa.Integer(), nullable=False)
            batch_op.create_index(f'ix_{table}_owner_id', ['owner_id'], unique=True)
            batch_op.create_foreign_key(f'fk_{table}_owner_id', 'owner', ['owner_id'], ['id'])
            batch_op.drop_index(f'ix_{table}_view_token')
            batch_op.drop_column('view_token')
            batch_op.drop_column('version')
            batch_op.drop_column('created_at')
    for table, index, after in OWNED:
        if table not in present:
            continue
        for word, offset in offsets.items():
            if offset:
                op.execute(f"UPDATE {table} SET owner_id = owner_id + {offset} "
                           f"WHERE owner = '{word}'")
        op.execute(f"DELETE FROM {table} WHERE owner_id NOT IN (SELECT id FROM owner)")
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_index(index)
            batch_op.drop_column('owner')
            batch_op.create_index(index, ['owner_id'] + after,
                                  unique=False)
            batch_op.create_foreign_key(f'fk_{table}_owner_id', 'owner', ['owner_id'], ['id'])


def downgrade():
    for table, index, after in OWNED:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_constraint(f'fk_{table}_owner_id', type_='foreignkey')
            batch_op.drop_index(index)
            batch_op.add_column(sa.Column('owner', sa.String(length=10), nullable=True))
        op.execute(f"UPDATE {table} SET owner = (SELECT kind FROM owner "
                   f"WHERE owner.id = {table}.owner_id)")
        for word, owners in OWNERS:
            op.execute(f"UPDATE {table} SET owner_id = (SELECT id FROM {owners} "
                       f"WHERE {owners}.owner_id = {table}.owner_id) WHERE owner = '{word}'")
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.alter_column('owner', existing_type=sa.String(length=10), nullable=False)
            batch_op.create_index(index, ['owner', 'owner_id'] + after,
                                  unique=False)
    for _, table in OWNERS:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(sa.Column('view_token', sa.String(length=64), nullable=True))
            batch_op.add_column(sa.Column('version', sa.Integer(), nullable=True))
            batch_op.add_column(sa.Column('created_at', sa.DateTime(), nullable=True))
        for column in ('view_token', 'version', 'created_at'):
            op.execute(f"UPDATE {table} SET {column} = (SELECT {column} FROM owner "
                       f"WHERE owner.id = {table}.owner_id)")
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.alter_column('view_token', existing_type=sa.String(length=64),
                                  nullable=False)
            batch_op.alter_column('version', existing_type=sa.Integer(), nullable=False)
            batch_op.alter_column('created_at', existing_type=sa.DateTime(), nullable=False)
            batch_op.create_index(f'ix_{table}_view_token', ['view_token'], unique=True)
            batch_op.drop_constraint(f'fk_{table}_owner_id', type_='foreignkey')
            batch_op.drop_index(f'ix_{table}_owner_id')
            batch_op.drop_column('owner_id')
    with op.batch_alter_table('owner', schema=None) as batch_op:
        batch_op.drop_index('ix_owner_view_token')
        batch_op.drop_index('ix_owner_parent_id')
    op.drop_table('owner')
