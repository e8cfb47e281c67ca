"""The processes of the production recipe, started the way deploy/ starts
them and stopped by their PIDs: a throwaway PostgreSQL cluster made with
Debian's binaries, and gunicorn with ``deploy/gunicorn.conf.py``.

:mod:`bench.stack` puts them together (with nginx, :mod:`bench.proxy`);
the server tests use the cluster on its own.  Every wait here is bounded.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PG_BIN = next(iter(sorted(Path("/usr/lib/postgresql").glob("*/bin"))), None) \
    if Path("/usr/lib/postgresql").exists() else None
#: gunicorn as deploy/scorekeeper.service runs it (bind and workers from the environment).
GUNICORN = [str(Path(sys.executable).parent / "gunicorn"), "-c", "deploy/gunicorn.conf.py",
            "scorekeeper:create_app()"]
#: The app served as ``scripts/run.sh`` serves it (granian; ``HOST``,
#: ``PORT`` and ``WEB_CONCURRENCY`` from the environment).
GRANIAN = [sys.executable, "-m", "scorekeeper.serve"]
#: The app servers a stack can run, by name.
APP_SERVERS = {"gunicorn": GUNICORN, "granian": GRANIAN}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def children(pid: int) -> list[int]:
    """The PIDs of ``pid``'s child processes (gunicorn's or nginx's workers),
    whichever of its threads started them."""
    found: list[int] = []
    try:
        tasks = list(Path(f"/proc/{pid}/task").iterdir())
    except OSError:
        return []
    for task in tasks:
        try:
            found += [int(child) for child in (task / "children").read_text().split()]
        except OSError:
            continue
    return found


def descendants(pid: int) -> list[int]:
    """``pid``'s children, theirs, and so on (a server's workers and what
    they started: the app's import process)."""
    below = children(pid)
    return [*below, *(grand for child in below for grand in descendants(child))]


def alive(pid: int) -> bool:
    """True while ``pid`` runs (a zombie waiting for its parent counts as gone)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state not in ("Z", "X")


def wait_gone(pids: list[int], seconds: float) -> bool:
    """Wait until none of ``pids`` runs; False if some still do after ``seconds``."""
    deadline = time.monotonic() + seconds
    while any(alive(pid) for pid in pids):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def stop_pid(pid: int, sig: signal.Signals = signal.SIGTERM, seconds: float = 30) -> None:
    """Send ``sig`` to ``pid``; SIGKILL it and its children if it outlives ``seconds``."""
    family = [pid, *children(pid)]
    try:
        os.kill(pid, sig)
    except ProcessLookupError:
        return
    if not wait_gone([pid], seconds):
        for each in family:
            try:
                os.kill(each, signal.SIGKILL)
            except ProcessLookupError:
                pass
        wait_gone(family, 10)


def wait_http(url: str, seconds: float, running: int | None = None) -> None:
    """Wait for ``url`` to answer 200 (AssertionError after ``seconds``, or
    as soon as the process ``running`` has exited)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5) as answer:
                if answer.status == 200:
                    return
        except OSError:
            pass
        if running is not None and not alive(running):
            raise AssertionError(f"the server behind {url} exited")
        if time.monotonic() > deadline:
            raise AssertionError(f"{url} did not answer within {seconds:g} s")
        time.sleep(0.1)


class Postgres:
    """A PostgreSQL cluster in a temporary folder, on 127.0.0.1 (trust auth).

    PostgreSQL refuses to run as root, so as root it runs as ``nobody``: the
    folder becomes nobody's, and the folders above it must let nobody through."""

    def __init__(self, folder: Path) -> None:
        assert PG_BIN is not None, "PostgreSQL's binaries are not installed"
        self.folder, self.data, self.port = folder, folder / "data", free_port()
        self.url = f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"
        self._as = ["runuser", "-u", "nobody", "--"] if os.geteuid() == 0 else []
        folder.mkdir(parents=True, exist_ok=True)
        if self._as:
            shutil.chown(folder, "nobody")
        self._ctl("-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8",
                  program="initdb")

    def _ctl(self, *args: str, program: str = "pg_ctl") -> None:
        assert PG_BIN is not None
        subprocess.run([*self._as, str(PG_BIN / program), *args], check=True,
                       capture_output=True, timeout=120)

    @property
    def pid(self) -> int | None:
        """The postmaster's PID (None while it is stopped)."""
        try:
            pid = int((self.data / "postmaster.pid").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return None
        return pid if alive(pid) else None

    def start(self) -> None:
        self._ctl("-D", str(self.data), "-w", "-t", "60", "-l", str(self.folder / "log"),
                  "-o", f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 "
                  "-c max_connections=200 -c fsync=off", "start")

    def stop(self, mode: str = "fast") -> None:
        """Stop it (``fast``: open sessions are ended, as a restart does)."""
        pid = self.pid
        if pid is None:
            return
        try:
            self._ctl("-D", str(self.data), "-w", "-t", "30", "-m", mode, "stop")
        except (subprocess.CalledProcessError, subprocess.TimeoutExpired):
            pass
        if alive(pid):
            stop_pid(pid, signal.SIGQUIT, 10)  # PostgreSQL's immediate shutdown


@contextmanager
def postgres_cluster() -> Iterator[str]:
    """A throwaway PostgreSQL cluster for the length of the block; yields its URL."""
    folder = Path(tempfile.mkdtemp(prefix="sk-pg-"))
    cluster = Postgres(folder)
    try:
        cluster.start()
        yield cluster.url
    finally:
        cluster.stop("immediate")
        shutil.rmtree(folder, ignore_errors=True)


class AppServer:
    """One gunicorn as deploy/ runs it (``deploy/gunicorn.conf.py``, set by
    ``BIND`` and ``WEB_CONCURRENCY``) on a free port of 127.0.0.1, its log in
    ``log``.  It runs in its own process group, so its master and workers
    are stopped together."""

    def __init__(self, database: str, log: Path, workers: int = 2,
                 env: dict[str, str] | None = None, server: str = "gunicorn") -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log
        self.command = APP_SERVERS[server]
        self.env = {**os.environ, "SQLALCHEMY_DATABASE_URI": database,
                    "SECRET_KEY": "festival-stack", "BIND": f"127.0.0.1:{self.port}",
                    "HOST": "127.0.0.1", "PORT": str(self.port),
                    "WEB_CONCURRENCY": str(workers), **(env or {})}
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def pid(self) -> int | None:
        """The master's PID (None while stopped)."""
        return self.process.pid if self.process is not None else None

    def start(self, seconds: float = 60) -> None:
        """Start it and wait until it answers (the schema migrates at first start)."""
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(
                self.command, cwd=ROOT, env=self.env, stdin=subprocess.DEVNULL, stdout=log,
                stderr=log, start_new_session=True)
        try:
            wait_http(self.url + "/healthz", seconds, running=self.process.pid)
        except AssertionError as error:
            raise AssertionError(f"{error}; its log ends:\n"
                                 f"{self.log.read_text(errors='replace')[-3000:]}") from None

    @property
    def pids(self) -> list[int]:
        """The master's PID and its workers' (empty while stopped)."""
        if self.pid is None or not alive(self.pid):
            return []
        return [self.pid, *children(self.pid)]

    def kill(self) -> None:
        """SIGKILL master and workers at once, as when the machine loses them."""
        family = self.pids
        if family:
            try:
                os.killpg(family[0], signal.SIGKILL)
            except ProcessLookupError:
                pass
            wait_gone(family, 10)
        self._reap()

    def stop(self, seconds: float = 45) -> None:
        """Graceful: SIGTERM, requests in flight finish (at most gunicorn's
        graceful_timeout), then SIGKILL whatever is left."""
        family = self.pids
        if family:
            stop_pid(family[0], signal.SIGTERM, seconds)
            wait_gone(family, 10)
        self._reap()

    def _reap(self) -> None:
        if self.process is not None:
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:  # pragma: no cover - killed above
                pass
        self.process = None
