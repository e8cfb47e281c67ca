"""How far long work has come, said from inside it: a loop over a sheet's
nights calls :func:`report`, and whoever follows the work (a job,
:mod:`scorekeeper.services.background.jobs`) hears it; outside a job nobody listens
and a report costs a lookup."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

#: Who hears this thread's reports: (done, total, stage).
Sink = Callable[[int, int, str], None]
_HERE = threading.local()


def report(done: int, total: int, stage: str) -> None:
    """``done`` of ``total`` steps of ``stage`` ("Checking the nights")."""
    sink: Sink | None = getattr(_HERE, "sink", None)
    if sink is not None:
        sink(done, total, stage)


@contextmanager
def heard_by(sink: Sink) -> Iterator[None]:
    """This thread's reports go to ``sink`` while the block runs."""
    before = getattr(_HERE, "sink", None)
    _HERE.sink = sink
    try:
        yield
    finally:
        _HERE.sink = before
