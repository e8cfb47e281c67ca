"""A phone's browser against a running stack (:mod:`bench.stack`): it keeps
its cookies, and sends a form as a browser does, with the page's CSRF token
and the page's address as the Referer (over HTTPS the app's CSRF check
wants the Referer's origin to be the host the request came to, port and
all).  And phones polling pages while something happens (:func:`polling`)."""

from __future__ import annotations

import http.client
import re
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from urllib.parse import urlencode, urlsplit

from bench.stack import Stack

CSRF = re.compile(r'<input[^>]*\bname="csrf_token"[^>]*>')


@dataclass(frozen=True)
class Page:
    """An answer: its status, lower-cased headers and text."""

    status: int
    headers: dict[str, str]
    text: str

    def csrf_token(self) -> str:
        field = CSRF.search(self.text)
        assert field is not None, f"no CSRF token on the page ({self.status})"
        value = re.search(r'\bvalue="([^"]+)"', field.group(0))
        assert value is not None
        return value.group(1)

    def hidden(self, action: str) -> dict[str, str]:
        """The hidden fields of the form posting to ``action`` (the version it
        showed, its one-time token), as the page wrote them."""
        form = re.search(rf'action="{re.escape(action)}".*?</form>', self.text, re.S)
        if form is None:
            return {}
        return dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"',
                               form.group(0)))


class Phone:
    """One browser: its cookies, kept across requests (on a new connection each)."""

    def __init__(self, stack: Stack) -> None:
        address = urlsplit(stack.url)
        self.origin, self.ssl = stack.url, stack.ssl
        self.host, self.port = address.hostname or "", address.port
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, body: str | None = None,
                headers: dict[str, str] | None = None) -> Page:
        sent = {**(headers or {})}
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        connection = http.client.HTTPSConnection(self.host, self.port, context=self.ssl,
                                                 timeout=30)
        try:
            connection.request(method, path, body, sent)
            response = connection.getresponse()
            text = response.read().decode(errors="replace")
            for name, value in response.getheaders():
                if name.lower() == "set-cookie":
                    key, _, rest = value.partition("=")
                    self.cookies[key] = rest.split(";", 1)[0]
            return Page(response.status, {k.lower(): v for k, v in response.getheaders()},
                        text)
        finally:
            connection.close()

    def get(self, path: str) -> Page:
        return self.request("GET", path)

    def submit(self, page: str, action: str, fields: dict[str, str | list[str]]) -> Page:
        """Open ``page``, then send its form to ``action`` with ``fields``, as a browser does."""
        shown = self.get(page)
        body = urlencode({**shown.hidden(action), **fields, "csrf_token": shown.csrf_token()},
                         doseq=True)
        return self.request("POST", action, body, {
            "Content-Type": "application/x-www-form-urlencoded",
            "Origin": self.origin, "Referer": f"{self.origin}{page}"})


@dataclass(frozen=True)
class Poll:
    """One poll: when it was asked and answered, and the status."""

    path: str
    started: float
    ended: float
    status: int


def polling(stack: Stack, paths: Iterable[str], meanwhile: Callable[[], None],
            before: float = 1.0, after: float = 2.5) -> list[Poll]:
    """A phone for each of ``paths`` polling it without a pause, from
    ``before`` seconds before ``meanwhile()`` runs until ``after`` seconds
    after it returns; every poll they made."""
    polls: list[Poll] = []
    stop = threading.Event()

    def poll(path: str) -> None:
        phone = Phone(stack)
        while not stop.is_set():
            started = time.monotonic()
            status = phone.get(path).status
            polls.append(Poll(path, started, time.monotonic(), status))

    phones = [threading.Thread(target=poll, args=(path,), daemon=True) for path in paths]
    for phone in phones:
        phone.start()
    try:
        time.sleep(before)
        meanwhile()
        time.sleep(after)
    finally:
        stop.set()
        for phone in phones:
            phone.join(30)
    return polls
