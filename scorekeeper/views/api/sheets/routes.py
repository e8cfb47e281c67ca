"""JSON API v1, a group's history from a spreadsheet (docs/api.md): send the
sheet to preview it (nothing is written), send it again with ``"confirm":
true`` and the preview's ``version`` to bring its nights in, and take an
import back whole.  The group's edit token only; the share token reads
nothing here.

The sheet comes in the JSON body (a CSV's text as ``sheet``, an .xlsx as
``xlsx`` in base64), so this body may be larger than other operations'
(``MAX_SHEET_BODY``).  A confirmation and an undo say which version of the
group they were made on; a group changed since is a 409.
"""

from __future__ import annotations

import base64
import binascii
from typing import TYPE_CHECKING, Any

from flask import Response, jsonify

from scorekeeper.limits import JOB_NIGHTS, JOB_ROWS, MAX_SHEET_BODY, MAX_SHEET_TABS
from scorekeeper.policy.acl import OwnerAction
from scorekeeper.services.background import jobs
from scorekeeper.services.groups import aliases, unclaimed
from scorekeeper.services.groups.sheets.bring_in import (
    confirm,
    confirm_job,
    import_row,
    nights_of,
    undo,
    undo_job,
)
from scorekeeper.services.groups.sheets.files import (
    SheetRefused,
    Workbook,
    read_files,
)
from scorekeeper.services.groups.sheets.preview import Asked, Preview, asked, preview_of, previewed
from scorekeeper.views.access import api_group, permission
from scorekeeper.views.api import (
    bp,
    flag,
    if_match,
    json_body,
    refuse_unknown,
    request_body,
    request_once,
)
from scorekeeper.views.api.contract import body_fields
from scorekeeper.views.api.hands import retried
from scorekeeper.views.api.jobs import ANSWERS, accepted, asks_for_a_job, refused

if TYPE_CHECKING:
    from scorekeeper.db.models import SheetImport

LABEL = "API client"


def sheet_body() -> dict[str, Any]:
    """The body that sends a sheet: JSON up to ``MAX_SHEET_BODY`` bytes, with
    only the fields the contract names."""
    data = json_body(MAX_SHEET_BODY)
    refuse_unknown(data, body_fields("SheetImport"))
    return data


def workbook(data: dict[str, Any]) -> Workbook:
    """The file the body sends: a CSV's text, or an .xlsx in base64; or
    several files together (``files``: a table each, joined by their ids)."""
    files = data.get("files")
    if files is None:
        return _read([_bytes(data, "")], "sheet" if "sheet" in data else "xlsx")
    if "sheet" in data or "xlsx" in data or not isinstance(files, list) or not files:
        raise SheetRefused("Send several files as files (each with its filename and its "
                           "sheet or xlsx), or one file as sheet or xlsx", "files")
    return _read([_bytes(f if isinstance(f, dict) else {}, "files")
                  for f in files[:MAX_SHEET_TABS + 1]], "files")


def _bytes(data: dict[str, Any], within: str) -> tuple[bytes, str]:
    """A file's bytes and its name (``within``: the field that holds it)."""
    name = data.get("filename", "sheet")
    filename = name if isinstance(name, str) else "sheet"
    text, packed = data.get("sheet"), data.get("xlsx")
    if (text is None) == (packed is None):
        raise SheetRefused("Send the sheet: a CSV's text as sheet, or an .xlsx file in "
                           "base64 as xlsx (one of the two)", within or "sheet")
    if text is not None:
        if not isinstance(text, str):
            raise SheetRefused("sheet must be the text of a CSV or TSV file",
                               within or "sheet")
        return text.encode("utf-8"), filename
    try:
        raw = base64.b64decode(packed if isinstance(packed, str) else "!", validate=True)
    except (binascii.Error, ValueError):
        raise SheetRefused("xlsx must be the .xlsx file's bytes in base64",
                           within or "xlsx") from None
    return raw, filename


def _read(files: list[tuple[bytes, str]], sent: str) -> Workbook:
    """The files read; a refusal of the file as a whole (the upload page's
    ``file``) names the field of the body that sent it."""
    try:
        return read_files(files)
    except SheetRefused as refusal:
        if refusal.field != "file":
            raise
        raise SheetRefused(refusal.message, sent) from None


def preview_json(shown: Preview) -> dict[str, Any]:
    """The preview as the API answers it: every choice made, every night checked."""
    layout = shown.layout
    return {
        "confirmed": False, "version": shown.version,
        "file": {"filename": shown.book.filename, "kind": shown.book.kind,
                 "sheets": [t.name for t in shown.book.tabs],
                 "tab": "all" if shown.every_sheet else shown.tab, "source": shown.source,
                 "joins": list(shown.book.joins)},
        "columns": [{"header": h, "role": str(r)}
                    for h, r in zip(layout.header, layout.roles, strict=True)],
        "shape": str(layout.shape), "unit": str(layout.unit),
        "dates": str(layout.dates) if layout.dates else None,
        "dates_said": layout.reading.said, "stake_cents": shown.stake_cents,
        "rules": shown.rules_name, "problems": list(shown.problems),
        "names": [{"sheet": n.sheet, "name": n.name, "member": n.member, "how": n.how,
                   "problem": n.problem} for n in shown.names],
        "new_members": shown.new_members,
        "nights": [{"key": n.key, "played_on": n.played_on.isoformat(), "rows": n.rows,
                    "kept_as": n.kept_as, "hands": len(n.hands or ()) or n.sheet_hands,
                    "players": n.players, "points": n.totals, "cents": n.cents,
                    "flags": n.flags, "notes": n.notes, "already": n.already,
                    "excluded": n.key in shown.exclude}
                   for n in shown.nights],
        "zeros": shown.zeros, "sheet_zeros": {name: z for name, z, _ in shown.tab_zeros},
        "nothing_new": shown.nothing_new,
        "skipped": list(shown.skipped), "ready": shown.ready, "refusal": shown.refusal(),
    }


def preview_answer(group_id: int, book: Workbook, choices: Asked) -> dict[str, Any]:
    """A preview asked as a job: its work (in the import process), answering
    what the request would have."""
    return preview_json(preview_of(group_id, book, choices))


def import_json(record: SheetImport) -> dict[str, Any]:
    """A confirmed import as the API answers it (a retry: the same)."""
    return {"confirmed": True, "import": record.id, "version": record.version,
            "nights_made": list(record.nights), "members_added": len(record.members),
            "summary": record.summary}


@bp.post("/groups/<int:group_id>/import")
@permission(OwnerAction.RUN)
def import_sheet(group_id: int) -> Response:
    """Preview a sheet (nothing written), or with ``"confirm": true`` and the
    preview's ``version``, bring its nights in (retry-safe with an
    Idempotency-Key)."""
    group = api_group(group_id).row
    data = sheet_body()
    book = workbook(data)
    choices = asked(data)
    if not flag(data, "confirm") and asks_for_a_job():
        return accepted(*jobs.start(group.id, "sheet_preview", preview_answer,
                                    (group.id, book, choices), refused,
                                    once=request_once(data)))
    if not flag(data, "confirm"):
        return jsonify(preview_json(previewed(group, book, choices)))
    once = request_once(data)
    if asks_for_a_job() or book.rows > JOB_ROWS:
        return accepted(*jobs.start(
            group.id, "sheet_import", confirm_job,
            (group.id, book, choices, data.get("version"), data.get("new_members"), LABEL,
             once), refused, once=once, mend=unclaimed.forget_job))
    record = confirm(group.id, book, choices, data.get("version"), data.get("new_members"),
                     LABEL, once)
    return jsonify(import_json(record))


@bp.post("/groups/<int:group_id>/import/undo")
@permission(OwnerAction.RUN)
def undo_import(group_id: int) -> Response:
    """Take an import back whole (its nights and the members it added), made on
    the group's ``version``."""
    group = api_group(group_id).row
    data = request_body()
    once = request_once(data)
    if asks_for_a_job() or nights_of(group.id, data.get("import")) > JOB_NIGHTS:
        return accepted(*jobs.start(
            group.id, "sheet_undo", undo_job,
            (group.id, data.get("import"), data.get("version"), LABEL, once), refused,
            once=once))
    return jsonify(undone_json(undo(group.id, data.get("import"), data.get("version"),
                                    LABEL, once)))


def undone_json(record: SheetImport) -> dict[str, Any]:
    """An import taken back as the API answers it."""
    return {"undone": record.id, "version": record.undone_version}


ANSWERS["sheet_import"] = lambda answer: import_json(import_row(answer["import"]))
ANSWERS["sheet_undo"] = lambda answer: undone_json(import_row(answer["import"]))


@bp.get("/groups/<int:group_id>/aliases")
@permission(OwnerAction.RUN)
def group_aliases(group_id: int) -> Response:
    """The other spellings of the members' names the group remembers."""
    group = api_group(group_id).row
    return jsonify({"aliases": [a.to_json() for a in aliases.aliases_of(group.id)]})


@bp.delete("/groups/<int:group_id>/aliases/<int:alias_id>")
@permission(OwnerAction.RUN)
def forget_alias(group_id: int, alias_id: int) -> Response:
    """Forget one spelling: the next sheet that uses it asks who it is."""
    group = api_group(group_id).row
    data = request_body()
    once = request_once(data)
    first = retried(once)
    if first is None:
        seen = if_match(group.version)
        gone = aliases.forget(group.id, alias_id, LABEL, once,
                              seen.version if seen is not None else None,
                              why=data.get("reason"))
        first = (gone.to_json(), 200)
    return jsonify(first[0])
