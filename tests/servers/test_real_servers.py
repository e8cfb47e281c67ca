"""Several phones on real servers: eight writers at once on one server and on two
processes as scripts/run.sh starts them sharing one SQLite file, and on PostgreSQL; processes
starting together on a new database; a server killed mid-save.  Every
answer is a 2xx, nothing is lost or recorded twice, every acknowledged hand
survives."""

from __future__ import annotations

import http.client
import itertools
import threading
import time
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from scorekeeper.limits import API_HANDS
from tests.servers.harness import (
    PG_BIN,
    Server,
    call,
    every_hand,
    new_table,
    postgres_cluster,
    servers,
)

pytestmark = pytest.mark.slow

PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve"]
WRITERS, HANDS_EACH = 8, 6


def body(writer: int, n: int) -> dict[str, Any]:
    """A valid called-ace hand (five players: everyone sits in every hand)."""
    picker, partner = PLAYERS[writer % 5], PLAYERS[(writer + 1 + n) % 5]
    if partner == picker:
        partner = PLAYERS[(writer + 2) % 5]
    return {"picker": picker, "partners": [partner], "points": (31 * writer + 7 * n) % 121}


def write_at_once(bases: list[str], table_id: int, auth: dict[str, str]
                  ) -> list[tuple[str, int, Any]]:
    """WRITERS threads, each recording HANDS_EACH hands (with their own retry key)
    round-robin over the servers, all released at the same moment."""
    answers: list[tuple[str, int, Any]] = []
    start = threading.Barrier(WRITERS)

    def writer(i: int) -> None:
        start.wait()
        for n in range(HANDS_EACH):
            key = f"w{i}-h{n}"
            status, answer = call(bases[(i + n) % len(bases)], "POST",
                                  f"/api/v1/tables/{table_id}/hands", body(i, n),
                                  {**auth, "Idempotency-Key": key})
            answers.append((key, status, answer))

    threads = [threading.Thread(target=writer, args=(i,)) for i in range(WRITERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    return answers


def check_night(base: str, table_id: int, auth: dict[str, str], expected: int) -> None:
    hands = every_hand(base, table_id, auth)
    assert len(hands) == expected
    assert len({h["id"] for h in hands}) == expected
    assert [h["number"] for h in hands] == list(range(1, expected + 1))
    assert all(sum(h["payouts"].values()) == 0 for h in hands)
    status, standings = call(base, "GET", f"/api/v1/tables/{table_id}/standings", headers=auth)
    assert status == 200 and standings["hands"] == expected
    assert sum(standings["balances"].values()) == 0


def eight_writers(bases: list[str]) -> None:
    table_id, auth = new_table(bases[0], PLAYERS)
    answers = write_at_once(bases, table_id, auth)
    assert sorted({status for _, status, _ in answers}) == [201], \
        [a for a in answers if a[1] != 201][:3]
    assert len({answer["id"] for _, _, answer in answers}) == WRITERS * HANDS_EACH
    check_night(bases[-1], table_id, auth, WRITERS * HANDS_EACH)


def test_eight_writers_on_one_process_all_land_once(live_server: str) -> None:
    eight_writers([live_server])


def test_a_night_longer_than_one_window_of_the_api_is_read_back_whole(live_server: str) -> None:
    table_id, auth = new_table(live_server, PLAYERS)
    for n in range(API_HANDS + 20):
        status, answer = call(live_server, "POST", f"/api/v1/tables/{table_id}/hands",
                              body(n % WRITERS, n), auth)
        assert status == 201, answer
    check_night(live_server, table_id, auth, API_HANDS + 20)


def test_two_processes_start_together_on_a_new_sqlite_file_and_take_eight_writers(
        tmp_path: Path) -> None:
    """Both processes start at once on a file that doesn't exist yet: the schema
    is made once, then eight writers share the two."""
    path = tmp_path / "night.db"
    with servers(f"sqlite:///{path}", 2) as running:
        eight_writers([server.base for server in running])
    engine = sa.create_engine(f"sqlite:///{path}")
    with engine.connect() as connection:
        versions = connection.execute(sa.text("SELECT version_num FROM alembic_version")).all()
    engine.dispose()
    assert len(versions) == 1


def test_eight_writers_on_two_processes_on_postgresql() -> None:
    if PG_BIN is None:
        pytest.skip("PostgreSQL's binaries are not installed "
                    "(apt-get install -y postgresql; .ci/run does it)")
    pytest.importorskip("psycopg", reason="the PostgreSQL driver is not installed "
                        "(pip install -e '.[postgres]'; the dev extra has it)")
    with postgres_cluster() as url, servers(url, 2) as running:
        eight_writers([server.base for server in running])


def test_every_acknowledged_hand_survives_a_killed_server(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'killed.db'}"
    server = Server(database)
    server.wait_ready()
    table_id, auth = new_table(server.base, PLAYERS)
    acknowledged: dict[str, int] = {}
    sent: dict[str, dict[str, Any]] = {}
    keys = itertools.count()
    stop = threading.Event()

    def writer(i: int) -> None:
        while not stop.is_set():
            key = f"k{next(keys)}"
            sent[key] = body(i, len(sent))
            try:
                status, answer = call(server.base, "POST", f"/api/v1/tables/{table_id}/hands",
                                      sent[key], {**auth, "Idempotency-Key": key}, timeout=10)
            except (OSError, http.client.HTTPException):
                return  # the server died first: this one was never (fully) acknowledged
            if status == 201:
                acknowledged[key] = answer["id"]

    threads = [threading.Thread(target=writer, args=(i,)) for i in range(4)]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + 20
    while len(acknowledged) < 15 and time.monotonic() < deadline:
        time.sleep(0.01)
    server.kill()
    stop.set()
    for thread in threads:
        thread.join(20)
    assert len(acknowledged) >= 15

    with servers(database, 1) as (again,):
        stored = {h["id"] for h in every_hand(again.base, table_id, auth)}
        assert set(acknowledged.values()) <= stored
        # a client retrying everything it sent (same key, same body) records nothing twice
        for key, hand in sent.items():
            status, answer = call(again.base, "POST", f"/api/v1/tables/{table_id}/hands",
                                  hand, {**auth, "Idempotency-Key": key})
            assert status == 201, answer
            if key in acknowledged:
                assert answer["id"] == acknowledged[key]
        check_night(again.base, table_id, auth, len(sent))


def _raw_post(port: int, key: bytes) -> bytes:
    """A table's start sent byte for byte with ``key`` as its Idempotency-Key
    (http.client refuses to send a control character; a client may not)."""
    import socket

    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(b"POST /api/v1/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     b"Content-Type: application/json\r\nIdempotency-Key: " + key +
                     b"\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}")
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    return answer


def test_a_control_character_in_a_header_is_refused_before_the_app_and_writes_nothing(
        tmp_path: Path) -> None:
    """As docs/api.md says: a control character other than a tab in a header
    is the HTTP server's own empty 400 (the app never sees the request); a
    tab reaches the app, whose rule for keys answers it in JSON."""
    with servers(f"sqlite:///{tmp_path / 'night.db'}", 1) as (server,):
        for key in (b"retry\x01key-0000000000", b"retry\x7fkey-0000000000"):
            head, _, rest = _raw_post(server.port, key).partition(b"\r\n\r\n")
            assert head.startswith(b"HTTP/1.1 400"), head
            assert rest == b"" and b"content-length: 0" in head.lower()
        head, _, rest = _raw_post(server.port, b"retry\tkey-0000000000").partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 400") and b'"code":"bad_key"' in rest.replace(b" ", b"")
        status, _ = call(server.base, "GET", "/healthz")
        assert status == 200
    engine = sa.create_engine(f"sqlite:///{tmp_path / 'night.db'}")
    with engine.connect() as connection:
        assert connection.execute(sa.text("SELECT count(*) FROM game_table")).scalar() == 0
    engine.dispose()


def _workers(master: int) -> list[int]:
    """The processes granian's master started (its children, from /proc)."""
    children = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # gone meanwhile
        if int(fields[1]) == master:
            children.append(int(stat.parent.name))
    return children


def test_a_crashed_worker_is_started_again_and_keeps_every_acknowledged_hand(
        tmp_path: Path) -> None:
    import os
    import signal

    server = Server(f"sqlite:///{tmp_path / 'crashed.db'}")
    try:
        server.wait_ready()
        table_id, auth = new_table(server.base, PLAYERS)
        saved = [call(server.base, "POST", f"/api/v1/tables/{table_id}/hands", body(0, n),
                      {**auth, "Idempotency-Key": f"before-{n}"})[1]["id"] for n in range(3)]
        (worker,) = _workers(server.process.pid)
        os.kill(worker, signal.SIGKILL)  # a crash: no clean shutdown
        deadline, answered = time.monotonic() + 30, None
        while time.monotonic() < deadline and answered != 200:
            try:
                answered = call(server.base, "GET", "/healthz", timeout=5)[0]
            except (OSError, http.client.HTTPException):
                time.sleep(0.1)
        assert answered == 200, "no worker answers after the crash"
        assert server.process.poll() is None and _workers(server.process.pid) != [worker]
        assert {h["id"] for h in every_hand(server.base, table_id, auth)} == set(saved)
        status, again = call(server.base, "POST", f"/api/v1/tables/{table_id}/hands", body(0, 0),
                             {**auth, "Idempotency-Key": "before-0"})
        assert (status, again["id"]) == (201, saved[0])  # a retry after the crash: no new hand
        server.log.seek(0)
        said = server.log.read().decode(errors="replace").lower()
        assert "respawn" in said, said[-2000:]
    finally:
        server.stop()
