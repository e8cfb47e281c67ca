"""A group's past nights from a spreadsheet, for the phone that runs the
group (``/g/<id>/sheet``): choose the file; correct what each column is
(one column a row, a select each); preview every night with its checks;
bring them in; take an import back.  The services do the reading and the
writing (:mod:`scorekeeper.services.groups.sheets.bring_in`), as for the API.

The file is read once, on upload, and kept on the server as read
(:mod:`scorekeeper.services.groups.sheets.staged`): the steps after it name
it by id, so the page never carries the sheet.  The confirmation carries the group's
version the preview was read at and a one-time token (a double tap brings
the sheet in once).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, flash, redirect, render_template, request, url_for
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Response

from scorekeeper.limits import (
    JOB_NIGHTS,
    JOB_ROWS,
    MAX_SHEET_BYTES,
    MAX_SHEET_TABS,
    whole_number,
)
from scorekeeper.policy.acl import OwnerAction
from scorekeeper.services import ServiceError
from scorekeeper.services.background import jobs
from scorekeeper.services.grants.grants import new_token
from scorekeeper.services.groups import aliases, unclaimed
from scorekeeper.services.groups import group as group_service
from scorekeeper.services.groups.sheets import bring_in as sheet_import
from scorekeeper.services.groups.sheets import preview as sheet_preview
from scorekeeper.services.groups.sheets import staged as sheet_staged
from scorekeeper.services.groups.sheets.columns import (
    ORDER_WORDS,
    ROLE_WORDS,
    SHAPE_WORDS,
    DateOrder,
    Role,
    Shape,
    Unit,
)
from scorekeeper.services.groups.sheets.files import (
    Workbook,
    read_files,
)
from scorekeeper.services.groups.sheets.layout import column, split
from scorekeeper.services.once import Once
from scorekeeper.services.writes import abandon
from scorekeeper.views.access import grant_label, load_group, permission
from scorekeeper.views.json_errors import status_of
from scorekeeper.views.pages.groups.jobs import KIND_WORDS, follow, job_refused

bp = Blueprint("group_sheets", __name__)


def _page(group: Any, template: str, status: int = 200, **extra: Any) -> tuple[str, int]:
    body = render_template(template, group=group, role_words=ROLE_WORDS,
                           shape_words=SHAPE_WORDS, order_words=ORDER_WORDS, roles=list(Role),
                           shapes=list(Shape), units=list(Unit), orders=list(DateOrder),
                           members=group_service.members(group),
                           kinds_said=sheet_preview.kinds_said, **extra)
    return body, status


def _start(group: Any, status: int = 200, errors: dict[str, str] | None = None
           ) -> tuple[str, int]:
    return _page(group, "groups/sheet_upload.html", status, errors=errors or {},
                 imports=sheet_import.imports_of(group.id), running=jobs.running(group.id),
                 kind_words=KIND_WORDS, submission=new_token(),
                 remembered=aliases.aliases_of(group.id), forgotten=aliases.forgotten(group.id))


@bp.get("/g/<int:group_id>/sheet")
@permission(OwnerAction.RUN)
def start(group_id: int) -> tuple[str, int]:
    """Choose a spreadsheet; the imports made so far, each with its undo."""
    return _start(load_group(group_id).row)


@bp.post("/g/<int:group_id>/sheet")
@permission(OwnerAction.RUN)
def upload(group_id: int) -> tuple[str, int]:
    """The file, read once: what each column seems to be, for correcting."""
    group = load_group(group_id).row
    uploads = [f for f in request.files.getlist("file") if f.filename]
    if not uploads:
        return _start(group, 400, {"file": "Choose the spreadsheet: a .csv, .tsv or .xlsx "
                                           "file (Google Sheets: File → Download → CSV)"})
    try:
        book = read_files([(f.read(MAX_SHEET_BYTES + 1), f.filename or "") for f in uploads])
        shown = sheet_preview.previewed(group, book, sheet_preview.Asked())
    except ServiceError as error:
        return _start(group, 400, {"file": error.message})
    return _steps(group, shown, sheet_staged.stage(group.id, book), "map")


#: The sheet's nights the preview shows a page (the others are carried as
#: what was chosen for them: left out, or brought in again).
PREVIEW_NIGHTS_PAGE = 100
#: The fields the steps show a refusal beside; any other is said beside the button.
PLACED = frozenset({"columns", "stake_cents", "dates", "exclude", "new_members", "version"})


def _steps(group: Any, shown: sheet_preview.Preview, staged: int, step: str,
           status: int = 200, refusal: ServiceError | None = None,
           form: Any = None) -> tuple[str, int]:
    """The columns step (``map``) or the nights (``preview``), with a refusal
    beside the field it is about."""
    errors = {}
    if refusal is not None:
        field = refusal.field if refusal.field in PLACED else (
            "columns" if step == "map" else "confirm")
        errors[field] = refusal.message
    number, first, ordered = _night_page(shown, request.form if form is None else form)
    flagged = max(0, min(len(shown.flagged) - first, PREVIEW_NIGHTS_PAGE))
    return _page(group, "groups/sheet_preview.html", status, shown=shown, staged=staged,
                 step=step, errors=errors, submission=new_token(), samples=_samples(shown),
                 per_page=PREVIEW_NIGHTS_PAGE, night_page=number,
                 nights_page=(first, ordered[first:first + PREVIEW_NIGHTS_PAGE][:flagged],
                              ordered[first:first + PREVIEW_NIGHTS_PAGE][flagged:],
                              ordered[:first] + ordered[first + PREVIEW_NIGHTS_PAGE:]))


def _night_page(shown: sheet_preview.Preview, form: Any) -> tuple[int, int, list[Any]]:
    """The page of nights asked for (past the last: the last), the index of
    its first night, and every night in order (the flagged first)."""
    flagged = set(map(id, shown.flagged))
    ordered = list(shown.flagged) + [n for n in shown.nights if id(n) not in flagged]
    pages = max(1, -(-len(ordered) // PREVIEW_NIGHTS_PAGE))
    number = min(whole_number(form.get("night_page", "1")) or 1, pages)
    return number, (number - 1) * PREVIEW_NIGHTS_PAGE, ordered


def _samples(shown: sheet_preview.Preview) -> list[str]:
    """A few of each column's values, to recognise it by."""
    _, _, rows = split(shown.book.tabs[shown.shown_tab])
    said = []
    for index in range(len(shown.layout.header)):
        cells = column(rows, index)[:3]
        said.append(", ".join(str(c) for c in cells))
    return said


def _asked(form: Any, book: Workbook) -> dict[str, Any]:
    """The choices the form sends, as the API's body says them."""
    data: dict[str, Any] = {}
    if form.get("tab") == "all" and len(book.tabs) > 1:
        data["tab"] = "all"
    else:
        tab = whole_number(form.get("tab", "0"), 0, MAX_SHEET_TABS - 1)
        data["tab"] = tab if tab is not None and tab < len(book.tabs) else 0
    if form.get("shown_tab", "0") == str(data["tab"]) and data["tab"] != "all":
        data.update({k: form.get(k) or None for k in ("shape", "unit", "dates")})
        if form.getlist("col"):
            data["columns"] = form.getlist("col")
    stake = form.get("stake_cents", "").strip()
    if stake:
        cents = whole_number(stake, 0)
        if cents is None:
            raise ServiceError("The stake is a whole number of cents a point (25 for a "
                               "quarter)", "stake_cents")
        data["stake_cents"] = cents
    sheet, chosen = form.getlist("name_sheet"), form.getlist("name_as")
    data["names"] = {s: (c or None) for s, c in zip(sheet, chosen, strict=False)}
    # the nights left out as ticked; a night shown as already in and not
    # ticked is brought in again, as asked (one not shown so, as after a
    # name is corrected, stays left out)
    data["exclude"] = form.getlist("exclude")
    data["bring_again"] = [k for k in form.getlist("already_shown")
                           if k not in data["exclude"]]
    if form.get("zeros") in sheet_preview.ZEROS:
        data["zeros"] = form.get("zeros")
    sheets = form.getlist("zeros_sheet")[:MAX_SHEET_TABS]
    if sheets and data["tab"] == "all":  # each sheet of the workbook its own
        data["zeros"] = {name: form.get(f"zeros_{at}") for at, name in enumerate(sheets)
                         if form.get(f"zeros_{at}") in sheet_preview.ZEROS}
    return data


def _staged(group: Any, form: Any = None) -> tuple[Workbook, int]:
    """The sheet the page names, as kept (refused: the file is to be chosen again)."""
    staged = whole_number((request.form if form is None else form).get("staged", "")) or 0
    return sheet_staged.staged(group.id, staged), staged


@bp.post("/g/<int:group_id>/sheet/preview")
@permission(OwnerAction.RUN)
def preview(group_id: int) -> Response | tuple[str, int]:
    """Every night of the sheet as it would be brought in, with its checks;
    a big sheet's worked out as a job the first time it is asked so."""
    return _preview(load_group(group_id).row, request.form)


@bp.get("/g/<int:group_id>/sheet/preview")
@permission(OwnerAction.RUN)
def previewed(group_id: int) -> Response | tuple[str, int]:
    """A big sheet's nights, once the job the form asked (``?job=``) read them."""
    group = load_group(group_id).row
    try:
        found = jobs.job_of(group.id, whole_number(request.args.get("job", "")))
    except ServiceError as error:
        return _start(group, status_of(error), {"file": error.message})
    return _preview(group, MultiDict([(k, v) for k, v in found.asked or []]), found)


def _preview(group: Any, form: Any, done: Any = None) -> Response | tuple[str, int]:
    """The nights the form asks for; a big sheet's from what its job kept, or
    (a POST) the job that reads them, or (``done``: the job that read them,
    its nights since replaced or the group changed) its page, to ask again."""
    try:
        book, staged = _staged(group, form)
    except ServiceError as error:
        return _start(group, 400, {"file": error.message})
    try:
        choices = sheet_preview.asked(_asked(form, book))
        shown = sheet_staged.kept_preview(group, staged, book, choices) \
            if book.rows > JOB_ROWS else sheet_preview.preview(group, book, choices)
        if shown is None and done is not None:  # read, then replaced: asked again by POST
            return render_template("groups/job.html", group=group, job=done, stale=True,
                                   kind_words=KIND_WORDS, poll_ms=0), 409
        if shown is None:  # a big sheet not yet read so: its job
            job, _ = jobs.start(group.id, "sheet_preview", sheet_staged.preview_job,
                                (group.id, staged, choices), job_refused,
                                asked=_resent(form),
                                stage="Reading the sheet's nights")
            return follow(job)
    except ServiceError as error:
        shown = sheet_preview.previewed(group, book, sheet_preview.Asked())
        return _steps(group, shown, staged, "map", 400, error, form)
    return _steps(group, shown, staged, "preview", form=form)


@bp.post("/g/<int:group_id>/sheet/confirm")
@permission(OwnerAction.RUN)
def confirm(group_id: int) -> Response | tuple[str, int]:
    """Bring the previewed nights in: one change of the group, made on the
    version the preview was read at."""
    checked = load_group(group_id)
    group = checked.row
    try:
        book, staged = _staged(group)
    except ServiceError as error:
        return _start(group, 400, {"file": error.message})
    token = request.form.get("submission", "")[:64]
    once = Once(f"form:sheet:{token}") if token else None
    seen = whole_number(request.form.get("version", ""), 0)
    joining = request.form.getlist("joining") if request.form.get("all_new_members") \
        else request.form.getlist("new_members")
    try:
        choices = sheet_preview.asked(_asked(request.form, book))
        if book.rows > JOB_ROWS and (seen == group.version or jobs.made(group.id, once)):
            job, _ = jobs.start(group.id, "sheet_import", sheet_import.confirm_job, (  # long
                group.id, staged, choices, seen, joining, grant_label(checked) or "Scorekeeper",
                once), job_refused, once=once, asked=_resent(), stage="Checking the sheet's nights",
                mend=unclaimed.forget_job)
            return follow(job)
        record = sheet_import.confirm(group.id, book, choices, seen, joining,
                                      grant_label(checked) or "Scorekeeper", once)
    except ServiceError as error:
        abandon()
        group = load_group(group_id).row
        try:
            shown = sheet_preview.previewed(group, book, sheet_preview.asked(
                _asked(request.form, book)))
        except ServiceError:
            shown = sheet_preview.previewed(group, book, sheet_preview.Asked())
        return _steps(group, shown, staged, "preview", status_of(error), error)
    flash(f"{record.summary}. It can be taken back below.")
    return redirect(url_for("group_sheets.start", group_id=group_id, _anchor="imports"))


def _resent(form: Any = None) -> list[list[str]]:
    """The form as sent, but its one-time fields: what a refused job's page
    sends again to show the nights once more, and what a preview's job shows."""
    return [[k, v] for k, v in (request.form if form is None else form).items(multi=True)
            if k not in ("csrf_token", "submission")]


@bp.post("/g/<int:group_id>/sheet/undo")
@permission(OwnerAction.RUN)
def undo(group_id: int) -> Response | tuple[str, int]:
    """Take an import back whole."""
    checked = load_group(group_id)
    group = checked.row
    import_id = whole_number(request.form.get("import", ""))
    seen = whole_number(request.form.get("version", ""), 0)
    label = grant_label(checked) or "Scorekeeper"
    token = request.form.get("submission", "")[:64]
    once = Once(f"form:sheet-undo:{token}") if token else None
    try:
        if sheet_import.nights_of(group.id, import_id) > JOB_NIGHTS \
                and (seen == group.version or jobs.made(group.id, once)):
            job, _ = jobs.start(group.id, "sheet_undo", sheet_import.undo_job, (
                group.id, import_id, seen, label, once), job_refused, once=once)
            return follow(job)
        record = sheet_import.undo(group.id, import_id, seen, label, once)
    except ServiceError as error:
        abandon()
        return _start(load_group(group_id).row, status_of(error), {"undo": error.message})
    flash(f"Taken back: {record.summary}.")
    return redirect(url_for("group_sheets.start", group_id=group_id, _anchor="imports"))


@bp.post("/g/<int:group_id>/aliases/<int:alias_id>/forget")
@permission(OwnerAction.RUN)
def forget_alias(group_id: int, alias_id: int) -> Response | tuple[str, int]:
    """Forget a remembered spelling: the next sheet asks who it is."""
    checked = load_group(group_id)
    try:
        gone = aliases.forget(checked.row.id, alias_id, grant_label(checked) or "Scorekeeper",
                              seen=whole_number(request.form.get("version", ""), 0),
                              why=request.form.get("reason"))
    except ServiceError as error:
        abandon()
        return _start(load_group(group_id).row, status_of(error), {"alias": error.message})
    flash(f"Forgotten: {gone.alias} is {gone.member}. The next sheet that spells it so "
          "asks who it is.")
    if request.form.get("back") == "player":  # forgotten on the member's own page
        return redirect(url_for("groups.player", group_id=group_id, name=gone.member))
    return redirect(url_for("group_sheets.start", group_id=group_id, _anchor="aliases"))
