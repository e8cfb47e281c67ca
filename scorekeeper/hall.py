"""The app as a long-lived server process builds it: ``scripts/run.sh``'s
worker (granian's factory, :data:`scorekeeper.serve.TARGET`) and the import
process beside it (:mod:`scorekeeper.services.background.elsewhere`).

A festival's kept nights, pages and version boards are hundreds of thousands
of objects that live as long as the process.  Python's collector walked all
of them at every full collection, holding the GIL while a thousand polls
waited: that was the festival's tail (poll p95 49–61 ms before, 5–6 ms after,
docs/speed.md).  So what the process built at start-up is set aside
(``gc.freeze``), and the young generation is collected every
:data:`GC_THRESHOLDS` allocations rather than every 700: a request makes and
drops a few hundred objects, and almost none of them outlive it.
"""

from __future__ import annotations

import gc
from typing import Any

from flask import Flask

from scorekeeper import create_app

#: The collector's thresholds in the worker: allocations before the young
#: generation is collected, then collections of each before the next one.
GC_THRESHOLDS = (50_000, 20, 100)


def hall_app(settings: dict[str, Any] | None = None) -> Flask:
    """The app as the worker serves it (granian's factory; the import
    process builds its own with the server's ``settings``): built, then
    everything built so far set aside from the collector, which then
    collects less often (:data:`GC_THRESHOLDS`)."""
    app: Flask = create_app(settings)
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    return app
