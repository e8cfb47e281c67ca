"""A group's files and its long work.  Its export as one JSON file (a big
group's is written as a job the first time at a version, then kept) and its
nights as a spreadsheet.  And the long work as it goes
(``/g/<id>/jobs/<n>``): bringing a big sheet in, taking one back, writing a
big group's file.  A progress bar the
page asks about every second (htmx; without JavaScript the page refreshes);
once done, the page the work leads to (the imports, or the file to
download); refused, why.  The work itself is the services'
(:mod:`scorekeeper.services.background.jobs`), as for the API.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from flask import flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from scorekeeper.limits import JOB_POLL_MS
from scorekeeper.policy.acl import OwnerAction
from scorekeeper.services import ServiceError
from scorekeeper.services.background import jobs
from scorekeeper.services.groups import exports as group_exports
from scorekeeper.services.groups.sheets import bring_in as sheet_import
from scorekeeper.views.access import load_group, permission
from scorekeeper.views.json_errors import status_of
from scorekeeper.views.pages.groups.group import bp

if TYPE_CHECKING:
    from scorekeeper.db.models import Job

#: A job's kind as its page names it.
KIND_WORDS = {"sheet_preview": "Reading the sheet's nights",
              "sheet_import": "Bringing in the sheet", "sheet_undo": "Taking back the import",
              "group_export": "Writing the group's file",
              "ticket_photos": "Reading the tickets' photos"}
assert set(KIND_WORDS) == set(jobs.KINDS), "every kind of job is named on its page"


def job_refused(error: ServiceError) -> tuple[int, dict[str, Any]]:
    """A job's refusal as the page says it (beside the field it names)."""
    return status_of(error), {"error": error.message, "field": error.field,
                              "code": str(error.code)}


def follow(job: Job) -> Response:
    """The page following ``job``."""
    return redirect(url_for("groups.job", group_id=job.group_id, job_id=job.id), 303)


@bp.get("/g/<int:group_id>/export")
@permission(OwnerAction.RUN)
def export(group_id: int) -> Response:
    """The whole group as one JSON file (every night, with its history); a
    big group's not yet written at this version: the job that writes it."""
    group = load_group(group_id).row
    if group_exports.kept(group) is None and group_exports.big(group):
        return follow(group_exports.export_job(group, job_refused)[0])
    return _download(group_exports.export_json(group), "application/json",
                     f"group-{group.id}.json")


@bp.get("/g/<int:group_id>/export.csv")
@permission(OwnerAction.RUN)
def export_csv(group_id: int) -> Response:
    """The group's nights as a spreadsheet: a row a player a night."""
    group = load_group(group_id).row
    return _download(group_exports.export_csv(group), "text/csv", f"group-{group.id}.csv")


def _download(body: str, mimetype: str, filename: str) -> Response:
    response = Response(body, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@bp.get("/g/<int:group_id>/jobs/<int:job_id>")
@permission(OwnerAction.RUN)
def job(group_id: int, job_id: int) -> Response | tuple[str, int]:
    """The job as it goes; done, where it leads; refused, why."""
    group = load_group(group_id).row
    try:
        found = jobs.job_of(group.id, job_id)
    except ServiceError as error:
        return render_template("groups/job.html", group=group, job=None, gone=error.message,
                               kind_words=KIND_WORDS), status_of(error)
    polled = request.headers.get("HX-Request") == "true"
    where = _done_at(found) if found.state == jobs.DONE else None
    if where is None and polled and found.state != jobs.WORKING and found.state != jobs.WAITING:
        where = url_for("groups.job", group_id=group_id, job_id=job_id)  # the whole page
    if where is None:
        body = render_template("groups/job.html", group=group, job=found, poll_ms=JOB_POLL_MS,
                               kind_words=KIND_WORDS, current=found.answer is not None and
                               found.answer.get("version") == group.version)
        return body, found.status if found.state == jobs.REFUSED and found.status else 200
    if polled:
        return Response(status=204, headers={"HX-Redirect": where})
    return redirect(where, 303)


def _done_at(job: Job) -> str | None:
    """Where a done job leads: the nights it read, the imports with what was
    done (None: its own page, the file to download)."""
    if job.kind == "sheet_preview":
        return url_for("group_sheets.previewed", group_id=job.group_id, job=job.id)
    if job.kind not in ("sheet_import", "sheet_undo"):
        return None
    record = sheet_import.import_row((job.answer or {}).get("import", 0))
    flash(f"{record.summary}. It can be taken back below." if job.kind == "sheet_import"
          else f"Taken back: {record.summary}.")
    return url_for("group_sheets.start", group_id=job.group_id, _anchor="imports")
