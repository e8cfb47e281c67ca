"""Which Host headers the app answers to.

Share links and QR codes are built on the address a request came in on
(unless ``SCOREKEEPER_BASE_URL`` says otherwise), so a forged ``Host`` must
not be answered: a link made from it would send the table's phones
somewhere else.  Trusted are this machine's own names and addresses (the
LAN addresses ``scripts/run.sh`` prints), localhost, the host of
``SCOREKEEPER_BASE_URL`` and any listed in ``SCOREKEEPER_ALLOWED_HOSTS``
(comma-separated; a leading dot allows subdomains).  Any other Host is 400.
Host names are case-insensitive, so both sides are compared lower-cased
(``LOCALHOST`` is localhost).

Werkzeug matches trusted hosts by name and IPv4 address; a bracketed IPv6
address in the Host header is not matched (open the app by name or IPv4).
"""

from __future__ import annotations

import functools
import socket
import subprocess
from collections.abc import Iterable
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from scorekeeper.limits import MAX_HOST

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

LOCAL = ("localhost", "127.0.0.1", "::1", "[::1]")


@functools.cache
def machine_hosts() -> tuple[str, ...]:
    """This machine's names and IP addresses (read once per process)."""
    found = {socket.gethostname(), socket.getfqdn()}
    try:
        listed = subprocess.run(["hostname", "-I"], capture_output=True, text=True,
                                timeout=5, check=False).stdout.split()
    except (OSError, subprocess.SubprocessError):
        listed = []
    found.update(listed)
    try:
        found.update(str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None))
    except OSError:
        pass
    found.update(f"[{address}]" for address in list(found) if ":" in address)
    return tuple(sorted(h for h in found if h and len(h) <= MAX_HOST))


def trusted_hosts(base_url: str | None, allowed: str | None) -> list[str]:
    """The TRUSTED_HOSTS list for the app's configuration."""
    hosts = [*LOCAL, *machine_hosts()]
    if base_url:
        name = urlsplit(base_url).hostname
        if name:
            hosts.append(name)
    hosts.extend(h.strip() for h in (allowed or "").split(",") if h.strip())
    return list(dict.fromkeys(h.lower() for h in hosts))


def lower_case_host(app: WSGIApplication) -> WSGIApplication:
    """``app`` seeing the Host header lower-cased (the trusted list is too)."""
    def lowered(environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        host = environ.get("HTTP_HOST")
        if isinstance(host, str):
            environ["HTTP_HOST"] = host.lower()
        return app(environ, start_response)
    return lowered
