"""docs/example_client.py, the API's runnable example, against the server
as scripts/run.sh starts it, on a throwaway SQLite file: it records a night, reads it back window
by window and settles up, so the example and docs/api.md can't drift apart
unnoticed.  Run once on a leaster table and once on a no-pick table."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.servers.harness import ROOT, Server

# Not marked slow: each run takes about half a second, and the point is that it
# runs on every change.
CLIENT = ROOT / "docs" / "example_client.py"


@pytest.mark.parametrize(("preset", "hands"), [("called-ace", 30), ("imsa", 23)])
def test_the_example_client_records_a_night_and_settles_up(
        tmp_path: Path, preset: str, hands: int) -> None:
    server = Server(f"sqlite:///{tmp_path / 'night.db'}")
    try:
        server.wait_ready()
        done = subprocess.run(
            [sys.executable, str(CLIENT), server.base, "--hands", str(hands),
             "--preset", preset],
            capture_output=True, text=True, timeout=120, cwd=tmp_path)
    finally:
        server.stop()
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    first, *rest = done.stdout.splitlines()
    assert first.startswith(f"Friday (table 1, {preset}): {hands - 1} hands (one edited, "
                            f"one deleted), read back in 3 windows of up to 10.")
    assert "Settle up, rounded to quarters:" in rest
    assert any(" pays " in line for line in rest)


def test_the_example_client_exits_1_when_the_server_disagrees(tmp_path: Path) -> None:
    """A preset the server doesn't know is a 400 where the client expects a 201:
    a message and exit status 1, not a traceback."""
    server = Server(f"sqlite:///{tmp_path / 'night.db'}")
    try:
        server.wait_ready()
        done = subprocess.run(
            [sys.executable, str(CLIENT), server.base, "--preset", "no-such-preset"],
            capture_output=True, text=True, timeout=60, cwd=tmp_path)
    finally:
        server.stop()
    assert done.returncode == 1
    assert done.stderr.startswith("example_client: Disagreement: POST /api/v1/tables: "
                                  "expected 201, got 400"), done.stderr
    assert done.stdout == ""
