"""Benchmark: what reading one photo of a score ticket costs
(``scorekeeper.tickets.reader.read``), on one core.

The readable blocks of tables of 4, 5 and 6 are drawn by Chromium (Debian's
``/usr/bin/chromium`` through Playwright, a page of ``block_svg``'s SVG: no
server), then filled in and photographed as the reader's corpus test does
(``tests/tickets/corpus.py``: seeded, so the same photos every run; 1,200 to
3,000 pixels, turned, tilted, lit unevenly, JPEG 60 to 92, two in five with a
trouble).  Once the photos are made, the process is pinned to core 0
(``os.sched_setaffinity``) and OpenCV to one thread, one photo is read
unmeasured, and then each photo is read and timed: the clock
(``time.perf_counter``) and the CPU (``time.process_time``, which other work on
a shared machine doesn't inflate as it does the clock).  It prints the median,
p95 and max of both in ms, the photos' sizes, what the readings were (sure,
asked, refused) and, with ``--profile``, pyinstrument's call tree of the reads.

    .venv/bin/python -m bench.ticket_reader                # 60 photos (~1 min)
    .venv/bin/python -m bench.ticket_reader --photos 200 --seed 7
    .venv/bin/python -m bench.ticket_reader --profile
"""

from __future__ import annotations

import argparse
import io
import os
import platform
import statistics
import time
from collections import Counter
from pathlib import Path

import cv2
import numpy as np
from PIL import Image
from playwright.sync_api import sync_playwright

from bench.client import percentile
from scorekeeper.tickets import reader
from scorekeeper.tickets.layout import TicketId
from tests.tickets import corpus

CHROMIUM = "/usr/bin/chromium"
PLAYERS = (4, 5, 6)


def flats() -> list[corpus.Flat]:
    """A block of each table size, as Chromium draws it."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            return [corpus.render(browser, TicketId(1, 1, n, n), [f"Player {i + 1}"
                                                                  for i in range(n)])
                    for n in PLAYERS]
        finally:
            browser.close()


def photos(blocks: list[corpus.Flat], count: int, seed: int) -> list[tuple[bytes, list[int]]]:
    """``count`` photos of the blocks in turn, each with the totals filled in."""
    made = []
    for n in range(count):
        flat = blocks[n % len(blocks)]
        rng = np.random.default_rng([seed, n])
        totals = corpus.random_totals(rng, flat.block.players)
        filled = corpus.fill(flat, totals, rng, corpus.random_trouble(rng))
        made.append((corpus.photograph(filled.image, rng), totals))
    return made


def timed(made: list[tuple[bytes, list[int]]]) -> tuple[list[float], list[float], Counter[str]]:
    """Each photo read: the clock's and the CPU's seconds, and what it read as."""
    clock, cpu, outcomes = [], [], Counter[str]()
    for photo, totals in made:
        started, used = time.perf_counter(), time.process_time()
        try:
            reading = reader.read(photo)
            outcome = "sure and right" if reading.sure and reading.totals() == totals else \
                "sure and WRONG" if reading.sure else "asked"
        except reader.Refused:
            outcome = "refused"
        cpu.append(time.process_time() - used)
        clock.append(time.perf_counter() - started)
        outcomes[outcome] += 1
    return clock, cpu, outcomes


def _ms(values: list[float]) -> str:
    return (f"median {statistics.median(values) * 1000:.0f} ms, p95 "
            f"{percentile(values, 95) * 1000:.0f} ms, max {max(values) * 1000:.0f} ms")


def _sizes(made: list[tuple[bytes, list[int]]]) -> str:
    sides = []
    for photo, _ in made:
        with Image.open(io.BytesIO(photo)) as image:  # the header's size, nothing decoded
            sides.append(max(image.size))
    kb = [len(photo) / 1000 for photo, _ in made]
    return (f"{len(made)} photos, {min(sides)}–{max(sides)} px long (median "
            f"{statistics.median(sides):.0f}), {min(kb):.0f}–{max(kb):.0f} KB (median "
            f"{statistics.median(kb):.0f})")


def _machine() -> str:
    cpuinfo = Path("/proc/cpuinfo")
    names = [line.split(":", 1)[1].strip() for line in cpuinfo.read_text().splitlines()
             if line.startswith("model name")] if cpuinfo.exists() else []
    return (f"{names[0] if names else platform.processor()}, {os.cpu_count()} CPUs, "
            f"{platform.platform()}, Python {platform.python_version()}, "
            f"OpenCV {cv2.__version__}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--photos", type=int, default=60)
    parser.add_argument("--seed", type=int, default=20261130)
    parser.add_argument("--profile", action="store_true",
                        help="print pyinstrument's call tree of the reads")
    args = parser.parse_args()
    made = photos(flats(), args.photos, args.seed)
    os.sched_setaffinity(0, {0})
    cv2.setNumThreads(1)
    print(f"Reading a ticket's photo on one core; {_machine()}")
    print(_sizes(made))
    timed(made[:1])  # imports, OpenCV's first detector, the masks: not a photo's cost
    if args.profile:
        from pyinstrument import Profiler  # noqa: PLC0415 (a dev tool, only asked for here)

        with Profiler(interval=0.001) as profiler:
            clock, cpu, outcomes = timed(made)
        print(profiler.output_text(unicode=True, color=False))
    else:
        clock, cpu, outcomes = timed(made)
    print(f"clock: {_ms(clock)}")
    print(f"CPU:   {_ms(cpu)}")
    print("read: " + ", ".join(f"{n} {what}" for what, n in outcomes.most_common()))


if __name__ == "__main__":
    main()
