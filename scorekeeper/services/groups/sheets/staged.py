"""A spreadsheet uploaded to a group's import page, kept on the server
between the page's steps: the upload reads the file once and keeps the
workbook as read; the columns step, the preview and the confirmation name
it by id, so the page never carries the sheet (a 2,000-night workbook is a
few megabytes as read).  A group keeps its last
:data:`~scorekeeper.limits.STAGED_SHEETS` uploads, each for at most
:data:`~scorekeeper.limits.STAGED_HOURS` hours; what is kept is only ever
read by the group's own import page, and nothing of it is the group's
until the nights are brought in.

A big sheet's preview (more than :data:`~scorekeeper.limits.JOB_ROWS`
rows) is worked out as a job (:func:`preview_job`) and kept beside its
sheet for what was asked (:func:`preview_key`: the choices, the group's
version, the day), so the page shows it, and each of its pages, without
reading the sheet again; a new question replaces it.  It is pickled: only
this module writes it, from the server's own work, never from a request's
bytes.
"""

from __future__ import annotations

import hashlib
import json
import pickle
from dataclasses import asdict, replace
from datetime import timedelta
from typing import Any

from scorekeeper.db.models import Group, StagedSheet, db, utcnow
from scorekeeper.limits import MAX_ROW_ID, STAGED_HOURS, STAGED_SHEETS
from scorekeeper.services import writes
from scorekeeper.services.groups import group as groups
from scorekeeper.services.groups.sheets.files import SheetRefused, Workbook, from_json, to_json
from scorekeeper.services.groups.sheets.preview import Asked, Preview, preview

#: Raised whenever what a kept preview holds changes shape: an older one,
#: kept before a new release, is read again rather than unpickled wrong.
PREVIEW_FORMAT = 1
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


def preview_key(group: Group, choices: Asked) -> str:
    """What a preview was asked: the choices, the group's version and the day
    (a night dated tomorrow is refused today), as one digest."""
    said = json.dumps({"format": PREVIEW_FORMAT, "choices": asdict(choices),
                       "version": group.version,
                       "day": utcnow().date().isoformat()}, sort_keys=True, default=sorted)
    return hashlib.sha256(said.encode()).hexdigest()


def kept_preview(group: Group, staged_id: int, book: Workbook, choices: Asked
                 ) -> Preview | None:
    """The preview of the kept sheet ``staged_id`` for ``choices``, if its job
    worked it out at the group's version today (None: ask for it)."""
    row = db.session.get(StagedSheet, staged_id)
    if row is None or row.group_id != group.id or row.preview is None or \
            row.preview_key != preview_key(group, choices):
        return None
    try:
        shown = pickle.loads(row.preview)  # noqa: S301 (written by preview_job alone)
    except Exception:  # noqa: BLE001 (a preview that won't load is read again)
        return None
    return replace(shown, book=book) if isinstance(shown, Preview) else None


def preview_job(group_id: int, staged_id: int, choices: Asked) -> dict[str, Any]:
    """A big sheet's preview as a job's work: worked out (its progress
    reported) and kept beside the sheet; how many nights it read."""
    group = groups.get_group(group_id)
    book = staged(group_id, staged_id)
    shown = preview(group, book, choices)
    kept = pickle.dumps(replace(shown, book=Workbook(book.filename, book.kind, ())))
    with writes.unit():
        row = db.session.get(StagedSheet, staged_id)
        if row is None:
            raise SheetRefused(GONE, "file")
        row.preview, row.preview_key = kept, preview_key(group, choices)
    return {"staged": staged_id, "nights": len(shown.nights)}
