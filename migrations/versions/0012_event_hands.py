"""An event's tables play rounds of the deal or a fixed number of hands

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-27 09:00:00

An event said how long a table plays each session only in rounds of the
deal (``rounds``: every player deals as often, so 4 rounds are 20 hands at
five and 24 at six).  Some festivals play a fixed number of hands at every
table whatever its size (15 at five and at six): ``hands`` keeps that, and
an event has one of the two, so ``rounds`` may now be empty.  Events made
before keep their rounds and have no ``hands``.

A downgrade gives an event of fixed hands the fewest whole rounds that
cover them at a table of its rules' seats (15 hands at five: 3 rounds),
within the bound of the time (10 rounds, written out here).
"""
import json

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0012'
down_revision = '0011'
branch_labels = None
depends_on = None

MAX_ROUNDS = 10


def upgrade():
    # A database from before migrations may lack the table: it is created as
    # the models have it once the upgrade is done.
    if 'event' not in sa.inspect(op.get_bind()).get_table_names():
        return
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.add_column(sa.Column('hands', sa.Integer(), nullable=True))
        batch_op.alter_column('rounds', existing_type=sa.Integer(), nullable=True)


def _rounds_for(hands, rules):
    try:
        seats = (json.loads(rules) if isinstance(rules, str) else rules).get('seats') or 5
    except (ValueError, AttributeError):
        seats = 5
    return min(MAX_ROUNDS, max(1, -(-int(hands) // int(seats))))


def downgrade():
    bind = op.get_bind()
    rows = bind.execute(sa.text(
        "SELECT id, hands, CAST(rules AS TEXT) FROM event WHERE rounds IS NULL")).all()
    for event_id, hands, rules in rows:
        bind.execute(sa.text("UPDATE event SET rounds = :rounds WHERE id = :id"),
                     {"rounds": _rounds_for(hands or 1, rules), "id": event_id})
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.alter_column('rounds', existing_type=sa.Integer(), nullable=False)
        batch_op.drop_column('hands')
