"""Nights an import has written but not yet given to its group.

A group's file, or a sheet's nights, are written a few nights a commit and
given to the group that holds them last (:func:`written_in_turns`, for
:func:`~scorekeeper.services.groups.exports.import_group` and
:func:`~scorekeeper.services.groups.sheets.bring_in.confirm`); until then
each night names the import that wrote it (``unclaimed_by``, the job
:func:`scorekeeper.services.background.elsewhere.job` names).  An import that fails on
the way takes its own back; one stopped from outside (too slow, or its
process killed) can't, so the server takes back that job's nights
(:func:`forget_job`), and each group import first takes back any left by an
import that can't still be under way (:func:`sweep`: the server died with
it).  Nobody can reach such nights meanwhile: nobody has their tokens.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from datetime import UTC, timedelta
from typing import TypeVar

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from scorekeeper.db.models import GameTable, Owner, db, utcnow
from scorekeeper.limits import IMPORT_SECONDS, JOB_SECONDS
from scorekeeper.services import Conflict
from scorekeeper.services.background import elsewhere, progress
from scorekeeper.services.background.turns import in_turns
from scorekeeper.services.nights.tables import forget_tables
from scorekeeper.services.writes import unit

T = TypeVar("T")
R = TypeVar("R")

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


def written_in_turns(items: Sequence[T], rows: Callable[[T], int],
                     write: Callable[[list[T], str], list[int]],
                     claim: Callable[[list[int], str], tuple[R, bool]], stage: str) -> R:
    """A long import: ``items`` written a turn at a time (:func:`.in_turns`;
    ``write(turn, job)`` is one commit, its nights unclaimed by ``job``, and
    answers their ids), then ``claim(written, job)``, the last unit of work,
    gives them to their group (:func:`claimed`): its answer, and whether it
    kept them (False: a twin of this request had done the work, and these
    go).  A failure on the way takes back every night written, a stopped
    job's the server does (:func:`forget_job`); ``stage`` is its progress."""
    sweep()
    job = elsewhere.job()
    written: list[int] = []
    done = 0
    try:
        for turn in in_turns(items, rows):
            progress.report(done, len(items), stage)
            written += write(turn, job)
            done += len(turn)
        progress.report(done, len(items), "Bringing them into the group")
        answer, kept = claim(written, job)
    except BaseException:
        take_back(written, job)
        raise
    if not kept:
        take_back(written, job)
    return answer


def claimed(written: list[int], job: str) -> list[GameTable]:
    """The nights ``job`` wrote, in order, no longer unclaimed: the last
    unit's, which gives them to their group.  Refused if any of them was
    taken back meanwhile (an import left too long): nothing is brought in."""
    found = {t.id: t for t in db.session.scalars(
        select(GameTable).where(GameTable.id.in_(written), GameTable.unclaimed_by == job)
        .options(selectinload(GameTable.owner)))}
    if len(found) != len(written):
        raise Conflict("The import took too long and the nights it wrote were taken "
                       "back; nothing was brought in: send it again")
    for table in found.values():
        table.unclaimed_by = None
    return [found[table_id] for table_id in written]


def take_back(written: list[int], job: str) -> None:
    """Remove the nights ``job`` wrote and no group holds (``written``: an
    import that failed, or found its twin had done the work): nothing of
    them stays.  If even that fails, they stay where nobody can reach them,
    :func:`sweep` takes them later, and the log says so."""
    if not written:
        return
    try:
        with unit():
            forget_tables(list(db.session.scalars(select(GameTable).where(
                GameTable.id.in_(written), GameTable.unclaimed_by == job))))
    except Exception:  # noqa: BLE001 (the import's own failure is the one to answer)
        log.warning("An import's %d nights could not be taken back", len(written))
