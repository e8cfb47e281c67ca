"""Nights a group's import has written but not yet given to its group.

A group's file is written a few nights a commit and the group that holds
them last (:func:`~scorekeeper.services.groups.exports.import_group`); until
then each night names the import that wrote it (``unclaimed_by``, the job
:func:`scorekeeper.services.background.elsewhere.job` names).  An import that fails on
the way takes its own back; one stopped from outside (too slow, or its
process killed) can't, so the server takes back that job's nights
(:func:`forget_job`), and each group import first takes back any left by an
import that can't still be under way (:func:`sweep`: the server died with
it).  Nobody can reach such nights meanwhile: nobody has their tokens.
"""

from __future__ import annotations

import logging
from datetime import UTC, timedelta

from sqlalchemy import select

from scorekeeper.db.models import GameTable, Owner, db, utcnow
from scorekeeper.limits import IMPORT_SECONDS, JOB_SECONDS
from scorekeeper.services.nights.tables import forget_tables, tables_of
from scorekeeper.services.writes import unit

#: How old an unclaimed night is before no import can still be writing it:
#: an import is stopped after IMPORT_SECONDS (a job's, JOB_SECONDS), its
#: nights are a few seconds older than that at most.
ABANDONED_AFTER = timedelta(seconds=2 * max(IMPORT_SECONDS, JOB_SECONDS))
log = logging.getLogger(__name__)


def forget_job(job: str) -> int:
    """Take back the nights the stopped import ``job`` wrote; how many."""
    with unit():
        nights = list(db.session.scalars(
            select(GameTable).where(GameTable.unclaimed_by == job)))
        forget_tables(nights)
    if nights:
        log.warning("Took back the %d nights of an import that was stopped", len(nights))
    return len(nights)


def sweep() -> int:
    """Take back the nights of imports that can no longer be under way; how many."""
    found = db.session.execute(
        select(GameTable.id, Owner.created_at).join(GameTable.owner)
        .where(GameTable.unclaimed_by.is_not(None))).all()
    since = utcnow() - ABANDONED_AFTER
    old = [table_id for table_id, at in found
           if (at if at.tzinfo else at.replace(tzinfo=UTC)) < since]
    if not old:
        return 0
    with unit():
        forget_tables(list(db.session.scalars(
            select(GameTable).where(GameTable.id.in_(old)))))
    log.warning("Took back %d nights an unfinished import left behind", len(old))
    return len(old)


def take_back(written: list[int]) -> None:
    """Remove the nights ``written`` by an import that failed (or found its
    twin had done the work): nothing of them stays.  If even that fails,
    they stay where nobody can reach them, :func:`sweep` takes them later,
    and the log says so."""
    if not written:
        return
    try:
        with unit():
            forget_tables(tables_of(written))
    except Exception:  # noqa: BLE001 (the import's own failure is the one to answer)
        log.warning("An import's %d nights could not be taken back", len(written))
