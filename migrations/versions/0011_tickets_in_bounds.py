"""Paper tickets past the bound are set aside

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-26 11:00:00

Before tickets had a bound, a ticket of any size was kept (one of
9×10^4299 points was), and from then on every page and answer that ranks
the event failed, since such a number can't even be read back.  A ticket
with a player's points past 1,000,000 either way (``limits.MAX_TICKET_POINTS``,
written out here: a migration keeps the bound it was written with) is
removed, so the event ranks again from its tables' recorded hands and the
director can enter the ticket again.  Tickets within the bound are kept.
"""
import json

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0011'
down_revision = '0010'
branch_labels = None
depends_on = None

MAX_TICKET_POINTS = 1_000_000


def _in_bounds(text):
    try:
        totals = json.loads(text) if isinstance(text, str) else text
    except ValueError:  # a number too long to read back, or not JSON at all
        return False
    return isinstance(totals, dict) and all(
        isinstance(p, int) and not isinstance(p, bool) and abs(p) <= MAX_TICKET_POINTS
        for p in totals.values())


def upgrade():
    bind = op.get_bind()
    if 'event_ticket' not in sa.inspect(bind).get_table_names():
        return
    rows = bind.execute(sa.text(
        "SELECT id, CAST(totals AS TEXT) FROM event_ticket")).all()
    for ticket_id in [row[0] for row in rows if not _in_bounds(row[1])]:
        bind.execute(sa.text("DELETE FROM event_ticket WHERE id = :id"), {"id": ticket_id})


def downgrade():
    pass  # the removed tickets were unreadable: nothing to put back
