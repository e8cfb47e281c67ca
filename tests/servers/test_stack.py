"""The whole production recipe, past one machine: PostgreSQL, two gunicorn
app servers (deploy/gunicorn.conf.py) and nginx with TLS running
deploy/nginx.conf itself (bench/stack.py), under a small festival: tables
recording hands through the API with Idempotency-Keys, watchers polling the
share pages (tests/servers/crowd.py).

Through it all: every acknowledged hand is stored exactly once; every watcher
sees each save within a bound made of what the run measured of this
machine (:func:`lag_of`); the share pages come from nginx's cache
(X-Cache: HIT) and nothing private ever does.  One app server killed with
SIGKILL: nginx routes around it, only requests it had in flight fail (sent
again with their key, they land once), and once started again it gets
traffic again.  A rolling restart, one app server at a time: no request
fails.  A PostgreSQL restart: 503 with Retry-After (never a 500, never a
hang), nothing half-written, and the same app servers work again at once.
nginx itself sends the app's files, each page's under its hashed name
(kept a year, immutable) and gzipped, a plain name asked again each time.
A phone's forms work through nginx on its own port (not 443), and a share
link it replaced shows nothing once the other app server's last copy of its
page is over (:func:`gone_for_good`), even while PostgreSQL or every app
server is down; no share link reaches nginx's log, however it is spelled.
"""

from __future__ import annotations

import gzip
import http.client
import math
import os
import re
import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from bench.proxy import NGINX
from bench.servers import PG_BIN, ROOT
from bench.stack import Stack, festival_stack
from scorekeeper.services.board import LIFETIME
from scorekeeper.views.assets import LIFETIME as FILE_LIFETIME
from scorekeeper.views.assets import PLAIN_LIFETIME, versions
from scorekeeper.views.caching import SHARED
from tests.servers.crowd import PLAYERS, POLL_EVERY, Answer, Crowd, Night, hand
from tests.servers.phone import Page, Phone, Poll, polling

#: What the stack runs on (.ci/run installs them; CI fails without them, others skip).
MISSING = [name for name, found in (
    ("postgresql", PG_BIN is not None), ("nginx", Path(NGINX).exists()),
    ("openssl", shutil.which("openssl") is not None)) if not found]
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(bool(MISSING) and not os.environ.get("CI"),
                       reason=f"needs Debian's {', '.join(MISSING)}")]

TABLES, WATCHERS_EACH = 3, 2
#: What a watcher's wait for a save is made of, whatever the machine: nginx's
#: copy (fresh through the second it was made: X-Accel-Expires, so at most
#: 1 s), the version board's 0.4 s at most, and one poll's wait.
FIXED_LAG = 1.0 + 0.4 + POLL_EVERY
#: The least allowance for the machine's own slowness (a quiet machine's
#: bound is 2.9 s, as it always was), and how many of its slowest steady
#: polls (95th percentile) it is given: a loaded machine answers slowly all
#: through, and the bound follows it.
LEAST_SLACK, SLOW_POLLS = 1.25, 3


def lag_of(festival: Festival) -> float:
    """How late a watcher may see a save made in steady play: the fixed part
    and this machine's own slowness, as its steady polls measured it."""
    took = sorted(a.ended - a.started for a in festival.between("steady", "kill")
                  if a.public and not a.failed)
    assert len(took) > 50, "the watchers polled in steady play"
    return FIXED_LAG + max(LEAST_SLACK, SLOW_POLLS * took[int(len(took) * 0.95)])


def recovery_lag_of(festival: Festival) -> float:
    """How late a save made while the servers were in trouble may be seen
    (of PostgreSQL's coming back, for one made while it restarted): the
    steady bound, and the longest this machine took to come back from a
    trouble, as measured (an app server started again until nginx sent it
    traffic, a rolling restart's slowest server, PostgreSQL's return until
    the probe's save was answered), a second and a half at least (a poll
    lost on a server that went is asked again)."""
    return lag_of(festival) + max(1.5, *festival.recovered.values())


#: No answer may take longer, whatever happens to the servers ("not a hang").
SLOWEST = 10.0


def wait_for(what: str, done: Callable[[], bool], seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, f"{what}: not within {seconds:g} s"
        time.sleep(0.1)


def served_by(stack: Stack, i: int, since: int) -> bool:
    """Whether nginx's log, after byte ``since``, shows app server ``i`` answering."""
    assert stack.access_log is not None
    address = stack.app_urls[i].removeprefix("http://")
    with open(stack.access_log, "rb") as log:
        log.seek(since)
        return any(f"{address}:" in line and f"{address}:502" not in line
                   for line in log.read().decode().splitlines())


def log_size(stack: Stack) -> int:
    assert stack.access_log is not None
    return stack.access_log.stat().st_size


def run_festival() -> Festival:
    """The stack through every trouble, with the crowd at it."""
    with festival_stack(app_servers=2, workers=2) as stack:
        with Crowd(stack, TABLES, WATCHERS_EACH) as crowd:
            festival = Festival(crowd, crowd.new_night("Probe"))
            festival.steps(stack)
            crowd.stop_writing()
            time.sleep(recovery_lag_of(festival) + 0.5)  # the watchers see the last saves
        for night in [*crowd.nights, festival.probe]:
            festival.stored[night.id] = crowd.hands(night)
        festival.port = urlsplit(stack.url).port
        festival.files = files_through_nginx(stack)
        festival.links, festival.phone, festival.polls = phone_through_nginx(stack)
        assert stack.access_log is not None
        festival.log = stack.access_log.read_text()
    return festival


#: An answer as it came: its status, lower-cased headers and body, unread.
Raw = tuple[int, dict[str, str], bytes]


def files_through_nginx(stack: Stack) -> dict[str, Raw]:
    """Every app file the start page names, asked through nginx by a phone
    that takes gzip, each once more under its plain name, and that again
    with the ETag it was sent (by the address asked, the plain ones with
    "?again")."""
    address = urlsplit(stack.url)

    def ask(path: str, headers: dict[str, str]) -> Raw:
        connection = http.client.HTTPSConnection(address.hostname or "", address.port,
                                                 context=stack.ssl, timeout=30)
        try:
            connection.request("GET", path, headers=headers)
            answer = connection.getresponse()
            return answer.status, {k.lower(): v for k, v in answer.getheaders()}, answer.read()
        finally:
            connection.close()

    page = Phone(stack).get("/").text
    asked: dict[str, Raw] = {}
    plain = {f"/static/{v}": f"/static/{n}" for n, v in versions(ROOT / "static").items()}
    for url in re.findall(r'(?:href|src)="(/static/[^"]+)"', page):
        asked[url] = ask(url, {"Accept-Encoding": "gzip"})
        asked[plain[url]] = ask(plain[url], {})
        etag = asked[plain[url]][1].get("etag", "")
        asked[plain[url] + "?again"] = ask(plain[url], {"If-None-Match": etag})
    return asked


def phone_through_nginx(stack: Stack) -> tuple[list[str], dict[str, Page], list[Poll]]:
    """A phone starts a table with the start page's form and replaces its
    share link (another form) while phones poll it, then asks the old link.
    It replaces the next link too, and nobody asks that one until PostgreSQL
    is down, and again once no app server runs.  Returns both links, each
    answer by name and the polls.  (Last of the run: it stops the app servers.)"""
    phone, pages = Phone(stack), {}
    pages["started"] = phone.submit("/", "/", {
        "name": "Phone night", "players": PLAYERS, "preset": "called-ace",
        "stake_cents": "25"})
    found = re.match(r"/t/\d+", pages["started"].headers.get("location", ""))
    assert found is not None, pages["started"]
    share = f"{found.group(0)}/share"

    def link() -> str:
        token = re.search(r"/s/([\w-]+)", phone.get(share).text)
        assert token is not None
        return f"/s/{token.group(1)}"

    first = link()
    pages["shared"] = phone.get(first)
    for spelled in (f"/{first}", first.replace("/s/", "/s//"), first.replace("/s/", "/%73/")):
        phone.get(spelled)  # a link pasted after an address ending in "/", and the like

    def replace() -> None:
        pages["replaced"] = phone.submit(share, f"{share}/new", {})
    polls = polling(stack, [first, f"{first}/live"] * 3, replace, after=4.0)
    pages["gone"] = phone.get(first)
    second = link()
    pages["shared again"] = phone.get(second)
    phone.submit(share, f"{share}/new", {})
    with stack.postgres_down():
        time.sleep(1.5)  # nginx's copy is fresh through the second it was made, no longer
        pages["database down"] = phone.get(second)
    for i in range(len(stack.apps)):
        stack.kill_app(i)
    pages["no app server"] = phone.get(second)
    return [first, second], pages, polls


class Festival:
    """What the crowd went through: when each step began (``marks``), the
    probe's saves while PostgreSQL was down and once it was back, what was
    stored in the end, nginx's port, the phone's share links, its answers and
    the polls of its first link (:func:`phone_through_nginx`) and nginx's log."""

    def __init__(self, crowd: Crowd, probe: Night) -> None:
        self.crowd, self.probe = crowd, probe
        self.marks: dict[str, float] = {}
        #: how long each trouble took to be over, as measured (seconds)
        self.recovered: dict[str, float] = {}
        self.stored: dict[int, list[dict[str, Any]]] = {}
        self.log = ""
        self.probe_down: Answer | None = None
        self.probe_back: Answer | None = None
        self.port: int | None = None
        self.links: list[str] = []
        self.phone: dict[str, Page] = {}
        self.polls: list[Poll] = []
        self.files: dict[str, Raw] = {}

    def mark(self, name: str) -> None:
        self.marks[name] = time.monotonic()

    def steps(self, stack: Stack) -> None:
        """Steady play; an app server killed, then started again; a rolling
        restart; PostgreSQL restarted."""
        self.mark("steady")
        time.sleep(4)
        self.mark("kill")
        stack.kill_app(0)
        self.mark("killed")
        time.sleep(3)
        self.mark("back")
        since = log_size(stack)
        stack.start_app(0)
        wait_for("the app server started again gets traffic",
                 lambda: served_by(stack, 0, since), 20)
        self.mark("rolling")
        self.recovered["started again"] = self.marks["rolling"] - self.marks["back"]
        for i in range(len(stack.app_urls)):
            began = time.monotonic()
            stack.restart_app(i)
            self.recovered[f"server {i} rolled"] = time.monotonic() - began
        self.mark("rolled")
        time.sleep(1)
        self.postgres_restart(stack)
        time.sleep(3)

    def postgres_restart(self, stack: Stack) -> None:
        """PostgreSQL down for 2 s under the crowd, and the probe saving a
        hand meanwhile and again (same key) at once when it is back."""
        running = [app.pids for app in stack.apps]

        def save() -> Answer:
            return self.crowd.call("probe", "POST", f"/api/v1/tables/{self.probe.id}/hands",
                                   hand(0, 0), {**self.probe.edit,
                                                "Idempotency-Key": "probe-while-down"})
        self.mark("postgres")
        with stack.postgres_down():
            time.sleep(0.5)
            self.probe_down = save()
            time.sleep(1.5)
        self.mark("recovered")
        self.probe_back = save()
        self.recovered["postgres"] = time.monotonic() - self.marks["recovered"]
        assert [app.pids for app in stack.apps] == running, "no app server was restarted"

    def between(self, first: str, last: str) -> list[Answer]:
        """The answers to requests asked after mark ``first`` and answered before ``last``."""
        return [a for a in self.crowd.answers
                if self.marks[first] <= a.started and a.ended < self.marks[last]]


def every_acknowledged_hand_is_stored_exactly_once(festival: Festival) -> None:
    assert not festival.crowd.refused, festival.crowd.refused[:3]
    for night in festival.crowd.nights:
        stored = festival.stored[night.id]
        acked = [(body["id"], body["number"]) for _, _, body in night.acks]
        assert [(h["id"], h["number"]) for h in stored] == acked
        assert [h["number"] for h in stored] == list(range(1, len(acked) + 1))
        assert len(acked) >= 20, "the tables kept playing through it all"


def every_watcher_sees_each_save_within_a_couple_of_seconds(festival: Festival) -> None:
    """In steady play every watcher sees each save within :func:`lag_of`.  A
    save made while an app server is killed, started again or rolled (a
    watcher's poll may be in flight on the server that goes, and is asked
    again) is seen within :func:`recovery_lag_of`; one made while PostgreSQL
    restarts within that of its coming back (watchers get the app's 503 meanwhile:
    nginx serves no stale copy then, a link may have been replaced)."""
    marks = festival.marks
    steady, recovery = lag_of(festival), recovery_lag_of(festival)
    troubles = {"servers": (marks["kill"], marks["rolled"]),
                "postgres": (marks["postgres"], marks["recovered"])}
    late: list[tuple[int, str, str, float]] = []
    for night in festival.crowd.nights:
        for at, saved, _ in night.acks:
            during = next((name for name, (start, end) in troubles.items()
                           if start - steady < at < end), "steady")
            due = max(at, marks["recovered"]) if during == "postgres" else at
            lag = steady if during == "steady" else recovery
            for who, seen in night.seen.items():
                when = next((t for t, v in seen if v >= saved), None)
                if when is None or when - due > lag:
                    late.append((saved, who, during, round(when - due, 2) if when else -1))
    assert not late, (round(steady, 2), round(recovery, 2), festival.recovered, late[:20])


def share_pages_come_from_the_cache_and_nothing_private_does(festival: Festival) -> None:
    answers = festival.crowd.answers
    public = [a for a in answers if a.public and a.status in (200, 304)]
    private = [a for a in answers if not a.public and a.status is not None]
    hits = [a for a in public if a.headers.get("x-cache") == "HIT"]
    assert len(hits) > len(public) / 2, (len(hits), len(public))
    assert all(a.headers["cache-control"] == SHARED for a in public)
    assert not [a for a in public if "set-cookie" in a.headers]
    assert private and not [a for a in private if "x-cache" in a.headers]
    assert all("no-store" in a.headers["cache-control"] for a in private if a.status == 201)


def the_app_files_come_from_nginx_versioned_and_gzipped(festival: Festival) -> None:
    names = {f"/static/{v}": n for n, v in versions(ROOT / "static").items()}
    hashed = [url for url in festival.files if url in names]
    assert len(hashed) >= 5, sorted(festival.files)
    for url in hashed:
        status, headers, body = festival.files[url]
        data = (ROOT / "static" / names[url]).read_bytes()
        assert status == 200, url
        assert headers["cache-control"] == f"public, max-age={FILE_LIFETIME}, immutable", url
        if not url.endswith(".png"):
            assert headers.get("content-encoding") == "gzip", url
            assert "accept-encoding" in headers.get("vary", "").lower(), url
        assert (gzip.decompress(body) if headers.get("content-encoding") else body) == data
        status, headers, body = festival.files[f"/static/{names[url]}"]
        assert status == 200 and body == data, names[url]
        assert headers["cache-control"] == f"public, max-age={PLAIN_LIFETIME}", names[url]
        assert festival.files[f"/static/{names[url]}?again"][0] == 304, names[url]


def a_killed_app_server_fails_only_what_it_had_in_flight(festival: Festival) -> None:
    assert not [a for a in festival.between("steady", "kill") if a.failed]
    failed = [a for a in festival.between("steady", "rolling") if a.failed]
    assert all(a.method == "POST" and a.started < festival.marks["killed"]
               and a.ended > festival.marks["kill"] for a in failed), failed
    assert len(failed) <= TABLES  # each table has one save in flight at most
    assert len(festival.between("killed", "rolling")) > 50


def a_rolling_restart_fails_no_request(festival: Festival) -> None:
    during = festival.between("rolling", "postgres")
    assert len(during) > 50 and not [a for a in during if a.failed]


def a_database_restart_is_a_503_to_retry_and_nothing_half_written(
        festival: Festival) -> None:
    down, back = festival.probe_down, festival.probe_back
    assert down is not None and back is not None
    assert down.status == 503 and down.headers["retry-after"] == "1", down
    assert "try again" in down.body["error"]
    assert back.status == 201, back  # the same key, at once, on the same app servers
    assert [h["id"] for h in festival.stored[festival.probe.id]] == [back.body["id"]]
    during = [a for a in festival.crowd.answers if a.ended > festival.marks["postgres"]
              and a.started < festival.marks["recovered"]]
    assert {a.status for a in during if a.failed} <= {503}, [  # what failed otherwise, and how
        (a.method, a.path, a.status, str(a.body)[:300]) for a in during
        if a.failed and a.status != 503][:5]
    assert all("retry-after" in a.headers for a in during if a.status == 503)
    assert not [a for a in festival.crowd.answers
                if a.started > festival.marks["recovered"] and a.failed]


def no_answer_hangs_and_no_secret_reaches_the_log(festival: Festival) -> None:
    slowest = max(festival.crowd.answers, key=lambda a: a.ended - a.started)
    assert slowest.ended - slowest.started < SLOWEST, slowest
    assert festival.log.count("\n") > 500
    for night in [*festival.crowd.nights, festival.probe]:
        assert night.view_token not in festival.log
    for link in festival.links:  # the first was asked as "//s/<token>", "/%73/<token>" too
        assert link.startswith("/s/") and link.removeprefix("/s/") not in festival.log


def a_form_is_saved_through_nginx_on_a_port_other_than_443(festival: Festival) -> None:
    """The CSRF check over HTTPS holds the Referer to the host with its port."""
    assert festival.port not in (None, 443)
    started, replaced = festival.phone["started"], festival.phone["replaced"]
    assert started.status == 302 and "/hand/new" in started.headers["location"], started
    assert replaced.status == 302 and replaced.headers["location"].endswith("/share"), replaced


def gone_for_good(polls: list[Poll]) -> float:
    """When no poll of a replaced link may be shown its page any more: once
    one app server said the link is gone, the other reads the versions again
    within two board lifetimes (board.py: one while another thread reads
    them), and a copy of the page it made before then is nginx's through the
    end of its Unix second (X-Accel-Expires), served to the polls that come
    while nginx asks again.  ``slack``: this machine's slowness, as the polls
    measured it (the slowest answers, 95th percentile)."""
    took = sorted(p.ended - p.started for p in polls)
    slack = max(0.25, SLOW_POLLS * took[int(len(took) * 0.95)])
    first = min(p.ended for p in polls if p.status == 404)
    wall = time.time() - time.monotonic()  # the polls' clock to nginx's
    copy_ends = math.floor(first + wall + 2 * LIFETIME + slack) + 1 - wall
    return copy_ends + slack


def a_replaced_link_shows_nothing_even_when_the_app_cannot_answer(festival: Festival) -> None:
    """nginx keeps a link's page, and serves its last copy while a new one
    is made: once the app said the link is gone, its 404 is that copy, for
    the phones polling it too.  And a link replaced while nobody asked it
    never shows its page from nginx's copy while the app can't say it is
    gone (PostgreSQL down: the app's 503; no app server: 502)."""
    pages = festival.phone
    for shared in ("shared", "shared again"):
        assert pages[shared].status == 200 and "Phone night" in pages[shared].text
    said_gone = gone_for_good(festival.polls)
    shown_after = [p for p in festival.polls if p.started > said_gone and p.status != 404]
    assert not shown_after, shown_after[:5]
    assert len([p for p in festival.polls if p.started > said_gone]) > 50
    for when, status in (("gone", 404), ("database down", 503), ("no app server", 502)):
        assert pages[when].status == status, (when, pages[when])
        assert "Phone night" not in pages[when].text, when


def test_the_festival_survives_a_lost_server_restarts_and_a_database_restart() -> None:
    """One run of the stack (half a minute), judged by each check in turn: one
    test, so that pytest-xdist never runs two stacks at once."""
    festival = run_festival()
    every_acknowledged_hand_is_stored_exactly_once(festival)
    every_watcher_sees_each_save_within_a_couple_of_seconds(festival)
    share_pages_come_from_the_cache_and_nothing_private_does(festival)
    the_app_files_come_from_nginx_versioned_and_gzipped(festival)
    a_killed_app_server_fails_only_what_it_had_in_flight(festival)
    a_rolling_restart_fails_no_request(festival)
    no_answer_hangs_and_no_secret_reaches_the_log(festival)
    a_database_restart_is_a_503_to_retry_and_nothing_half_written(festival)
    a_form_is_saved_through_nginx_on_a_port_other_than_443(festival)
    a_replaced_link_shows_nothing_even_when_the_app_cannot_answer(festival)
