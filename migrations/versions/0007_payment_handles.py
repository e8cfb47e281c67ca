"""Payment handles

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-07 09:00:00

A player may keep a payment handle (a Venmo username, a PayPal.Me name or a
Cash App $Cashtag) on a group member or on a night's player, so the settle-up
on the scorekeeper's phone can open the payee's app with the amount filled
in.  Both are empty until someone saves one.
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None

TABLES = ('member', 'player')


def upgrade():
    for table in TABLES:
        with op.batch_alter_table(table) as batch_op:
            batch_op.add_column(sa.Column('pay_service', sa.String(length=10), nullable=True))
            batch_op.add_column(sa.Column('pay_handle', sa.String(length=30), nullable=True))


def downgrade():
    for table in TABLES:
        with op.batch_alter_table(table) as batch_op:
            batch_op.drop_column('pay_handle')
            batch_op.drop_column('pay_service')
