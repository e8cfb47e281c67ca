"""The server as ``scripts/run.sh`` starts it, set for a room of phones: an
idle viewer's 304 keeps its connection, and an upload bigger than the app
accepts is refused from its Content-Length before any of it is read."""

from __future__ import annotations

import http.client
import resource
import socket
import subprocess
import sys

import pytest

from scorekeeper import serve
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


def test_a_huge_upload_is_refused_before_it_is_sent(server: Server) -> None:
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(b"POST /api/v1/tables/import HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     b"Content-Type: application/json\r\n"
                     b"Content-Length: 209715200\r\n\r\n{")
        answer = sock.recv(4096).decode(errors="replace")
    assert answer.startswith("HTTP/1.1 413"), answer


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
