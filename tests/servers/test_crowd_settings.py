"""The server as ``scripts/run.sh`` starts it, set for a hall of phones: an
idle viewer's 304 keeps its connection, an idle scorekeeper's connection
is kept a minute, an upload bigger than the app accepts is refused from
its Content-Length before any of it is read, and SIGTERM answers what is
in flight before the server stops."""

from __future__ import annotations

import http.client
import resource
import socket
import subprocess
import sys
import threading
import time

import pytest

from scorekeeper import hall, serve
from tests.servers.harness import Server, call

pytestmark = pytest.mark.slow


@pytest.fixture()
def server(tmp_path) -> Server:  # type: ignore[no-untyped-def]
    started = Server(f"sqlite:///{tmp_path / 'crowd.db'}")
    started.wait_ready()
    yield started  # type: ignore[misc]
    started.stop()


def test_a_viewer_polls_on_one_connection(server: Server) -> None:
    status, made = call(server.base, "POST", "/api/v1/tables", {
        "name": "Watched", "players": ["Ann", "Bob", "Cat", "Dan", "Eve"],
        "preset": "called-ace"})
    assert status == 201
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    connection.request("GET", f"/s/{made['view_token']}/live")
    first = connection.getresponse()
    first.read()
    etag = first.getheader("ETag")
    assert first.status == 200 and etag
    sock = connection.sock
    for _ in range(5):
        connection.request("GET", f"/s/{made['view_token']}/live",
                           headers={"If-None-Match": etag})
        again = connection.getresponse()
        again.read()
        assert again.status == 304
        assert (again.getheader("Connection") or "").lower() != "close"
    assert connection.sock is sock  # the same TCP connection all along
    connection.close()


@pytest.mark.parametrize("path", ["/api/v1/tables/import", "/api/v1/tables", "/healthz",
                                  "/tables/1/hands"])
def test_a_huge_upload_is_refused_before_it_is_sent(server: Server, path: str) -> None:
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n".encode()
                     + b"Content-Type: application/json\r\n"
                     b"Content-Length: 209715200\r\n\r\n{")
        answer = sock.recv(4096).decode(errors="replace")
    assert answer.startswith("HTTP/1.1 413"), answer


def test_an_idle_connection_is_kept_a_minute() -> None:
    """A scorekeeper saves every minute or two on the connection it opened:
    the server keeps an idle connection as long as it can (a minute)."""
    assert serve.KEEP_IDLE_MS == 60_000  # what run.sh's server is started with
    assert serve.settings("127.0.0.1", 5000)["http1_settings"].header_read_timeout == 60_000


def test_an_idle_connection_is_kept_as_long_as_the_server_is_set_to(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The server keeps an idle connection for its KEEP_IDLE_MS, and no longer:
    watched here at 3 s, so the minute above is the server's own doing, seen
    without waiting a minute."""
    server = Server(f"sqlite:///{tmp_path / 'idle.db'}", KEEP_IDLE_MS="3000")
    try:
        server.wait_ready()
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        connection.request("GET", "/healthz")
        connection.getresponse().read()
        sock = connection.sock
        time.sleep(2)
        connection.request("GET", "/healthz")
        again = connection.getresponse()
        again.read()  # the whole answer: nothing of it is left on the socket
        assert again.status == 200
        assert connection.sock is sock  # kept while it waited less than its 3 s
        time.sleep(4.5)
        assert sock.recv(1) == b""  # closed by the server once idle past its 3 s
        connection.close()
    finally:
        server.stop()


def test_sigterm_answers_the_request_in_flight_then_stops(server: Server) -> None:
    """A rolling restart: the save in flight when SIGTERM comes is answered."""
    status, made = call(server.base, "POST", "/api/v1/tables", {
        "name": "Draining", "players": ["Ann", "Bob", "Cat", "Dan", "Eve"],
        "preset": "called-ace"})
    assert status == 201
    answers: list[int] = []
    hand = {"picker": "Ann", "partners": ["Bob"], "points": 70}
    auth = {"Authorization": f"Bearer {made['edit_token']}"}

    def save(n: int) -> None:
        answers.append(call(server.base, "POST", f"/api/v1/tables/{made['id']}/hands",
                            hand, {**auth, "Idempotency-Key": f"drain-{n}"})[0])
    savers = [threading.Thread(target=save, args=(n,)) for n in range(6)]
    for saver in savers:
        saver.start()
    time.sleep(0.01)
    server.process.terminate()
    for saver in savers:
        saver.join(30)
    assert server.process.wait(40) == 0
    # every save that reached the server was answered, none cut (a refused
    # connection raises in its thread and leaves no answer)
    assert answers and all(status == 201 for status in answers), answers


def test_the_server_lifts_its_open_file_limit_for_every_connection_it_accepts() -> None:
    """Debian starts a process at 1,024 open files: the server raises its soft
    limit to cover its connection limit (as far as the hard limit allows)."""
    script = ("import resource; from scorekeeper import serve; "
              "soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE); "
              "resource.setrlimit(resource.RLIMIT_NOFILE, (1024, hard)); "
              "got = serve.allow_open_files(serve.CONNECTION_LIMIT + serve.SPARE_FILES); "
              "print(got, resource.getrlimit(resource.RLIMIT_NOFILE)[0], hard)")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True, timeout=60)
    got, now, hard = (int(v) for v in done.stdout.split())
    assert got == now
    wanted = serve.CONNECTION_LIMIT + serve.SPARE_FILES
    assert now == (wanted if hard == resource.RLIM_INFINITY else min(wanted, hard))
    assert now > 2000 or hard <= 2000


def test_every_connection_the_server_is_sized_for_is_answered() -> None:
    """granian takes on at most its "backpressure" of requests at once and
    counts it per open connection: a phone's kept-alive connection past it
    is never answered.  It is every connection the server is sized for (at
    the backlog's 4,096, 904 of a hall's 5,000 phones waited forever)."""
    settings = serve.settings("127.0.0.1", 5000)
    assert settings["backpressure"] == serve.CONNECTION_LIMIT
    assert settings["backlog"] <= settings["backpressure"]


def test_the_worker_sets_what_it_built_at_start_up_aside_from_the_collector(
        tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The worker's app (granian's factory) is built, then everything made
    so far is frozen out of the collector, which runs less often: a full
    collection over a festival's kept pages held the GIL for the crowd."""
    assert serve.TARGET == "scorekeeper.hall:hall_app"
    script = ("import gc; from scorekeeper import hall; app = hall.hall_app(); "
              "print(app.name, gc.get_freeze_count() > 10_000, gc.get_threshold())")
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=60,
        env={"PATH": "/usr/bin:/bin", "SECRET_KEY": "test",
             "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'gc.db'}"})
    name, frozen, thresholds = done.stdout.strip().split(maxsplit=2)
    assert (name, frozen, thresholds) == ("scorekeeper", "True", str(hall.GC_THRESHOLDS))
