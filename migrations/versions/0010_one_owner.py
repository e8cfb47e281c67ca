"""One table each for grants, codes and history, keyed by owner

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-26 10:00:00

A night, a group and an event each kept their own edit grants, one-time
codes and history in tables of their own (``editor``/``group_editor``/
``event_editor``, and likewise for handovers and audit entries).  Now each
is one table whose rows say which kind of owner (``owner``: "table",
"group" or "event") and which one (``owner_id``).  A night's rows keep
their ids (a code's ``editor_id`` still names its grant); a group's and an
event's rows are moved in after them, and a tournament table's grant or
code that names its director is pointed at the director's moved grant.
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0010'
down_revision = '0009'
branch_labels = None
depends_on = None

#: owner word → (the owner's old grant, code and history tables, its id column)
OWNERS = {
    'group': ('group_editor', 'group_handover', 'group_audit_entry', 'group_id'),
    'event': ('event_editor', 'event_handover', 'event_audit_entry', 'event_id'),
}
GRANT = 'token_hash, label, created_at, revoked_at'
CODE = 'token_hash, created_at, expires_at, used_at'
ENTRY = 'at, action, version, by, summary'


def _owned(table, drop_fk=None):
    """Add the owner columns, let the night's column go empty."""
    with op.batch_alter_table(table, schema=None) as batch_op:
        batch_op.add_column(sa.Column('owner', sa.String(length=10), nullable=True))
        batch_op.add_column(sa.Column('owner_id', sa.Integer(), nullable=True))
        batch_op.alter_column('table_id', existing_type=sa.Integer(), nullable=True)
        if drop_fk:
            batch_op.drop_constraint(drop_fk, type_='foreignkey')
    op.execute(f"UPDATE {table} SET owner = 'table', owner_id = table_id")


def _directors_moved(table):
    """A grant's or code's director was an ``event_editor`` row: now his grant."""
    op.execute(f"""
        UPDATE {table} SET director_id = (
            SELECT moved.id FROM editor moved, event_editor old
            WHERE old.id = {table}.director_id AND moved.owner = 'event'
              AND moved.token_hash = old.token_hash)
        WHERE director_id IS NOT NULL""")


def _keyed(table, old_indexes, index, director_fk=None):
    """Drop the night's column, require the owner, index by it."""
    with op.batch_alter_table(table, schema=None) as batch_op:
        for name in old_indexes:
            batch_op.drop_index(name)
        batch_op.drop_column('table_id')
        batch_op.alter_column('owner', existing_type=sa.String(length=10), nullable=False)
        batch_op.alter_column('owner_id', existing_type=sa.Integer(), nullable=False)
        batch_op.create_index(index[0], index[1], unique=False)
        if director_fk:
            batch_op.create_foreign_key(director_fk, 'editor', ['director_id'], ['id'])


def upgrade():
    # A database from before migrations may lack a table altogether: it is
    # created as the models have it once the upgrade is done.
    present = set(sa.inspect(op.get_bind()).get_table_names())
    kept = {'editor': GRANT, 'handover': CODE, 'audit_entry': ENTRY}
    fks = {'editor': 'fk_editor_director_id', 'handover': 'fk_handover_director_id'}
    for table in kept:
        if table in present:
            _owned(table, drop_fk=fks.get(table))
    for word, olds in OWNERS.items():
        key = olds[3]
        for table, old in zip(kept, olds[:3]):
            if table in present and old in present:
                op.execute(f"INSERT INTO {table} (owner, owner_id, {kept[table]}) "
                           f"SELECT '{word}', {key}, {kept[table]} FROM {old} ORDER BY id")
    for table in fks:
        if table in present and 'event_editor' in present:
            _directors_moved(table)
    if 'editor' in present:
        _keyed('editor', ['ix_editor_table_id'], ('ix_editor_owner', ['owner', 'owner_id']),
               'fk_editor_director_id')
    if 'handover' in present:
        _keyed('handover', ['ix_handover_table_id'],
               ('ix_handover_owner', ['owner', 'owner_id']), 'fk_handover_director_id')
    if 'audit_entry' in present:
        _keyed('audit_entry', ['ix_audit_entry_table_id', 'ix_audit_entry_table_version'],
               ('ix_audit_entry_owner_version', ['owner', 'owner_id', 'version']))
    for olds in OWNERS.values():
        for table in reversed(olds[:3]):
            if table in present:
                op.drop_table(table)


# --- back to a table each --------------------------------------------------------------

def _old_tables(word, grants, codes, entries, key):
    parent = 'player_group' if word == 'group' else 'event'
    op.create_table(
        grants,
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column(key, sa.Integer(), nullable=False),
        sa.Column('token_hash', sa.String(length=64), nullable=False),
        sa.Column('label', sa.String(length=80), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.Column('revoked_at', sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint([key], [f'{parent}.id']),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_table(
        codes,
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column(key, sa.Integer(), nullable=False),
        sa.Column('token_hash', sa.String(length=64), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.Column('expires_at', sa.DateTime(), nullable=False),
        sa.Column('used_at', sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint([key], [f'{parent}.id']),
        sa.PrimaryKeyConstraint('id'),
    )
    for table in (grants, codes):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.create_index(batch_op.f(f'ix_{table}_{key}'), [key], unique=False)
            batch_op.create_index(batch_op.f(f'ix_{table}_token_hash'), ['token_hash'],
                                  unique=True)
    op.create_table(
        entries,
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column(key, sa.Integer(), nullable=False),
        sa.Column('at', sa.DateTime(), nullable=False),
        sa.Column('action', sa.String(length=20), nullable=False),
        sa.Column('version', sa.Integer(), nullable=False),
        sa.Column('by', sa.String(length=80), nullable=True),
        sa.Column('summary', sa.String(length=300), nullable=False),
        sa.ForeignKeyConstraint([key], [f'{parent}.id']),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index(f'ix_{entries}_{key[:-3]}_version', entries, [key, 'version'])


def _unkeyed(table, index, old_indexes, director_fk=None):
    with op.batch_alter_table(table, schema=None) as batch_op:
        batch_op.add_column(sa.Column('table_id', sa.Integer(), nullable=True))
        if director_fk:
            batch_op.drop_constraint(director_fk, type_='foreignkey')
    op.execute(f"UPDATE {table} SET table_id = owner_id WHERE owner = 'table'")


def _tabled(table, index, old_indexes, director_fk=None):
    with op.batch_alter_table(table, schema=None) as batch_op:
        batch_op.drop_index(index)
        batch_op.drop_column('owner_id')
        batch_op.drop_column('owner')
        batch_op.alter_column('table_id', existing_type=sa.Integer(), nullable=False)
        batch_op.create_foreign_key(f'fk_{table}_table_id', 'game_table', ['table_id'], ['id'])
        for name, columns in old_indexes:
            batch_op.create_index(name, columns, unique=False)
        if director_fk:
            batch_op.create_foreign_key(director_fk, 'event_editor', ['director_id'], ['id'])


def downgrade():
    _unkeyed('editor', 'ix_editor_owner', [], 'fk_editor_director_id')
    _unkeyed('handover', 'ix_handover_owner', [], 'fk_handover_director_id')
    _unkeyed('audit_entry', 'ix_audit_entry_owner_version', [])
    for word, (grants, codes, entries, key) in OWNERS.items():
        _old_tables(word, grants, codes, entries, key)
        op.execute(f"INSERT INTO {grants} (id, {key}, {GRANT}) "
                   f"SELECT id, owner_id, {GRANT} FROM editor WHERE owner = '{word}'")
        op.execute(f"INSERT INTO {codes} (id, {key}, {CODE}) "
                   f"SELECT id, owner_id, {CODE} FROM handover WHERE owner = '{word}'")
        op.execute(f"INSERT INTO {entries} (id, {key}, {ENTRY}) "
                   f"SELECT id, owner_id, {ENTRY} FROM audit_entry WHERE owner = '{word}'")
    # a director keeps his id in event_editor (copied above), so director_id stands
    op.execute("UPDATE handover SET director_id = NULL WHERE director_id IN "
               "(SELECT id FROM editor WHERE owner = 'group')")
    for table in ('handover', 'audit_entry', 'editor'):
        op.execute(f"DELETE FROM {table} WHERE owner <> 'table'")
    _tabled('editor', 'ix_editor_owner', [('ix_editor_table_id', ['table_id'])],
            'fk_editor_director_id')
    _tabled('handover', 'ix_handover_owner', [('ix_handover_table_id', ['table_id'])],
            'fk_handover_director_id')
    _tabled('audit_entry', 'ix_audit_entry_owner_version',
            [('ix_audit_entry_table_id', ['table_id']),
             ('ix_audit_entry_table_version', ['table_id', 'version'])])
