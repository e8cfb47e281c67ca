"""Benchmark: how long a phone on a slow network waits for the record form
to show, first with nothing cached, then opening it again.

Debian's Chromium (Playwright) as a phone (390 x 844) on a throttled
profile: 150 ms of latency, 1.6 Mbit/s down and 750 kbit/s up
(``Network.emulateNetworkConditions``, about "Fast 3G") and a CPU four
times slower (``Emulation.setCPUThrottlingRate``), with the service worker
blocked (what a phone on plain HTTP over a LAN has, or any phone's first
visit).  Each load starts in a new browser context, the browser's cache
cleared: a night is started through the start page's form (not through
the browser, so nothing is cached), then its record form is opened
(``cold``) and opened again (``warm``).  Measured: the first contentful
paint (``performance.getEntriesByName('first-contentful-paint')``), the
bytes that came over the network (the navigation's and every resource's
``transferSize``) and, on the warm load, how many files were asked of the
server again (revalidated) rather than taken from the cache.  A page that
logs an error (a file the content-security policy refused) stops the run.

The server is the app as ``scripts/run.sh`` starts it, on a new SQLite
file each run.  ``--against`` runs this checkout and another commit's app
alternately (:mod:`bench.versus`) and prints each side's medians.

    .venv/bin/python -m bench.first_paint [--loads 3]
    .venv/bin/python -m bench.first_paint --against HEAD~1 --pairs 3
"""

from __future__ import annotations

import argparse
import platform
import re
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from bench import rivals, versus
from bench.client import free_port, stop_server

CHROMIUM = "/usr/bin/chromium"
#: The throttled phone: CDP's units (ms, bytes per second).
NETWORK = {"offline": False, "latency": 150, "downloadThroughput": 1_600_000 / 8,
           "uploadThroughput": 750_000 / 8}
CPU_SLOWDOWN = 4
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 1,
         "is_mobile": True, "has_touch": True, "service_workers": "block"}
#: What is measured, and its unit (lower is better for each).
MEASURES = {"cold first paint": "ms", "cold bytes": "KB", "warm first paint": "ms",
            "warm bytes": "KB", "warm files asked": "n"}

#: What the page tells of itself once loaded: first paint, bytes, files asked again.
READ_PAGE = """() => {
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  const nav = performance.getEntriesByType("navigation")[0];
  const files = performance.getEntriesByType("resource");
  return {paint: paint ? paint.startTime : null,
          bytes: nav.transferSize + files.reduce((sum, f) => sum + f.transferSize, 0),
          asked: files.filter((f) => f.transferSize > 0).length};
}"""


def start_night(context: Any, base: str) -> str:
    """A night started through the start page's form, as its scorekeeper (the
    context keeps the cookie); its record form's address."""
    page = context.request.get(f"{base}/").text()
    token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page)
    if token is None:
        raise SystemExit("the start page has no form secret")
    body = urlencode({"csrf_token": token.group(1), "name": "Bench night",
                      "players": ["Ann", "Bob", "Cat", "Dan", "Eve"], "preset": "called-ace",
                      "stake_cents": "25"}, doseq=True)
    made = context.request.post(f"{base}/", data=body, max_redirects=0, headers={
        "Content-Type": "application/x-www-form-urlencoded"})
    found = re.match(r"(?:https?://[^/]+)?(/t/\d+)", made.headers.get("location", ""))
    if made.status != 302 or found is None:
        raise SystemExit(f"the start form answered {made.status}")
    return f"{base}{found.group(1)}/hand/new"


def one_load(browser: Any, base: str) -> dict[str, float]:
    """The record form of a new night, opened cold then warm, throttled."""
    context = browser.new_context(**PHONE)
    try:
        url = start_night(context, base)
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.clearBrowserCache")
        cdp.send("Network.emulateNetworkConditions", NETWORK)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
        measured: dict[str, float] = {}
        for visit in ("cold", "warm"):
            page.goto(url, wait_until="load", timeout=120_000)
            page.wait_for_function("performance.getEntriesByName("
                                   "'first-contentful-paint').length > 0", timeout=60_000)
            told = page.evaluate(READ_PAGE)
            measured[f"{visit} first paint"] = told["paint"]
            measured[f"{visit} bytes"] = told["bytes"] / 1000
            if visit == "warm":
                measured["warm files asked"] = told["asked"]
        if errors:
            raise SystemExit(f"the record form logged errors: {errors}")
        return measured
    finally:
        context.close()


def one_run(browser: Any, root: Path, loads: int) -> dict[str, float]:
    """A server started from ``root`` on a new database; each measure's
    median over ``loads`` loads."""
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        server = rivals.start("one", f"sqlite:///{folder}/bench.db", port, root=root)
        try:
            runs = [one_load(browser, f"http://127.0.0.1:{port}") for _ in range(loads)]
        finally:
            stop_server(server)
    for run in runs:
        print("   " + "  ".join(f"{k} {v:.0f}" for k, v in run.items()), flush=True)
    return {name: statistics.median(run[name] for run in runs) for name in MEASURES}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--loads", type=int, default=3, help="loads per run (medians)")
    parser.add_argument("--against", nargs="?", const="", metavar="COMMIT",
                        help="and another commit's app (default: the last release), "
                             "alternately, --pairs times")
    parser.add_argument("--pairs", type=int, default=3, help="--against: runs of each")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    print(f"first paint of the record form, {platform.python_version()}, "
          f"{platform.machine()}; throttled: {NETWORK['latency']} ms, "
          f"{NETWORK['downloadThroughput'] * 8 / 1e6:g} Mbit/s down, CPU x{CPU_SLOWDOWN}; "
          f"no service worker; {args.loads} load(s) a run", flush=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            if args.against is None:
                found = one_run(browser, versus.this_side().root, args.loads)
                print("\n".join(f"{k} ({MEASURES[k]}): {v:.0f}" for k, v in found.items()))
                return
            with versus.checked_out(args.against or versus.last_release()) as other:
                sides = {versus.THIS: versus.this_side(), versus.OTHER: other}
                measured = versus.alternately(
                    args.pairs, sides, lambda side: one_run(browser, side.root, args.loads))
            print(versus.summary(sides, measured, MEASURES))
        finally:
            browser.close()


if __name__ == "__main__":
    sys.exit(main())
