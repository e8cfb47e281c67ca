"""Long work a group asks for, done off the request that asked: bringing
in a big sheet, taking one back.  The request makes a :class:`~scorekeeper.db.models.Job`
and answers at once with it (the page shows its progress bar; the API
answers 202 with its address); the work runs in a thread of the server
(one at a time), which hands it to the import process
(:mod:`scorekeeper.services.background.elsewhere`) so the threads answering the phones
never wait for it under one GIL.  What the work reports
(:mod:`scorekeeper.services.background.progress`) is written to the job at most every
:data:`~scorekeeper.limits.PROGRESS_SECONDS`, except while the work holds
the database's write lock; once done, the job keeps the answer the request
would have had (its status and body), so any server process can give it.

A job is made once per request carried out once (``once``: a page's
one-time token, an API client's Idempotency-Key): a double tap or a retry
finds the job the first made.  In tests, and on a database in memory, the
work runs in the request itself, before it answers, with the same result.
"""

from __future__ import annotations

import hashlib
import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from flask import Flask, current_app
from sqlalchemy.exc import IntegrityError

from scorekeeper.db.engine import end_reads, in_memory, writing
from scorekeeper.db.models import Job, db, utcnow
from scorekeeper.limits import JOB_SECONDS, MAX_ROW_ID, PROGRESS_SECONDS
from scorekeeper.moments import iso
from scorekeeper.services import NotFound, ServiceError, writes
from scorekeeper.services.background import elsewhere, progress
from scorekeeper.services.once import Once

log = logging.getLogger(__name__)
#: A refusal as the request would have answered it: (status, body).
Refused = Callable[[ServiceError], tuple[int, dict[str, Any]]]
WAITING, WORKING, DONE, REFUSED = "waiting", "working", "done", "refused"
#: Every kind of job there is: a big sheet read for its preview, brought in or
#: taken back, a big group's file written (a group's), and a session's ticket
#: photos read (an event's).
KINDS = ("sheet_preview", "sheet_import", "sheet_undo", "group_export", "ticket_photos")
_RUNNER = ThreadPoolExecutor(1, thread_name_prefix="job")


def background(app: Flask) -> bool:
    """Whether ``app``'s jobs run after the request answers (a server on a
    database file: yes unless its ``JOBS_IN_BACKGROUND`` setting says no;
    in tests only when it says so)."""
    said = app.config.get("JOBS_IN_BACKGROUND")
    wanted = not app.testing if said is None else bool(said)
    return wanted and not in_memory(str(app.config["SQLALCHEMY_DATABASE_URI"]))


def _digest(once: Once | None) -> str | None:
    if once is None:
        return None
    return hashlib.sha256(f"{once.token}\n{once.fingerprint or ''}".encode()).hexdigest()


def start(group_id: int | None, kind: str, work: Callable[..., dict[str, Any]],
          args: tuple[Any, ...], refused: Refused, *, once: Once | None = None,
          asked: Any = None, stage: str = "Waiting for its turn",
          mend: Callable[[str], object] | None = None,
          event_id: int | None = None,
          prepare: Callable[[Job, writes.Unit], tuple[Any, ...]] | None = None
          ) -> tuple[Job, bool]:
    """The job doing ``work(*args)`` for the group (or the event ``event_id``;
    ``kind`` names it to the pages), and whether it was made before, by
    this request carried out once (``once``).  ``work`` and its arguments must pickle (a module's
    function, plain values); its answer is a JSON object, and a refusal it
    raises is answered as ``refused`` says.  Work that commits in turns
    names how to take back what a stopped one wrote (``mend``, given its
    name: :func:`~scorekeeper.services.background.elsewhere.job`); it may
    take :data:`~scorekeeper.limits.JOB_SECONDS`.  ``prepare``: what the job
    needs written first (photos to read), in the same write as the job and
    under the request's key: given the job and the write, it answers the
    work's arguments (a twin of the request writes nothing of it)."""
    assert kind in KINDS, f"no such kind of job: {kind}"
    try:
        with writes.unit(once if prepare else None) as unit:
            found = made(group_id, once, event_id)
            if found is not None:
                unit.cancel()
                return found, True
            job = Job(group_id=group_id, event_id=event_id, kind=kind, once=_digest(once),
                      asked=asked, stage=stage, at=utcnow())
            db.session.add(job)
            db.session.flush()
            job_id = job.id
            if prepare is not None:
                args = prepare(job, unit)
        if unit.twin is not None:
            raise IntegrityError("a twin made the job", None, Exception())
    except IntegrityError:  # a twin (a double tap) made it meanwhile
        found = made(group_id, once, event_id)
        if found is None:
            raise
        return found, True
    app: Flask = current_app._get_current_object()  # type: ignore[attr-defined]
    if background(app):
        _RUNNER.submit(_run, app, job_id, work, args, refused, mend)
    else:
        _run(app, job_id, work, args, refused, mend)
    end_reads(db.session)  # what the work committed, not this request's snapshot
    return job_of(group_id, job_id, event_id), False


def made(group_id: int | None, once: Once | None, event_id: int | None = None) -> Job | None:
    """The group's (or event's) job this request carried out once made before, if any."""
    digest = _digest(once)
    if digest is None:
        return None
    job = db.session.scalar(db.select(Job).where(Job.once == digest))
    return job if job is not None and (job.group_id, job.event_id) == (group_id, event_id) \
        else None


def job_of(group_id: int | None, job_id: object, event_id: int | None = None) -> Job:
    """The group's (or event's) job ``job_id``, read afresh (refused: no such job)."""
    whose = "this event" if event_id is not None else "this group"
    if isinstance(job_id, bool) or not isinstance(job_id, int) or not 0 < job_id <= MAX_ROW_ID:
        raise NotFound(f"No such job of {whose}")
    job = db.session.get(Job, job_id, populate_existing=True)
    if job is None or (job.group_id, job.event_id) != (group_id, event_id):
        raise NotFound(f"No such job of {whose}")
    return job


def running(group_id: int) -> list[Job]:
    """The group's jobs waiting or under way, oldest first."""
    return list(db.session.scalars(db.select(Job).where(
        Job.group_id == group_id, Job.state.in_((WAITING, WORKING))).order_by(Job.id)))


def _run(app: Flask, job_id: int, work: Callable[..., dict[str, Any]], args: tuple[Any, ...],
         refused: Refused, mend: Callable[[str], object] | None) -> None:
    """The work, in its own app context (its own session), and its answer kept."""
    with app.app_context():
        _write(job_id, state=WORKING)
        try:
            answer = elsewhere.run(_working, job_id, work, args, mend=mend, seconds=JOB_SECONDS)
        except ServiceError as error:
            status, body = refused(error)
            _finish(job_id, REFUSED, status, body)
        except elsewhere.Unavailable as error:
            _finish(job_id, REFUSED, 503, {"error": error.message, "code": "unavailable"})
        except Exception:  # noqa: BLE001 (the job says it failed; the log says why)
            log.exception("A job failed (%s)", job_id)
            _finish(job_id, REFUSED, 500, {
                "error": "The server failed at this work, and nothing of it was kept; "
                         "try again, and if it fails again tell whoever runs the server",
                "code": "server_error"})
        else:
            _finish(job_id, DONE, 200, answer)
        finally:
            db.session.remove()


def _working(job_id: int, work: Callable[..., dict[str, Any]], args: tuple[Any, ...]
             ) -> dict[str, Any]:
    """``work(*args)`` where it is done, its reports written to the job."""
    with progress.heard_by(_Sink(job_id)):
        return work(*args)


class _Sink:
    """A job's progress, written through a connection of its own (never the
    work's transaction), at most every :data:`PROGRESS_SECONDS`, never while
    the work holds the write lock (the job's row would wait for it)."""

    def __init__(self, job_id: int) -> None:
        self.job_id = job_id
        self.last = 0.0
        self.lock = threading.Lock()

    def __call__(self, done: int, total: int, stage: str) -> None:
        now = time.monotonic()
        if (now - self.last < PROGRESS_SECONDS and done < total) or writing(db.session):
            return
        self.last = now
        _write(self.job_id, done=done, total=total, stage=stage[:80])


def _write(job_id: int, **values: Any) -> None:
    with db.engine.begin() as connection:
        connection.execute(db.update(Job).where(Job.id == job_id).values(**values))


def _finish(job_id: int, state: str, status: int, answer: dict[str, Any]) -> None:
    _write(job_id, state=state, status=status, answer=answer, finished_at=utcnow(),
           stage="Done" if state == DONE else "Refused")


def json_of(job: Job) -> dict[str, Any]:
    """A job as the API answers it (``answer`` once it is done)."""
    return {"job": job.id, "kind": job.kind, "state": job.state, "stage": job.stage,
            "done": job.done, "total": job.total, "status": job.status,
            "answer": job.answer, "at": iso(job.at), "finished_at": iso(job.finished_at)}
