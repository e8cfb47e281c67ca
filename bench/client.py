"""What the load benchmarks share (``bench.viewers``, ``bench.festival``):
where the server is, a minimal keep-alive HTTP/1.1 client for thousands of
simulated phones in one asyncio loop, the next window of a listing the API
pages, starting the server as ``scripts/run.sh`` or ``deploy/`` does, a
process's CPU use from ``/proc``, and percentiles.

The client is hand-written rather than a library's because a phone's poll
must cost the load generator as little as possible (one process keeps a
thousand phones): one write, one read of the head, one of the body.  It
speaks plain HTTP or TLS without checking the certificate (a bench stack
serves a throwaway self-signed one), and reads a body by Content-Length or
chunked (nginx chunks what it compresses).
"""

from __future__ import annotations

import asyncio
import functools
import gzip
import os
import re
import ssl
import subprocess
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from bench import rivals
from bench.servers import descendants
from bench.servers import free_port as free_port  # the benchmarks' one home for it

#: What a failed request raises: refused, reset, cut short, or an answer that isn't HTTP.
FAILED = (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, ValueError)


@dataclass(frozen=True)
class Target:
    """Where the server listens."""

    host: str
    port: int
    tls: bool = False

    @classmethod
    def parse(cls, url: str) -> Target:
        """``http://host:port`` or ``https://host[:port]``."""
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError(f"not an http(s) URL: {url}")
        tls = parts.scheme == "https"
        return cls(parts.hostname, parts.port or (443 if tls else 80), tls)

    @property
    def url(self) -> str:
        return f"{'https' if self.tls else 'http'}://{self.host}:{self.port}"


@functools.cache
def _unverified() -> ssl.SSLContext:
    """One TLS context for every connection of the process.  It loads no
    certificate authorities, since it checks nothing: a context made with
    ``ssl.create_default_context()`` reads the system's bundle (about 15 ms
    of CPU and a megabyte each), and one per phone kept the load generator
    busy for the first half minute of a festival through nginx, its polls
    and saves seconds late."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


class _Closed(Exception):
    """The connection ended before any byte of the answer."""


class Connection:
    """One phone's keep-alive connection (opened on its first request)."""

    def __init__(self, target: Target | int) -> None:
        self.target = target if isinstance(target, Target) else Target("127.0.0.1", target)
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        #: Requests sent again because the server had closed the idle connection.
        self.resent = 0

    async def request(self, method: str, path: str, headers: dict[str, str] | None = None,
                      body: bytes = b"") -> tuple[int, dict[str, str], bytes]:
        """(status, lower-cased headers, body as sent: gzip is not undone).

        A connection kept open since an earlier answer may have been closed
        by the server while idle (a server keeps an idle connection only so
        long); a request sent on it then meets the connection's end before
        any byte of an answer.  No request was read from it, so the request
        is sent again on a new connection, as browsers do, and counted in
        :attr:`resent`.  An answer cut after its first byte is an error."""
        if self.writer is not None:
            try:
                return await self._exchange(method, path, headers, body)
            except (ConnectionResetError, BrokenPipeError, _Closed):
                self.close()
                self.resent += 1
        return await self._exchange(method, path, headers, body)

    async def _exchange(self, method: str, path: str, headers: dict[str, str] | None,
                        body: bytes) -> tuple[int, dict[str, str], bytes]:
        if self.writer is None:
            host, port, tls = self.target.host, self.target.port, self.target.tls
            self.reader, self.writer = await asyncio.open_connection(
                host, port, ssl=_unverified() if tls else None,
                server_hostname=host if tls else None)
        assert self.reader is not None
        lines = [f"{method} {path} HTTP/1.1", f"Host: {self.target.host}"]
        lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
        if body:
            lines.append(f"Content-Length: {len(body)}")
        self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        try:
            head = await self.reader.readuntil(b"\r\n\r\n")
        except asyncio.IncompleteReadError as error:
            if not error.partial:
                raise _Closed from None
            raise
        status_line, *header_lines = head.decode("latin-1").split("\r\n")
        answer = {}
        for line in header_lines:
            if ":" in line:
                key, value = line.split(":", 1)
                answer[key.strip().lower()] = value.strip()
        data = await self._body(answer)
        if answer.get("connection", "").lower() == "close":
            self.close()
        return int(status_line.split()[1]), answer, data

    async def _body(self, headers: dict[str, str]) -> bytes:
        assert self.reader is not None
        if headers.get("transfer-encoding", "").lower() != "chunked":
            length = int(headers.get("content-length", "0"))
            return await self.reader.readexactly(length) if length else b""
        chunks = []
        while True:
            size = int((await self.reader.readuntil(b"\r\n")).split(b";")[0], 16)
            chunks.append(await self.reader.readexactly(size + 2))
            if size == 0:
                return b"".join(chunk[:-2] for chunk in chunks)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


def plain(headers: dict[str, str], body: bytes) -> bytes:
    """The body with the server's gzip undone."""
    return gzip.decompress(body) if headers.get("content-encoding") == "gzip" else body


def next_window(link: str | None) -> str | None:
    """The address of the window after this one that a ``Link`` header names
    (the API lists a night's hands a window at a time), or None at the last."""
    found = re.search(r'<([^>]+)>;\s*rel="next"', link or "")
    return found.group(1) if found else None


def version_of(etag: str) -> int:
    """The version an ETag starts with: ``"12"`` (the API's), ``"v12-…"`` (a
    night's share link), ``"e12-…"`` (an event's); a proxy may make it weak."""
    tag = etag.removeprefix("W/").strip('"').split("-")[0]
    return int(tag.lstrip("ve"))


def cpu_seconds(pid: int) -> float:
    """CPU seconds used by process ``pid`` and its descendants (gunicorn's
    workers, PostgreSQL's backends, nginx's workers, the app's import process)."""
    total = 0.0
    for task in [pid, *descendants(pid)]:
        try:
            fields = Path(f"/proc/{task}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def start_server(database: str, port: int, workers: int = 0) -> subprocess.Popen[bytes]:
    """The server as ``scripts/run.sh`` starts it, or with ``workers``
    gunicorn as ``deploy/`` starts it (:mod:`bench.rivals`)."""
    return rivals.start("gunicorn" if workers else "one", database, port, workers or 1)


def stop_server(server: subprocess.Popen[bytes]) -> None:
    """The server stopped as SIGTERM drains it, killed if it takes over 30 s
    (an import process still at work)."""
    server.terminate()
    try:
        server.wait(30)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait(10)


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]
