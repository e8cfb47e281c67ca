"""Work that would hold the process answering the phones: an import's file,
checked (every hand replayed) and written, up to a second of CPU.  It is done
in a process of its own (:func:`run`), so the threads answering polls and
saves never wait for it under one GIL; they wait only for the database's
write lock while it commits, as they would for a save.

The import process is started the first time one is needed (a spawned
interpreter with the app built from this one's settings; about a second,
once) and kept.  At most :data:`~scorekeeper.limits.IMPORTS_AT_ONCE` are
waiting or under way at once in a server process (one more: 503, try
again); one taking longer than :data:`~scorekeeper.limits.IMPORT_SECONDS`
is stopped (its process killed: what it hadn't committed is not kept).
What it cost is counted for the thread that asked (:func:`spent`), so the
imports' throttle charges it.

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
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
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
    """This process's import process, started for one app's settings."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.executor: ProcessPoolExecutor | None = None
        self.settings: dict[str, Any] = {}
        self.busy = 0
        self.spent = threading.local()

    def get(self, settings: dict[str, Any]) -> ProcessPoolExecutor:
        """The process for ``settings``, started (again) if need be."""
        with self.lock:
            if self.executor is not None and self.settings != settings:
                self.stop()
            if self.executor is None:
                self.executor = ProcessPoolExecutor(
                    1, multiprocessing.get_context("spawn"), _start, (settings,))
                self.settings = settings
            return self.executor

    def stop(self, kill: bool = False) -> None:
        """Let the process go (``kill``: now, whatever it is doing)."""
        executor, self.executor = self.executor, None
        if executor is None:
            return
        if kill:
            for process in list(getattr(executor, "_processes", {}).values()):
                process.kill()
        executor.shutdown(wait=False, cancel_futures=True)


_POOL = _Pool()
#: The app the import process built (None in a server process).
_APP: Flask | None = None


def _start(settings: dict[str, Any]) -> None:
    """The import process's start: the app, from the server's settings, by
    the factory the server itself is started with."""
    global _APP
    module, name = TARGET.split(":")
    _APP = getattr(importlib.import_module(module), name)(settings)


def _job(work: Callable[..., T], args: tuple[Any, ...]) -> tuple[bool, Any, float]:
    """``work(*args)`` in the import process: (whether it answered, its answer
    or its refusal, the CPU seconds it took)."""
    assert _APP is not None, "the import process has no app"
    began = time.process_time()
    try:
        with _APP.app_context():
            answer = work(*args)
    except Exception as error:  # handed to the server, which raises it as if here
        return False, error, time.process_time() - began
    return True, answer, time.process_time() - began


def wanted(app: Flask) -> bool:
    """Whether ``app``'s imports are done in a process of their own."""
    said = app.config.get("IMPORTS_ELSEWHERE")
    return bool(not app.testing if said is None else said) and \
        not in_memory(str(app.config["SQLALCHEMY_DATABASE_URI"]))


def _settings(app: Flask) -> dict[str, Any]:
    """The app's settings that can be sent to another process (all of its own;
    a class or a function Flask keeps is rebuilt there by the app itself)."""
    sent = {}
    for name, value in app.config.items():
        try:
            pickle.dumps(value)
        except Exception:  # noqa: BLE001 (anything that won't pickle stays here)
            continue
        sent[name] = value
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


def run(work: Callable[..., T], *args: Any) -> T:
    """``work(*args)``, in the import process when the app wants it
    (:func:`wanted`), else here; its refusal is raised here either way.
    ``work`` and its arguments and answer must pickle (a module's function,
    plain values: ids, never rows).  This request's reads end first, so what
    the work commits is what it reads next."""
    app: Flask = current_app._get_current_object()  # type: ignore[attr-defined]
    end_reads(db.session)
    with _turn():
        if not wanted(app):
            return work(*args)
        executor = _POOL.get(_settings(app))
        try:
            done, answer, seconds = executor.submit(_job, work, args).result(IMPORT_SECONDS)
        except TookTooLong:
            with _POOL.lock:
                _POOL.stop(kill=True)
            log.warning("An import took over %g s and was stopped", IMPORT_SECONDS)
            raise Unavailable("The file took too long to bring in and was stopped; "
                              "nothing of it was kept") from None
        except BrokenProcessPool:
            with _POOL.lock:
                _POOL.stop()
            log.warning("The import process stopped; it starts again with the next import")
            raise Unavailable("The server's import process stopped; send the file again "
                              "in a moment") from None
    _POOL.spent.seconds = spent() + seconds
    if not done:
        raise answer
    return answer  # type: ignore[no-any-return]
