"""Work that would hold the process answering the phones: an import's file,
checked (every hand replayed) and written, up to a second of CPU.  It is done
in a process of its own (:func:`run`), so the threads answering polls and
saves never wait for it under one GIL; they wait only for the database's
write lock while it commits, as they would for a save.

The import process is started the first time one is needed (a spawned
interpreter with the app built from this one's settings; about a second,
once) and kept.  At most :data:`~scorekeeper.limits.IMPORTS_AT_ONCE` are
waiting or under way at once in a server process (one more: 503, try
again), and the import process works on one of them at a time.  One taking
longer than :data:`~scorekeeper.limits.IMPORT_SECONDS` is stopped: its
process killed, and what it had committed taken back by the server
(``mend``: a group's nights written in turns).  What it cost is counted
for the thread that asked (:func:`spent`), so the imports' throttle
charges it; a stopped one, the time it ran.

The app's ``IMPORTS_ELSEWHERE`` setting says whether to (by default yes,
except in tests); a database in memory can't be reached from another
process, so there the work is always done here.  Done here or there, it is
the same call: ``work(*args)`` in an app context, its answer or its refusal.
"""

from __future__ import annotations

import importlib
import logging
import multiprocessing
import pickle
import secrets
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import CancelledError, ProcessPoolExecutor
from concurrent.futures import TimeoutError as TookTooLong
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from typing import Any, TypeVar

from flask import Flask, current_app

from scorekeeper.db.engine import end_reads, in_memory
from scorekeeper.db.models import db
from scorekeeper.limits import IMPORT_SECONDS, IMPORTS_AT_ONCE
from scorekeeper.serve import TARGET

T = TypeVar("T")
log = logging.getLogger(__name__)


class Unavailable(Exception):
    """The work can't be taken now (too many at once, or its process
    stopped): answered 503 with Retry-After; nothing was written."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class _Pool:
    """This process's import process, started for one app's settings, and
    the one import it works on at a time (``running``)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.running = threading.Lock()
        self.executor: ProcessPoolExecutor | None = None
        self.settings: dict[str, Any] = {}
        self.busy = 0
        self.spent = threading.local()

    def get(self, app: Flask) -> ProcessPoolExecutor:
        """The process for ``app``'s settings, started (again) if need be."""
        settings = _settings(app)
        with self.lock:
            if self.executor is not None and self.settings != settings:
                self._stop(self.executor)
            if self.executor is None:
                self.executor = ProcessPoolExecutor(
                    1, multiprocessing.get_context("spawn"), _start, (settings,))
                self.settings = settings
            return self.executor

    def stop(self, executor: ProcessPoolExecutor, kill: bool = False) -> None:
        """Let ``executor``'s process go (``kill``: now, whatever it is doing),
        unless another has replaced it meanwhile."""
        with self.lock:
            self._stop(executor, kill)

    def _stop(self, executor: ProcessPoolExecutor, kill: bool = False) -> None:
        if self.executor is executor:
            self.executor = None
        if kill:
            for process in list(getattr(executor, "_processes", {}).values()):
                process.kill()
        executor.shutdown(wait=False, cancel_futures=True)


_POOL = _Pool()
#: The app the import process built (None in a server process).
_APP: Flask | None = None
#: The import under way in this thread (:func:`job`).
_JOB = threading.local()


def _start(settings: dict[str, Any]) -> None:
    """The import process's start: the app, from the server's settings, by
    the factory the server itself is started with.  It asks the CPU for as
    much as the server's threads: asking less (``nice``) starved it while it
    held the database's write lock, and the saves waited longer for it
    (docs/speed.md, "Strangers' imports")."""
    global _APP
    module, name = TARGET.split(":")
    _APP = getattr(importlib.import_module(module), name)(settings)


def _job(work: Callable[..., T], args: tuple[Any, ...], job: str
         ) -> tuple[bool, Any, float]:
    """``work(*args)`` in the import process: (whether it answered, its answer
    or its refusal, the CPU seconds it took)."""
    assert _APP is not None, "the import process has no app"
    began = time.process_time()
    try:
        with _APP.app_context(), _doing(job):
            answer = work(*args)
    except Exception as error:  # handed to the server, which raises it as if here
        return False, error, time.process_time() - began
    return True, answer, time.process_time() - began


@contextmanager
def _doing(job: str) -> Iterator[None]:
    _JOB.name = job
    try:
        yield
    finally:
        _JOB.name = None


def job() -> str:
    """The name of the import under way here (a new one outside one): what
    it writes before it is done says so, and the server takes that back
    if the import is stopped (``mend`` in :func:`run`)."""
    return getattr(_JOB, "name", None) or secrets.token_hex(8)


def wanted(app: Flask) -> bool:
    """Whether ``app``'s imports are done in a process of their own."""
    said = app.config.get("IMPORTS_ELSEWHERE")
    return bool(not app.testing if said is None else said) and \
        not in_memory(str(app.config["SQLALCHEMY_DATABASE_URI"]))


def _settings(app: Flask) -> dict[str, Any]:
    """The app's settings that can be sent to another process (all of its own;
    a class or a function Flask keeps is rebuilt there by the app itself).
    One that won't pickle stays here, and the log names it."""
    sent, kept = {}, []
    for name, value in app.config.items():
        try:
            pickle.dumps(value)
        except Exception:  # noqa: BLE001 (anything that won't pickle stays here)
            kept.append(name)
            continue
        sent[name] = value
    if kept and _POOL.executor is None:
        log.warning("The import process starts without the settings %s (they won't "
                    "pickle); it uses its own defaults for them", ", ".join(kept))
    return sent


@contextmanager
def _turn() -> Iterator[None]:
    """One of the :data:`IMPORTS_AT_ONCE` places, or :class:`Unavailable`."""
    with _POOL.lock:
        if _POOL.busy >= IMPORTS_AT_ONCE:
            raise Unavailable(f"The server is bringing in {IMPORTS_AT_ONCE} other files "
                              "right now; send this one again in a moment (nothing was "
                              "created)")
        _POOL.busy += 1
    try:
        yield
    finally:
        with _POOL.lock:
            _POOL.busy -= 1


def spent() -> float:
    """The CPU seconds the import process spent on this thread's work so far."""
    return float(getattr(_POOL.spent, "seconds", 0.0))


def _charge(seconds: float) -> None:
    _POOL.spent.seconds = spent() + seconds


def run(work: Callable[..., T], *args: Any, mend: Callable[[str], object] | None = None,
        seconds: float | None = None) -> T:
    """``work(*args)``, in the import process when the app wants it
    (:func:`wanted`), else here; its refusal is raised here either way.
    ``work`` and its arguments and answer must pickle (a module's function,
    plain values: ids, never rows).  This request's reads end first, so what
    the work commits is what it reads next.

    The import process works on one import at a time; its ``seconds``
    (:data:`IMPORT_SECONDS` unless told) count from when it starts this one.  One stopped
    (too slow, or its process died) is :class:`Unavailable`, charged the
    time it ran, and ``mend(job)`` takes back what it committed."""
    app: Flask = current_app._get_current_object()  # type: ignore[attr-defined]
    end_reads(db.session)
    name = secrets.token_hex(8)
    with _turn():
        if not wanted(app):
            with _doing(name):
                return work(*args)
        if not _POOL.running.acquire(timeout=IMPORT_SECONDS + 5):
            raise Unavailable("The server is bringing in another file; send this one "
                              "again in a moment (nothing was created)")
        try:
            done, answer, took = _there(app, work, args, name, mend,
                                       IMPORT_SECONDS if seconds is None else seconds)
        finally:
            _POOL.running.release()
    _charge(took)
    if not done:
        raise answer
    return answer  # type: ignore[no-any-return]


def _there(app: Flask, work: Callable[..., T], args: tuple[Any, ...], name: str,
           mend: Callable[[str], object] | None, seconds: float) -> tuple[bool, Any, float]:
    """:func:`_job` in the import process, or :class:`Unavailable` (mended)."""
    executor = _POOL.get(app)
    began = time.monotonic()
    try:
        return executor.submit(_job, work, args, name).result(seconds)
    except TookTooLong:
        _POOL.stop(executor, kill=True)
        log.warning("An import took over %g s and was stopped", seconds)
        message = "The file took too long to bring in and was stopped; nothing of it was kept"
    except (BrokenProcessPool, CancelledError):
        _POOL.stop(executor)
        log.warning("The import process stopped; it starts again with the next import")
        message = "The server's import process stopped; send the file again in a moment"
    _charge(time.monotonic() - began)
    if mend is not None:
        try:
            mend(name)
        except Exception:  # noqa: BLE001 (the stop is the answer; the log says the rest)
            log.exception("What a stopped import wrote could not be taken back")
    raise Unavailable(message)
