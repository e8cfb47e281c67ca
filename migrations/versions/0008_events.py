"""Events (tournaments)

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-14 09:00:00

An event keeps its frozen rules, sessions, rounds, payout plan and
tie-breaks, its director grants, co-director codes, share token and its own
history (one entry per version, as a group's).  Its players have stable
numbers and a private contact; each session's draw keeps its seed and byes;
each table of a session is an ordinary night (``game_table.event_id``),
which a paper ticket may stand in for; penalties take points off one
player.  A repeated request that started an event remembers it.
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0008'
down_revision = '0007'
branch_labels = None
depends_on = None


def _indexed(table, *columns, unique=()):
    with op.batch_alter_table(table, schema=None) as batch_op:
        for column in columns:
            batch_op.create_index(batch_op.f(f'ix_{table}_{column}'), [column],
                                  unique=column in unique)


def _grant_columns():
    return [
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('event_id', sa.Integer(), nullable=False),
        sa.Column('token_hash', sa.String(length=64), nullable=False),
    ]


def upgrade():
    op.create_table(
        'event',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=80), nullable=False),
        sa.Column('played_on', sa.Date(), nullable=False),
        sa.Column('preset', sa.String(length=40), nullable=False),
        sa.Column('rules', sa.JSON(), nullable=False),
        sa.Column('sessions', sa.Integer(), nullable=False),
        sa.Column('rounds', sa.Integer(), nullable=False),
        sa.Column('entry_cents', sa.Integer(), nullable=False),
        sa.Column('places', sa.JSON(), nullable=False),
        sa.Column('session_high', sa.Integer(), nullable=False),
        sa.Column('share', sa.Integer(), nullable=False),
        sa.Column('tie_breaks', sa.JSON(), nullable=False),
        sa.Column('odd', sa.String(length=10), nullable=False),
        sa.Column('view_token', sa.String(length=64), nullable=False),
        sa.Column('version', sa.Integer(), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.Column('finished_at', sa.DateTime(), nullable=True),
        sa.PrimaryKeyConstraint('id'),
    )
    _indexed('event', 'view_token', unique=('view_token',))
    op.create_table(
        'event_editor', *_grant_columns(),
        sa.Column('label', sa.String(length=80), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.Column('revoked_at', sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(['event_id'], ['event.id']),
        sa.PrimaryKeyConstraint('id'),
    )
    _indexed('event_editor', 'event_id', 'token_hash', unique=('token_hash',))
    op.create_table(
        'event_handover', *_grant_columns(),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.Column('expires_at', sa.DateTime(), nullable=False),
        sa.Column('used_at', sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(['event_id'], ['event.id']),
        sa.PrimaryKeyConstraint('id'),
    )
    _indexed('event_handover', 'event_id', 'token_hash', unique=('token_hash',))
    op.create_table(
        'event_audit_entry',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('event_id', sa.Integer(), nullable=False),
        sa.Column('at', sa.DateTime(), nullable=False),
        sa.Column('action', sa.String(length=20), nullable=False),
        sa.Column('version', sa.Integer(), nullable=False),
        sa.Column('by', sa.String(length=80), nullable=True),
        sa.Column('summary', sa.String(length=300), nullable=False),
        sa.ForeignKeyConstraint(['event_id'], ['event.id']),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index('ix_event_audit_entry_event_version', 'event_audit_entry',
                    ['event_id', 'version'])
    op.create_table(
        'event_player',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('event_id', sa.Integer(), nullable=False),
        sa.Column('number', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=40), nullable=False),
        sa.Column('contact', sa.String(length=120), nullable=True),
        sa.Column('checked_in', sa.Boolean(), nullable=False),
        sa.Column('from_session', sa.Integer(), nullable=False),
        sa.Column('withdrawn_after', sa.Integer(), nullable=True),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['event_id'], ['event.id']),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('event_id', 'number'),
    )
    _indexed('event_player', 'event_id')
    op.create_table(
        'event_session',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('event_id', sa.Integer(), nullable=False),
        sa.Column('number', sa.Integer(), nullable=False),
        sa.Column('seed', sa.Integer(), nullable=False),
        sa.Column('repeated_pairs', sa.Integer(), nullable=False),
        sa.Column('byes', sa.JSON(), nullable=False),
        sa.Column('drawn_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['event_id'], ['event.id']),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('event_id', 'number'),
    )
    _indexed('event_session', 'event_id')
    with op.batch_alter_table('game_table', schema=None) as batch_op:
        batch_op.add_column(sa.Column('event_id', sa.Integer(), nullable=True))
        batch_op.create_foreign_key('fk_game_table_event_id', 'event', ['event_id'], ['id'])
        batch_op.create_index(batch_op.f('ix_game_table_event_id'), ['event_id'], unique=False)
    op.create_table(
        'event_table',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('event_id', sa.Integer(), nullable=False),
        sa.Column('session', sa.Integer(), nullable=False),
        sa.Column('number', sa.Integer(), nullable=False),
        sa.Column('night_id', sa.Integer(), nullable=False),
        sa.Column('done', sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(['event_id'], ['event.id']),
        sa.ForeignKeyConstraint(['night_id'], ['game_table.id']),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('event_id', 'session', 'number'),
    )
    _indexed('event_table', 'event_id', 'night_id')
    op.create_table(
        'event_penalty',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('event_id', sa.Integer(), nullable=False),
        sa.Column('player_id', sa.Integer(), nullable=False),
        sa.Column('session', sa.Integer(), nullable=False),
        sa.Column('points', sa.Integer(), nullable=False),
        sa.Column('reason', sa.String(length=200), nullable=False),
        sa.Column('by', sa.String(length=80), nullable=True),
        sa.Column('at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['event_id'], ['event.id']),
        sa.ForeignKeyConstraint(['player_id'], ['event_player.id']),
        sa.PrimaryKeyConstraint('id'),
    )
    _indexed('event_penalty', 'event_id', 'player_id')
    op.create_table(
        'event_ticket',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('event_table_id', sa.Integer(), nullable=False),
        sa.Column('totals', sa.JSON(), nullable=False),
        sa.Column('by', sa.String(length=80), nullable=True),
        sa.Column('at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['event_table_id'], ['event_table.id']),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('event_table_id'),
    )
    with op.batch_alter_table('submission', schema=None) as batch_op:
        batch_op.add_column(sa.Column('event_id', sa.Integer(), nullable=True))
        batch_op.create_foreign_key('fk_submission_event_id', 'event', ['event_id'], ['id'])


def downgrade():
    with op.batch_alter_table('submission', schema=None) as batch_op:
        batch_op.drop_constraint('fk_submission_event_id', type_='foreignkey')
        batch_op.drop_column('event_id')
    op.drop_table('event_ticket')
    op.drop_table('event_penalty')
    op.drop_table('event_table')
    with op.batch_alter_table('game_table', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_game_table_event_id'))
        batch_op.drop_constraint('fk_game_table_event_id', type_='foreignkey')
        batch_op.drop_column('event_id')
    for table in ('event_session', 'event_player', 'event_audit_entry', 'event_handover',
                  'event_editor'):
        op.drop_table(table)
    op.drop_table('event')
