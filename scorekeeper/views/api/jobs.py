"""JSON API v1, a group's (or an event's) long work as a job (docs/api.md, "Jobs"): a write
big enough (or asked with ``Prefer: respond-async``) answers ``202`` at
once with the job and its address (``Location``); ``GET`` that address
until its ``state`` is ``done`` or ``refused``, when ``status`` and
``answer`` are what the write would have answered (a done import's answer
as the import's own).  A retry of the write under its Idempotency-Key
answers the same job.  The group's edit token only (an event's jobs: its
director's, :mod:`.events.photos`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from flask import Response, g, jsonify, request, url_for

from scorekeeper.limits import JOB_POLL_MS
from scorekeeper.policy.acl import OwnerAction
from scorekeeper.services import ServiceError
from scorekeeper.services.background import jobs
from scorekeeper.views.access import api_group, permission
from scorekeeper.views.api import bp, field_of
from scorekeeper.views.json_errors import status_of

if TYPE_CHECKING:
    from scorekeeper.db.models import Job

#: A done job's answer as the write would have given it, by the job's kind
#: (each kind's routes say theirs); a kind not named answers as kept.
ANSWERS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {}


def refused(error: ServiceError) -> tuple[int, dict[str, Any]]:
    """A refusal as the API answers it (:func:`jobs.start`'s ``refused``)."""
    body: dict[str, Any] = {"error": error.message, "code": str(error.code)}
    field = field_of(error)
    if field:
        body["field"] = field
    return status_of(error, api=True), body


def asks_for_a_job() -> bool:
    """Whether the client asked for the answer to come as a job."""
    return "respond-async" in request.headers.get("Prefer", "").replace(" ", "").split(",")


def job_url(job: Job) -> str:
    """Where the job is followed: its group's jobs, or its event's."""
    if job.event_id is not None:
        return url_for("api.event_job", event_id=job.event_id, job_id=job.id)
    return url_for("api.group_job", group_id=job.group_id, job_id=job.id)


def job_json(job: Job) -> dict[str, Any]:
    """The job, its address and, once done, its answer as the write's."""
    body = jobs.json_of(job)
    body["url"] = job_url(job)
    shape = ANSWERS.get(job.kind)
    if job.state == jobs.DONE and shape is not None and isinstance(job.answer, dict):
        body["answer"] = shape(job.answer)
    return body


def accepted(job: Job, replayed: bool) -> Response:
    """The write's answer when it became a job: 202, where to follow it."""
    if replayed:
        g.replayed = True
    response = jsonify(job_json(job))
    response.status_code = 202
    response.headers["Location"] = job_url(job)
    response.headers["Retry-After"] = str(max(1, JOB_POLL_MS // 1000))
    return response


@bp.get("/groups/<int:group_id>/jobs/<int:job_id>")
@permission(OwnerAction.RUN)
def group_job(group_id: int, job_id: int) -> Response:
    """How far the job is; once done, the write's status and answer."""
    group = api_group(group_id).row
    return followed(jobs.job_of(group.id, job_id))


def followed(job: Job) -> Response:
    """A job as its address answers: with ``Retry-After`` while it is under way."""
    response = jsonify(job_json(job))
    if job.state in (jobs.WAITING, jobs.WORKING):
        response.headers["Retry-After"] = str(max(1, JOB_POLL_MS // 1000))
    return response
