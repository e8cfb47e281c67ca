"""The version board answers a viewer's "did the night change?" from memory.
While one thread refreshes it, the others answer from what it read a moment
ago rather than queue; but a table asked about rarely (behind a caching
proxy, every second or two) waits for the refresh instead of answering a
version seconds old, which the proxy would then keep another second."""

from __future__ import annotations

import threading
import time

from flask import Flask

from scorekeeper.db.models import TABLE, GameTable, Owner, db
from scorekeeper.services.board import Board, Head
from scorekeeper.services.nights.tables import create_table
from tests.conftest import PLAYERS


def saved_elsewhere(table_id: int) -> None:
    """Another process saved a hand: the version rises, this board isn't told."""
    db.session.execute(db.update(Owner).where(Owner.id == db.select(GameTable.owner_id).where(
        GameTable.id == table_id).scalar_subquery()).values(version=Owner.version + 1))
    db.session.commit()


def asked_while_refreshing(board: Board, token: str, release_after: float) -> tuple[int, float]:
    """The board's answer while another thread holds the refresh for
    ``release_after`` seconds; and how long the answer took."""
    board._refreshing.acquire()
    other = threading.Timer(release_after, board._refreshing.release)
    other.start()
    began = time.monotonic()
    head = board.head(token)
    took = time.monotonic() - began
    other.cancel()
    other.join()
    if board._refreshing.locked():  # answered before the other thread was done
        board._refreshing.release()
    assert head is not None
    return head.version, took


def test_a_table_read_a_moment_ago_is_answered_without_queueing(app: Flask) -> None:
    board = Board(TABLE, lifetime=1.0)
    with app.app_context():
        table, _ = create_table("Friday", PLAYERS, "called-ace")
        board._heads[table.view_token] = Head(table.version, False, time.monotonic() - 1.5)
        saved_elsewhere(table.id)
        version, took = asked_while_refreshing(board, table.view_token, 5.0)
    assert version == 0 and took < 1.0


def test_a_table_read_long_ago_waits_for_the_refresh(app: Flask) -> None:
    board = Board(TABLE, lifetime=1.0)
    with app.app_context():
        table, _ = create_table("Friday", PLAYERS, "called-ace")
        board._heads[table.view_token] = Head(table.version, False, time.monotonic() - 3.0)
        saved_elsewhere(table.id)
        version, took = asked_while_refreshing(board, table.view_token, 0.3)
    assert version == 1 and took >= 0.25
