"""A spreadsheet uploaded to a group's import page is kept on the server

Revision ID: 0029
Revises: 0028
Create Date: 2026-12-07 08:50:00

The import page used to carry the sheet as read in a hidden field from one
step to the next, which bounded it at 450 KB.  It is kept in
``staged_sheet`` instead (the page names it by id) until the group's newer
uploads or a day push it out.  A downgrade drops what is kept: a page
open at that moment asks for the file again.
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0029'
down_revision = '0028'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'staged_sheet',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('group_id', sa.Integer(), nullable=False),
        sa.Column('at', sa.DateTime(), nullable=False),
        sa.Column('book', sa.String(), nullable=False),
        sa.ForeignKeyConstraint(['group_id'], ['player_group.id']),
        sa.PrimaryKeyConstraint('id'),
        sqlite_autoincrement=True,
    )
    with op.batch_alter_table('staged_sheet', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_staged_sheet_group_id'), ['group_id'],
                              unique=False)


def downgrade():
    with op.batch_alter_table('staged_sheet', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_staged_sheet_group_id'))
    op.drop_table('staged_sheet')
