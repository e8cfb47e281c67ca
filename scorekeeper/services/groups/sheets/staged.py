"""A spreadsheet uploaded to a group's import page, kept on the server
between the page's steps: the upload reads the file once and keeps the
workbook as read; the columns step, the preview and the confirmation name
it by id, so the page never carries the sheet (a 2,000-night workbook is a
few megabytes as read).  A group keeps its last
:data:`~scorekeeper.limits.STAGED_SHEETS` uploads, each for at most
:data:`~scorekeeper.limits.STAGED_HOURS` hours; what is kept is only ever
read by the group's own import page, and nothing of it is the group's
until the nights are brought in.
"""

from __future__ import annotations

from datetime import timedelta

from scorekeeper.db.models import StagedSheet, db, utcnow
from scorekeeper.limits import MAX_ROW_ID, STAGED_HOURS, STAGED_SHEETS
from scorekeeper.services import writes
from scorekeeper.services.groups.sheets.files import SheetRefused, Workbook, from_json, to_json

GONE = (f"This page's sheet is no longer kept on the server (a group keeps its last "
        f"{STAGED_SHEETS} uploads, each for {STAGED_HOURS} hours): choose the file again")


def stage(group_id: int, book: Workbook) -> int:
    """Keep ``book`` for the group's import page: its id.  The group's
    uploads older than a day, and all but its newest few, go."""
    now, kept_as = utcnow(), to_json(book)
    with writes.unit():
        kept = list(db.session.scalars(db.select(StagedSheet.id).where(
            StagedSheet.group_id == group_id,
            StagedSheet.at > now - timedelta(hours=STAGED_HOURS)).order_by(
            StagedSheet.id.desc()).limit(STAGED_SHEETS - 1)))
        db.session.execute(db.delete(StagedSheet).where(
            StagedSheet.group_id == group_id, StagedSheet.id.not_in(kept)))
        row = StagedSheet(group_id=group_id, book=kept_as, at=now)
        db.session.add(row)
        db.session.flush()
        staged_id = row.id
    return staged_id


def staged(group_id: int, staged_id: int | None) -> Workbook:
    """The workbook kept as ``staged_id`` for this group (checked again as a
    file is), or refused: the file is to be chosen again."""
    row = db.session.scalar(db.select(StagedSheet).where(
        StagedSheet.id == staged_id, StagedSheet.group_id == group_id,
        StagedSheet.at > utcnow() - timedelta(hours=STAGED_HOURS))) \
        if staged_id is not None and 0 < staged_id <= MAX_ROW_ID else None
    if row is None:
        raise SheetRefused(GONE, "file")
    return from_json(row.book)
