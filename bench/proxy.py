"""nginx as deploy/nginx.conf sets it up, for a stack on this machine.

The site file is deploy/nginx.conf itself: only its lines marked ``# site:``
change (ports, folders, the certificate, the app servers), and every marked
line must be one this module knows, so the recipe and what the tests run
cannot drift apart.  A small main file around it (a temporary prefix, pid
file, error log and temp folders, as Debian's /etc/nginx/nginx.conf wraps
sites-enabled/) and a throwaway self-signed certificate made with
``openssl`` complete it.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from bench.servers import ROOT, alive, children, free_port, stop_pid, wait_gone
from scorekeeper.views.assets import current as built_files

SITE = ROOT / "deploy" / "nginx.conf"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
MARK = "# site:"
#: The main file around the site (nginx's http block holds the site, as on Debian),
#: with room for a festival's phones, as deploy/README.md tells a site to give it.
MAIN = """worker_processes auto;
pid {folder}/nginx.pid;
worker_rlimit_nofile 10000;
error_log {folder}/nginx-error.log warn;
events {{ worker_connections 4096; }}
http {{
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    client_body_temp_path {folder}/client-temp;
    proxy_temp_path {folder}/proxy-temp;
    fastcgi_temp_path {folder}/fastcgi-temp;
    uwsgi_temp_path {folder}/uwsgi-temp;
    scgi_temp_path {folder}/scgi-temp;
    include {folder}/site.conf;
}}
"""


@dataclass(frozen=True)
class Site:
    """What a stack puts in the marked lines of deploy/nginx.conf."""

    folder: Path
    https_port: int
    http_port: int
    app_servers: tuple[str, ...]  # host:port of each
    down: frozenset[int] = frozenset()  # app servers taken out (a rolling restart)
    cache: bool = True

    @property
    def certificate(self) -> Path:
        return self.folder / "cert.pem"

    @property
    def log(self) -> Path:
        return self.folder / "access.log"


def _swap(line: str, value: str) -> str:
    """The directive's first argument replaced by ``value`` (the rest kept)."""
    return re.sub(r"^(\s*\S+\s+)\S+?(;|\s)", lambda m: m.group(1) + value + m.group(2), line,
                  count=1)


def marked(line: str) -> bool:
    """True for a directive followed by the ``# site:`` mark (not a comment about it)."""
    code, mark, _ = line.partition(MARK)
    return bool(mark and code.strip() and not code.lstrip().startswith("#"))


def site_config(site: Site, recipe: str | None = None) -> str:
    """deploy/nginx.conf (or ``recipe``) with its marked lines set for ``site``."""
    out: list[str] = []
    found: set[str] = set()
    for line in (recipe if recipe is not None else SITE.read_text()).splitlines():
        if not marked(line):
            out.append(line)
            continue
        directive = line.split()[0]
        if directive == "server":  # the first app server's line stands for every one
            if directive not in found:
                out += [_swap(line, address + (" down" if i in site.down else ""))
                        for i, address in enumerate(site.app_servers)]
        else:
            out.append(_line(directive, line, site))
        found.add(directive)
    missing = {"server", "listen", "ssl_certificate", "ssl_certificate_key", "alias",
               "proxy_cache_path", "proxy_cache", "access_log"} - found
    assert not missing, f"deploy/nginx.conf lost its marked lines: {sorted(missing)}"
    return "\n".join(out) + "\n"


def _line(directive: str, line: str, site: Site) -> str:
    """One marked line (other than an app server) set for ``site``."""
    if directive == "listen":
        return _swap(line, f"127.0.0.1:{site.https_port if ' ssl' in line else site.http_port}")
    paths = {"ssl_certificate": site.certificate, "ssl_certificate_key": site.folder / "key.pem",
             "alias": f"{built_files(ROOT / 'instance')}/",
             "proxy_cache_path": site.folder / "cache", "access_log": site.log}
    if directive in paths:
        return _swap(line, str(paths[directive]))
    if directive == "proxy_cache":
        return line if site.cache else _swap(line, "off")
    if directive == "server_name":
        return line  # nginx answers 127.0.0.1 on its own ports from this server anyway
    raise AssertionError(f"deploy/nginx.conf marks a line bench/proxy.py doesn't know: {line}")


def self_signed(folder: Path) -> None:
    """A throwaway certificate for 127.0.0.1 (cert.pem, key.pem) made by openssl."""
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt",
                    "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2",
                    "-subj", "/CN=127.0.0.1", "-addext",
                    "subjectAltName=IP:127.0.0.1,DNS:localhost",
                    "-keyout", str(folder / "key.pem"), "-out", str(folder / "cert.pem")],
                   check=True, capture_output=True, timeout=60)


class Nginx:
    """nginx's master process (``daemon off``: its PID is the one started)."""

    def __init__(self, folder: Path, app_servers: list[str], cache: bool = True) -> None:
        folder.mkdir(parents=True)
        folder.chmod(0o755)  # under root nginx's workers run as nobody: they write here
        self.site = Site(folder, free_port(), free_port(), tuple(app_servers), cache=cache)
        self.url = f"https://127.0.0.1:{self.site.https_port}"
        self.process: subprocess.Popen[bytes] | None = None
        self_signed(folder)
        (folder / "nginx.conf").write_text(MAIN.format(folder=folder))
        self._write()

    def _write(self) -> None:
        (self.site.folder / "site.conf").write_text(site_config(self.site))

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process is not None else None

    def start(self, seconds: float = 30) -> None:
        conf = str(self.site.folder / "nginx.conf")
        subprocess.run([NGINX, "-t", "-q", "-c", conf, "-p", str(self.site.folder)],
                       check=True, capture_output=True, timeout=30)
        with open(self.site.folder / "nginx-out.log", "ab") as log:
            self.process = subprocess.Popen(
                [NGINX, "-c", conf, "-p", str(self.site.folder), "-g", "daemon off;"],
                stdin=subprocess.DEVNULL, stdout=log, stderr=log, start_new_session=True)
        deadline = time.monotonic() + seconds
        while not children(self.process.pid):
            if not alive(self.process.pid) or time.monotonic() > deadline:
                raise AssertionError("nginx did not start: see nginx-error.log")
            time.sleep(0.05)

    def take_out(self, down: frozenset[int], seconds: float = 60) -> None:
        """Serve with the app servers numbered in ``down`` marked down: reload
        (new workers take the new list) and wait for the old workers to finish
        what they were sending and exit."""
        assert self.process is not None
        self.site = Site(**{**self.site.__dict__, "down": down})
        self._write()
        old = children(self.process.pid)
        os.kill(self.process.pid, signal.SIGHUP)
        if not wait_gone(old, seconds):
            raise AssertionError("nginx's old workers did not finish within "
                                 f"{seconds:g} s")

    def stop(self) -> None:
        if self.process is None:
            return
        family = [self.process.pid, *children(self.process.pid)]
        stop_pid(self.process.pid, signal.SIGTERM, 15)
        wait_gone(family, 10)
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:  # pragma: no cover - SIGKILLed by stop_pid
            pass
        self.process = None
