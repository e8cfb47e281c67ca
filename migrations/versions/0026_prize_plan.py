"""An event's prize plan is kept as data

Revision ID: 0026
Revises: 0025
Create Date: 2026-12-06 23:55:00

A published prize plan pays fixed amounts beside percents, weights of what
is left, consolation prizes, cents, and says who may win.  An event keeps
its plan as data; the events made before it have none and keep paying
their percents by place, as they always did.
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0026'
down_revision = '0025'
branch_labels = None
depends_on = None


def upgrade():
    op.add_column('event', sa.Column('prize_plan', sa.JSON(), nullable=True))


def downgrade():
    with op.batch_alter_table('event', table_kwargs={'sqlite_autoincrement': True}) as batch:
        batch.drop_column('prize_plan')
