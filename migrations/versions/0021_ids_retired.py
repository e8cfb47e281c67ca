"""No id is ever used twice: SQLite's tables say AUTOINCREMENT

Revision ID: 0021
Revises: 0020
Create Date: 2026-12-02 20:50:00

SQLite gives a new row the highest id + 1, so a row deleted last (a hand, a
withdrawn penalty, a seat) had its id handed to the next one, and a stale
page or a retried DELETE naming it reached the newer row.  Every table
whose id is an integer is rebuilt with AUTOINCREMENT (its rows, ids and
indexes as they were; SQLite then keeps the highest id ever given in
``sqlite_sequence``).  PostgreSQL's sequences never reuse an id: nothing
to do there.  A downgrade rebuilds the tables without it.
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0021'
down_revision = '0020'
branch_labels = None
depends_on = None


def _integer_keyed():
    """The tables whose primary key is one integer column."""
    inspector = sa.inspect(op.get_bind())
    for name in inspector.get_table_names():
        if name == 'alembic_version' or name.startswith('sqlite_'):
            continue
        keys = inspector.get_pk_constraint(name)['constrained_columns']
        types = {c['name']: c['type'] for c in inspector.get_columns(name)}
        if len(keys) == 1 and isinstance(types[keys[0]], sa.Integer):
            yield name


def _rebuild(autoincrement):
    if op.get_bind().dialect.name != 'sqlite':
        return
    for name in list(_integer_keyed()):
        with op.batch_alter_table(name, recreate='always',
                                  table_kwargs={'sqlite_autoincrement': autoincrement}):
            pass


def upgrade():
    _rebuild(True)


def downgrade():
    _rebuild(False)
