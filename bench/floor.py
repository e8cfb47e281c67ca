"""Benchmark: what one request costs the server, against the floor.

The server as ``scripts/run.sh`` starts it (granian, every setting of
``scorekeeper/serve.py``) on a night of 60 hands; ``--connections`` phones
(1,000 by default: a festival's tables) each ask once a second on their
own keep-alive connection, in client processes of their own.
What they ask changes every ``--window`` seconds, in turn, ``--rounds``
times, so a machine that slows down through the run favours none:

- ``healthz``: the trivial route through Flask (``/healthz``);
- ``static``: a static file (``/static/css/app.css``) with the tag it was
  sent with, as a browser revalidates it (a 304 from Flask's static route);
- ``poll 304``: a night's live fragment with the tag of its version, as
  every phone polls while nothing changes;
- ``poll page``: the same with no tag, so the kept fragment is sent.

and, with ``--bare``, the same server settings serving a WSGI callable that
answers 304 at once to a tag (``bare``: what granian itself costs a request as
``run.sh`` sets it, with no app behind it), and the same answered through
granian's async interface (``bare rsgi``: RSGI, no threads; what a server
holding its polls would pay a request).  It prints, for each, the
median over the rounds of the server's CPU per request answered (all its
processes, from ``/proc``; the first seconds of each window, while the
window before is still being answered, are not counted), the ratio to the
trivial route, and the least share of the requests asked that was answered.

    .venv/bin/python -m bench.floor [--connections 1000] [--window 8] [--rounds 3] [--bare]
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from bench.client import Connection, cpu_seconds, free_port, start_server
from bench.night import add_night, bench_app
from bench.servers import ROOT, wait_http

#: Seconds at the start of each window not counted (what the window before
#: asked still being answered), and at its end.
SETTLE, TAIL = 2.0, 0.5
#: The processes the phones run in.
CLIENTS = 2
#: What the bare server answers.
BARE_HEADERS = [("ETag", '"bare"'), ("Cache-Control", "no-cache")]


def bare(environ: dict[str, object], start_response: object) -> Iterable[bytes]:
    """A WSGI callable that answers at once (``--bare``): 304 to a request
    with a tag, else a two-byte page."""
    if "HTTP_IF_NONE_MATCH" in environ:
        start_response("304 NOT MODIFIED", BARE_HEADERS)  # type: ignore[operator]
        return []
    start_response("200 OK", [*BARE_HEADERS, ("Content-Length", "2")])  # type: ignore[operator]
    return [b"ok"]


def bare_app(settings: object = None) -> object:
    """granian's factory for the bare server."""
    return bare


async def bare_rsgi(scope: Any, protocol: Any) -> None:
    """:func:`bare` as an RSGI app (granian's own async interface)."""
    headers = [(name.lower(), value) for name, value in BARE_HEADERS]
    if scope.headers.get("if-none-match"):
        protocol.response_empty(304, headers)
    else:
        protocol.response_bytes(200, headers, b"ok")


def bare_rsgi_app(settings: object = None) -> object:
    """granian's factory for the bare RSGI server."""
    return bare_rsgi


def _phones(port: int, count: int, plan: list[tuple[float, str, dict[str, str]]],
            window: float, answered: Any) -> None:
    """``count`` phones asking once a second, each what the window it is in
    asks; ``answered[i]`` counts the answers to window ``i``'s requests that
    came within its counted part."""
    until = plan[-1][0] + window

    async def phone(n: int) -> None:
        connection = Connection(port)
        await asyncio.sleep(n / count)
        due = time.monotonic()
        while due < until:
            i = max(0, min(len(plan) - 1, int((due - plan[0][0]) // window)))
            start, path, headers = plan[i]
            try:
                await connection.request("GET", path, headers)
            except OSError:
                connection.close()
            else:
                if start + SETTLE <= time.monotonic() < start + window - TAIL:
                    with answered.get_lock():
                        answered[i] += 1
            due += 1.0
            await asyncio.sleep(max(0.0, due - time.monotonic()))
        connection.close()

    async def main() -> None:
        await asyncio.gather(*(phone(n) for n in range(count)))
    asyncio.run(main())


def _asked(port: int, night: dict[str, str]) -> dict[str, tuple[str, dict[str, str]]]:
    """Each kind's path and headers (a tag as the server sent it)."""
    def tag(path: str) -> str:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}") as answer:
            return str(answer.headers["ETag"])
    live, css = f"/s/{night['view_token']}/live", "/static/css/app.css"
    return {"healthz": ("/healthz", {}), "static": (css, {"If-None-Match": tag(css)}),
            "poll 304": (live, {"If-None-Match": tag(live)}), "poll page": (live, {})}


def _start_bare(port: int, interface: str = "wsgi") -> subprocess.Popen[bytes]:
    """The bare callable under run.sh's granian settings (``interface``
    "rsgi": the async one, which has no threads to set)."""
    script = ("import sys; from granian import Granian; from granian.constants import Interfaces; "
              "from scorekeeper import serve; "
              "s = serve.settings('127.0.0.1', int(sys.argv[1])); "
              "s.update(target='bench.floor:bare_app'); "
              "s.update(target='bench.floor:bare_rsgi_app', interface=Interfaces.RSGI) "
              "if sys.argv[2] == 'rsgi' else None; "
              "s.pop('blocking_threads') if sys.argv[2] == 'rsgi' else None; "
              "Granian(**s).serve()")
    server = subprocess.Popen([sys.executable, "-c", script, str(port), interface], cwd=ROOT,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_http(f"http://127.0.0.1:{port}/", 30, running=server.pid)
    return server


def measure(pid: int, port: int, kinds: dict[str, tuple[str, dict[str, str]]],
            connections: int, window: float, rounds: int
            ) -> dict[str, list[tuple[float, float]]]:
    """Each kind's server CPU ms per answered request and the share of the
    requests asked that were answered, a pair a round."""
    order = list(kinds) * rounds
    began = time.monotonic() + 2.0
    plan = [(began + i * window, *kinds[kind]) for i, kind in enumerate(order)]
    answered = multiprocessing.Array("l", len(order))
    clients = [multiprocessing.Process(target=_phones, args=(port, connections // CLIENTS,
                                                              plan, window, answered))
               for _ in range(CLIENTS)]
    for client in clients:
        client.start()
    used = []
    for i in range(len(order)):
        start = began + i * window
        time.sleep(max(0.0, start + SETTLE - time.monotonic()))
        cpu, at = cpu_seconds(pid), time.monotonic()
        time.sleep(max(0.0, start + window - TAIL - time.monotonic()))
        used.append((cpu_seconds(pid) - cpu, time.monotonic() - at))
    for client in clients:
        client.join()
    found: dict[str, list[tuple[float, float]]] = {kind: [] for kind in kinds}
    asked = (connections // CLIENTS) * CLIENTS
    for kind, (cpu, spent), count in zip(order, used, answered, strict=True):
        found[kind].append((cpu / max(count, 1) * 1000, count / (spent * asked)))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--connections", type=int, default=1000,
                        help="phones (at 2,000 the trivial route and a static file use "
                             "the server's whole core and fall behind)")
    parser.add_argument("--window", type=float, default=8.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--bare", action="store_true",
                        help="also the server's settings with no app behind them")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-floor-"))
    database = f"sqlite:///{folder / 'floor.db'}"
    night = add_night(bench_app(SQLALCHEMY_DATABASE_URI=database), 60)
    print(f"{args.connections} phones asking once a second each, {args.rounds} rounds of "
          f"{args.window:g} s windows; granian as run.sh starts it; {platform.machine()}, "
          f"{os.cpu_count()} cores, Python {platform.python_version()}, "
          f"{time.strftime('%Y-%m-%d')}")
    results: dict[str, list[tuple[float, float]]] = {}
    port = free_port()
    server = start_server(database, port)
    try:
        results.update(measure(server.pid, port, _asked(port, night), args.connections,
                               args.window, args.rounds))
    finally:
        server.terminate()
        server.wait(30)
    for interface in ("wsgi", "rsgi") if args.bare else ():
        port = free_port()
        server = _start_bare(port, interface)
        try:
            kind = "bare" if interface == "wsgi" else f"bare {interface}"
            asked = {kind: ("/", {"If-None-Match": '"bare"'})}
            results.update(measure(server.pid, port, asked, args.connections, args.window,
                                   args.rounds))
        finally:
            server.terminate()
            server.wait(30)
    trivial = statistics.median(cpu for cpu, _ in results["healthz"])
    print(f"{'request':<10} {'CPU ms a request (median)':>26} {'× trivial':>10} "
          f"{'answered':>9}  each round")
    for kind, values in results.items():
        middle = statistics.median(cpu for cpu, _ in values)
        kept = min(share for _, share in values)
        print(f"{kind:<10} {middle:>26.4f} {middle / trivial:>9.2f}× {kept:>8.0%}  "
              + " ".join(f"{cpu:.4f}" for cpu, _ in values))


if __name__ == "__main__":
    main()
